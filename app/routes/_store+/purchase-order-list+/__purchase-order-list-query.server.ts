import { payloads } from "#contract/actions";
import { PURCHASE_ORDER_SORTS } from "#contract/purchase-orders";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__purchase-order-list-filters";

/** The purchase order list's search, filters (status; the supplier by id, ?supplier=12) and order from its URL. */
export function purchaseOrderListQuery(url: URL) {
  return {
    ...readListQuery(url, { sorts: PURCHASE_ORDER_SORTS, filters: { status: STATUS_FILTERS } }),
    supplier: url.searchParams.get("supplier") ?? "",
  };
}

/** The list call's payload for a store and a query; a supplier id no database holds is left out. */
export function purchaseOrderListPayload(applicationKey: string, query: ReturnType<typeof purchaseOrderListQuery>) {
  return withoutRefusedFilters(payloads.get_purchase_order_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    supplier_id: query.supplier === "" ? undefined : query.supplier,
  });
}
