import * as z from "zod";
import type { Examples } from "../../contract/examples";
import {
  isoDate,
  multilineText,
  nullable,
  optional,
  phone,
  signedDecimal,
  text,
  wholeNumberBetween,
} from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import { dollarsToCents, isWholeCents } from "../../contract/money";
import type { CouponStatus } from "../promotion/contract";
import { COUPON_SOURCES, DISTRICTS, MEMBER_LEVELS } from "../../contract/options";
import { applicationKey, email, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import {
  MAX_STORE_CREDIT_ADJUST_CENTS,
  MEMBER_SORTS,
  STORE_CREDIT_ENTRY_KINDS,
  STORE_CREDIT_ENTRY_SORTS,
} from "./options";

/** The longest note and delivery address a member keeps. */
export const MAX_MEMBER_NOTE_LENGTH = 500;
export const MAX_DELIVERY_ADDRESS_LENGTH = 200;
/** The most rows one import writes (one D1 batch). */
export const MAX_MEMBER_IMPORT_ROWS = 500;

/** Every field of a member a merchant sets; the same for add and edit. The member code is the store's to give. */
export const memberFields = {
  name: text(),
  /** Unique in the store, case-insensitive (kept lower-case): `email-used`. */
  email,
  /** Hong Kong phone, unique in the store: `phone-used`. */
  phone: nullable(phone()),
  /** The Hong Kong day the member joined; today (HKT) when left blank. */
  registration_date: optional(isoDate()),
  /** `vip` only when the store's current plan has VIP: `plan-has-no-vip`. */
  level: z.enum(MEMBER_LEVELS).default("general"),
  birthday_month: nullable(wholeNumber(1, 12)),
  /** Agreed to marketing e-mails. */
  marketing_consent: flag,
  /** A disabled member cannot be used at checkout. */
  disabled: flag,
  note: nullable(multilineText({ max: MAX_MEMBER_NOTE_LENGTH })),
  delivery_address: nullable(text({ max: MAX_DELIVERY_ADDRESS_LENGTH })),
  delivery_district: nullable(z.enum(DISTRICTS)),
};

const memberId = { application_key: applicationKey, id };

/** The longest reason a store-credit adjustment keeps. */
export const MAX_STORE_CREDIT_REASON_LENGTH = 200;

/**
 * A store-credit adjustment: signed HK$ cents (negative takes credit back), never 0, at most HK$100,000 either
 * way (the bounds named in dollars), and why, which every adjustment needs.
 */
export const storeCreditAdjustmentFields = {
  amount_cents: wholeNumberBetween(-MAX_STORE_CREDIT_ADJUST_CENTS, MAX_STORE_CREDIT_ADJUST_CENTS, {
    below: withValue("number-at-least", -MAX_STORE_CREDIT_ADJUST_CENTS / 100),
    above: withValue("number-at-most", MAX_STORE_CREDIT_ADJUST_CENTS / 100),
  }).refine((value) => value !== 0, { error: "force-input" }),
  reason: text({ max: MAX_STORE_CREDIT_REASON_LENGTH }),
};

/** The adjustment form's amount, typed in dollars with a minus to take some off ("-20", "12.50"), as cents. */
export const storeCreditAsCents = () =>
  signedDecimal()
    .check(z.refine(isWholeCents, { error: "format-not-match" }))
    .transform(dollarsToCents)
    .pipe(storeCreditAdjustmentFields.amount_cents);

export const memberPayloads = {
  get_member_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(MEMBER_SORTS),
    /** Anywhere in the name, e-mail, phone or member code. */
    keyword,
    level: optional(z.enum(MEMBER_LEVELS)),
    birthday_month: optional(wholeNumber(1, 12)),
    marketing_consent: optional(z.boolean()),
    disabled: optional(z.boolean()),
  }),
  get_member_data_by_application_key_and_id: z.object(memberId),
  add_member_data: z.object({ application_key: applicationKey, ...memberFields }),
  update_member_data_by_application_key_and_id: z.object({ ...memberFields, ...memberId, version }),
  /**
   * The spreadsheet import: every row is written, or none when any row fails. A row whose e-mail is a
   * member's already updates that member (a blank registration date keeps theirs); the others add members.
   */
  add_member_data_in_batch: z.object({
    application_key: applicationKey,
    rows: z.array(z.object(memberFields)).min(1).max(MAX_MEMBER_IMPORT_ROWS),
  }),
  /** One member's store credit: the member with their balance, and a page of the ledger, newest first. */
  get_store_credit_entry_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    member_id: id,
    ...sorting(STORE_CREDIT_ENTRY_SORTS),
  }),
  /**
   * An adjustment of a member's store credit with its ledger entry; a debit beyond the balance is 400
   * `store-credit-balance-short` beside `amount_cents`, naming the balance.
   */
  add_store_credit_entry_data: z.object({
    application_key: applicationKey,
    member_id: id,
    ...storeCreditAdjustmentFields,
  }),
};

