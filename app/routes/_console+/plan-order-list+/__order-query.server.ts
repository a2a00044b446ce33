import { payloads, type PayloadInput } from "#contract/actions";
import { PURCHASED_PLAN_STATUSES } from "#contract/options";
import { PLAN_ORDER_SORTS } from "#contract/plan-orders";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readListQuery } from "~/utils/list-query.server";

const LIST_OPTIONS = { sorts: PLAN_ORDER_SORTS, filters: { status: ["all", ...PURCHASED_PLAN_STATUSES] } } as const;

/** The orders list's search, filters, order and page from its URL, shared by the page and its CSV export. */
export function orderQuery(url: URL) {
  return {
    ...readListQuery(url, LIST_OPTIONS),
    start_from: readDay(url, "start_from"),
    start_to: readDay(url, "start_to"),
  };
}

/** The list action's payload; a date the action would refuse (no such day, an end before the start) is left out. */
export function orderPayload(
  query: ReturnType<typeof orderQuery>,
): PayloadInput<"get_purchased_plan_data_and_total_number_by_sorting_and_limit"> {
  return withoutRefusedFilters(payloads.get_purchased_plan_data_and_total_number_by_sorting_and_limit, {
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    start_from: query.start_from || undefined,
    start_to: query.start_to || undefined,
  });
}
