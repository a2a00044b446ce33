import { APPOINTMENT_URLS, type AppointmentVariant } from "#contract/appointments";
import { APPOINTMENT_RECORD_STATUSES } from "#contract/options";

/** Each variant's record list, where its bookings' pages live too (`<list>/<id>`). */
export const RECORD_LIST_URLS = {
  general: APPOINTMENT_URLS.general.records,
  medical: APPOINTMENT_URLS.medical.records,
} as const satisfies Record<AppointmentVariant, string>;

export const STATUS_FILTERS = ["all", ...APPOINTMENT_RECORD_STATUSES] as const;

/** A booking still to come stands out; a cancelled one is done with. */
export const STATUS_TONES = {
  success: "info",
  completed: "success",
  cancelled: undefined,
} as const;

export const TITLES = {
  general: { list: "appointment-records:title.list", patient: "appointment-records:title.patient" },
  medical: { list: "appointment-records:title.medi-list", patient: "appointment-records:title.patient" },
} as const satisfies Record<AppointmentVariant, { list: string; patient: string }>;
