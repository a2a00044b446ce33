import { payloads } from "#contract/actions";
import { PUSH_NOTIFICATION_SORTS } from "#contract/push-notifications";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__push-status";

const LIST_OPTIONS = { sorts: PUSH_NOTIFICATION_SORTS, filters: { status: STATUS_FILTERS } };

/** The push list's search, status and order from its URL. */
export function pushListQuery(url: URL) {
  return readListQuery(url, LIST_OPTIONS);
}

/** The list call's payload for a store and a query. */
export function pushListPayload(applicationKey: string, query: ReturnType<typeof pushListQuery>) {
  return withoutRefusedFilters(payloads.get_push_notification_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
  });
}
