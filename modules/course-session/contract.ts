import * as z from "zod";
import { seriesDates, WEEKDAYS } from "../../contract/course-calendar";
import { daysBetween } from "../../contract/dates";
import type { Examples } from "../../contract/examples";
import type { ValidationKey } from "../../contract/messages";
import {
  isoDate,
  multilineText,
  optional,
  refineDateRange,
  refineTimeRange,
  text,
  time,
} from "../../contract/field-rules";
import { COURSE_SESSION_STATUSES } from "../../contract/options";
import { applicationKey, choices, id, sorting, version, wholeNumber } from "../../contract/parts";
import { COURSE_SESSION_SORTS } from "./options";

/**
 * The timetable (module `yoga_course`, docs/modules.md "Courses: timetable"): course sessions, added one at
 * a time or as a weekly series, shown by the week or as a list. Dates and times are Hong Kong's.
 */

export const MAX_CREDITS_NEEDED = 20;
export const MAX_PLACES = 200;
/** A weekly series spans at most 26 weeks, so at most 182 sessions are added at once. */
export const MAX_SERIES_DAYS = 26 * 7;
export const REPEATS = ["none", "weekly"] as const;
/** An edit of a session of a series: this one alone, or this one and the later scheduled ones of its series. */
export const APPLY_TO = ["this", "following"] as const;

/** What a person sets on one session; the same for add and edit. */
export const courseSessionFields = {
  course_type_id: id,
  coach_id: id,
  location: optional(text()),
  /** The session's date, or a series' first date. */
  date: isoDate(),
  start_time: time(),
  end_time: time(),
  credits_needed: wholeNumber(0, MAX_CREDITS_NEEDED),
  max_places: wholeNumber(1, MAX_PLACES),
  note: optional(multilineText({ max: 1000 })),
};

const SERIES_FIELDS = ["repeat", "date", "to_date", "weekdays"];

/** A weekly series needs its weekdays and last date, at most MAX_SERIES_DAYS after the first, and one date at least. */
const seriesRules = z.superRefine<{ repeat: string; date: string; to_date?: string; weekdays: string[] }>(
  ({ repeat, date, to_date, weekdays }, payload) => {
    if (repeat !== "weekly") return;
    const refuse = (field: string, message: ValidationKey) =>
      payload.addIssue({ code: "custom", path: [field], message });
    if (weekdays.length === 0) refuse("weekdays", "force-input");
    if (to_date === undefined) return refuse("to_date", "force-input");
    if (to_date < date || weekdays.length === 0) return;
    if (daysBetween(date, to_date) >= MAX_SERIES_DAYS) refuse("to_date", "series-too-long");
    else if (seriesDates(date, to_date, weekdays).length === 0) refuse("weekdays", "series-has-no-session");
  },
  {
    when: (payload) =>
      payload.issues.every((issue) => issue.path?.[0] !== undefined && !SERIES_FIELDS.includes(String(issue.path[0]))),
  },
);

/** The add form's fields: one session, or a weekly series from `date` to `to_date` on the `weekdays`. */
export const newCourseSessionFields = {
  ...courseSessionFields,
  repeat: z.enum(REPEATS).default("none"),
  weekdays: choices(WEEKDAYS),
  to_date: optional(isoDate()),
};
export const newCourseSessionChecks = [
  refineTimeRange("start_time", "end_time"),
  refineDateRange("date", "to_date"),
  seriesRules,
] as const;

/** The edit form's fields: `following` keeps each later session's own date and gives it the new times of day. */
export const editCourseSessionFields = { ...courseSessionFields, apply_to: z.enum(APPLY_TO).default("this"), version };
export const editCourseSessionChecks = [refineTimeRange("start_time", "end_time")] as const;

const courseSessionId = { application_key: applicationKey, id };

