import * as z from "zod";
import { bookingCustomerFields, confirmOutsideRules, requireGuest } from "../appointment-booking/contract";
import type { Examples } from "../../contract/examples";
import { isoDate, multilineText, nullable, optional, text, whileValid } from "../../contract/field-rules";
import { RENTING_PRODUCT_STATUSES, RENTING_RECORD_STATUSES } from "../../contract/options";
import { applicationKey, cents, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";
import { CUSTOMER_LANGUAGES, type PayLinkRef } from "../../contract/pay-link-message";
import { RENTING_PRODUCT_SORTS, RENTING_RECORD_SORTS } from "./options";

/**
 * Renting (module `renting`; docs/modules.md "Renting"): the products a store lends out and their
 * rentals, booked (success) → picked up (rented) → returned → completed (deposit settled), or cancelled.
 */

/** The most units a product owns (the table's CHECK) and a rental takes. */
export const MAX_RENTING_UNITS = 100_000;
export const MAX_RENTING_IMAGES = 5;
export const MAX_RENTING_DESCRIPTION_LENGTH = 2_000;
export const MAX_RENTING_NOTE_LENGTH = 1_000;
export const MAX_DEDUCTION_NOTE_LENGTH = 500;
/** The longest rental, in days. */
export const MAX_RENTAL_DAYS = 366;
/** How many members the rental form's search lists, and how many products it offers. */
export const MAX_RENTING_MEMBER_MATCHES = 20;
export const MAX_RENTING_PRODUCT_CHOICES = 100;
/** The rentals one calendar month shows at most (a product's month holds far fewer). */
export const MAX_CALENDAR_RECORDS = 500;

export type RentingProductStatus = (typeof RENTING_PRODUCT_STATUSES)[number];
export type RentingRecordStatus = (typeof RENTING_RECORD_STATUSES)[number];

/** The moves a rental makes, each from the one status before it. */
export const RENTING_RECORD_MOVES = ["rented", "returned", "completed", "cancelled"] as const;
export type RentingRecordMove = (typeof RENTING_RECORD_MOVES)[number];
export const STATUS_BEFORE: Record<RentingRecordMove, RentingRecordStatus> = {
  rented: "success",
  returned: "rented",
  completed: "returned",
  cancelled: "success",
};

export const rentingProductFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  description_zh_hk: optional(multilineText({ max: MAX_RENTING_DESCRIPTION_LENGTH })),
  description_en: optional(multilineText({ max: MAX_RENTING_DESCRIPTION_LENGTH })),
  images: z.array(uploadedFileUrl()).max(MAX_RENTING_IMAGES).default([]),
  units_owned: wholeNumber(0, MAX_RENTING_UNITS),
  price_per_day_cents: cents,
  /** Optional: a week (7 days) or a month (30 days) is charged instead of its days when cheaper. */
  price_per_week_cents: nullable(cents),
  price_per_month_cents: nullable(cents),
  /** Per unit, taken at booking and refunded on return less any deduction. */
  deposit_cents: cents.default(0),
  late_fee_per_day_cents: cents.default(0),
  status: z.enum(RENTING_PRODUCT_STATUSES, { error: "force-input" }).default("rentable"),
};

/** A UTC instant (ISO 8601), kept in one form (milliseconds and Z) so that instants compare as text. */
const instant = z.iso.datetime({ error: "format-not-match" }).transform((value) => new Date(value).toISOString());

/** A rental's start and end (forms type them in Hong Kong time), the end after the start, at most MAX_RENTAL_DAYS. */
export const rentalRange = { starts_at: instant, ends_at: instant };

export function refineRentalRange(value: { starts_at: string; ends_at: string }, context: z.core.$RefinementCtx) {
  if (value.ends_at <= value.starts_at) {
    context.addIssue({ code: "custom", message: "end-date-before-start", path: ["ends_at"] });
  } else if (Date.parse(value.ends_at) - Date.parse(value.starts_at) > MAX_RENTAL_DAYS * 86_400_000) {
    context.addIssue({ code: "custom", message: "format-not-match", path: ["ends_at"] });
  }
}

