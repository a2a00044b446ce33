/** How the logs show the course-session module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const courseSessionLogLabels = {
  yoga_course_data: {
    course_type_id: { label: "course-session:field.course-type", kind: "id" },
    coach_id: { label: "course-session:field.coach", kind: "id" },
    location: text("course-session:field.location"),
    starts_at: text("course-session:field.start-time"),
    ends_at: text("course-session:field.end-time"),
    credits_needed: count("course-session:field.credits-needed"),
    max_places: count("course-session:field.max-places"),
    note: text("course-session:field.note"),
    status: { label: "course-session:field.status", kind: "course-session:status" },
    weekdays: { label: "course-session:field.weekdays", kind: "course-session:weekday" },
    to_date: text("course-session:field.to-date"),
    sessions: count("course-session:field.sessions"),
    apply_to: { label: "course-session:field.apply-to", kind: "course-session:apply-to" },
  },
} satisfies LogLabels;
