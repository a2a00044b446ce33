import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { MONTHLY_FEE_RECORD_SORTS } from "#modules/monthly-fee/contract";
import { defineRecordList } from "~/server/list-page.server";
import { STATUS_FILTERS } from "./__monthly-fees";

/** The list, its URL (search, status, plan, days, order), its payload and its CSV (export[.csv].ts). */
export const recordList = defineRecordList({
  action: "get_monthly_fee_record_data_and_total_number_by_sorting_and_limit",
  ns: "monthly-fees",
  sorts: MONTHLY_FEE_RECORD_SORTS,
  statuses: STATUS_FILTERS,
  id: "plan",
  days: ["period_from", "period_to"],
  csv: ({ t, locale }) => {
    return [
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
  },
});
