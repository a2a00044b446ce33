import * as z from "zod";
import {
  domain,
  email as emailRule,
  isoDate,
  optional,
  refineDateRange,
  refinePasswordRepeat,
  staffPassword,
  storeName,
  text,
} from "./field-rules";
import { addOnProductPayloads, type AddOnProductResults } from "./add-ons";
import type { ModuleId } from "./modules";
import { CURRENCIES, DELIVERY_METHODS, LANGUAGES, LOG_ACTIONS, PAYMENT_METHODS } from "./options";
import { productPayloads, type ProductResults } from "./products";
import { applicationKey, cents, choices, email, flag, id, modules, someOf, sorting } from "./parts";
import { categoryPayloads, type CategoryResults } from "./categories";
import { uploadPayloads, type UploadResults } from "./uploads";

/**
 * The action catalogue shared by the backend and the BFF client: names (byte for byte as the spec
 * spells them), payload schemas and result types. The backend adds permissions and handlers. A
 * module keeps its actions in contract/<module>.ts and is spread in here.
 */

/** What staff set on a store; the same fields create and edit it. */
const storeFields = {
  store_name: storeName(),
  sub_domain: optional(domain()).transform((value) => value ?? null),
  email: emailRule(),
  cms_side_menu: modules,
  accept_language: someOf(LANGUAGES),
  accept_currency: someOf(CURRENCIES),
  payment_method_list: choices(PAYMENT_METHODS),
  delivery_method_list: choices(DELIVERY_METHODS),
  enquiry_only: flag,
};

