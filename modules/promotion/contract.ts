import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { couponCode, multilineText, nullable, optional, text, whileValid } from "../../contract/field-rules";
import { COUPON_AUDIENCES, COUPON_SOURCES, COUPON_STATUSES, COUPON_USAGES } from "../../contract/options";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import { DISCOUNT_TYPES, MAX_USAGE_LIMIT, refineDiscount } from "../plan-order/contract";
import { isWholeCents } from "../../contract/money";
import { uploadedFileUrl } from "../upload/contract";
import { COUPON_SORTS } from "./options";

/** Coupons of the promotion module (module id `promotion`). */

export const MAX_COUPON_DESCRIPTION_LENGTH = 1_000;
/** At most this many members named on one coupon of audience `specific`. */
export const MAX_COUPON_MEMBERS = 200;
/** A member as the form names them: member code, phone or e-mail. */
const MAX_MEMBER_KEY_LENGTH = 254;
/** The newest redemptions a coupon's detail shows. */
export const COUPON_REDEMPTIONS_SHOWN = 50;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

const isRealInstant = (value: string) => {
  const time = Date.parse(value);
  // Date.parse rolls 2026-02-30 over to March: a real instant reads back as typed.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 16) === value.slice(0, 16);
};

/** A UTC instant (2026-11-01T02:00:00.000Z), kept in that one form so instants compare as strings. */
export const instant = () =>
  text({ max: 30 })
    .regex(ISO_INSTANT, { error: "format-not-match", ...whileValid })
    .refine(isRealInstant, { error: "format-not-match", ...whileValid })
    .transform((value) => new Date(value).toISOString());

/** A form's date and time as a datetime-local field gives it, read in Hong Kong, carried on as the UTC instant. */
export const hongKongDateTime = () =>
  text({ max: 16 })
    .regex(LOCAL_DATE_TIME, { error: "format-not-match", ...whileValid })
    .refine((value) => isRealInstant(`${value}Z`), { error: "format-not-match", ...whileValid })
    .transform((value) => new Date(Date.parse(`${value}:00Z`) - HONG_KONG_OFFSET_MS).toISOString());

/** The instant as a datetime-local field shows it in Hong Kong (2026-11-01T10:00). */
export const hongKongDateTimeInput = (iso: string) =>
  new Date(Date.parse(iso) + HONG_KONG_OFFSET_MS).toISOString().slice(0, 16);

/** Members named by code (M00001), phone or e-mail; the backend finds each (`member-not-found:<key>`). */
export const memberKeys = z
  .array(text({ max: MAX_MEMBER_KEY_LENGTH }))
  .max(MAX_COUPON_MEMBERS, { error: "format-not-match" });

/** The form's member list: one per line (or separated by commas or spaces), each once. */
export const memberKeyList = () =>
  optional(multilineText({ max: MAX_COUPON_MEMBERS * (MAX_MEMBER_KEY_LENGTH + 1) }))
    .transform((value) => [...new Set((value ?? "").split(/[\s,，]+/).filter(Boolean))])
    .pipe(memberKeys);

/** Percent off: above 0 and at most 100, with up to two decimals (12.5); kept as basis points (1250). */
export const percentOff = z
  .number({ error: "percent-off-range" })
  .gt(0, { error: "percent-off-range" })
  .max(100, { error: "percent-off-range" })
  .refine(isWholeCents, { error: "percent-off-range" });

/** A percentage as basis points, and back. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

/** Every field of a coupon a merchant sets; the same for add and edit. */
export const couponFields = {
  title_zh_hk: text(),
  title_en: optional(text()),
  /** 5 letters or digits, unique in the store whatever the case (`coupon-code-used`); kept upper case. */
  code: couponCode().transform((value) => value.toUpperCase()),
  description: nullable(multilineText({ max: MAX_COUPON_DESCRIPTION_LENGTH })),
  image_url: optional(uploadedFileUrl()),
  /** `once`: each member may use it once (so it needs a member at checkout); `reusable`: up to the limit. */
  usage: z.enum(COUPON_USAGES, { error: "force-input" }),
  /** `specific`: only the members named in `members`. */
  audience: z.enum(COUPON_AUDIENCES, { error: "force-input" }),
  members: memberKeys.default([]),
  discount_type: z.enum(DISCOUNT_TYPES, { error: "force-input" }),
  /** Percent off (above 0, at most 100, up to two decimals) when `discount_type` is percentage. */
  percent_off: optional(percentOff),
  /** Cents off (above 0) when `discount_type` is cash. */
  cash_off_cents: optional(cents),
  starts_at: instant(),
  /** After `starts_at`: `expiry-not-after-start`. */
  expires_at: instant(),
  minimum_subtotal_cents: cents.default(0),
  /** Empty: unlimited. Never below the times it was used. */
  usage_limit: optional(wholeNumber(1, MAX_USAGE_LIMIT)),
  disabled: flag,
};

