import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireConsole } from "~/server/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { StatusBadge } from "~/components/status-badge";
import { PLAN_SORTS } from "#modules/console/options";
import { loadList } from "~/server/list-page.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { formatHkd } from "#contract/money";
import { localizedName } from "#contract/localized";

export const handle: RouteHandle = { i18n: ["plans"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request, context);
  const { list, rows } = await loadList(
    {
      action: "get_plan_data_and_total_number_by_sorting_and_limit",
      ns: "plans",
      sorts: PLAN_SORTS,
    },
    client,
    request,
  );
  return {
    title: context.t("plans:title.list"),
    plans: rows.map((plan) => ({
      id: plan.id,
      name: localizedName(plan, context.locale, "name"),
      planType: plan.plan_type,
      price: formatHkd(plan.price_cents),
      periodDays: plan.period_days,
      moduleCount: plan.module_list.length,
      disabled: plan.disabled,
    })),
    list,
  };
}

export default function PlanList() {
  const { t } = useTranslation(["plans", "common"]);
  const { title, plans, list } = useLoaderData<typeof loader>();
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={{ content: t("add-plan"), url: "/plan-list/add" }}
      resourceName={{ singular: t("plan"), plural: t("plans") }}
      emptyText={t("no-plans")}
      columns={[
        { title: t("column.name"), cell: (plan) => <RowLink url={`/plan-list/${plan.id}`}>{plan.name}</RowLink> },
        {
          title: t("column.type"),
          cell: (plan) => (
            <StatusBadge tone={plan.planType === "trial" ? "attention" : "success"}>
              {t(`plan-type.${plan.planType}`)}
            </StatusBadge>
          ),
        },
        { title: t("column.price"), amount: (plan) => plan.price },
        { title: t("column.period"), amount: (plan) => t("period-days", { count: plan.periodDays }) },
        { title: t("column.modules"), amount: (plan) => plan.moduleCount },
        {
          title: t("column.status"),
          cell: (plan) => plan.disabled && <StatusBadge tone="critical">{t("common:form.disabled")}</StatusBadge>,
        },
      ]}
      rows={plans}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
