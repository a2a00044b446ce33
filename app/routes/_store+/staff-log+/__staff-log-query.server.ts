import { payloads, type PayloadInput } from "#contract/actions";
import { isSingleLineText } from "#contract/field-rules";
import { LOG_ACTIONS, LOGGED_MODULES } from "#contract/options";
import { LOG_SORTS } from "#modules/console/options";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { WHO_GROUPS } from "./__staff-log-filters";

const LIST_OPTIONS = {
  sorts: LOG_SORTS,
  filters: { module: ["all", ...LOGGED_MODULES], action: ["all", ...LOG_ACTIONS] },
  pageSizes: [50],
} as const;

/**
 * The staff log's filters and page from its URL, shared by the page and its exports. `who` is "all",
 * a group ("store": the store account, "console": any provider staff) or one person's e-mail.
 */
export function staffLogQuery(url: URL) {
  const text = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return isSingleLineText(value) ? value : "";
  };
  const date = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text(name)) ? text(name) : "");
  return {
    ...readListQuery(url, LIST_OPTIONS),
    who: text("who").toLowerCase() || "all",
    date_from: date("date_from"),
    date_to: date("date_to"),
  };
}

export type StaffLogQuery = ReturnType<typeof staffLogQuery>;

/** The list call's payload without paging; a filter the action would refuse (a junk e-mail or date) reads as none. */
export function staffLogFilters(
  applicationKey: string,
  query: StaffLogQuery,
): PayloadInput<"get_staff_log_data_and_total_number_by_sorting_and_limit"> {
  const { who } = query;
  const group = (WHO_GROUPS as readonly string[]).includes(who);
  return withoutRefusedFilters(payloads.get_staff_log_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    sorting: query.sort,
    direction: query.direction,
    actor_type: who === "store" || who === "console" || who === "customer" ? who : undefined,
    actor_email: group ? undefined : who,
    module: query.module === "all" ? undefined : query.module,
    action: query.action === "all" ? undefined : query.action,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  });
}

/** One page of the list, as the page shows it. */
export function staffLogPayload(applicationKey: string, query: StaffLogQuery) {
  const { limit, page } = listPayload(query);
  return { ...staffLogFilters(applicationKey, query), limit, page };
}
