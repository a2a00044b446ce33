import * as z from "zod";
import { hongKongDateTime } from "../promotion/contract";
import type { Examples } from "../../contract/examples";
import { isoDate, multilineText, nullable, optional, text } from "../../contract/field-rules";
import { MONTHLY_FEE_STATUSES, PAYMENT_METHODS } from "../../contract/options";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { MONTHLY_FEE_PLAN_SORTS, MONTHLY_FEE_PLAN_STATUSES, MONTHLY_FEE_RECORD_SORTS } from "./options";
import { CUSTOMER_LANGUAGES, type PayLinkRef } from "../../contract/pay-link-message";

/**
 * Monthly fees (module `monthly_fee`; docs/modules.md "Monthly fees"): the plans a member can be on, one fee
 * record per member and period, the daily renewal job and its reminder e-mails.
 */

/** A plan runs for 1 to 366 days (the table's CHECK); the reminder goes 0 (on the day) to 30 days ahead. */
export const MAX_PLAN_DAYS = 366;
export const MAX_REMINDER_DAYS = 30;
export const MONTHLY_FEE_NOTE_MAX = 500;
/** The members the add form's search offers at once. */
export const MAX_MONTHLY_MEMBER_CHOICES = 20;
/** The records one member's page lists (newest first): ten years of monthly fees. */
export const MAX_MEMBER_RECORDS = 120;

export const monthlyFeePlanFields = {
  name_zh_hk: text(),
  name_en: text({ required: false }),
  days: wholeNumber(1, MAX_PLAN_DAYS),
  price_cents: cents,
  active: flag,
};

export const monthlyFeeSettingFields = {
  reminder_days: wholeNumber(0, MAX_REMINDER_DAYS),
};

/**
 * A new record. `days` and `amount_cents` are the plan's as the form showed them: the database refuses
 * them when the plan has changed since (`monthly-fee-plan-mismatch`).
 */
export const monthlyFeeRecordFields = {
  member_id: id,
  plan_id: id,
  /** The period's first day (Hong Kong date); it ends `days` − 1 days later. */
  period_start: isoDate(),
  days: wholeNumber(1, MAX_PLAN_DAYS),
  amount_cents: cents,
  renews: flag,
  note: nullable(multilineText({ max: MONTHLY_FEE_NOTE_MAX, required: false })),
};

const byId = { application_key: applicationKey, id };
const storeKey = { application_key: applicationKey };

export const monthlyFeePayloads = {
  get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(MONTHLY_FEE_PLAN_SORTS),
    /** A word anywhere in the Chinese or English name. */
    keyword,
    status: optional(z.enum(MONTHLY_FEE_PLAN_STATUSES)),
  }),
  get_monthly_fee_plan_data_by_application_key_and_id: z.object(byId),
  add_monthly_fee_plan_data: z.object({ ...storeKey, ...monthlyFeePlanFields }),
  /** Records already made keep their days and amount; the renewal job charges the plan's new ones. */
  update_monthly_fee_plan_data_by_application_key_and_id: z.object({ ...monthlyFeePlanFields, ...byId, version }),
  /** Only a plan without records (409 record-in-use): make it inactive instead. */
  delete_monthly_fee_plan_data_by_application_key_and_id: z.object(byId),

  get_monthly_fee_setting_data_by_application_key: z.object(storeKey),
  update_monthly_fee_setting_data_by_application_key: z.object({ ...storeKey, ...monthlyFeeSettingFields, version }),

  get_monthly_fee_record_data_and_total_number_by_sorting_and_limit: z.object({
    ...storeKey,
    ...sorting(MONTHLY_FEE_RECORD_SORTS),
    /** Part of the member's name, phone or code. */
    keyword,
    status: optional(z.enum(MONTHLY_FEE_STATUSES)),
    plan_id: optional(id),
    /** Periods starting in these Hong Kong days, both included. */
    period_from: optional(isoDate()),
    period_to: optional(isoDate()),
  }),
  /**
   * What the record forms offer: the members whose name, phone or code holds the keyword (none without
   * one), each with their next due date, the active plans and the payment methods the store takes at the
   * counter.
   */
  get_monthly_fee_record_option_data_list_by_application_key_and_keyword: z.object({ ...storeKey, keyword }),
  /** One member's records (newest first) and their next due date. */
  get_monthly_fee_record_data_list_by_application_key_and_member_id: z.object({ ...storeKey, member_id: id }),
  add_monthly_fee_record_data: z.object({ ...storeKey, ...monthlyFeeRecordFields }),
  /** A pending record paid (compare-and-set: of two at once, one pays it, the other gets 409). */
  update_monthly_fee_record_payment_data_by_application_key_and_id: z.object({
    ...byId,
    payment_method: z.enum(PAYMENT_METHODS, { error: "force-input" }),
    /** When it was paid, in Hong Kong time (now without one). */
    paid_at: optional(hongKongDateTime()),
  }),
  /** A pending record cancelled (compare-and-set, as paying). */
  update_monthly_fee_record_cancellation_data_by_application_key_and_id: z.object(byId),
  /** Stop or resume renewing, over the record's version. */
  update_monthly_fee_record_renewal_data_by_application_key_and_id: z.object({ ...byId, renews: flag, version }),
  /**
   * E-mails the member of a pending record the link to pay it (`pay_link`), in `language`. Refused: not pending
   * (409 `pay-link-not-owed`).
   */
  add_monthly_fee_record_pay_link_email_data: z.object({ ...byId, language: z.enum(CUSTOMER_LANGUAGES) }),
};

