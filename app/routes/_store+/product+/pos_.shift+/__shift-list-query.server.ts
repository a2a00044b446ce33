import { payloads } from "#contract/actions";
import { POS_SHIFT_SORTS } from "#modules/pos-shift/options";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readDay, readId, readListQuery } from "~/utils/list-query.server";
import { STATE_FILTERS } from "./__shift-list-filters";

const LIST_OPTIONS = { sorts: POS_SHIFT_SORTS, filters: { state: STATE_FILTERS } };

/** The shift list's state, location, opening dates (Hong Kong days) and order from its URL. */
export function shiftListQuery(url: URL) {
  return {
    ...readListQuery(url, LIST_OPTIONS),
    location: readId(url, "location"),
    opened_from: readDay(url, "opened_from"),
    opened_to: readDay(url, "opened_to"),
  };
}

/** The list call's payload; a date no calendar has reads as no date. */
export function shiftListPayload(applicationKey: string, query: ReturnType<typeof shiftListQuery>) {
  const { keyword: _keyword, ...paging } = listPayload(query);
  return withoutRefusedFilters(payloads.get_pos_shift_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...paging,
    state: query.state === "all" ? undefined : query.state,
    opened_from: query.opened_from || undefined,
    opened_to: query.opened_to || undefined,
    location_id: query.location ? Number(query.location) : undefined,
  });
}
