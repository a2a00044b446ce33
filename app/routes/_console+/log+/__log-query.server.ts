import { payloads, type PayloadInput } from "#contract/actions";
import { isSingleLineText } from "#contract/field-rules";
import { LOG_ACTIONS } from "#contract/options";
import { LOG_SORTS } from "#modules/console/options";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { readListQuery } from "~/utils/list-query.server";

const LIST_OPTIONS = { sorts: LOG_SORTS, filters: { action: ["all", ...LOG_ACTIONS] }, pageSizes: [50] } as const;

/** The log's filters and page from its URL, shared by the page and its CSV export. */
export function logQuery(url: URL) {
  const text = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return isSingleLineText(value) ? value : "";
  };
  const date = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text(name)) ? text(name) : "");
  return {
    ...readListQuery(url, LIST_OPTIONS),
    application_key: text("application_key"),
    actor_email: text("actor_email"),
    date_from: date("date_from"),
    date_to: date("date_to"),
  };
}

export function logPayload(
  filters: ReturnType<typeof logQuery>,
): PayloadInput<"get_log_data_and_total_number_by_sorting_and_limit"> {
  return withoutRefusedFilters(payloads.get_log_data_and_total_number_by_sorting_and_limit, {
    application_key: filters.application_key || undefined,
    actor_email: filters.actor_email || undefined,
    action: filters.action === "all" ? undefined : filters.action,
    date_from: filters.date_from || undefined,
    date_to: filters.date_to || undefined,
  });
}
