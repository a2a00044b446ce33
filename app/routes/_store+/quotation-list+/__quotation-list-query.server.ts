import { isoDate, isSingleLineText } from "#contract/field-rules";
import { QUOTATION_SORTS } from "#modules/quotation/options";
import { STATUS_FILTERS } from "./__quotation-list-filters";
import { defineList } from "~/server/list-page.server";

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate().safeParse(value).success;

/** The quotations list: its URL (search, filters, order), its action's payload, its page. */
export const quotationList = defineList({
  action: "get_quotation_data_and_total_number_by_sorting_and_limit",
  ns: "quotation",
  sorts: QUOTATION_SORTS,
  filters: { status: STATUS_FILTERS },
  params: (url) => {
    const date = (name: string) => {
      const value = url.searchParams.get(name)?.trim() ?? "";
      return isSingleLineText(value) && isDate(value) ? value : "";
    };

    return {
      date_from: date("date_from"),
      date_to: date("date_to"),
    };
  },
  payload: (query) => ({
    status: query.status === "all" ? undefined : query.status,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  }),
});
