import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { isoDate, multilineText, nullable, optional, phone, text } from "../../contract/field-rules";
import {
  ENQUIRY_MESSAGE_SENDERS,
  ENQUIRY_STATUSES,
  ENQUIRY_TIME_SLOTS,
  type EnquiryKind,
  type EnquiryStatus,
} from "../../contract/options";
import { applicationKey, email, id, keyword, sorting, version } from "../../contract/parts";
import { ENQUIRY_SORTS } from "./options";

/**
 * Enquiries (modules `enquiry` and `medi_enquiry`): what visitors send through the store's website, and the
 * store's replies. One table and one implementation for both kinds; each kind has its own actions, so each
 * is behind its own module's permission (a medical enquiry's personal data only with `medi_enquiry`).
 */

export const MAX_ENQUIRY_SUBJECT_LENGTH = 150;
export const MAX_ENQUIRY_MESSAGE_LENGTH = 2_000;
export const MAX_ENQUIRY_NOTE_LENGTH = 1_000;

const generalFields = {
  name: text(),
  email,
  /** Spec §5's phone: 8 digits, the first 2-9. */
  phone: nullable(phone()),
  subject: text({ max: MAX_ENQUIRY_SUBJECT_LENGTH }),
  message: multilineText({ max: MAX_ENQUIRY_MESSAGE_LENGTH }),
};

const medicalFields = {
  ...generalFields,
  date_of_birth: nullable(isoDate()),
  /** A Hong Kong day. */
  preferred_date: nullable(isoDate()),
  preferred_time_slot: nullable(z.enum(ENQUIRY_TIME_SLOTS)),
  /** The practitioner or service asked about, as the visitor wrote it. */
  practitioner: nullable(text()),
};

const enquiryId = { application_key: applicationKey, id };

const listPayload = z.object({
  application_key: applicationKey,
  ...sorting(ENQUIRY_SORTS),
  /** Anywhere in the name, e-mail, phone or subject. */
  keyword,
  status: optional(z.enum(ENQUIRY_STATUSES)),
  /** Hong Kong days, both included. */
  created_from: optional(isoDate()),
  created_to: optional(isoDate()),
});

/** Staff's handling of an enquiry: saved only over `version` (409 `edited-elsewhere`). */
const updatePayload = z.object({
  ...enquiryId,
  version,
  status: z.enum(ENQUIRY_STATUSES),
  /** A store staff account of the store, or nobody. */
  assignee_id: nullable(id),
  note: nullable(multilineText({ max: MAX_ENQUIRY_NOTE_LENGTH })),
});

/** A reply: e-mailed to the enquirer, kept in the thread, and the enquiry becomes `replied`. */
const replyPayload = z.object({
  application_key: applicationKey,
  enquiry_id: id,
  message: multilineText({ max: MAX_ENQUIRY_MESSAGE_LENGTH }),
});

export const enquiryPayloads = {
  /** From the store's website (public, rate-limited per store and client address). */
  add_enquiry_data: z.object({ application_key: applicationKey, ...generalFields }),
  get_enquiry_data_and_total_number_by_sorting_and_limit: listPayload,
  /** The enquiry with its thread and the store staff it may be assigned to. */
  get_enquiry_data_by_application_key_and_id: z.object(enquiryId),
  update_enquiry_data_by_application_key_and_id: updatePayload,
  add_enquiry_reply_data: replyPayload,
  /** For good: the log keeps that it was deleted, not what it said. */
  delete_enquiry_data_by_application_key_and_id: z.object(enquiryId),

  /** From the store's website (public, rate-limited per store and client address). */
  add_medi_enquiry_data: z.object({ application_key: applicationKey, ...medicalFields }),
  get_medi_enquiry_data_and_total_number_by_sorting_and_limit: listPayload,
  get_medi_enquiry_data_by_application_key_and_id: z.object(enquiryId),
  update_medi_enquiry_data_by_application_key_and_id: updatePayload,
  add_medi_enquiry_reply_data: replyPayload,
  delete_medi_enquiry_data_by_application_key_and_id: z.object(enquiryId),
};

export interface EnquiryRecord {
  id: number;
  kind: EnquiryKind;
  status: EnquiryStatus;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  /** Medical enquiries only; null for general ones. */
  date_of_birth: string | null;
  preferred_date: string | null;
  preferred_time_slot: (typeof ENQUIRY_TIME_SLOTS)[number] | null;
  practitioner: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  note: string | null;
  create_date: string;
  version: number;
}

