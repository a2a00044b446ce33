import * as z from "zod";
import type { AppointmentVariant } from "../../contract/appointments";
import { idempotencyKey } from "../checkout/contract";
import { daysBetween } from "../../contract/dates";
import type { ExampleRecords, Examples } from "../../contract/examples";
import { email as emailRule, isoDate, multilineText, optional, phone, text, time } from "../../contract/field-rules";
import type { APPOINTMENT_CHANNELS, APPOINTMENT_RECORD_STATUSES } from "../../contract/options";
import { applicationKey, email, id, keyword, version } from "../../contract/parts";

/** A slots read covers at most this many days (the website pages through a month at a time). */
export const MAX_SLOT_DAYS = 31;
/** How many members the booking form's search lists. */
export const MAX_BOOKING_MEMBER_MATCHES = 20;
/** The longest note on a booking. */
export const MAX_APPOINTMENT_NOTE_LENGTH = 1000;

/** A range of Hong Kong dates, `date_to` not before `date_from` and at most MAX_SLOT_DAYS days in all. */
const dateRange = {
  date_from: isoDate(),
  date_to: isoDate(),
};
const withinSlotDays = (range: { date_from: string; date_to: string }) => {
  const days = daysBetween(range.date_from, range.date_to);
  return days >= 0 && days < MAX_SLOT_DAYS;
};
const slotRangeRule = { error: "format-not-match", path: ["date_to"] };

const note = optional(multilineText({ max: MAX_APPOINTMENT_NOTE_LENGTH }));

/** Staff confirm a time that has passed or is inside the service's minimum notice (a walk-in). */
export const confirmOutsideRules = { confirm_outside_rules: z.boolean().default(false) };

/**
 * Who the booking is for: a member of the store (the customer fields are copied from them), or a guest
 * with a name and a phone (spec §5: 8 digits, the first 2-9), the e-mail optional.
 */
export const bookingCustomerFields = {
  member_id: id.nullable().default(null),
  customer_name: optional(text()),
  customer_phone: optional(phone()),
  customer_email: optional(emailRule().toLowerCase()),
};

export function requireGuest(
  value: { member_id: number | null; customer_name?: string; customer_phone?: string },
  context: z.core.$RefinementCtx,
) {
  if (value.member_id !== null) return;
  if (value.customer_name === undefined)
    context.addIssue({ code: "custom", message: "force-input", path: ["customer_name"] });
  if (value.customer_phone === undefined) {
    context.addIssue({ code: "custom", message: "force-input", path: ["customer_phone"] });
  }
}

const staffBooking = z
  .object({
    application_key: applicationKey,
    service_id: id,
    /** The Hong Kong date and time it starts: a free slot's, or one staff typed. */
    date: isoDate(),
    time: time(),
    ...confirmOutsideRules,
    ...bookingCustomerFields,
    note,
  })
  .superRefine(requireGuest);

const slotsRead = z
  .object({ application_key: applicationKey, service_id: id, ...dateRange })
  .refine(withinSlotDays, slotRangeRule);

/**
 * Staff ask for a service's slots, or a booking's (the times it may move to), or, naming neither, the
 * first bookable service's: so a page reads its slots in the same batch as what it shows beside them.
 */
const staffSlotsRead = z
  .object({ application_key: applicationKey, service_id: id.optional(), record_id: id.optional(), ...dateRange })
  .refine(withinSlotDays, slotRangeRule);

const recordKey = z.object({ application_key: applicationKey, id });

const move = z.object({
  application_key: applicationKey,
  id,
  date: isoDate(),
  time: time(),
  /** Another active provider of the variant to give it (the calendar's drag to their column); the same one when left out. */
  provider_id: id.optional(),
  ...confirmOutsideRules,
  version,
});

const statusChange = z.object({
  application_key: applicationKey,
  id,
  status: z.enum(["cancelled", "completed"], { error: "force-input" }),
});

const noteEdit = z.object({ application_key: applicationKey, id, note, version });

const bookingOptions = z.object({ application_key: applicationKey, keyword });

const onlineServices = z.object({ application_key: applicationKey });

