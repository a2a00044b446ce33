import { ORDER_SORTS } from "#modules/order/options";
import { CHANNEL_FILTERS, DELIVERY_FILTERS, PAYMENT_STATUS_FILTERS, STATUS_FILTERS } from "./__order-list-filters";
import { defineList } from "~/server/list-page.server";
import { readDay } from "~/utils/list-query.server";

const chosen = <T extends string>(value: T | "all") => (value === "all" ? undefined : value);

/** The orders list: its URL (search, filters, order), its action's payload, its page. */
export const orderList = defineList({
  action: "get_order_data_and_total_number_by_sorting_and_limit",
  ns: "order",
  sorts: ORDER_SORTS,
  filters: {
    status: STATUS_FILTERS,
    payment_status: PAYMENT_STATUS_FILTERS,
    channel: CHANNEL_FILTERS,
    delivery_method: DELIVERY_FILTERS,
  },
  params: (url) => ({
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  }),
  payload: (query) => ({
    status: chosen(query.status),
    payment_status: chosen(query.payment_status),
    channel: chosen(query.channel),
    delivery_method: chosen(query.delivery_method),
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  }),
});

/** The order list's search, filters, dates (Hong Kong days) and order from its URL. */
export const orderListQuery = (url: URL) => orderList.query(url);

/** The list call's payload for a store and a query. */
export const orderListPayload = (applicationKey: string, query: ReturnType<typeof orderListQuery>) =>
  orderList.payload(query, { application_key: applicationKey });
