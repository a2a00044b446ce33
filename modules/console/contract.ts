import * as z from "zod";
import { newPasswordFields, type AccountType } from "../auth/contract";
import {
  domain,
  email as emailRule,
  isoDate,
  optional,
  refineDateRange,
  refinePasswordRepeat,
  staffPassword,
  newStoreName,
  text,
} from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import { promotionCode } from "../plan-order/contract";
import type { ModuleId } from "../../contract/modules";
import { CURRENCIES, LANGUAGES, LOG_ACTIONS, LOG_DATA_TYPES } from "../../contract/options";
import {
  applicationKey,
  cents,
  flag,
  id,
  keyword,
  modules,
  someOf,
  sorting,
  version,
  wholeNumber,
} from "../../contract/parts";
import { STORE_SORTS, PLAN_SORTS, INTERNAL_ACCOUNT_SORTS, LOG_SORTS } from "./options";

/** The provider's console: stores, plans and their purchases, provider staff accounts, the log. */

/** What provider staff set on a store; the same fields create and edit it. */
const storeFields = {
  /** Edited as the merchant may have renamed it (store settings take any text); created by the spec's rule. */
  store_name: text(),
  sub_domain: optional(domain()).transform((value) => value ?? null),
  email: emailRule(),
  cms_side_menu: modules,
  accept_language: someOf(LANGUAGES),
  accept_currency: someOf(CURRENCIES),
  enquiry_only: flag,
};

export const PLAN_TYPES = ["trial", "paid"] as const;
/** The longest plan: ten years. */
export const MAX_PLAN_DAYS = 3660;

/** What staff set on a plan; the same fields add and edit it. */
export const planFields = {
  name_zh_hk: text(),
  name_en: text(),
  plan_type: z.enum(PLAN_TYPES, { error: "force-input" }),
  price_cents: cents,
  period_days: wholeNumber(1, MAX_PLAN_DAYS),
  module_list: modules,
  has_cash_dollar: flag,
  has_vip: flag,
  default_language_and_currency_only: flag,
};

const purchasedPlanFields = {
  store_payment_id: text({ max: 100 }),
  start_date: isoDate(),
  expiry_date: isoDate(),
  module_list: modules,
};

const orderPlanFields = {
  ...purchasedPlanFields,
  plan_id: id,
  plan_type: z.enum(["trial", "paid"]),
  /** A plan promotion code (modules/plan-order/contract.ts); the price after it is the server's. */
  promotion_code: optional(promotionCode()),
};
const editPurchaseFields = { ...purchasedPlanFields, disabled: flag, version };
const planDates = refineDateRange("start_date", "expiry_date");

/**
 * Forms whose payload also carries what the page's URL names (application_key, id). Zod cannot
 * omit keys from a refined schema, so each form is defined here and its payload built from it.
 */
export const forms = {
  order_plan: z.object(orderPlanFields).check(planDates),
  edit_purchased_plan: z.object(editPurchaseFields).check(planDates),
  new_password: z.object(newPasswordFields).check(refinePasswordRepeat()),
};

export const DATA_TYPES = [
  "internal_account_data",
  "store_account_data",
  "store_website_data",
  "store_staff_data",
  "plan_data",
  "purchased_plan_data",
] as const;

export const consolePayloads = {
  get_single_data_by_data_type_and_id: z.object({ data_type: z.enum(DATA_TYPES), id }),
  get_store_account_data_and_total_number_by_sorting_and_limit: z.object({
    ...sorting(STORE_SORTS),
    /** Prefix of the store name, application key, sub-domain or login e-mail. */
    keyword,
    filter: z.enum(["expiring", "expired"]).optional(),
  }),
  add_store_account_data: z.object({ ...storeFields, store_name: newStoreName(), password: staffPassword() }),
  update_store_account_data_by_application_key: z.object({
    ...storeFields,
    application_key: applicationKey,
    disabled: flag,
    version,
  }),
  update_store_account_password_by_application_key: z
    .object({ application_key: applicationKey, ...newPasswordFields })
    .check(refinePasswordRepeat()),
  get_plan_data_and_total_number_by_sorting_and_limit: z.object({
    ...sorting(PLAN_SORTS),
    include_disabled: z.boolean().default(true),
  }),
  /** Every plan at once, by English name: the choices of a plan order or a promotion code. */
  get_plan_data_list_by_include_disabled: z.object({ include_disabled: z.boolean().default(false) }),
  add_plan_data: z.object(planFields),
  update_plan_data_by_id: z.object({ ...planFields, id, disabled: flag, version }),
  add_purchased_plan_data: z.object({ ...orderPlanFields, application_key: applicationKey }).check(planDates),
  update_purchased_plan_data_by_application_key_and_id: z
    .object({ ...editPurchaseFields, application_key: applicationKey, id })
    .check(planDates),
  get_internal_account_data_and_total_number_by_sorting_and_limit: z.object(sorting(INTERNAL_ACCOUNT_SORTS)),
  add_internal_account_data: z.object({ email: emailRule(), name: text(), password: staffPassword() }),
  update_internal_account_data_by_id: z.object({
    id,
    email: emailRule(),
    name: text(),
    disabled: flag,
    /** A new password, or nothing to keep the current one. */
    password: optional(staffPassword()),
    version,
  }),
  get_log_data_and_total_number_by_sorting_and_limit: z
    .object({
      ...sorting(LOG_SORTS),
      application_key: optional(applicationKey),
      actor_email: optional(text({ max: 254 }).toLowerCase()),
      action: optional(z.enum(LOG_ACTIONS)),
      date_from: optional(isoDate()),
      date_to: optional(isoDate()),
    })
    .check(refineDateRange("date_from", "date_to")),
};

