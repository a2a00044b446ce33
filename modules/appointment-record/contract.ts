import * as z from "zod";
import { daysBetween } from "../../contract/dates";
import type { Examples } from "../../contract/examples";
import { alphanumeric, isoDate, multilineText, nullable, optional, whileValid } from "../../contract/field-rules";
import { APPOINTMENT_CHANNELS, APPOINTMENT_RECORD_STATUSES, PATIENT_GENDERS } from "../../contract/options";
import { applicationKey, id, keyword, sorting, version } from "../../contract/parts";
import { APPOINTMENT_RECORD_SORTS } from "./options";

/**
 * Appointment records (modules `appointment` and `medi_appointment`): the list of bookings with its
 * filters, the day view per provider, and a medical booking's patient details, which only
 * `store:medi_appointment:admin` reads, saves or erases.
 */

/** The list's orders: start time (the default), then when it was booked. */

/** Bookings one day view shows at most (a provider's day holds far fewer). */
export const MAX_DAY_BOOKINGS = 500;
export const MAX_ALLERGIES_LENGTH = 1_000;
export const MAX_MEDICAL_NOTES_LENGTH = 2_000;
/** Patient rows one export call reads: a list page's worth. */
export const MAX_PATIENT_IDS = 100;

const listPayload = z.object({
  application_key: applicationKey,
  ...sorting(APPOINTMENT_RECORD_SORTS),
  /** Anywhere in the customer's name, phone or e-mail. */
  keyword,
  service_id: optional(id),
  provider_id: optional(id),
  status: optional(z.enum(APPOINTMENT_RECORD_STATUSES)),
  /** Hong Kong days of the start, both included. */
  date_from: optional(isoDate()),
  date_to: optional(isoDate()),
});

/** The most Hong Kong days one calendar read covers: a week. */
export const MAX_CALENDAR_DAYS = 7;

const dayPayload = z
  .object({
    application_key: applicationKey,
    /** A Hong Kong day, the first of the range. */
    date: isoDate(),
    /** The last Hong Kong day of the range (a week's Sunday), at most MAX_CALENDAR_DAYS in all; `date` when left out. */
    date_to: optional(isoDate()),
  })
  .refine(
    ({ date, date_to }) =>
      date_to === undefined || (daysBetween(date, date_to) >= 0 && daysBetween(date, date_to) < MAX_CALENDAR_DAYS),
    { error: "format-not-match", path: ["date_to"] },
  );

const recordId = { application_key: applicationKey, id };

/** The last four characters of an HKID card (letters or digits), never the whole number. */
const hkidLastFour = alphanumeric({ max: 4 })
  .regex(/^.{4}$/, { error: "format-not-match", ...whileValid })
  .transform((value) => value.toUpperCase());

export const patientFields = {
  date_of_birth: nullable(isoDate()),
  gender: nullable(z.enum(PATIENT_GENDERS)),
  hkid_last_four: nullable(hkidLastFour),
  allergies: optional(multilineText({ max: MAX_ALLERGIES_LENGTH })),
  medical_notes: optional(multilineText({ max: MAX_MEDICAL_NOTES_LENGTH })),
};

/**
 * Saves the details over `version` (the one the form was loaded with; null when there were none yet):
 * anything else saved or erased meanwhile answers 409 `edited-elsewhere`.
 */
const patientPayload = z.object({ ...recordId, version: version.nullable(), ...patientFields });

const patientListPayload = z.object({
  application_key: applicationKey,
  record_ids: z.array(id).max(MAX_PATIENT_IDS),
});

export type AppointmentRecordStatus = (typeof APPOINTMENT_RECORD_STATUSES)[number];
export type PatientGender = (typeof PATIENT_GENDERS)[number];

export const appointmentRecordPayloads = {
  get_appointment_record_data_and_total_number_by_sorting_and_limit: listPayload,
  /** One Hong Kong day, or a range of up to a week (the calendar's day and week). */
  get_appointment_record_data_list_by_application_key_and_date: dayPayload,
  get_medi_appointment_record_data_and_total_number_by_sorting_and_limit: listPayload,
  get_medi_appointment_record_data_list_by_application_key_and_date: dayPayload,
  /** A medical booking's patient details (empty ones when none were saved), with whose and when. */
  get_medi_appointment_patient_data_by_application_key_and_id: z.object(recordId),
  /** The patient details of the given medical bookings that have any (the export's columns). */
  get_medi_appointment_patient_data_list_by_application_key_and_record_ids: patientListPayload,
  update_medi_appointment_patient_data_by_application_key_and_id: patientPayload,
  /** Erases the details for good; the booking stays. */
  delete_medi_appointment_patient_data_by_application_key_and_id: z.object(recordId),
};