export interface MonthlyFeePlanRecord {
  id: number;
  name_zh_hk: string;
  name_en: string;
  days: number;
  price_cents: number;
  active: boolean;
  create_date: string;
  version: number;
}

export interface MonthlyFeeSetting {
  reminder_days: number;
  version: number;
}

export interface MonthlyFeeRecord {
  id: number;
  member_id: number;
  member_name: string;
  member_code: string;
  plan_id: number;
  plan_name_zh_hk: string;
  plan_name_en: string;
  period_start: string;
  period_end: string;
  days: number;
  amount_cents: number;
  status: (typeof MONTHLY_FEE_STATUSES)[number];
  renews: boolean;
  payment_method: (typeof PAYMENT_METHODS)[number] | null;
  paid_at: string | null;
  cancelled_at: string | null;
  reminded_at: string | null;
  note: string;
  actor_email: string | null;
  create_date: string;
  version: number;
}

export interface MonthlyFeePlanChoice {
  id: number;
  name_zh_hk: string;
  name_en: string;
  days: number;
  price_cents: number;
}

export interface MonthlyFeeOptions {
  /** `next_due_date` as a member's own records give it. */
  members: { id: number; member_code: string; name: string; phone: string | null; next_due_date: string | null }[];
  plans: MonthlyFeePlanChoice[];
  payment_methods: (typeof PAYMENT_METHODS)[number][];
}

export interface MemberMonthlyFees {
  member: { id: number; member_code: string; name: string; phone: string | null; email: string };
  /** Each with the member's link to pay it while it is pending (backend/pay-link.ts); null otherwise. */
  records: (MonthlyFeeRecord & { pay_link: PayLinkRef | null })[];
  /** The day after the latest non-cancelled record's period, and that record's status; null without one. */
  next_due_date: string | null;
  latest_status: (typeof MONTHLY_FEE_STATUSES)[number] | null;
}

export interface MonthlyFeeResults {
  get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit: MonthlyFeePlanRecord[];
  get_monthly_fee_plan_data_by_application_key_and_id: MonthlyFeePlanRecord;
  add_monthly_fee_plan_data: { id: number };
  update_monthly_fee_plan_data_by_application_key_and_id: null;
  delete_monthly_fee_plan_data_by_application_key_and_id: null;
  get_monthly_fee_setting_data_by_application_key: MonthlyFeeSetting;
  update_monthly_fee_setting_data_by_application_key: null;
  get_monthly_fee_record_data_and_total_number_by_sorting_and_limit: MonthlyFeeRecord[];
  get_monthly_fee_record_option_data_list_by_application_key_and_keyword: MonthlyFeeOptions;
  get_monthly_fee_record_data_list_by_application_key_and_member_id: MemberMonthlyFees;
  add_monthly_fee_record_data: { id: number };
  update_monthly_fee_record_payment_data_by_application_key_and_id: null;
  update_monthly_fee_record_cancellation_data_by_application_key_and_id: null;
  update_monthly_fee_record_renewal_data_by_application_key_and_id: null;
  add_monthly_fee_record_pay_link_email_data: { sent_to: string };
}

