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
  service_id: { label: "appointment-booking:field.service", kind: "id" },
  provider_id: { label: "appointment-booking:field.provider", kind: "id" },
  member_id: { label: "appointment-booking:field.member", kind: "id" },
  customer_name: text("appointment-booking:field.customer-name"),
  customer_phone: text("appointment-booking:field.customer-phone"),
  customer_email: text("appointment-booking:field.customer-email"),
  starts_at: text("appointment-booking:field.starts-at"),
  ends_at: text("appointment-booking:field.ends-at"),
  price_cents: money("appointment-booking:field.price"),
  status: { label: "appointment-booking:field.status", kind: "appointment-booking:status" },
  channel: { label: "appointment-booking:field.channel", kind: "appointment-booking:channel" },
  note: text("appointment-booking:field.note"),
};

export const appointmentRecordLogLabels = {
  appointment_record_data: APPOINTMENT_RECORD_FIELDS,
  medi_appointment_record_data: {
    ...APPOINTMENT_RECORD_FIELDS,
    patient_details: { label: "appointment-record:log.patient-details", kind: "appointment-record:patient-log" },
  },
} satisfies LogLabels;
