import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { BadgeProps } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { hongKongDate } from "#contract/dates";
import { formatHkd } from "#contract/money";
import { PLAN_PROMOTION_CODE_SORTS } from "#modules/plan-order/options";
import type { PlanPromotionCodeRecord } from "#modules/plan-order/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { SearchFilter } from "~/components/list-filters";
import { StatusBadge } from "~/components/status-badge";
import { requireConsole } from "~/server/auth.server";
import { loadList } from "~/server/list-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/plan-promotion-list";

export const handle: RouteHandle = { i18n: ["plan-order"] };
export const meta = titleMeta;

type CodeStatus = "active" | "disabled" | "ended" | "scheduled" | "used-up";
const STATUS_TONE: Record<CodeStatus, BadgeProps["tone"]> = {
  active: "success",
  scheduled: "info",
  ended: undefined,
  "used-up": "attention",
  disabled: "critical",
};

function statusOf(code: PlanPromotionCodeRecord, today: string): CodeStatus {
  if (code.disabled) return "disabled";
  if (code.valid_to < today) return "ended";
  if (code.usage_limit !== null && code.times_used >= code.usage_limit) return "used-up";
  return code.valid_from > today ? "scheduled" : "active";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const { list, rows } = await loadList(
    {
      action: "get_plan_promotion_code_data_and_total_number_by_sorting_and_limit",
      ns: "plan-order",
      labels: "promotion-sort",
      sorts: PLAN_PROMOTION_CODE_SORTS,
    },
    client,
    request,
  );
  const today = hongKongDate(new Date(context.now()));
  return {
    title: context.t("plan-order:title.codes"),
    codes: rows.map((code) => ({
      id: code.id,
      code: code.code,
      discount:
        code.discount_type === "percentage"
          ? context.t("plan-order:percent-off", { value: code.percent_off })
          : context.t("plan-order:cash-off", { value: formatHkd(code.cash_off_cents ?? 0) }),
      valid: context.t("plan-order:period", { start: code.valid_from, end: code.valid_to }),
      usage:
        code.usage_limit === null
          ? context.t("plan-order:unlimited", { used: code.times_used })
          : context.t("plan-order:usage", { used: code.times_used, limit: code.usage_limit }),
      status: statusOf(code, today),
    })),
    list,
  };
}

export default function PlanPromotionCodeList() {
  const { t } = useTranslation(["plan-order", "common"]);
  const { title, codes, list } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={{ content: t("add-code"), url: `${LIST_URL}/add` }}
      filters={
        <>
          <SearchFilter placeholder={t("search-codes")} />
        </>
      }
      resourceName={{ singular: t("code"), plural: t("codes") }}
      emptyText={t("no-codes")}
      columns={[
        { title: t("column.code"), cell: (code) => <RowLink url={`${LIST_URL}/${code.id}`}>{code.code}</RowLink> },
        { title: t("column.discount"), cell: (code) => code.discount },
        { title: t("column.valid"), cell: (code) => code.valid },
        { title: t("column.usage"), amount: (code) => code.usage },
        {
          title: t("column.status"),
          cell: (code) => <StatusBadge tone={STATUS_TONE[code.status]}>{t(`code-status.${code.status}`)}</StatusBadge>,
        },
      ]}
      rows={codes}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
