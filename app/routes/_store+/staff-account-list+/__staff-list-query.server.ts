import { STORE_STAFF_SORTS } from "#modules/staff-account/options";
import { ROLE_FILTERS, STATUS_FILTERS } from "./__staff-list-filters";
import { defineList } from "~/server/list-page.server";

/** The staff-accounts list: its URL (search, filters, order), its action's payload, its page. */
export const staffList = defineList({
  action: "get_store_staff_data_and_total_number_by_sorting_and_limit",
  ns: "staff-account",
  sorts: STORE_STAFF_SORTS,
  filters: { role: ROLE_FILTERS, status: STATUS_FILTERS },
  payload: (query) => ({
    role: query.role === "all" ? undefined : query.role,
    status: query.status === "all" ? undefined : query.status,
  }),
});
