import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { MONTHLY_FEE_RECORD_SORTS } from "#modules/monthly-fee/options";
import { defineRecordList } from "~/server/list-page.server";
import { STATUS_FILTERS } from "./__monthly-fees";

/** The list, its URL (search, status, plan, days, order), its payload and its CSV (export[.csv].ts). */
export const recordList = defineRecordList({
  action: "get_monthly_fee_record_data_and_total_number_by_sorting_and_limit",
  ns: "monthly-fee",
  sorts: MONTHLY_FEE_RECORD_SORTS,
  statuses: STATUS_FILTERS,
  id: "plan",
  days: ["period_from", "period_to"],
  csv: ({ t, locale }) => {
    return [
      ["ID", (row) => String(row.id)],
      [t("monthly-fee:column.member"), (row) => row.member_name],
      [t("monthly-fee:column.member-code"), (row) => row.member_code],
      [t("monthly-fee:column.plan"), (row) => localizedName(row, locale, "plan_name")],
      [t("monthly-fee:column.period-start"), (row) => row.period_start],
      [t("monthly-fee:column.period-end"), (row) => row.period_end],
      [t("monthly-fee:column.amount"), (row) => centsToDollars(row.amount_cents)],
      [t("monthly-fee:column.status"), (row) => t(`monthly-fee:status.${row.status}`)],
      [
        t("monthly-fee:column.payment-method"),
        (row) => (row.payment_method ? t(`stores:payment.${row.payment_method}`) : ""),
      ],
      [t("monthly-fee:column.paid-at"), (row) => (row.paid_at ? hongKongTime(row.paid_at) : "")],
      [t("monthly-fee:column.renews"), (row) => (row.renews ? t("monthly-fee:yes") : t("monthly-fee:no"))],
      [t("monthly-fee:column.note"), (row) => row.note],
      [t("monthly-fee:column.created"), (row) => hongKongTime(row.create_date)],
    ];
  },
});
