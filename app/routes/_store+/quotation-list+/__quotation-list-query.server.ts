import { payloads } from "#contract/actions";
import { isoDate, isSingleLineText } from "#contract/field-rules";
import { QUOTATION_SORTS } from "#contract/quotations";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__quotation-list-filters";

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate().safeParse(value).success;

/** The quotation list's search, filters (status, Hong Kong days of creation) and order from its URL. */
export function quotationListQuery(url: URL) {
  const date = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return isSingleLineText(value) && isDate(value) ? value : "";
  };
  return {
    ...readListQuery(url, { sorts: QUOTATION_SORTS, filters: { status: STATUS_FILTERS } }),
    date_from: date("date_from"),
    date_to: date("date_to"),
  };
}

/** The list call's payload for a store and a query; a filter the action would refuse reads as none. */
export function quotationListPayload(applicationKey: string, query: ReturnType<typeof quotationListQuery>) {
  return withoutRefusedFilters(payloads.get_quotation_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    status: query.status === "all" ? undefined : query.status,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  });
}