const planFields = {
  name_zh_hk: text(),
  name_en: text(),
  plan_type: z.enum(["trial", "paid"]),
  price_cents: cents,
  period_days: z.number().int().min(1).max(3660),
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

const orderPlanFields = { ...purchasedPlanFields, plan_id: id, plan_type: z.enum(["trial", "paid"]) };
const editPurchaseFields = { ...purchasedPlanFields, disabled: flag };
const newPasswordFields = {
  password: staffPassword(),
  repeat_password: z.string({ error: "force-input" }).min(1, { error: "force-input" }),
};
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

export const payloads = {
  ...productPayloads,
  ...addOnProductPayloads,
  login: z.object({ email, password: z.string().min(1).max(200) }),
  logout: z.object({}),
  forget_password: z.object({ email, language: z.enum(["zh-HK", "en"]).default("zh-HK") }),
  reset_password: z
    .object({ id, token: z.string().min(16).max(200), ...newPasswordFields })
    .check(refinePasswordRepeat()),
  get_single_data_by_data_type_and_id: z.object({ data_type: z.enum(DATA_TYPES), id }),
  get_store_account_data_by_application_key: z.object({ application_key: applicationKey }),
  get_store_website_data_by_application_key: z.object({ application_key: applicationKey }),
  get_current_purchased_plan_exluding_disabled_by_application_key: z.object({ application_key: applicationKey }),
  get_single_data_by_data_type_and_application_key_and_id: z.object({
    data_type: z.literal("store_staff_data"),
    application_key: applicationKey,
    id,
  }),
  get_store_account_data_and_total_number_by_sorting_and_limit: z.object({
    ...sorting(["create_date", "store_name", "expiry_date"]),
    /** Prefix of the store name, application key, sub-domain or login e-mail. */
    keyword: z.string().trim().max(100).optional(),
    filter: z.enum(["expiring", "expired"]).optional(),
  }),
  add_store_account_data: z.object({ ...storeFields, password: staffPassword() }),
  update_store_account_data_by_application_key: z.object({
    ...storeFields,
    application_key: applicationKey,
    disabled: flag,
  }),
  update_store_account_password_by_application_key: z
    .object({ application_key: applicationKey, ...newPasswordFields })
    .check(refinePasswordRepeat()),
  get_plan_data_and_total_number_by_sorting_and_limit: z.object({
    ...sorting(["create_date", "name_en"]),
    include_disabled: z.boolean().default(true),
  }),
  add_plan_data: z.object(planFields),
  update_plan_data_by_id: z.object({ ...planFields, id, disabled: flag }),
  get_purchased_plan_data_list_by_application_key: z.object({ application_key: applicationKey }),
  add_purchased_plan_data: z.object({ ...orderPlanFields, application_key: applicationKey }).check(planDates),
  update_purchased_plan_data_by_id: z
    .object({ ...editPurchaseFields, application_key: applicationKey, id })
    .check(planDates),
  get_internal_account_data_and_total_number_by_sorting_and_limit: z.object(sorting(["create_date", "email"])),
  add_internal_account_data: z.object({ email: emailRule(), name: text(), password: staffPassword() }),
  update_internal_account_data_by_id: z.object({
    id,
    email: emailRule(),
    name: text(),
    disabled: flag,
    /** A new password, or nothing to keep the current one. */
    password: optional(staffPassword()),
  }),
  get_log_data_and_total_number_by_sorting_and_limit: z
    .object({
      ...sorting(["create_date"]),
      application_key: optional(applicationKey),
      actor_email: optional(z.string().trim().toLowerCase().max(254)),
      action: optional(z.enum(LOG_ACTIONS)),
      date_from: optional(isoDate()),
      date_to: optional(isoDate()),
    })
    .check(refineDateRange("date_from", "date_to")),
  ...uploadPayloads,
  ...categoryPayloads,
} satisfies Record<string, z.ZodType>;

export type ActionName = keyof typeof payloads;
export const ACTION_NAMES = Object.keys(payloads) as ActionName[];
export type PayloadInput<N extends ActionName> = z.input<(typeof payloads)[N]>;
export type Payload<N extends ActionName> = z.output<(typeof payloads)[N]>;

export type AccountType = "staff" | "store" | "store_staff";
export type PermissionLevel = "none" | "read" | "write";
export type StaffRole = "admin" | "sales";

export interface LoginData {
  token: string;
  account_type: AccountType;
  account_id: number;
  application_key?: string;
}

export interface InternalAccountData {
  id: number;
  data_type: "internal_account_data";
  email: string;
  name: string;
  disabled: boolean;
}

export interface WebsiteData {
  id: number;
  application_key: string;
  logo_img_url: string | null;
  custom_domain: string | null;
  disabled: boolean;
}

export interface PurchasedPlanData {
  id: number;
  application_key: string;
  store_payment_id: string;
  start_date: string;
  expiry_date: string;
  plan_type: "trial" | "paid";
  plan_name: { "zh-HK": string; en: string };
  plan_data: {
    module_list: ModuleId[];
    has_cash_dollar: boolean;
    has_vip: boolean;
    default_language_and_currency_only: boolean;
  };
}

export interface StoreStaffData {
  id: number;
  data_type: "store_staff_data";
  application_key: string;
  email: string;
  name: string;
  role: StaffRole;
  permissions: Partial<Record<ModuleId, PermissionLevel>>;
  disabled: boolean;
}

export interface StoreAccountData {
  id: number;
  application_key: string;
  store_name: string;
  email: string;
  sub_domain: string | null;
  cms_side_menu: ModuleId[];
  accept_language: string[];
  accept_currency: string[];
  payment_method_list: string[];
  delivery_method_list: string[];
  enquiry_only: boolean;
  disabled: boolean;
  website_data: WebsiteData | null;
  latest_plan: PurchasedPlanData | null;
  /** The caller's own staff record when a store staff account asks. */
  store_staff_data: StoreStaffData | null;
  /** Whether the store has any product yet (the setup checklist's "first product"). */
  has_product: boolean;
}

export type PurchasedPlanStatus = "current" | "expired" | "disabled" | "upcoming";

export interface PurchasedPlanRecord extends PurchasedPlanData {
  plan_id: number;
  disabled: boolean;
  status: PurchasedPlanStatus;
  create_date: string;
}

export interface PlanRecord {
  id: number;
  data_type: "plan_data";
  name: { "zh-HK": string; en: string };
  plan_type: "trial" | "paid";
  price_cents: number;
  period_days: number;
  module_list: ModuleId[];
  has_cash_dollar: boolean;
  has_vip: boolean;
  default_language_and_currency_only: boolean;
  disabled: boolean;
}

export interface LogRecord {
  id: number;
  application_key: string | null;
  store_name: string | null;
  actor_type: AccountType;
  actor_email: string;
  action: (typeof LOG_ACTIONS)[number];
  data_type: string;
  record_id: string;
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

export interface Results extends ProductResults, AddOnProductResults, UploadResults, CategoryResults {
  login: LoginData;
  logout: null;
  forget_password: null;
  reset_password: null;
  get_single_data_by_data_type_and_id: Record<string, unknown> & { id: number; data_type: string };
  get_store_account_data_by_application_key: StoreAccountData;
  get_store_website_data_by_application_key: WebsiteData;
  get_current_purchased_plan_exluding_disabled_by_application_key: PurchasedPlanData | null;
  get_single_data_by_data_type_and_application_key_and_id: StoreStaffData;
  get_store_account_data_and_total_number_by_sorting_and_limit: StoreListItem[];
  add_store_account_data: { application_key: string };
  update_store_account_data_by_application_key: null;
  update_store_account_password_by_application_key: null;
  get_plan_data_and_total_number_by_sorting_and_limit: PlanRecord[];
  add_plan_data: { id: number };
  update_plan_data_by_id: null;
  get_purchased_plan_data_list_by_application_key: PurchasedPlanRecord[];
  add_purchased_plan_data: { id: number };
  update_purchased_plan_data_by_id: null;
  get_internal_account_data_and_total_number_by_sorting_and_limit: InternalAccountData[];
  add_internal_account_data: { id: number };
  update_internal_account_data_by_id: null;
  get_log_data_and_total_number_by_sorting_and_limit: LogRecord[];
}

export type ActionResult<N extends ActionName> = Results[N];

export type WireSuccess<T> = { result: "success"; data: T } & Record<string, unknown>;
export interface WireFailure {
  result: "fail";
  message: string;
  fields?: Record<string, string[]>;
}
