/** How the logs show the course-session module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const courseSessionLogLabels = {
  yoga_course_data: {
    course_type_id: { label: "timetable:field.course-type", kind: "id" },
    coach_id: { label: "timetable:field.coach", kind: "id" },
    location: text("timetable:field.location"),
    starts_at: text("timetable:field.start-time"),
    ends_at: text("timetable:field.end-time"),
    credits_needed: count("timetable:field.credits-needed"),
    max_places: count("timetable:field.max-places"),
    note: text("timetable:field.note"),
    status: { label: "timetable:field.status", kind: "timetable:status" },
    weekdays: { label: "timetable:field.weekdays", kind: "timetable:weekday" },
    to_date: text("timetable:field.to-date"),
    sessions: count("timetable:field.sessions"),
    apply_to: { label: "timetable:field.apply-to", kind: "timetable:apply-to" },
  },
} satisfies LogLabels;
