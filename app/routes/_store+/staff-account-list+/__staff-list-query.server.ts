import { payloads } from "#contract/actions";
import { STORE_STAFF_SORTS } from "#contract/staff-accounts";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { ROLE_FILTERS, STATUS_FILTERS } from "./__staff-list-filters";

const LIST_OPTIONS = { sorts: STORE_STAFF_SORTS, filters: { role: ROLE_FILTERS, status: STATUS_FILTERS } };

/** The staff list's search, filters and order from its URL. */
export function staffListQuery(url: URL) {
  return readListQuery(url, LIST_OPTIONS);
}

export function staffListPayload(applicationKey: string, query: ReturnType<typeof staffListQuery>) {
  return withoutRefusedFilters(payloads.get_store_staff_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    role: query.role === "all" ? undefined : query.role,
    status: query.status === "all" ? undefined : query.status,
  });
}
