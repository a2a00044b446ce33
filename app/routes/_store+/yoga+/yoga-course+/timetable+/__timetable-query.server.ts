import { payloads } from "#contract/actions";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addDays, mondayOf, WEEKDAYS, weekdayOf } from "#contract/course-calendar";
import type { CourseSessionRecord } from "#modules/course-session/contract";
import { COURSE_SESSION_SORTS } from "#modules/course-session/options";
import { isoDate } from "#contract/field-rules";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { minutesIntoDay, timeGridLayout } from "#contract/time-grid";
import type { TimeGridColumn, TimeGridItem } from "~/components/time-grid";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { STATUS_FILTERS, TIMETABLE_URL } from "./__timetable-filters";

/** The Hong Kong day the URL asks for (?date=, or ?week= of older links), else today. */
export function dateQuery(url: URL, now: Date): string {
  const asked = isoDate().safeParse(url.searchParams.get("date") ?? url.searchParams.get("week") ?? "");
  return asked.success ? asked.data : hongKongDate(now);
}

/**
 * The timetable's day or week (the week of `date`) as a time grid: a column per day, each session a link to its
 * page with its places taken of the most, in its type's colour, a cancelled one faded.
 */
export function timetableGrid(
  sessions: CourseSessionRecord[],
  view: "day" | "week",
  date: string,
  { t, locale }: Pick<AppLoadContext, "t" | "locale">,
  today: string,
) {
  const monday = mondayOf(date);
  const dates = view === "day" ? [date] : WEEKDAYS.map((_, index) => addDays(monday, index));
  const columns: TimeGridColumn[] = dates.map((day) => ({
    key: day,
    heading: t("common:calendar.day-heading", {
      weekday: t(`common:calendar.weekday.${weekdayOf(day)}`),
      date: day.slice(5),
    }),
    current: day === today,
    past: day < today,
    open: [],
  }));
  const items: TimeGridItem[] = sessions.flatMap((session) => {
    const day = hongKongTime(session.starts_at).slice(0, 10);
    if (!dates.includes(day)) return [];
    const cancelled = session.status === "cancelled";
    return [
      {
        id: session.id,
        column: day,
        start: minutesIntoDay(session.starts_at, day),
        end: minutesIntoDay(session.ends_at, day),
        href: `${TIMETABLE_URL}/detail/${session.id}`,
        lines: [
          `${hongKongTime(session.starts_at).slice(11)}–${hongKongTime(session.ends_at).slice(11)}`,
          localizedName(session, locale, "course_type_name"),
          localizedName(session, locale, "coach_name"),
          ...(session.location ? [session.location] : []),
          cancelled
            ? t("course-session:status.cancelled")
            : t("course-session:place-count", { booked: session.booked_places, max: session.max_places }),
        ],
        colour: session.colour,
        muted: cancelled,
      },
    ];
  });
  return {
    monday,
    previous: addDays(date, view === "day" ? -1 : -7),
    next: addDays(date, view === "day" ? 1 : 7),
    layout: timeGridLayout(columns, items),
  };
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