/** The example plan as the registry tests create it (tests/integration/wire.ts). */
export const EXAMPLE_MONTHLY_PLAN = { days: 30, price_cents: 80_000 };

export interface MonthlyFeeExampleRecords {
  /** A monthly fee plan (30 days, HK$800, version 1) with two pending records of `member_id` (version 1 each). */
  monthly_fee_plan_id: number;
  monthly_fee_record_id: number;
  cancellable_monthly_fee_record_id: number;
}

export const monthlyFeeExamples: Examples<typeof monthlyFeePayloads> = {
  get_monthly_fee_plan_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "Monthly",
    status: "active",
  }),
  get_monthly_fee_plan_data_by_application_key_and_id: ({ application_key, monthly_fee_plan_id }) => ({
    application_key,
    id: monthly_fee_plan_id,
  }),
  add_monthly_fee_plan_data: ({ application_key }) => ({
    application_key,
    name_zh_hk: "季費",
    name_en: "Quarterly",
    days: 90,
    price_cents: 200_000,
    active: true,
  }),
  update_monthly_fee_plan_data_by_application_key_and_id: ({ application_key, monthly_fee_plan_id }) => ({
    application_key,
    id: monthly_fee_plan_id,
    name_zh_hk: "月費",
    name_en: "Monthly",
    ...EXAMPLE_MONTHLY_PLAN,
    active: true,
    version: 1,
  }),
  delete_monthly_fee_plan_data_by_application_key_and_id: ({ application_key, monthly_fee_plan_id }) => ({
    application_key,
    id: monthly_fee_plan_id,
  }),
  get_monthly_fee_setting_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_monthly_fee_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    reminder_days: 5,
    version: 1,
  }),
  get_monthly_fee_record_data_and_total_number_by_sorting_and_limit: ({ application_key, monthly_fee_plan_id }) => ({
    application_key,
    keyword: "Chan",
    status: "pending",
    plan_id: monthly_fee_plan_id,
    period_from: "2026-01-01",
    period_to: "2026-12-31",
  }),
  get_monthly_fee_record_option_data_list_by_application_key_and_keyword: ({ application_key }) => ({
    application_key,
    keyword: "Chan",
  }),
  get_monthly_fee_record_data_list_by_application_key_and_member_id: ({ application_key, member_id }) => ({
    application_key,
    member_id,
  }),
  add_monthly_fee_record_data: ({ application_key, member_id, monthly_fee_plan_id }) => ({
    application_key,
    member_id,
    plan_id: monthly_fee_plan_id,
    period_start: "2030-01-01",
    days: EXAMPLE_MONTHLY_PLAN.days,
    amount_cents: EXAMPLE_MONTHLY_PLAN.price_cents,
    renews: true,
  }),
  update_monthly_fee_record_payment_data_by_application_key_and_id: ({ application_key, monthly_fee_record_id }) => ({
    application_key,
    id: monthly_fee_record_id,
    payment_method: "cash",
  }),
  update_monthly_fee_record_cancellation_data_by_application_key_and_id: ({
    application_key,
    cancellable_monthly_fee_record_id,
  }) => ({ application_key, id: cancellable_monthly_fee_record_id }),
  update_monthly_fee_record_renewal_data_by_application_key_and_id: ({ application_key, monthly_fee_record_id }) => ({
    application_key,
    id: monthly_fee_record_id,
    renews: false,
    version: 1,
  }),
  add_monthly_fee_record_pay_link_email_data: ({ application_key, monthly_fee_record_id }) => ({
    application_key,
    id: monthly_fee_record_id,
    language: "en",
  }),
};