const onlineBooking = z
  .object({
    application_key: applicationKey,
    idempotency_key: idempotencyKey,
    service_id: id,
    /** A free slot's `starts_at`, as the slots read answered it. */
    starts_at: z.iso.datetime({ error: "format-not-match" }),
    /** A member books with their id and their e-mail on file; a guest with a name, a phone and an e-mail. */
    member_id: id.nullable().default(null),
    customer_name: optional(text()),
    customer_phone: optional(phone()),
    customer_email: email,
    note,
  })
  .superRefine(requireGuest);

export const appointmentBookingPayloads = {
  /**
   * The free slots of a service for a range of Hong Kong dates: none in the past; no window, and the
   * slots inside the minimum notice marked `short_notice` (staff book them confirmed, as walk-ins).
   */
  get_appointment_slot_data_list_by_application_key_and_service_id: staffSlotsRead,
  get_medi_appointment_slot_data_list_by_application_key_and_service_id: staffSlotsRead,
  /** The booking form's choices: the services that take bookings, and the members matching the keyword. */
  get_appointment_booking_option_data_list_by_application_key: bookingOptions,
  get_medi_appointment_booking_option_data_list_by_application_key: bookingOptions,
  /** One booking with its service, provider and member. */
  get_appointment_record_data_by_application_key_and_id: recordKey,
  get_medi_appointment_record_data_by_application_key_and_id: recordKey,
  /**
   * Books the service for a member or a guest at the service's price, with its provider. Refused: a time
   * outside the day's schedule (422 service-time-cannot-cover-span), a stopped service or category (409
   * appointment-category-unavailable), a time the provider is taken or a full group slot (409
   * appointment-time-overlap, from the database), a time that has passed (409 appointment-time-passed) or
   * inside the service's minimum notice (409 appointment-inside-notice:<hours>), both on `time`, unless
   * `confirm_outside_rules` (a walk-in).
   */
  add_appointment_record_data: staffBooking,
  add_medi_appointment_record_data: staffBooking,
  /**
   * Moves the booking to another start, and optionally to another provider (404 appointment-provider-not-found
   * unless an active provider of the variant), with the same checks as booking, the overlap checked against the
   * new provider's bookings; `version` as loaded.
   */
  update_appointment_record_time_data_by_application_key_and_id: move,
  update_medi_appointment_record_time_data_by_application_key_and_id: move,
  /** Cancels or completes a booked appointment; both are final (409 appointment-record-closed). */
  update_appointment_record_status_data_by_application_key_and_id: statusChange,
  update_medi_appointment_record_status_data_by_application_key_and_id: statusChange,
  /** The booking's note; `version` as loaded. */
  update_appointment_record_note_data_by_application_key_and_id: noteEdit,
  update_medi_appointment_record_note_data_by_application_key_and_id: noteEdit,
  /** The store website's bookable services: those taking bookings, of categories taking bookings, in order. */
  get_online_appointment_service_data_list_by_application_key: onlineServices,
  get_online_medi_appointment_service_data_list_by_application_key: onlineServices,
  /** The store website's free slots of a service: none in the past; its notice and booking window apply. */
  get_online_appointment_slot_data_list_by_application_key_and_service_id: slotsRead,
  get_online_medi_appointment_slot_data_list_by_application_key_and_service_id: slotsRead,
  /**
   * A booking from the store website at one of its free slots. `idempotency_key` is the submission's: a
   * replay answers the first booking. Counted against the store's and the address's hourly limits.
   */
  add_online_appointment_record_data: onlineBooking,
  add_online_medi_appointment_record_data: onlineBooking,
};

export interface Names {
  name_zh_hk: string;
  name_en: string;
}

export interface AppointmentSlot {
  starts_at: string;
  ends_at: string;
  /** Places left in the slot. */
  remaining: number;
  /** Inside the service's minimum notice (only in the staff's list: the website leaves these out). */
  short_notice: boolean;
}

export interface AppointmentDaySlots {
  /** Hong Kong date, YYYY-MM-DD. */
  date: string;
  slots: AppointmentSlot[];
}

export interface BookableService extends Names {
  id: number;
  description: string;
  duration_minutes: number;
  price_cents: number;
  capacity: number;
  category: Names & { id: number };
  provider: Names & { id: number };
}

