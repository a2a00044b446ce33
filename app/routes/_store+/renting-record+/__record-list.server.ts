import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { RENTING_RECORD_SORTS } from "#contract/renting";
import type { RentingRecordRecord } from "#contract/renting";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages, csvField } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { RECORD_STATUS_FILTERS } from "./__renting";

/** The rental list's search, status, product, start days and order from its URL. */
export function recordListQuery(url: URL) {
  const product = url.searchParams.get("product") ?? "";
  return {
    ...readListQuery(url, { sorts: RENTING_RECORD_SORTS, filters: { status: RECORD_STATUS_FILTERS } }),
    product: /^[1-9]\d{0,15}$/.test(product) ? product : "",
    date_from: readDay(url, "date_from"),
    date_to: readDay(url, "date_to"),
  };
}

export type RecordListQuery = ReturnType<typeof recordListQuery>;

/** The list call's payload; a date no calendar has reads as no date. */
export function recordListPayload(applicationKey: string, query: RecordListQuery) {
  return withoutRefusedFilters(payloads.get_renting_record_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    product_id: query.product ? Number(query.product) : undefined,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  });
}

/** Every rental the list's search and filters select, as CSV (with a BOM, so Excel reads the Chinese). */
export async function recordsCsv(
  client: ActionClient,
  applicationKey: string,
  query: RecordListQuery,
  context: Pick<AppLoadContext, "t" | "locale">,
) {
  const { t, locale } = context;
  const rows = await allPages(async (page, limit) => {
    const { data } = await client
      .get_renting_record_data_and_total_number_by_sorting_and_limit({
        ...recordListPayload(applicationKey, query),
        limit,
        page,
      })
      .catch(asRouteError);
    return data;
  });
  const money = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
  const columns: [string, (row: RentingRecordRecord) => string][] = [
    ["ID", (row) => String(row.id)],
    [t("renting:column.product"), (row) => localizedName(row.product, locale, "name")],
    [t("renting:column.customer"), (row) => row.customer_name],
    [t("renting:column.phone"), (row) => row.customer_phone],
    [t("renting:column.email"), (row) => row.customer_email],
    [t("renting:column.member-code"), (row) => row.member_code ?? ""],
    [t("renting:column.units"), (row) => String(row.units)],
    [t("renting:column.starts-at"), (row) => hongKongTime(row.starts_at)],
    [t("renting:column.ends-at"), (row) => hongKongTime(row.ends_at)],
    [t("renting:column.status"), (row) => t(`renting:status.${row.status}`)],
    [t("renting:column.rent"), (row) => money(row.rent_cents)],
    [t("renting:column.deposit"), (row) => money(row.deposit_cents)],
    [t("renting:column.late-fee"), (row) => money(row.late_fee_cents)],
    [t("renting:column.refunded"), (row) => money(row.deposit_refunded_cents)],
    [t("renting:column.deduction-note"), (row) => row.deposit_deduction_note],
    [t("renting:column.note"), (row) => row.note],
    [t("renting:column.created"), (row) => hongKongTime(row.create_date)],
  ];
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