export interface MemberRecord {
  id: number;
  /** The store's own short id for the member (M00001), to type or scan at the counter. */
  member_code: string;
  name: string;
  email: string;
  phone: string | null;
  registration_date: string;
  level: (typeof MEMBER_LEVELS)[number];
  birthday_month: number | null;
  marketing_consent: boolean;
  disabled: boolean;
  note: string | null;
  delivery_address: string | null;
  delivery_district: (typeof DISTRICTS)[number] | null;
  /** The cash-dollar balance in cents (changed only through the ledger, modules/cash-dollar/contract.ts). */
  cash_dollar_cents: number;
  create_date: string;
  version: number;
}

/** The most coupons a member's page lists (newest first). */
export const MEMBER_COUPONS_SHOWN = 20;

/** A coupon issued to the member alone or with others (birthday coupons among them), as their page lists it. */
export interface MemberCoupon {
  id: number;
  code: string;
  title_zh_hk: string;
  title_en: string;
  source: (typeof COUPON_SOURCES)[number];
  status: CouponStatus;
  /** The member has redeemed it. */
  used: boolean;
  expires_at: string;
}

export interface MemberDetail extends MemberRecord {
  coupons: MemberCoupon[];
  /** What the store owes the member in HK$ cents (0 when it never owed anything). */
  store_credit_cents: number;
}

export interface StoreCreditEntryRecord {
  id: number;
  kind: (typeof STORE_CREDIT_ENTRY_KINDS)[number];
  /** HK$ cents: + owed to the member, − taken. */
  amount_cents: number;
  /** The member's store credit right after this change. */
  balance_after_cents: number;
  reason: string | null;
  /** The order a redemption paid or a refund gave back, and its number. */
  order_id: number | null;
  order_number: number | null;
  actor_email: string;
  create_date: string;
}

export interface StoreCreditLedger {
  member: { id: number; member_code: string; name: string; store_credit_cents: number };
  entries: StoreCreditEntryRecord[];
}

export interface MemberResults {
  get_member_data_and_total_number_by_sorting_and_limit: MemberRecord[];
  get_member_data_by_application_key_and_id: MemberDetail;
  add_member_data: { id: number; member_code: string };
  update_member_data_by_application_key_and_id: null;
  add_member_data_in_batch: { added: number; updated: number };
  get_store_credit_entry_data_and_total_number_by_sorting_and_limit: StoreCreditLedger;
  add_store_credit_entry_data: { id: number; balance_after_cents: number };
}

export const memberExamples: Examples<typeof memberPayloads> = {
  get_member_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "陳",
    level: "general",
    birthday_month: 5,
    marketing_consent: true,
    disabled: false,
  }),
  get_member_data_by_application_key_and_id: ({ application_key, member_id }) => ({ application_key, id: member_id }),
  add_member_data: ({ application_key }) => ({
    application_key,
    name: "陳大文",
    email: "new-member@example.com",
    phone: "91234567",
    birthday_month: 5,
  }),
  update_member_data_by_application_key_and_id: ({ application_key, member_id }) => ({
    application_key,
    id: member_id,
    name: "陳小文",
    email: "edited-member@example.com",
    phone: "61234567",
    version: 1,
  }),
  add_member_data_in_batch: ({ application_key }) => ({
    application_key,
    rows: [{ name: "李小明", email: "imported-member@example.com", phone: "51234567", level: "general" }],
  }),
  get_store_credit_entry_data_and_total_number_by_sorting_and_limit: ({ application_key, member_id }) => ({
    application_key,
    member_id,
  }),
  add_store_credit_entry_data: ({ application_key, member_id }) => ({
    application_key,
    member_id,
    amount_cents: 5_000,
    reason: "Goodwill for a late delivery",
  }),
};