export interface EnquiryMessageRecord {
  id: number;
  sender: (typeof ENQUIRY_MESSAGE_SENDERS)[number];
  /** The staff member's e-mail for a reply; null for the enquirer's own message. */
  author_email: string | null;
  body: string;
  create_date: string;
}

export interface EnquiryDetail extends EnquiryRecord {
  messages: EnquiryMessageRecord[];
  /** Who it may be assigned to: the store's staff accounts that are not disabled, by name. */
  staff: { id: number; name: string }[];
}

export interface EnquiryResults {
  add_enquiry_data: { id: number };
  get_enquiry_data_and_total_number_by_sorting_and_limit: EnquiryRecord[];
  get_enquiry_data_by_application_key_and_id: EnquiryDetail;
  update_enquiry_data_by_application_key_and_id: null;
  add_enquiry_reply_data: { id: number };
  delete_enquiry_data_by_application_key_and_id: null;
  add_medi_enquiry_data: { id: number };
  get_medi_enquiry_data_and_total_number_by_sorting_and_limit: EnquiryRecord[];
  get_medi_enquiry_data_by_application_key_and_id: EnquiryDetail;
  update_medi_enquiry_data_by_application_key_and_id: null;
  add_medi_enquiry_reply_data: { id: number };
  delete_medi_enquiry_data_by_application_key_and_id: null;
}

const listExample = ({ application_key }: { application_key: string }) => ({
  application_key,
  keyword: "Chan",
  status: "new" as const,
  created_from: "2026-01-01",
  created_to: "2026-12-31",
});

export interface EnquiryExampleRecords {
  /** A new enquiry of each kind (version 1), and one of each kind the delete examples remove. */
  enquiry_id: number;
  closed_enquiry_id: number;
  medi_enquiry_id: number;
  closed_medi_enquiry_id: number;
}

export const enquiryExamples: Examples<typeof enquiryPayloads> = {
  add_enquiry_data: ({ application_key }) => ({
    application_key,
    name: "Chan Tai Man",
    email: "chan@example.com",
    phone: "91234567",
    subject: "Opening hours",
    message: "Are you open on public holidays?",
  }),
  get_enquiry_data_and_total_number_by_sorting_and_limit: listExample,
  get_enquiry_data_by_application_key_and_id: ({ application_key, enquiry_id }) => ({
    application_key,
    id: enquiry_id,
  }),
  update_enquiry_data_by_application_key_and_id: ({ application_key, enquiry_id, store_staff_id }) => ({
    application_key,
    id: enquiry_id,
    version: 1,
    status: "in_progress",
    assignee_id: store_staff_id,
    note: "Call back on Monday",
  }),
  add_enquiry_reply_data: ({ application_key, enquiry_id }) => ({
    application_key,
    enquiry_id,
    message: "Yes, from 10:00 to 18:00.",
  }),
  delete_enquiry_data_by_application_key_and_id: ({ application_key, closed_enquiry_id }) => ({
    application_key,
    id: closed_enquiry_id,
  }),
  add_medi_enquiry_data: ({ application_key }) => ({
    application_key,
    name: "Wong Siu Ming",
    email: "wong@example.com",
    phone: "61234567",
    subject: "Physiotherapy",
    message: "My knee hurts after running.",
    date_of_birth: "1985-06-01",
    preferred_date: "2026-12-01",
    preferred_time_slot: "morning",
    practitioner: "Dr. Lee",
  }),
  get_medi_enquiry_data_and_total_number_by_sorting_and_limit: listExample,
  get_medi_enquiry_data_by_application_key_and_id: ({ application_key, medi_enquiry_id }) => ({
    application_key,
    id: medi_enquiry_id,
  }),
  update_medi_enquiry_data_by_application_key_and_id: ({ application_key, medi_enquiry_id }) => ({
    application_key,
    id: medi_enquiry_id,
    version: 1,
    status: "closed",
    assignee_id: null,
    note: null,
  }),
  add_medi_enquiry_reply_data: ({ application_key, medi_enquiry_id }) => ({
    application_key,
    enquiry_id: medi_enquiry_id,
    message: "Please call us to book.",
  }),
  delete_medi_enquiry_data_by_application_key_and_id: ({ application_key, closed_medi_enquiry_id }) => ({
    application_key,
    id: closed_medi_enquiry_id,
  }),
};