export interface AppointmentRecordRecord {
  id: number;
  service_id: number;
  service: { name_zh_hk: string; name_en: string };
  provider_id: number;
  provider: { name_zh_hk: string; name_en: string };
  member_id: number | null;
  member_code: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  starts_at: string;
  ends_at: string;
  price_cents: number;
  status: AppointmentRecordStatus;
  channel: (typeof APPOINTMENT_CHANNELS)[number];
  create_date: string;
  /** The version a move (the calendar's drag) is made over. */
  version: number;
}

/** A service or provider of the variant, for the list's filters. */
export interface AppointmentRecordChoice {
  id: number;
  name_zh_hk: string;
  name_en: string;
}

/** A provider's open time on a Hong Kong day (HH:MM, Hong Kong time): one merged range of their services' schedules. */
export interface AppointmentOpenTime {
  provider_id: number;
  date: string;
  start: string;
  end: string;
}

/** A Hong Kong day the store is closed (a holiday closure), with the closure's reason. */
export interface AppointmentClosedDay {
  date: string;
  name_zh_hk: string;
  name_en: string;
}

/**
 * Hong Kong days (one, or up to a week): the providers (active ones, and any other with a booking in the range),
 * the bookings by start, the providers' open times (their bookable services' schedules; none on a closed day) and
 * the store's holiday closures.
 */
export interface AppointmentDay {
  providers: (AppointmentRecordChoice & { active: boolean })[];
  records: AppointmentRecordRecord[];
  open_times: AppointmentOpenTime[];
  closed_days: AppointmentClosedDay[];
}

export interface AppointmentPatientFields {
  date_of_birth: string | null;
  gender: PatientGender | null;
  hkid_last_four: string | null;
  allergies: string;
  medical_notes: string;
}

export interface AppointmentPatientDetail extends AppointmentPatientFields {
  record_id: number;
  customer_name: string;
  starts_at: string;
  ends_at: string;
  /** Null while no details are saved. */
  version: number | null;
}

export interface AppointmentRecordResults {
  get_appointment_record_data_and_total_number_by_sorting_and_limit: AppointmentRecordRecord[];
  get_appointment_record_data_list_by_application_key_and_date: AppointmentDay;
  get_medi_appointment_record_data_and_total_number_by_sorting_and_limit: AppointmentRecordRecord[];
  get_medi_appointment_record_data_list_by_application_key_and_date: AppointmentDay;
  get_medi_appointment_patient_data_by_application_key_and_id: AppointmentPatientDetail;
  get_medi_appointment_patient_data_list_by_application_key_and_record_ids: (AppointmentPatientFields & {
    record_id: number;
  })[];
  update_medi_appointment_patient_data_by_application_key_and_id: { version: number };
  delete_medi_appointment_patient_data_by_application_key_and_id: null;
}

const listExample = ({ application_key }: { application_key: string }) => ({
  application_key,
  keyword: "Chan",
  status: "success" as const,
  date_from: "2026-01-01",
  date_to: "2026-12-31",
});

export interface AppointmentRecordExampleRecords {
  /**
   * A general booking of `appointment_service_id`, and a medical one of `medi_appointment_service_id` with
   * patient details (version 1), tomorrow (the patient examples save over version 1, then erase them).
   */
  appointment_record_id: number;
  medi_appointment_record_id: number;
}

export const appointmentRecordExamples: Examples<typeof appointmentRecordPayloads> = {
  get_appointment_record_data_and_total_number_by_sorting_and_limit: listExample,
  get_appointment_record_data_list_by_application_key_and_date: ({ application_key }) => ({
    application_key,
    date: "2026-12-01",
  }),
  get_medi_appointment_record_data_and_total_number_by_sorting_and_limit: listExample,
  get_medi_appointment_record_data_list_by_application_key_and_date: ({ application_key }) => ({
    application_key,
    date: "2026-11-30",
    date_to: "2026-12-06",
  }),
  get_medi_appointment_patient_data_by_application_key_and_id: ({ application_key, medi_appointment_record_id }) => ({
    application_key,
    id: medi_appointment_record_id,
  }),
  get_medi_appointment_patient_data_list_by_application_key_and_record_ids: ({
    application_key,
    medi_appointment_record_id,
  }) => ({ application_key, record_ids: [medi_appointment_record_id] }),
  update_medi_appointment_patient_data_by_application_key_and_id: ({
    application_key,
    medi_appointment_record_id,
  }) => ({
    application_key,
    id: medi_appointment_record_id,
    version: 1,
    date_of_birth: "1980-02-29",
    gender: "female",
    hkid_last_four: "123A",
    allergies: "Penicillin",
    medical_notes: "Knee pain after running.",
  }),
  delete_medi_appointment_patient_data_by_application_key_and_id: ({
    application_key,
    medi_appointment_record_id,
  }) => ({ application_key, id: medi_appointment_record_id }),
};
