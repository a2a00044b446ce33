import { CREDIT_ORDER_SORTS } from "#modules/credit-order/options";
import { PAYMENT_STATUS_FILTERS, STATUS_FILTERS } from "./__credit-order-list";
import { defineList } from "~/server/list-page.server";
import { readDay } from "~/utils/list-query.server";

/** The credit-orders list: its URL (search, filters, order), its action's payload, its page. */
export const creditOrderList = defineList({
  action: "get_credit_order_data_and_total_number_by_sorting_and_limit",
  ns: "credit-order",
  sorts: CREDIT_ORDER_SORTS,
  filters: { status: STATUS_FILTERS, payment_status: PAYMENT_STATUS_FILTERS },
  params: (url) => ({
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  }),
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    payment_status: query.payment_status === "all" ? undefined : query.payment_status,
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  }),
});

/** The credit order list's search, status, payment status, dates (Hong Kong days) and order from its URL. */
export const creditOrderListQuery = (url: URL) => creditOrderList.query(url);

/** The list call's payload for a store and a query. */
export const creditOrderListPayload = (applicationKey: string, query: ReturnType<typeof creditOrderListQuery>) =>
  creditOrderList.payload(query, { application_key: applicationKey });
