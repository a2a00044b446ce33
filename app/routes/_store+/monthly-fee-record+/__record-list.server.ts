import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { MONTHLY_FEE_RECORD_SORTS, type MonthlyFeeRecord } from "#contract/monthly-fees";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages, csvField } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__monthly-fees";

/** The record list's search, status, plan, period start days and order from its URL. */
export function recordListQuery(url: URL) {
  const plan = url.searchParams.get("plan") ?? "";
  return {
    ...readListQuery(url, { sorts: MONTHLY_FEE_RECORD_SORTS, filters: { status: STATUS_FILTERS } }),
    plan: /^[1-9]\d{0,15}$/.test(plan) ? plan : "",
    period_from: readDay(url, "period_from"),
    period_to: readDay(url, "period_to"),
  };
}

export type RecordListQuery = ReturnType<typeof recordListQuery>;

/** The list call's payload; a date no calendar has reads as no date. */
export function recordListPayload(applicationKey: string, query: RecordListQuery) {
  return withoutRefusedFilters(payloads.get_monthly_fee_record_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    plan_id: query.plan ? Number(query.plan) : undefined,
    period_from: query.period_from || undefined,
    period_to: query.period_to || undefined,
  });
}

/** Every record the list's search and filters select, as CSV (with a BOM, so Excel reads the Chinese). */
export async function recordsCsv(
  client: ActionClient,
  applicationKey: string,
  query: RecordListQuery,
  context: Pick<AppLoadContext, "t" | "locale">,
) {
  const { t, locale } = context;
  const rows = await allPages(async (page, limit) => {
    const { data } = await client
      .get_monthly_fee_record_data_and_total_number_by_sorting_and_limit({
        ...recordListPayload(applicationKey, query),
        limit,
        page,
      })
      .catch(asRouteError);
    return data;
  });
  const columns: [string, (row: MonthlyFeeRecord) => string][] = [
    ["ID", (row) => String(row.id)],
    [t("monthly-fees:column.member"), (row) => row.member_name],
    [t("monthly-fees:column.member-code"), (row) => row.member_code],
    [t("monthly-fees:column.plan"), (row) => localizedName(row, locale, "plan_name")],
    [t("monthly-fees:column.period-start"), (row) => row.period_start],
    [t("monthly-fees:column.period-end"), (row) => row.period_end],
    [t("monthly-fees:column.amount"), (row) => centsToDollars(row.amount_cents)],
    [t("monthly-fees:column.status"), (row) => t(`monthly-fees:status.${row.status}`)],
    [
      t("monthly-fees:column.payment-method"),
      (row) => (row.payment_method ? t(`stores:payment.${row.payment_method}`) : ""),
    ],
    [t("monthly-fees:column.paid-at"), (row) => (row.paid_at ? hongKongTime(row.paid_at) : "")],
    [t("monthly-fees:column.renews"), (row) => (row.renews ? t("monthly-fees:yes") : t("monthly-fees:no"))],
    [t("monthly-fees:column.note"), (row) => row.note],
    [t("monthly-fees:column.created"), (row) => hongKongTime(row.create_date)],
  ];
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