export interface AppointmentSlots {
  service: BookableService;
  days: AppointmentDaySlots[];
}

export interface BookingMemberMatch {
  id: number;
  name: string;
  member_code: string;
  phone: string;
  email: string;
}

export interface AppointmentBookingOptions {
  services: BookableService[];
  /** Members matching the keyword (none without one), newest first. */
  members: BookingMemberMatch[];
}

export interface AppointmentRecordDetail {
  id: number;
  variant: AppointmentVariant;
  service: Names & { id: number; duration_minutes: number };
  provider: Names & { id: number };
  member: { id: number; name: string; member_code: string } | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  starts_at: string;
  ends_at: string;
  price_cents: number;
  status: (typeof APPOINTMENT_RECORD_STATUSES)[number];
  channel: (typeof APPOINTMENT_CHANNELS)[number];
  note: string;
  actor_email: string | null;
  cancelled_at: string | null;
  completed_at: string | null;
  /** When the hourly job reminded the customer (backend/booking-reminders.ts); null: not yet. */
  reminded_at: string | null;
  /**
   * The customer's link to see, cancel or reschedule it (`/booking/<token>`, backend/booking-link.ts) while it is
   * booked and to come; null otherwise, or when the deployment cannot sign one.
   */
  booking_link: string | null;
  create_date: string;
  version: number;
}

export interface OnlineBooking {
  id: number;
  status: (typeof APPOINTMENT_RECORD_STATUSES)[number];
  starts_at: string;
  ends_at: string;
  price_cents: number;
}

export interface AppointmentBookingResults {
  /** null when staff named no service and none takes bookings. */
  get_appointment_slot_data_list_by_application_key_and_service_id: AppointmentSlots | null;
  get_medi_appointment_slot_data_list_by_application_key_and_service_id: AppointmentSlots | null;
  get_appointment_booking_option_data_list_by_application_key: AppointmentBookingOptions;
  get_medi_appointment_booking_option_data_list_by_application_key: AppointmentBookingOptions;
  get_appointment_record_data_by_application_key_and_id: AppointmentRecordDetail;
  get_medi_appointment_record_data_by_application_key_and_id: AppointmentRecordDetail;
  add_appointment_record_data: { id: number };
  add_medi_appointment_record_data: { id: number };
  update_appointment_record_time_data_by_application_key_and_id: { id: number };
  update_medi_appointment_record_time_data_by_application_key_and_id: { id: number };
  update_appointment_record_status_data_by_application_key_and_id: { id: number };
  update_medi_appointment_record_status_data_by_application_key_and_id: { id: number };
  update_appointment_record_note_data_by_application_key_and_id: { id: number };
  update_medi_appointment_record_note_data_by_application_key_and_id: { id: number };
  get_online_appointment_service_data_list_by_application_key: BookableService[];
  get_online_medi_appointment_service_data_list_by_application_key: BookableService[];
  get_online_appointment_slot_data_list_by_application_key_and_service_id: AppointmentSlots;
  get_online_medi_appointment_slot_data_list_by_application_key_and_service_id: AppointmentSlots;
  add_online_appointment_record_data: OnlineBooking;
  add_online_medi_appointment_record_data: OnlineBooking;
}

/** Each variant's action names, for the one implementation of both. */
export const APPOINTMENT_BOOKING_ACTIONS = {
  general: {
    slots: "get_appointment_slot_data_list_by_application_key_and_service_id",
    options: "get_appointment_booking_option_data_list_by_application_key",
    record: "get_appointment_record_data_by_application_key_and_id",
    book: "add_appointment_record_data",
    move: "update_appointment_record_time_data_by_application_key_and_id",
    status: "update_appointment_record_status_data_by_application_key_and_id",
    note: "update_appointment_record_note_data_by_application_key_and_id",
    onlineServices: "get_online_appointment_service_data_list_by_application_key",
    onlineSlots: "get_online_appointment_slot_data_list_by_application_key_and_service_id",
    onlineBook: "add_online_appointment_record_data",
  },
  medical: {
    slots: "get_medi_appointment_slot_data_list_by_application_key_and_service_id",
    options: "get_medi_appointment_booking_option_data_list_by_application_key",
    record: "get_medi_appointment_record_data_by_application_key_and_id",
    book: "add_medi_appointment_record_data",
    move: "update_medi_appointment_record_time_data_by_application_key_and_id",
    status: "update_medi_appointment_record_status_data_by_application_key_and_id",
    note: "update_medi_appointment_record_note_data_by_application_key_and_id",
    onlineServices: "get_online_medi_appointment_service_data_list_by_application_key",
    onlineSlots: "get_online_medi_appointment_slot_data_list_by_application_key_and_service_id",
    onlineBook: "add_online_medi_appointment_record_data",
  },
} as const satisfies Record<AppointmentVariant, Record<string, keyof typeof appointmentBookingPayloads>>;

