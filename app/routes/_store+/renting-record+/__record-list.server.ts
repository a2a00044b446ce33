import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { RENTING_RECORD_SORTS } from "#modules/renting/options";
import { defineRecordList } from "~/server/list-page.server";
import { RECORD_STATUS_FILTERS } from "./__renting";

/** The list, its URL (search, status, product, days, order), its payload and its CSV (export[.csv].ts). */
export const recordList = defineRecordList({
  action: "get_renting_record_data_and_total_number_by_sorting_and_limit",
  ns: "renting",
  sorts: RENTING_RECORD_SORTS,
  statuses: RECORD_STATUS_FILTERS,
  id: "product",
  days: ["date_from", "date_to"],
  csv: ({ t, locale }) => {
    const money = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
    return [
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
  },
});
