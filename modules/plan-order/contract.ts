import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { alphanumeric, hkdAsCents, isoDate, optional, refineDateRange } from "../../contract/field-rules";
import { PURCHASED_PLAN_STATUSES } from "../../contract/options";
import { cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import type { PurchasedPlanStatus } from "../store/contract";
import { PLAN_PROMOTION_CODE_SORTS, PLAN_ORDER_SORTS } from "./options";

/** The provider's plan orders (every store's purchased plans) and plan promotion codes. */

export const DISCOUNT_TYPES = ["percentage", "cash"] as const;
export const MAX_PROMOTION_CODE_LENGTH = 30;
/** At most this many plans named on one code (the catalogue is short). */
export const MAX_CODE_PLANS = 100;
export const MAX_USAGE_LIMIT = 1_000_000;

/** A code as people type it: letters and digits, compared without case (kept upper case). */
export const promotionCode = () =>
  alphanumeric({ max: MAX_PROMOTION_CODE_LENGTH }).transform((value) => value.toUpperCase());

const planIds = z.array(id).max(MAX_CODE_PLANS).default([]);

/** What staff set on a promotion code; the same fields add and edit it. */
export const planPromotionCodeFields = {
  code: promotionCode(),
  discount_type: z.enum(DISCOUNT_TYPES, { error: "force-input" }),
  /** Percent off (1–100) when `discount_type` is percentage. */
  percent_off: optional(wholeNumber(1, 100)),
  /** Cents off when `discount_type` is cash. */
  cash_off_cents: optional(cents),
  valid_from: isoDate(),
  valid_to: isoDate(),
  /** Empty: unlimited. */
  usage_limit: optional(wholeNumber(1, MAX_USAGE_LIMIT)),
  plan_ids: planIds,
  disabled: flag,
};

type DiscountInput = { discount_type: string; percent_off?: number; cash_off_cents?: number };

/** The chosen kind of discount needs its amount (a cash discount of at least one cent). */
export function refineDiscount(value: DiscountInput, ctx: z.RefinementCtx) {
  if (value.discount_type === "percentage" && value.percent_off === undefined) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["percent_off"] });
  }
  if (value.discount_type === "cash" && !value.cash_off_cents) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["cash_off_cents"] });
  }
}
const codeDates = refineDateRange("valid_from", "valid_to");

/** The forms: HK$ typed in dollars, the rest as the payload. */
export const planPromotionCodeForms = {
  add: z
    .object({ ...planPromotionCodeFields, cash_off_cents: optional(hkdAsCents()) })
    .check(codeDates)
    .superRefine(refineDiscount),
  edit: z
    .object({ ...planPromotionCodeFields, cash_off_cents: optional(hkdAsCents()), version })
    .check(codeDates)
    .superRefine(refineDiscount),
};

export const planOrderPayloads = {
  get_plan_promotion_code_data_and_total_number_by_sorting_and_limit: z.object({
    ...sorting(PLAN_PROMOTION_CODE_SORTS),
    /** Part of the code. */
    keyword,
  }),
  get_plan_promotion_code_data_by_id: z.object({ id }),
  add_plan_promotion_code_data: z.object(planPromotionCodeFields).check(codeDates).superRefine(refineDiscount),
  update_plan_promotion_code_data_by_id: z
    .object({ ...planPromotionCodeFields, id, version })
    .check(codeDates)
    .superRefine(refineDiscount),
  /** Every store's plan orders (the provider's "orders"). */
  get_purchased_plan_data_and_total_number_by_sorting_and_limit: z
    .object({
      ...sorting(PLAN_ORDER_SORTS),
      /** Part of the store name, application key or plan name. */
      keyword,
      status: optional(z.enum(PURCHASED_PLAN_STATUSES)),
      /** Start dates from and to (Hong Kong days, both included). */
      start_from: optional(isoDate()),
      start_to: optional(isoDate()),
    })
    .check(refineDateRange("start_from", "start_to")),
};

export interface PlanPromotionCodeRecord {
  id: number;
  data_type: "plan_promotion_code_data";
  code: string;
  discount_type: (typeof DISCOUNT_TYPES)[number];
  percent_off: number | null;
  cash_off_cents: number | null;
  valid_from: string;
  valid_to: string;
  usage_limit: number | null;
  times_used: number;
  plan_ids: number[];
  disabled: boolean;
  create_date: string;
  version: number;
}

/** A row of the provider's orders list. */
export interface PlanOrderListItem {
  id: number;
  application_key: string;
  store_name: string;
  plan_id: number;
  plan_type: "trial" | "paid";
  plan_name_zh_hk: string;
  plan_name_en: string;
  start_date: string;
  expiry_date: string;
  price_before_cents: number;
  price_cents: number;
  promotion_code: string | null;
  store_payment_id: string;
  status: PurchasedPlanStatus;
  create_date: string;
}

export interface PlanOrderResults {
  get_plan_promotion_code_data_and_total_number_by_sorting_and_limit: PlanPromotionCodeRecord[];
  get_plan_promotion_code_data_by_id: PlanPromotionCodeRecord;
  add_plan_promotion_code_data: { id: number };
  update_plan_promotion_code_data_by_id: null;
  get_purchased_plan_data_and_total_number_by_sorting_and_limit: PlanOrderListItem[];
}

const exampleCode = {
  discount_type: "percentage",
  percent_off: 10,
  valid_from: "2030-01-01",
  valid_to: "2030-12-31",
} as const;

export const planOrderExamples: Examples<typeof planOrderPayloads> = {
  get_plan_promotion_code_data_and_total_number_by_sorting_and_limit: () => ({}),
  get_plan_promotion_code_data_by_id: ({ plan_promotion_code_id }) => ({ id: plan_promotion_code_id }),
  add_plan_promotion_code_data: () => ({ ...exampleCode, code: "EXAMPLEADD" }),
  update_plan_promotion_code_data_by_id: ({ plan_promotion_code_id, plan_id }) => ({
    ...exampleCode,
    code: `EXAMPLE${plan_promotion_code_id}`,
    plan_ids: [plan_id],
    id: plan_promotion_code_id,
    version: 1,
  }),
  get_purchased_plan_data_and_total_number_by_sorting_and_limit: () => ({}),
};