/** Who rents (a member or a guest), how many units, when, and a note; the same for booking and editing. */
export const rentingRecordFields = {
  ...bookingCustomerFields,
  units: wholeNumber(1, MAX_RENTING_UNITS),
  ...rentalRange,
  note: optional(multilineText({ max: MAX_RENTING_NOTE_LENGTH })),
};

export function refineRentingRecord(
  value: {
    member_id: number | null;
    customer_name?: string;
    customer_phone?: string;
    starts_at: string;
    ends_at: string;
  },
  context: z.core.$RefinementCtx,
) {
  requireGuest(value, context);
  refineRentalRange(value, context);
}

const byId = { application_key: applicationKey, id };
const storeKey = { application_key: applicationKey };

export const rentingPayloads = {
  get_renting_product_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(RENTING_PRODUCT_SORTS),
    /** Anywhere in the Chinese or English name. */
    keyword,
    status: optional(z.enum(RENTING_PRODUCT_STATUSES)),
  }),
  get_renting_product_data_by_application_key_and_id: z.object(byId),
  add_renting_product_data: z.object({ ...storeKey, ...rentingProductFields }),
  /** Units owned cannot drop below what its rentals hold at one moment (409 renting-units-unavailable). */
  update_renting_product_data_by_application_key_and_id: z.object({ ...rentingProductFields, ...byId, version }),
  /**
   * One product's calendar month (Hong Kong days): each day's most units booked or rented at one moment,
   * and the rentals within the month.
   */
  get_renting_calendar_data_by_application_key: z.object({
    ...storeKey,
    product_id: id,
    month: text({ max: 7 }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "format-not-match", ...whileValid }),
  }),

  get_renting_record_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(RENTING_RECORD_SORTS),
    /** Anywhere in the customer's name or phone. */
    keyword,
    status: optional(z.enum(RENTING_RECORD_STATUSES)),
    product_id: optional(id),
    /** Rentals starting in these Hong Kong days, both included. */
    date_from: optional(isoDate()),
    date_to: optional(isoDate()),
  }),
  /** The rental, and while it is out what returning it at `returned_at` (now without one) would charge. */
  get_renting_record_data_by_application_key_and_id: z.object({ ...byId, returned_at: optional(instant) }),
  /** The rental form's choices: the rentable products, and the members matching the keyword (none without one). */
  get_renting_record_option_data_list_by_application_key: z.object({ ...storeKey, keyword }),
  /** What renting `units` of the product over the range costs, as booking it would charge. */
  get_renting_price_data_by_application_key: z
    .object({ ...storeKey, product_id: id, units: wholeNumber(1, MAX_RENTING_UNITS), ...rentalRange })
    .superRefine(refineRentalRange),
  /**
   * Books units of a rentable product at the cheapest price for the range (the server works out rent and
   * deposit). Refused: an unrentable product (409 renting-product-unrentable), more units than are free
   * at some moment of [starts_at, ends_at) (409 renting-units-unavailable, from the database), a start
   * on a Hong Kong date before today (409 renting-start-passed, on `starts_at`) unless `confirm_outside_rules`.
   */
  add_renting_record_data: z
    .object({ ...storeKey, product_id: id, ...rentingRecordFields, ...confirmOutsideRules })
    .superRefine(refineRentingRecord),
  /** A booked rental's customer, units, range and note over `version`; rent and deposit are worked out again. */
  update_renting_record_data_by_application_key_and_id: z
    .object({ ...byId, ...rentingRecordFields, version })
    .superRefine(refineRentingRecord),
  /**
   * Moves the rental on over `version`: picked up (rented), returned (at `returned_at`, now without one;
   * the late fee is charged), completed (the deposit settled: `deposit_refunded_cents`, all of it without
   * one; less needs `deposit_deduction_note`), or cancelled while booked.
   */
  update_renting_record_status_data_by_application_key_and_id: z.object({
    ...byId,
    status: z.enum(RENTING_RECORD_MOVES, { error: "force-input" }),
    version,
    returned_at: optional(instant),
    deposit_refunded_cents: optional(cents),
    deposit_deduction_note: optional(text({ max: MAX_DEDUCTION_NOTE_LENGTH })),
  }),
  /**
   * E-mails the customer of a booked rental the link to pay its deposit (`pay_link`), in `language`. Refused: not
   * booked or no deposit (409 `pay-link-not-owed`), no customer e-mail (409 `pay-link-no-email`).
   */
  add_renting_record_pay_link_email_data: z.object({ ...byId, language: z.enum(CUSTOMER_LANGUAGES) }),
};