export const courseSessionPayloads = {
  /** The week from `week` (a Monday, Hong Kong time) to the Sunday after it, by start. */
  get_course_session_data_list_by_application_key_and_week: z.object({
    application_key: applicationKey,
    week: isoDate(),
  }),
  /** `date_from`/`date_to` are Hong Kong days, both included. */
  get_course_session_data_and_total_number_by_sorting_and_limit: z
    .object({
      application_key: applicationKey,
      ...sorting(COURSE_SESSION_SORTS),
      coach_id: optional(id),
      course_type_id: optional(id),
      status: optional(z.enum(COURSE_SESSION_STATUSES)),
      date_from: optional(isoDate()),
      date_to: optional(isoDate()),
    })
    .check(refineDateRange("date_from", "date_to")),
  get_course_session_data_by_application_key_and_id: z.object(courseSessionId),
  /** The coaches and course types a session form and the list's filters offer. */
  get_course_session_choice_data_by_application_key: z.object({ application_key: applicationKey }),
  /** One session, or a weekly series (`repeat` weekly) from `date` to `to_date` on the `weekdays`. */
  add_course_session_data: z
    .object({ application_key: applicationKey, ...newCourseSessionFields })
    .check(...newCourseSessionChecks),
  /** `following` keeps each later session's own date and gives it the new times of day. */
  update_course_session_data_by_application_key_and_id: z
    .object({ ...courseSessionId, ...editCourseSessionFields })
    .check(...editCourseSessionChecks),
  /** Cancels the session: its booked members get their credits back and an e-mail. */
  update_course_session_status_data_by_application_key_and_id: z.object({
    ...courseSessionId,
    status: z.enum(["cancelled"]),
    version,
  }),
};

export interface CourseSessionRecord {
  id: number;
  course_type_id: number;
  course_type_name_zh_hk: string;
  course_type_name_en: string;
  colour: string;
  coach_id: number;
  coach_name_zh_hk: string;
  coach_name_en: string;
  /** Shared by the sessions of one weekly series; null for a session added alone. */
  series_key: string | null;
  location: string;
  starts_at: string;
  ends_at: string;
  credits_needed: number;
  max_places: number;
  booked_places: number;
  status: (typeof COURSE_SESSION_STATUSES)[number];
  note: string;
  version: number;
}

export interface CourseSessionChoices {
  coaches: { id: number; name_zh_hk: string; name_en: string; active: boolean }[];
  course_types: { id: number; name_zh_hk: string; name_en: string; colour: string }[];
}

export interface CourseSessionResults {
  get_course_session_data_list_by_application_key_and_week: CourseSessionRecord[];
  get_course_session_data_and_total_number_by_sorting_and_limit: CourseSessionRecord[];
  get_course_session_data_by_application_key_and_id: CourseSessionRecord;
  get_course_session_choice_data_by_application_key: CourseSessionChoices;
  /** The first session's id and how many were added. */
  add_course_session_data: { id: number; count: number };
  /** How many sessions the edit changed. */
  update_course_session_data_by_application_key_and_id: { count: number };
  /** How many bookings it cancelled. */
  update_course_session_status_data_by_application_key_and_id: { cancelled_bookings: number };
}

const exampleSession = ({ course_type_id, coach_id }: { course_type_id: number; coach_id: number }) => ({
  course_type_id,
  coach_id: coach_id,
  date: "2099-01-05",
  start_time: "10:00",
  end_time: "11:00",
  credits_needed: 1,
  max_places: 10,
});

export interface CourseSessionExampleRecords {
  /**
   * A scheduled session tomorrow (1 credit, 10 places) of `course_type_id` with `coach_id`, and another,
   * which the cancel example cancels.
   */
  course_session_id: number;
  cancellable_course_session_id: number;
}

export const courseSessionExamples: Examples<typeof courseSessionPayloads> = {
  get_course_session_data_list_by_application_key_and_week: ({ application_key }) => ({
    application_key,
    week: "2099-01-05",
  }),
  get_course_session_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({ application_key }),
  get_course_session_data_by_application_key_and_id: ({ application_key, course_session_id }) => ({
    application_key,
    id: course_session_id,
  }),
  get_course_session_choice_data_by_application_key: ({ application_key }) => ({ application_key }),
  add_course_session_data: (records) => ({ application_key: records.application_key, ...exampleSession(records) }),
  update_course_session_data_by_application_key_and_id: (records) => ({
    application_key: records.application_key,
    id: records.course_session_id,
    ...exampleSession(records),
    version: 1,
  }),
  update_course_session_status_data_by_application_key_and_id: ({
    application_key,
    cancellable_course_session_id,
  }) => ({
    application_key,
    id: cancellable_course_session_id,
    status: "cancelled",
    version: 1,
  }),
};
