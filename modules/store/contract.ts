import * as z from "zod";
import { newPasswordFields } from "../auth/contract";
import { refinePasswordRepeat } from "../../contract/field-rules";
import type { ModuleId } from "../../contract/modules";
import type { LocationName } from "../location/contract";
import type { Examples } from "../../contract/examples";
import { applicationKey, id } from "../../contract/parts";

/** The store's own account, website, current plan and staff records, as its users read them. */

export type PermissionLevel = "none" | "read" | "write";
export type StaffRole = "admin" | "sales";

const storeKey = z.object({ application_key: applicationKey });

/** The my-account form: the current password, then the new one twice. */
export const ownPasswordFields = {
  current_password: z.string({ error: "force-input" }).min(1, { error: "force-input" }).max(200),
  ...newPasswordFields,
};

export const storePayloads = {
  get_store_account_data_by_application_key: storeKey,
  get_store_website_data_by_application_key: storeKey,
  get_current_purchased_plan_exluding_disabled_by_application_key: storeKey,
  get_single_data_by_data_type_and_application_key_and_id: z.object({
    data_type: z.literal("store_staff_data"),
    application_key: applicationKey,
    id,
  }),
  get_purchased_plan_data_list_by_application_key: storeKey,
  /** My account: the store account's own new password, given its current one; its other sessions end. */
  update_own_store_account_password_by_application_key: z
    .object({ application_key: applicationKey, ...ownPasswordFields })
    .check(refinePasswordRepeat()),
};

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
  /** The plan of the catalogue it was bought from. */
  plan_id: number;
  store_payment_id: string;
  start_date: string;
  expiry_date: string;
  plan_type: "trial" | "paid";
  plan_name_zh_hk: string;
  plan_name_en: string;
  plan_data: {
    module_list: ModuleId[];
    has_cash_dollar: boolean;
    has_vip: boolean;
    default_language_and_currency_only: boolean;
  };
  version: number;
}

export interface StoreStaffData {
  id: number;
  data_type: "store_staff_data";
  application_key: string;
  email: string;
  name: string;
  role: StaffRole;
  permissions: Partial<Record<ModuleId, PermissionLevel>>;
  sells_offline: boolean;
  /** The locations the account is limited to (ascending ids), or null: every location, later ones too. */
  locations: number[] | null;
  disabled: boolean;
  create_date: string;
  version: number;
}

/** A staff account as its form edits it, with the store's locations in their order, which it can be limited to. */
export interface StoreStaffDetail extends StoreStaffData {
  store_locations: LocationName[];
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
  version: number;
}

export type PurchasedPlanStatus = "current" | "expired" | "disabled" | "upcoming";

export interface PurchasedPlanRecord extends PurchasedPlanData {
  /** The plan's price when ordered, and after the promotion code (cents; 0 for a trial). */
  price_before_cents: number;
  price_cents: number;
  promotion_code: string | null;
  disabled: boolean;
  status: PurchasedPlanStatus;
  create_date: string;
}

export interface StoreResults {
  get_store_account_data_by_application_key: StoreAccountData;
  get_store_website_data_by_application_key: WebsiteData;
  get_current_purchased_plan_exluding_disabled_by_application_key: PurchasedPlanData | null;
  get_single_data_by_data_type_and_application_key_and_id: StoreStaffDetail;
  get_purchased_plan_data_list_by_application_key: PurchasedPlanRecord[];
  update_own_store_account_password_by_application_key: null;
}

export const storeExamples: Examples<typeof storePayloads> = {
  get_store_account_data_by_application_key: ({ application_key }) => ({ application_key }),
  get_store_website_data_by_application_key: ({ application_key }) => ({ application_key }),
  get_current_purchased_plan_exluding_disabled_by_application_key: ({ application_key }) => ({ application_key }),
  get_single_data_by_data_type_and_application_key_and_id: ({ application_key, store_staff_id }) => ({
    data_type: "store_staff_data",
    application_key,
    id: store_staff_id,
  }),
  get_purchased_plan_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  update_own_store_account_password_by_application_key: ({ application_key }) => ({
    application_key,
    current_password: "example-pass-0",
    password: "example-pass-1",
    repeat_password: "example-pass-1",
  }),
};