export interface InternalAccountData {
  id: number;
  data_type: "internal_account_data";
  email: string;
  name: string;
  disabled: boolean;
  version: number;
}

export interface PlanRecord {
  id: number;
  data_type: "plan_data";
  name_zh_hk: string;
  name_en: string;
  plan_type: "trial" | "paid";
  price_cents: number;
  period_days: number;
  module_list: ModuleId[];
  has_cash_dollar: boolean;
  has_vip: boolean;
  default_language_and_currency_only: boolean;
  disabled: boolean;
  version: number;
}

export interface LogRecord {
  id: number;
  application_key: string | null;
  store_name: string | null;
  /** "customer": a customer through their own link (a booking's), named by the record's e-mail. */
  actor_type: AccountType | "customer";
  actor_email: string;
  action: (typeof LOG_ACTIONS)[number];
  data_type: (typeof LOG_DATA_TYPES)[number];
  record_id: string;
  /** What people call the record, as it was named then; null on entries from before names were kept. */
  record_name_zh_hk: string | null;
  record_name_en: string | null;
  changes: Record<string, [unknown, unknown]>;
  create_date: string;
}

/** A row of the provider's store list. */
export interface StoreListItem {
  id: number;
  application_key: string;
  store_name: string;
  email: string;
  sub_domain: string | null;
  enquiry_only: boolean;
  disabled: boolean;
  create_date: string;
  plan_type: "trial" | "paid" | null;
  expiry_date: string | null;
}

export interface ConsoleResults {
  get_single_data_by_data_type_and_id: Record<string, unknown> & { id: number; data_type: string };
  get_store_account_data_and_total_number_by_sorting_and_limit: StoreListItem[];
  add_store_account_data: { application_key: string };
  update_store_account_data_by_application_key: null;
  update_store_account_password_by_application_key: null;
  get_plan_data_and_total_number_by_sorting_and_limit: PlanRecord[];
  get_plan_data_list_by_include_disabled: PlanRecord[];
  add_plan_data: { id: number };
  update_plan_data_by_id: null;
  add_purchased_plan_data: { id: number };
  update_purchased_plan_data_by_application_key_and_id: null;
  get_internal_account_data_and_total_number_by_sorting_and_limit: InternalAccountData[];
  add_internal_account_data: { id: number };
  update_internal_account_data_by_id: null;
  get_log_data_and_total_number_by_sorting_and_limit: LogRecord[];
}

const exampleStore = () => ({
  store_name: "Example store",
  email: "example-store@example.test",
  accept_language: ["zh-HK" as const],
  accept_currency: ["HKD" as const],
});
const examplePassword = { password: "example-pass-1", repeat_password: "example-pass-1" };
const examplePlan = {
  name_zh_hk: "例子",
  name_en: "Example",
  plan_type: "paid",
  price_cents: 1000,
  period_days: 30,
} as const;
const examplePurchase = { store_payment_id: "example", start_date: "2030-01-01", expiry_date: "2030-12-31" };

export interface ConsoleExampleRecords {
  plan_id: number;
  purchased_plan_id: number;
  internal_account_id: number;
  plan_promotion_code_id: number;
}

export const consoleExamples: Examples<typeof consolePayloads> = {
  get_single_data_by_data_type_and_id: ({ plan_id }) => ({ data_type: "plan_data", id: plan_id }),
  get_store_account_data_and_total_number_by_sorting_and_limit: () => ({}),
  add_store_account_data: () => ({ ...exampleStore(), password: examplePassword.password }),
  update_store_account_data_by_application_key: ({ application_key }) => ({
    ...exampleStore(),
    application_key,
    version: 1,
  }),
  update_store_account_password_by_application_key: ({ application_key }) => ({
    application_key,
    ...examplePassword,
  }),
  get_plan_data_and_total_number_by_sorting_and_limit: () => ({}),
  get_plan_data_list_by_include_disabled: () => ({}),
  add_plan_data: () => ({ ...examplePlan }),
  update_plan_data_by_id: ({ plan_id }) => ({ ...examplePlan, id: plan_id, version: 1 }),
  add_purchased_plan_data: ({ application_key, plan_id }) => ({
    application_key,
    plan_id,
    plan_type: "paid",
    ...examplePurchase,
  }),
  update_purchased_plan_data_by_application_key_and_id: ({ application_key, purchased_plan_id }) => ({
    application_key,
    id: purchased_plan_id,
    ...examplePurchase,
    version: 1,
  }),
  get_internal_account_data_and_total_number_by_sorting_and_limit: () => ({}),
  add_internal_account_data: () => ({ email: "example-staff@example.test", name: "Example", ...examplePassword }),
  update_internal_account_data_by_id: ({ internal_account_id }) => ({
    id: internal_account_id,
    email: "example-staff@example.test",
    name: "Example",
    version: 1,
  }),
  get_log_data_and_total_number_by_sorting_and_limit: () => ({}),
};
