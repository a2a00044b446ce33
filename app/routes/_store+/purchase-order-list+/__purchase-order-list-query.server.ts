import { PURCHASE_ORDER_SORTS } from "#modules/purchase-order/options";
import { STATUS_FILTERS } from "./__purchase-order-list-filters";
import { defineList } from "~/server/list-page.server";

/** The purchase-orders list: its URL (search, filters, order), its action's payload, its page. */
export const purchaseOrderList = defineList({
  action: "get_purchase_order_data_and_total_number_by_sorting_and_limit",
  ns: "purchase-order",
  sorts: PURCHASE_ORDER_SORTS,
  filters: { status: STATUS_FILTERS },
  params: (url) => ({
    supplier: url.searchParams.get("supplier") ?? "",
  }),
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    supplier_id: query.supplier === "" ? undefined : query.supplier,
  }),
});

/** The purchase order list's search, filters (status; the supplier by id, ?supplier=12) and order from its URL. */
export const purchaseOrderListQuery = (url: URL) => purchaseOrderList.query(url);

/** The list call's payload for a store and a query. */
export const purchaseOrderListPayload = (applicationKey: string, query: ReturnType<typeof purchaseOrderListQuery>) =>
  purchaseOrderList.payload(query, { application_key: applicationKey });
