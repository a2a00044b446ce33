/** How the logs show the course-booking module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const courseBookingLogLabels = {
  yoga_course_record_data: {
    session_id: { label: "course-bookings:log.session", kind: "id" },
    starts_at: text("course-bookings:field.time"),
    member_id: { label: "course-bookings:column.member", kind: "id" },
    credit_id: { label: "course-bookings:column.package", kind: "id" },
    credits_spent: count("course-bookings:column.credits"),
    credits_returned: count("course-bookings:column.credits-returned"),
    status: { label: "course-bookings:record.column.status", kind: "course-bookings:booking-status" },
    attendance: { label: "course-bookings:column.attendance", kind: "course-bookings:attendance" },
  },
} satisfies LogLabels;
