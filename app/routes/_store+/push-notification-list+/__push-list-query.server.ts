import { PUSH_NOTIFICATION_SORTS } from "#modules/push-notification/options";
import { STATUS_FILTERS } from "./__push-status";
import { defineList } from "~/server/list-page.server";

/** The push-notifications list: its URL (search, filters, order), its action's payload, its page. */
export const pushList = defineList({
  action: "get_push_notification_data_and_total_number_by_sorting_and_limit",
  ns: "push-notification",
  sorts: PUSH_NOTIFICATION_SORTS,
  filters: { status: STATUS_FILTERS },
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
  }),
});