type CouponInput = {
  audience: string;
  members: string[];
  starts_at: string;
  expires_at: string;
  discount_type: string;
  percent_off?: number;
  cash_off_cents?: number;
};

/** The rules between fields: a specific audience names members, the expiry is after the start, the discount has its amount. */
export function refineCoupon(value: CouponInput, ctx: z.RefinementCtx) {
  if (value.audience === "specific" && value.members.length === 0) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["members"] });
  }
  if (value.expires_at <= value.starts_at) {
    ctx.addIssue({ code: "custom", message: "expiry-not-after-start", path: ["expires_at"] });
  }
  refineDiscount(value, ctx);
}

const couponId = { application_key: applicationKey, id };

export const couponPayloads = {
  get_coupon_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(COUPON_SORTS),
    /** Anywhere in either title or the code. */
    keyword,
    status: optional(z.enum(COUPON_STATUSES)),
    /** Coupons made by the store, or the birthday coupons the monthly job issues. */
    source: optional(z.enum(COUPON_SOURCES)),
  }),
  /** The coupon, its members and its newest redemptions (at most COUPON_REDEMPTIONS_SHOWN). */
  get_coupon_data_by_application_key_and_id: z.object(couponId),
  add_coupon_data: z.object({ application_key: applicationKey, ...couponFields }).superRefine(refineCoupon),
  update_coupon_data_by_application_key_and_id: z
    .object({ ...couponFields, ...couponId, version })
    .superRefine(refineCoupon),
  /** Only a coupon never used (409 `coupon-in-use`: disable it instead). */
  delete_coupon_data_by_application_key_and_id: z.object(couponId),
  /**
   * Whether a code can be used now on an order of `subtotal_cents` (by the member, if any, and with cash
   * dollar or not), and its discount; writes nothing. Checkout redeems through backend/coupons.ts.
   */
  get_coupon_check_data_by_application_key: z.object({
    application_key: applicationKey,
    code: text({ max: 20 }),
    member_id: optional(id),
    subtotal_cents: cents,
    uses_cash_dollar: flag,
  }),
};

export type CouponStatus = (typeof COUPON_STATUSES)[number];

export interface CouponMember {
  id: number;
  member_code: string;
  name: string;
}

export interface CouponRecord {
  id: number;
  title_zh_hk: string;
  title_en: string;
  code: string;
  description: string | null;
  image_url: string | null;
  usage: (typeof COUPON_USAGES)[number];
  audience: (typeof COUPON_AUDIENCES)[number];
  discount_type: (typeof DISCOUNT_TYPES)[number];
  percent_off: number | null;
  cash_off_cents: number | null;
  starts_at: string;
  expires_at: string;
  minimum_subtotal_cents: number;
  usage_limit: number | null;
  times_used: number;
  disabled: boolean;
  status: CouponStatus;
  source: (typeof COUPON_SOURCES)[number];
  create_date: string;
  version: number;
}

export interface CouponRedemptionRecord {
  id: number;
  member: CouponMember | null;
  order_id: number | null;
  discount_cents: number;
  create_date: string;
}

export interface CouponDetail extends CouponRecord {
  members: CouponMember[];
  redemptions: CouponRedemptionRecord[];
}

export type CouponCheck = { usable: true; discount_cents: number } | { usable: false; message: string };

export interface CouponResults {
  get_coupon_data_and_total_number_by_sorting_and_limit: CouponRecord[];
  get_coupon_data_by_application_key_and_id: CouponDetail;
  add_coupon_data: { id: number };
  update_coupon_data_by_application_key_and_id: null;
  delete_coupon_data_by_application_key_and_id: null;
  get_coupon_check_data_by_application_key: CouponCheck;
}

const exampleCoupon = {
  title_zh_hk: "九折",
  usage: "reusable",
  audience: "all",
  discount_type: "percentage",
  percent_off: 10,
  starts_at: "2030-01-01T00:00:00.000Z",
  expires_at: "2030-12-31T16:00:00.000Z",
} as const;

export interface PromotionExampleRecords {
  coupon_id: number;
}

export const couponExamples: Examples<typeof couponPayloads> = {
  get_coupon_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "A",
    status: "active",
  }),
  get_coupon_data_by_application_key_and_id: ({ application_key, coupon_id }) => ({ application_key, id: coupon_id }),
  add_coupon_data: ({ application_key }) => ({ application_key, ...exampleCoupon, code: "NEW01" }),
  update_coupon_data_by_application_key_and_id: ({ application_key, coupon_id }) => ({
    application_key,
    id: coupon_id,
    ...exampleCoupon,
    code: "EDIT1",
    version: 1,
  }),
  delete_coupon_data_by_application_key_and_id: ({ application_key, coupon_id }) => ({
    application_key,
    id: coupon_id,
  }),
  get_coupon_check_data_by_application_key: ({ application_key, member_id }) => ({
    application_key,
    code: "CHECK",
    member_id,
    subtotal_cents: 10_000,
  }),
};
