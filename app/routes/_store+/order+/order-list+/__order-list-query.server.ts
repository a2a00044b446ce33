import { payloads } from "#contract/actions";
import { ORDER_SORTS } from "#contract/orders";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";
import { CHANNEL_FILTERS, DELIVERY_FILTERS, PAYMENT_STATUS_FILTERS, STATUS_FILTERS } from "./__order-list-filters";

const LIST_OPTIONS = {
  sorts: ORDER_SORTS,
  filters: {
    status: STATUS_FILTERS,
    payment_status: PAYMENT_STATUS_FILTERS,
    channel: CHANNEL_FILTERS,
    delivery_method: DELIVERY_FILTERS,
  },
};

/** The order list's search, filters, dates (Hong Kong days) and order from its URL. */
export function orderListQuery(url: URL) {
  return {
    ...readListQuery(url, LIST_OPTIONS),
    created_from: readDay(url, "created_from"),
    created_to: readDay(url, "created_to"),
  };
}

const chosen = <T extends string>(value: T | "all") => (value === "all" ? undefined : value);

/** The list call's payload for a store and a query; a date no calendar has reads as no date. */
export function orderListPayload(applicationKey: string, query: ReturnType<typeof orderListQuery>) {
  return withoutRefusedFilters(payloads.get_order_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: chosen(query.status),
    payment_status: chosen(query.payment_status),
    channel: chosen(query.channel),
    delivery_method: chosen(query.delivery_method),
    created_from: query.created_from || undefined,
    created_to: query.created_to || undefined,
  });
}