export interface RentingProductRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  description_zh_hk: string;
  description_en: string;
  images: string[];
  units_owned: number;
  price_per_day_cents: number;
  price_per_week_cents: number | null;
  price_per_month_cents: number | null;
  deposit_cents: number;
  late_fee_per_day_cents: number;
  status: RentingProductStatus;
  create_date: string;
  version: number;
}

export interface RentingRecordRecord {
  id: number;
  product_id: number;
  product: { name_zh_hk: string; name_en: string };
  member_id: number | null;
  member_code: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  units: number;
  starts_at: string;
  ends_at: string;
  rent_cents: number;
  deposit_cents: number;
  late_fee_cents: number;
  deposit_refunded_cents: number | null;
  deposit_deduction_note: string;
  status: RentingRecordStatus;
  picked_up_at: string | null;
  returned_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  /** When the hourly job reminded the customer it is due back (backend/booking-reminders.ts); null: not yet. */
  reminded_at: string | null;
  note: string;
  actor_email: string | null;
  create_date: string;
  version: number;
}

export interface RentingRecordDetail extends RentingRecordRecord {
  late_fee_per_day_cents: number;
  /** While rented: the return at the asked time (now without one) and its late fee. */
  return_preview: { returned_at: string; late_days: number; late_fee_cents: number } | null;
  /**
   * The customer's link to pay the deposit while the rental is booked (`success`: the records keep no mark of a
   * deposit paid, so a booked rental with a deposit owes it); null otherwise (backend/pay-link.ts).
   */
  pay_link: PayLinkRef | null;
}

export interface RentingPrice {
  days: number;
  months: number;
  weeks: number;
  extra_days: number;
  rent_cents: number;
  deposit_cents: number;
}

export interface RentingProductChoice {
  id: number;
  name_zh_hk: string;
  name_en: string;
  units_owned: number;
  price_per_day_cents: number;
  price_per_week_cents: number | null;
  price_per_month_cents: number | null;
  deposit_cents: number;
}

export interface RentingOptions {
  products: RentingProductChoice[];
  members: { id: number; name: string; member_code: string; phone: string; email: string }[];
}

export interface RentingCalendar {
  product: RentingProductChoice;
  /** Every Hong Kong day of the month with the most units booked or rented at one moment of it. */
  days: { date: string; booked_units: number }[];
  /** The rentals (cancelled ones left out) overlapping the month, by start. */
  records: RentingRecordRecord[];
}

export interface RentingResults {
  get_renting_product_data_and_total_number_by_sorting_and_limit: RentingProductRecord[];
  get_renting_product_data_by_application_key_and_id: RentingProductRecord;
  add_renting_product_data: { id: number };
  update_renting_product_data_by_application_key_and_id: null;
  get_renting_calendar_data_by_application_key: RentingCalendar;
  get_renting_record_data_and_total_number_by_sorting_and_limit: RentingRecordRecord[];
  get_renting_record_data_by_application_key_and_id: RentingRecordDetail;
  get_renting_record_option_data_list_by_application_key: RentingOptions;
  get_renting_price_data_by_application_key: RentingPrice;
  add_renting_record_data: { id: number };
  update_renting_record_data_by_application_key_and_id: null;
  update_renting_record_status_data_by_application_key_and_id: null;
  add_renting_record_pay_link_email_data: { sent_to: string };
}

