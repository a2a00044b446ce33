import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage } from "~/components/list-page";
import { ChoiceFilter, DayRangeFilter, SearchFilter } from "~/components/list-filters";
import { QuerySelect } from "~/components/list-table";
import { PageLinks } from "~/components/page-links";
import { StatusBadge } from "~/components/status-badge";
import { requireStore } from "~/server/auth.server";
import { asRouteError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { LIST_URL, memberFeesUrl, PLAN_URL, STATUS_FILTERS, STATUS_TONES } from "./__monthly-fees";
import { recordList } from "./__record-list.server";

export const handle: RouteHandle = { i18n: ["monthly-fee", "stores"] };
export const meta = titleMeta;

/** The plan filter offers this many plans, newest first (a store has a handful). */
const PLAN_CHOICES = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "monthly_fee:read");
  const url = new URL(request.url);
  const [{ list, rows }, { data: plans }] = await Promise.all([
    recordList.load(client, request, { application_key: store.applicationKey }),
    client.get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit({
      application_key: store.applicationKey,
      limit: PLAN_CHOICES,
    }),
  ]).catch(asRouteError);
  return {
    title: context.t("monthly-fee:title.records"),
    search: url.search,
    canWrite: can(user, "monthly_fee:write"),
    records: rows.map((record) => ({
      id: record.id,
      memberUrl: memberFeesUrl(record.member_id),
      member: record.member_name,
      memberCode: record.member_code,
      plan: localizedName(record, context.locale, "plan_name"),
      period: context.t("monthly-fee:period-value", { from: record.period_start, to: record.period_end }),
      amount: formatHkd(record.amount_cents),
      status: record.status,
      paid:
        record.paid_at && record.payment_method
          ? `${context.t(`stores:payment.${record.payment_method}`)} · ${hongKongTime(record.paid_at)}`
          : "",
    })),
    plans: plans.map((plan) => ({ value: String(plan.id), label: localizedName(plan, context.locale, "name") })),
    list,
  };
}

export default function MonthlyFeeRecordList() {
  const { t } = useTranslation(["monthly-fee", "common"]);
  const { title, search, canWrite, records, plans, list } = useLoaderData<typeof loader>();
  const { query } = list;
  return (
    <ListPage
      list={list}
      title={title}
      primaryAction={canWrite ? { content: t("add-record"), url: `${LIST_URL}/add` } : undefined}
      before={
        <>
          <PageLinks
            links={[
              { content: t("manage-plans"), url: PLAN_URL },
              { content: t("common:sheet.export-csv"), url: `${LIST_URL}/export.csv${search}`, external: true },
            ]}
          />
        </>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="status"
            label={t("filter.status")}
            choices={STATUS_FILTERS}
            all={t("filter.all")}
            choiceLabel={(option) => t(`status.${option}`)}
          />
          <QuerySelect
            name="plan"
            label={t("filter.plan")}
            value={query.plan}
            options={[{ value: "", label: t("filter.all-plans") }, ...plans]}
          />
          <DayRangeFilter
            from={{ name: "period_from", label: t("filter.period-from") }}
            to={{ name: "period_to", label: t("filter.period-to") }}
          />
        </>
      }
      resourceName={{ singular: t("record"), plural: t("records") }}
      emptyText={t("no-records")}
      columns={[
        {
          title: t("column.member"),
          cell: (record) => (
            <>
              <Link url={record.memberUrl} dataPrimaryLink removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {record.member}
                </Text>
              </Link>
              <Text as="span" tone="subdued" numeric>
                {` ${record.memberCode}`}
              </Text>
            </>
          ),
        },
        { title: t("column.plan"), cell: (record) => record.plan },
        { title: t("column.period"), figure: (record) => record.period },
        { title: t("column.amount"), figure: (record) => record.amount },
        {
          title: t("column.status"),
          cell: (record) => (
            <StatusBadge tone={STATUS_TONES[record.status]}>{t(`status.${record.status}`)}</StatusBadge>
          ),
        },
        { title: t("column.paid"), cell: (record) => record.paid },
      ]}
      rows={records}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
