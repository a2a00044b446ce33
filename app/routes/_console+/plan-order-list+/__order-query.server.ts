import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { PURCHASED_PLAN_STATUSES } from "#contract/options";
import { PLAN_ORDER_SORTS } from "#modules/plan-order/options";
import { defineList } from "~/server/list-page.server";
import { readDay } from "~/utils/list-query.server";

/**
 * The orders list: its search, filters, order and page from its URL, its action's payload (a date the
 * action would refuse, no such day or an end before the start, is left out) and its CSV export.
 */
export const orderList = defineList({
  action: "get_purchased_plan_data_and_total_number_by_sorting_and_limit",
  ns: "plan-order",
  sorts: PLAN_ORDER_SORTS,
  filters: { status: ["all", ...PURCHASED_PLAN_STATUSES] },
  params: (url) => ({
    start_from: readDay(url, "start_from"),
    start_to: readDay(url, "start_to"),
  }),
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    start_from: query.start_from || undefined,
    start_to: query.start_to || undefined,
  }),
  csv: ({ t, locale }) => [
    [t("plan-order:csv.id"), (order) => String(order.id)],
    [t("plan-order:csv.store"), (order) => order.store_name],
    [t("plan-order:csv.application-key"), (order) => order.application_key],
    [t("plan-order:csv.plan"), (order) => localizedName(order, locale, "plan_name")],
    [t("plan-order:csv.start-date"), (order) => order.start_date],
    [t("plan-order:csv.expiry-date"), (order) => order.expiry_date],
    [t("plan-order:csv.price-before"), (order) => centsToDollars(order.price_before_cents)],
    [t("plan-order:csv.amount"), (order) => centsToDollars(order.price_cents)],
    [t("plan-order:csv.promotion-code"), (order) => order.promotion_code ?? ""],
    [t("plan-order:csv.status"), (order) => t(`plan-order:status.${order.status}`)],
    [t("plan-order:csv.create-date"), (order) => hongKongTime(order.create_date)],
  ],
});
