import { payloads } from "#contract/actions";
import { COUPON_SORTS } from "#contract/coupons";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { SOURCE_FILTERS, STATUS_FILTERS } from "./__coupon-list-filters";

const LIST_OPTIONS = { sorts: COUPON_SORTS, filters: { status: STATUS_FILTERS, source: SOURCE_FILTERS } };

/** The coupon list's search, filters and order from its URL. */
export function couponListQuery(url: URL) {
  return readListQuery(url, LIST_OPTIONS);
}

/** The list call's payload for a store and a query. */
export function couponListPayload(applicationKey: string, query: ReturnType<typeof couponListQuery>) {
  return withoutRefusedFilters(payloads.get_coupon_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    source: query.source === "all" ? undefined : query.source,
  });
}
