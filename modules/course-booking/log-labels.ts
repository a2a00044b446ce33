/** How the logs show the course-booking module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const courseBookingLogLabels = {
  yoga_course_record_data: {
    session_id: { label: "course-booking:log.session", kind: "id" },
    starts_at: text("course-booking:field.time"),
    member_id: { label: "course-booking:column.member", kind: "id" },
    credit_id: { label: "course-booking:column.package", kind: "id" },
    credits_spent: count("course-booking:column.credits"),
    credits_returned: count("course-booking:column.credits-returned"),
    status: { label: "course-booking:record.column.status", kind: "course-booking:booking-status" },
    attendance: { label: "course-booking:column.attendance", kind: "course-booking:attendance" },
  },
  yoga_course_waitlist_data: {
    session_id: { label: "course-booking:log.session", kind: "id" },
    member_id: { label: "course-booking:column.member", kind: "id" },
    credit_id: { label: "course-booking:column.package", kind: "id" },
    status: { label: "course-booking:record.column.status", kind: "course-booking:waitlist-status" },
  },
} satisfies LogLabels;