/** The examples' booking day: the day after tomorrow in Hong Kong, clear of the example record's tomorrow. */
const EXAMPLE_DAY_OFFSET = 2;
const exampleDate = () =>
  new Date(Date.now() + 8 * 3_600_000 + EXAMPLE_DAY_OFFSET * 86_400_000).toISOString().slice(0, 10);

export interface AppointmentBookingExampleRecords {
  /**
   * A service of each variant open every day 10:00–18:00 HKT (1 h, capacity 1), and a guest's booking of
   * it tomorrow at 10:00 HKT (version 1).
   */
  appointment_booking_service_id: number;
  appointment_booking_id: number;
  medi_appointment_booking_service_id: number;
  medi_appointment_booking_id: number;
  /** The link's token of the general example booking. */
  appointment_booking_token: string;
}

type ExampleIds = { service: number; record: number };
const idsOf = (records: ExampleRecords, variant: AppointmentVariant): ExampleIds =>
  variant === "general"
    ? { service: records.appointment_booking_service_id, record: records.appointment_booking_id }
    : { service: records.medi_appointment_booking_service_id, record: records.medi_appointment_booking_id };

function variantExamples(variant: AppointmentVariant) {
  const of = (records: ExampleRecords) => ({ key: records.application_key, ...idsOf(records, variant) });
  return {
    slots: (records: ExampleRecords) => {
      const { key, service } = of(records);
      return { application_key: key, service_id: service, date_from: exampleDate(), date_to: exampleDate() };
    },
    options: (records: ExampleRecords) => ({ application_key: records.application_key, keyword: "a" }),
    record: (records: ExampleRecords) => ({ application_key: records.application_key, id: of(records).record }),
    book: (records: ExampleRecords) => ({
      application_key: records.application_key,
      service_id: of(records).service,
      date: exampleDate(),
      time: "11:00",
      member_id: records.member_id,
      note: "Walk-in",
    }),
    move: (records: ExampleRecords) => ({
      application_key: records.application_key,
      id: of(records).record,
      date: exampleDate(),
      time: "13:00",
      version: 1,
    }),
    status: (records: ExampleRecords) => ({
      application_key: records.application_key,
      id: of(records).record,
      status: "completed" as const,
    }),
    note: (records: ExampleRecords) => ({
      application_key: records.application_key,
      id: of(records).record,
      note: "Prefers the window seat",
      version: 1,
    }),
    onlineServices: (records: ExampleRecords) => ({ application_key: records.application_key }),
    onlineBook: (records: ExampleRecords) => ({
      application_key: records.application_key,
      idempotency_key: `example-${variant}-${of(records).service}`,
      service_id: of(records).service,
      starts_at: new Date(Date.parse(`${exampleDate()}T15:00:00+08:00`)).toISOString(),
      customer_name: "Chan Tai Man",
      customer_phone: "91234567",
      customer_email: "chan@example.com",
    }),
  };
}

const general = variantExamples("general");
const medical = variantExamples("medical");

