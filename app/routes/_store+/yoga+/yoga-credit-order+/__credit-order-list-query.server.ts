import { payloads } from "#contract/actions";
import { CREDIT_ORDER_SORTS } from "#contract/credit-orders";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__credit-order-list";

/** The credit order list's search, status, dates (Hong Kong days) and order from its URL. */
export function creditOrderListQuery(url: URL) {
  return {
    ...readListQuery(url, { sorts: CREDIT_ORDER_SORTS, filters: { status: STATUS_FILTERS } }),
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  };
}

/** The list call's payload for a store and a query; a date no calendar has reads as no date. */
export function creditOrderListPayload(applicationKey: string, query: ReturnType<typeof creditOrderListQuery>) {
  return withoutRefusedFilters(payloads.get_credit_order_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  });
}
