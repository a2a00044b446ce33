import { COUPON_SORTS } from "#modules/promotion/options";
import { SOURCE_FILTERS, STATUS_FILTERS } from "./__coupon-list-filters";
import { defineList } from "~/server/list-page.server";

/** The coupons list: its URL (search, filters, order), its action's payload, its page. */
export const couponList = defineList({
  action: "get_coupon_data_and_total_number_by_sorting_and_limit",
  ns: "promotion",
  sorts: COUPON_SORTS,
  filters: { status: STATUS_FILTERS, source: SOURCE_FILTERS },
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    source: query.source === "all" ? undefined : query.source,
  }),
});
