import type {
  InternalAccountData,
  PlanRecord,
  PurchasedPlanData,
  StoreAccountData,
  StoreStaffData,
  WebsiteData,
} from "../contract/actions";
import type { ModuleId } from "../contract/modules";
import type { internalAccounts, plans, purchasedPlans, storeAccounts, storeStaff, websiteData } from "./db/schema";

// Rows become the spec's snake_case records here; password hashes never leave the backend.

export function internalAccountData(row: typeof internalAccounts.$inferSelect): InternalAccountData {
  return { id: row.id, data_type: "internal_account_data", email: row.email, name: row.name, disabled: row.disabled };
}

export function websiteRecord(row: typeof websiteData.$inferSelect): WebsiteData {
  return {
    id: row.id,
    application_key: row.applicationKey,
    logo_img_url: row.logoImgUrl,
    custom_domain: row.customDomain,
    disabled: row.disabled,
  };
}

export function planData(row: typeof plans.$inferSelect): PlanRecord {
  return {
    id: row.id,
    data_type: "plan_data",
    name: { "zh-HK": row.nameZhHk, en: row.nameEn },
    plan_type: row.planType,
    price_cents: row.priceCents,
    period_days: row.periodDays,
    module_list: row.moduleList as ModuleId[],
    has_cash_dollar: row.hasCashDollar,
    has_vip: row.hasVip,
    default_language_and_currency_only: row.defaultLanguageAndCurrencyOnly,
    disabled: row.disabled,
  };
}

export function purchasedPlanData(row: typeof purchasedPlans.$inferSelect): PurchasedPlanData {
  return {
    id: row.id,
    application_key: row.applicationKey,
    store_payment_id: row.storePaymentId,
    start_date: row.startDate,
    expiry_date: row.expiryDate,
    plan_type: row.planType,
    plan_name: { "zh-HK": row.planNameZhHk, en: row.planNameEn },
    plan_data: {
      module_list: row.moduleList as ModuleId[],
      has_cash_dollar: row.hasCashDollar,
      has_vip: row.hasVip,
      default_language_and_currency_only: row.defaultLanguageAndCurrencyOnly,
    },
  };
}

export function storeStaffData(row: typeof storeStaff.$inferSelect): StoreStaffData {
  return {
    id: row.id,
    data_type: "store_staff_data",
    application_key: row.applicationKey,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions as StoreStaffData["permissions"],
    disabled: row.disabled,
  };
}

export function storeAccountData(
  row: typeof storeAccounts.$inferSelect,
  website: typeof websiteData.$inferSelect | undefined,
  plan: typeof purchasedPlans.$inferSelect | undefined,
  staff: typeof storeStaff.$inferSelect | undefined,
  hasProduct: boolean,
): StoreAccountData {
  return {
    id: row.id,
    application_key: row.applicationKey,
    store_name: row.storeName,
    email: row.email,
    sub_domain: row.subDomain,
    cms_side_menu: row.cmsSideMenu as ModuleId[],
    accept_language: row.acceptLanguage,
    accept_currency: row.acceptCurrency,
    payment_method_list: row.paymentMethodList,
    delivery_method_list: row.deliveryMethodList,
    enquiry_only: row.enquiryOnly,
    disabled: row.disabled,
    website_data: website ? websiteRecord(website) : null,
    latest_plan: plan ? purchasedPlanData(plan) : null,
    store_staff_data: staff ? storeStaffData(staff) : null,
    has_product: hasProduct,
  };
}