/** The example product as the registry tests create it (tests/integration/wire.ts). */
export const EXAMPLE_RENTING_PRODUCT = {
  name_zh_hk: "帳篷",
  name_en: "Tent",
  units_owned: 5,
  price_per_day_cents: 10_000,
  price_per_week_cents: 50_000,
  deposit_cents: 20_000,
};

const exampleRange = { starts_at: "2031-01-01T02:00:00.000Z", ends_at: "2031-01-03T02:00:00.000Z" };
const exampleGuest = { customer_name: "陳大文", customer_phone: "91234567" };

export interface RentingExampleRecords {
  /**
   * A rentable product (EXAMPLE_RENTING_PRODUCT, version 1) with a guest's booked rental of 1 unit in June
   * 2030 (version 1) and another booked rental, which the status example cancels.
   */
  renting_product_id: number;
  renting_record_id: number;
  cancellable_renting_record_id: number;
}

export const rentingExamples: Examples<typeof rentingPayloads> = {
  get_renting_product_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Tent",
    status: "rentable",
  }),
  get_renting_product_data_by_application_key_and_id: ({ application_key, renting_product_id }) => ({
    application_key,
    id: renting_product_id,
  }),
  add_renting_product_data: ({ application_key, uploaded_image_url }) => ({
    application_key,
    ...EXAMPLE_RENTING_PRODUCT,
    name_en: "Bicycle",
    images: [uploaded_image_url],
  }),
  update_renting_product_data_by_application_key_and_id: ({ application_key, renting_product_id }) => ({
    application_key,
    id: renting_product_id,
    ...EXAMPLE_RENTING_PRODUCT,
    version: 1,
  }),
  get_renting_calendar_data_by_application_key: ({ application_key, renting_product_id }) => ({
    application_key,
    product_id: renting_product_id,
    month: "2030-06",
  }),
  get_renting_record_data_and_total_number_by_sorting_and_limit: ({ application_key, renting_product_id }) => ({
    application_key,
    keyword: "Chan",
    status: "success",
    product_id: renting_product_id,
    date_from: "2030-01-01",
    date_to: "2030-12-31",
  }),
  get_renting_record_data_by_application_key_and_id: ({ application_key, renting_record_id }) => ({
    application_key,
    id: renting_record_id,
  }),
  get_renting_record_option_data_list_by_application_key: ({ application_key }) => ({ application_key, keyword: "a" }),
  get_renting_price_data_by_application_key: ({ application_key, renting_product_id }) => ({
    application_key,
    product_id: renting_product_id,
    units: 2,
    ...exampleRange,
  }),
  add_renting_record_data: ({ application_key, renting_product_id }) => ({
    application_key,
    product_id: renting_product_id,
    units: 1,
    ...exampleRange,
    ...exampleGuest,
  }),
  update_renting_record_data_by_application_key_and_id: ({ application_key, renting_record_id, member_id }) => ({
    application_key,
    id: renting_record_id,
    member_id,
    units: 2,
    starts_at: "2030-06-01T02:00:00.000Z",
    ends_at: "2030-06-04T02:00:00.000Z",
    version: 1,
  }),
  update_renting_record_status_data_by_application_key_and_id: ({
    application_key,
    cancellable_renting_record_id,
  }) => ({ application_key, id: cancellable_renting_record_id, status: "cancelled", version: 1 }),
  add_renting_record_pay_link_email_data: ({ application_key, renting_record_id }) => ({
    application_key,
    id: renting_record_id,
    language: "zh-HK",
  }),
};