export const appointmentBookingExamples: Examples<typeof appointmentBookingPayloads> = {
  get_appointment_slot_data_list_by_application_key_and_service_id: general.slots,
  get_medi_appointment_slot_data_list_by_application_key_and_service_id: medical.slots,
  get_appointment_booking_option_data_list_by_application_key: general.options,
  get_medi_appointment_booking_option_data_list_by_application_key: medical.options,
  get_appointment_record_data_by_application_key_and_id: general.record,
  get_medi_appointment_record_data_by_application_key_and_id: medical.record,
  add_appointment_record_data: general.book,
  add_medi_appointment_record_data: medical.book,
  update_appointment_record_time_data_by_application_key_and_id: general.move,
  update_medi_appointment_record_time_data_by_application_key_and_id: medical.move,
  update_appointment_record_status_data_by_application_key_and_id: general.status,
  update_medi_appointment_record_status_data_by_application_key_and_id: medical.status,
  update_appointment_record_note_data_by_application_key_and_id: general.note,
  update_medi_appointment_record_note_data_by_application_key_and_id: medical.note,
  get_online_appointment_service_data_list_by_application_key: general.onlineServices,
  get_online_medi_appointment_service_data_list_by_application_key: medical.onlineServices,
  get_online_appointment_slot_data_list_by_application_key_and_service_id: general.slots,
  get_online_medi_appointment_slot_data_list_by_application_key_and_service_id: medical.slots,
  add_online_appointment_record_data: general.onlineBook,
  add_online_medi_appointment_record_data: medical.onlineBook,
};

/** A booking link's token: the signed store, variant, booking and expiry (backend/booking-link.ts). */
export const bookingToken = z
  .string()
  .trim()
  .max(300)
  .regex(/^[\w.-]+$/);

/**
 * The customer's own page of one booking (`/booking/<token>`), both variants: the signed token is the only key
 * (permission public). Changes close at the service's minimum notice before the start (there is no separate
 * cancellation window); a link that is not valid, has expired or names no booking is 404 booking-link-invalid.
 */
export const appointmentSelfServicePayloads = {
  /** The booking, its store, and, for `date` (a Hong Kong date), the free times it may move to. */
  get_appointment_booking_link_data_by_token: z.object({ token: bookingToken, date: optional(isoDate()) }),
  /** Cancels the booking (409 booking-link-change-closed:<hours> once changes close; appointment-record-closed). */
  update_appointment_booking_link_cancel_data_by_token: z.object({ token: bookingToken }),
  /**
   * Moves the booking to a free time by the website's rules (409 appointment-outside-booking-window, 422
   * service-time-cannot-cover-span, 409 appointment-time-overlap), while changes are open.
   */
  update_appointment_booking_link_time_data_by_token: z.object({
    token: bookingToken,
    starts_at: z.iso.datetime({ error: "force-input" }),
  }),
};

export interface BookingLinkPage {
  id: number;
  variant: AppointmentVariant;
  status: (typeof APPOINTMENT_RECORD_STATUSES)[number];
  service: Names & { duration_minutes: number };
  provider: Names;
  customer_name: string;
  starts_at: string;
  ends_at: string;
  price_cents: number;
  store: {
    name: string;
    logo_img_url: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  };
  /** The service's minimum notice: changes close that many hours before the start. */
  min_notice_hours: number;
  /** When changes close. */
  change_until: string;
  /** Whether the customer may cancel or reschedule now: booked, and before `change_until`. */
  can_change: boolean;
  /** The Hong Kong dates a new time may be on: today to the end of the booking window. */
  first_date: string;
  last_date: string;
  /** The asked date's free times by the website's rules, the booking's own time counted free; null when none asked. */
  day: AppointmentDaySlots | null;
}

export interface AppointmentSelfServiceResults {
  get_appointment_booking_link_data_by_token: BookingLinkPage;
  update_appointment_booking_link_cancel_data_by_token: { id: number };
  /** The new link to the moved booking (its expiry follows the new start). */
  update_appointment_booking_link_time_data_by_token: { id: number; path: string | null };
}

export const appointmentSelfServiceExamples: Examples<typeof appointmentSelfServicePayloads> = {
  get_appointment_booking_link_data_by_token: (records) => ({
    token: records.appointment_booking_token,
    date: exampleDate(),
  }),
  update_appointment_booking_link_cancel_data_by_token: (records) => ({ token: records.appointment_booking_token }),
  update_appointment_booking_link_time_data_by_token: (records) => ({
    token: records.appointment_booking_token,
    starts_at: new Date(Date.parse(`${exampleDate()}T16:00:00+08:00`)).toISOString(),
  }),
};
