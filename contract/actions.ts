import * as z from "zod";
import { refinePasswordRepeat, staffPassword } from "./field-rules";
import type { ModuleId } from "./modules";

/**
 * The action catalogue shared by the backend and the BFF client: names (byte for byte as the spec
 * spells them), payload schemas and result types. The backend adds permissions and handlers.
 */
const applicationKey = z.string().trim().min(1).max(64);
const id = z.coerce.number().int().positive();
const email = z.string().trim().toLowerCase().email().max(254);

export const DATA_TYPES = [
  "internal_account_data",
  "store_account_data",
  "store_website_data",
  "store_staff_data",
  "plan_data",
  "purchased_plan_data",
] as const;

export const payloads = {
  login: z.object({ email, password: z.string().min(1).max(200) }),
  logout: z.object({}),
  forget_password: z.object({ email, language: z.enum(["zh-HK", "en"]).default("zh-HK") }),
  reset_password: z
    .object({ id, token: z.string().min(16).max(200), password: staffPassword(), repeat_password: z.string() })
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
    sorting: z.enum(["create_date", "store_name"]).default("create_date"),
    direction: z.enum(["ASC", "DESC"]).default("DESC"),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    page: z.coerce.number().int().min(1).default(1),
  }),
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

export interface Results {
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
}

export type ActionResult<N extends ActionName> = Results[N];

export type WireSuccess<T> = { result: "success"; data: T } & Record<string, unknown>;
export interface WireFailure {
  result: "fail";
  message: string;
  fields?: Record<string, string[]>;
}
