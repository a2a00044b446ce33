/** How the logs show the appointment-record module's changes: each logged field's label (its form's) and how its value reads. */
import { money, text, type Fields, type LogLabels } from "~/server/log-labels";

/** A booking's log: who, what and when (medical patient details are never part of it). */
const APPOINTMENT_RECORD_FIELDS: Fields<
  | "service_id"
  | "provider_id"
  | "member_id"
  | "customer_name"
  | "customer_phone"
  | "customer_email"
  | "starts_at"
  | "ends_at"
  | "price_cents"
  | "status"
  | "channel"
  | "note"
> = {
  service_id: { label: "appointment-bookings:field.service", kind: "id" },
  provider_id: { label: "appointment-bookings:field.provider", kind: "id" },
  member_id: { label: "appointment-bookings:field.member", kind: "id" },
  customer_name: text("appointment-bookings:field.customer-name"),
  customer_phone: text("appointment-bookings:field.customer-phone"),
  customer_email: text("appointment-bookings:field.customer-email"),
  starts_at: text("appointment-bookings:field.starts-at"),
  ends_at: text("appointment-bookings:field.ends-at"),
  price_cents: money("appointment-bookings:field.price"),
  status: { label: "appointment-bookings:field.status", kind: "appointment-bookings:status" },
  channel: { label: "appointment-bookings:field.channel", kind: "appointment-bookings:channel" },
  note: text("appointment-bookings:field.note"),
};

export const appointmentRecordLogLabels = {
  appointment_record_data: APPOINTMENT_RECORD_FIELDS,
  medi_appointment_record_data: {
    ...APPOINTMENT_RECORD_FIELDS,
    patient_details: { label: "appointment-records:log.patient-details", kind: "appointment-records:patient-log" },
  },
} satisfies LogLabels;
