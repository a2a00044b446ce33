import { payloads } from "#contract/actions";
import { mondayOf } from "#contract/course-calendar";
import { COURSE_SESSION_SORTS } from "#modules/course-session/options";
import { isoDate } from "#contract/field-rules";
import { hongKongDate } from "#contract/dates";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS } from "./__timetable-filters";

/** The Monday of the week the URL asks for (?week=, any day of it), else of this week in Hong Kong. */
export function weekQuery(url: URL, now: Date): string {
  const asked = isoDate().safeParse(url.searchParams.get("week") ?? "");
  return mondayOf(asked.success ? asked.data : hongKongDate(now));
}

/** The list view's filters (coach and type by id, status, dates from–to) and order from its URL. */
export function sessionListQuery(url: URL) {
  const param = (name: string) => url.searchParams.get(name) ?? "";
  return {
    ...readListQuery(url, { sorts: COURSE_SESSION_SORTS, filters: { status: STATUS_FILTERS } }),
    coach: param("coach"),
    type: param("type"),
    from: param("from"),
    to: param("to"),
  };
}

/** The list call's payload; an id or date no session can have is left out, as no filter. */
export function sessionListPayload(applicationKey: string, query: ReturnType<typeof sessionListQuery>) {
  const { keyword: _keyword, ...paging } = listPayload(query);
  return withoutRefusedFilters(payloads.get_course_session_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...paging,
    status: query.status === "all" ? undefined : query.status,
    coach_id: query.coach || undefined,
    course_type_id: query.type || undefined,
    date_from: query.from || undefined,
    date_to: query.to || undefined,
  });
}
