/** How the logs show the appointment-setup module's changes: each logged field's label (its form's) and how its value reads. */
import type {
  appointmentCategoryFields,
  appointmentServiceFields,
  providerFields,
} from "#modules/appointment-setup/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

const APPOINTMENT_PROVIDER_FIELDS: Fields<keyof typeof providerFields | "calendar_feed_version"> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  staff_id: { label: "appointment-setup:field.staff", kind: "id" },
  active: flag("appointment-setup:field.active"),
  /** Reset by the calendar feed's own action (modules/calendar-feed). */
  calendar_feed_version: count("calendar-feed:field.link-version"),
};

const APPOINTMENT_CATEGORY_FIELDS: Fields<keyof typeof appointmentCategoryFields> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  image_url: { label: "appointment-setup:field.image", kind: "files" },
  description: text("appointment-setup:field.description"),
  status: { label: "appointment-setup:field.status", kind: "appointment-setup:status" },
};

const APPOINTMENT_SERVICE_FIELDS: Fields<keyof typeof appointmentServiceFields> = {
  name_zh_hk: text("appointment-setup:field.name-zh-hk"),
  name_en: text("appointment-setup:field.name-en"),
  description: text("appointment-setup:field.description"),
  category_id: { label: "appointment-setup:field.category", kind: "id" },
  provider_id: { label: "appointment-setup:field.provider", kind: "id" },
  duration_minutes: count("appointment-setup:field.duration"),
  price_cents: money("appointment-setup:field.price"),
  buffer_before_minutes: count("appointment-setup:field.buffer-before"),
  buffer_after_minutes: count("appointment-setup:field.buffer-after"),
  capacity: count("appointment-setup:field.capacity"),
  min_notice_hours: count("appointment-setup:field.min-notice"),
  booking_window_days: count("appointment-setup:field.booking-window"),
  status: { label: "appointment-setup:field.status", kind: "appointment-setup:status" },
  schedules: text("appointment-setup:section.schedules"),
};

export const appointmentSetupLogLabels = {
  appointment_provider_data: APPOINTMENT_PROVIDER_FIELDS,
  appointment_category_data: APPOINTMENT_CATEGORY_FIELDS,
  appointment_service_data: APPOINTMENT_SERVICE_FIELDS,
  medi_appointment_provider_data: APPOINTMENT_PROVIDER_FIELDS,
  medi_appointment_category_data: APPOINTMENT_CATEGORY_FIELDS,
  medi_appointment_service_data: APPOINTMENT_SERVICE_FIELDS,
} satisfies LogLabels;
