import { asc, eq, isNull, ne } from "drizzle-orm";
import { allows, permissionFor } from "../../contract/permissions";
import type { PurchasedPlanData, StoreAccountData, StoreStaffData, WebsiteData } from "../../contract/actions";
import type { ModuleId } from "../../contract/modules";
import { hashPassword, verifyPassword } from "../../backend/crypto";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "../../contract/options";
import {
  products,
  purchasedPlans,
  sessions,
  storeAccounts,
  storeSettings,
  storeStaff,
  storeStaffLocations,
  websiteData,
} from "../../backend/db/schema";
import type { StoreScope } from "../../backend/db/scope";
import { hashInTurn } from "../../backend/hashing-turns";
import { oneName } from "../../backend/log";
import { currentPlanQuery } from "../../backend/current-plan";
import { locationsRead } from "../location/reads";
import { ActionError, forbidden, found, notFound } from "../../backend/errors";
import { defineAction } from "../../backend/registry";

// Rows become the spec's snake_case records here; password hashes never leave the backend.

export function websiteToRecord(row: typeof websiteData.$inferSelect): WebsiteData {
  return {
    id: row.id,
    application_key: row.applicationKey,
    logo_img_url: row.logoImgUrl,
    custom_domain: row.customDomain,
    disabled: row.disabled,
  };
}

export function purchasedPlanToRecord(row: typeof purchasedPlans.$inferSelect): PurchasedPlanData {
  return {
    id: row.id,
    application_key: row.applicationKey,
    plan_id: row.planId,
    store_payment_id: row.storePaymentId,
    start_date: row.startDate,
    expiry_date: row.expiryDate,
    plan_type: row.planType,
    plan_name_zh_hk: row.planNameZhHk,
    plan_name_en: row.planNameEn,
    plan_data: {
      module_list: row.moduleList as ModuleId[],
      has_cash_dollar: row.hasCashDollar,
      has_vip: row.hasVip,
      default_language_and_currency_only: row.defaultLanguageAndCurrencyOnly,
    },
    version: row.version,
  };
}

/** A staff account's locations (its limit when `limited_to_locations`), by the primary key's staff_id. */
export const staffLocationsQuery = (store: StoreScope, staffId: number) =>
  store
    .selectFields(storeStaffLocations, { id: storeStaffLocations.locationId }, eq(storeStaffLocations.staffId, staffId))
    .orderBy(asc(storeStaffLocations.locationId));

export function storeStaffToRecord(
  row: typeof storeStaff.$inferSelect,
  locations: readonly { id: number }[],
): StoreStaffData {
  return {
    id: row.id,
    data_type: "store_staff_data",
    application_key: row.applicationKey,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions as StoreStaffData["permissions"],
    sells_offline: row.sellsOffline,
    locations: row.limitedToLocations ? locations.map((location) => location.id) : null,
    disabled: row.disabled,
    create_date: row.createdAt,
    version: row.version,
  };
}

type MethodSettings = Pick<typeof storeSettings.$inferSelect, "paymentMethods" | "deliveryMethods">;

/** The methods switched on in the store's payment or delivery setting, in the usual order. */
const switchedOn = (methods: readonly string[], stored: Record<string, unknown> | undefined) =>
  methods.filter((method) => (stored?.[method] as { enabled?: boolean } | undefined)?.enabled);

export function toRecord(
  row: typeof storeAccounts.$inferSelect,
  website: typeof websiteData.$inferSelect | undefined,
  setting: MethodSettings | undefined,
  plan: typeof purchasedPlans.$inferSelect | undefined,
  staff: typeof storeStaff.$inferSelect | undefined,
  staffLocations: readonly { id: number }[],
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
    payment_method_list: switchedOn(PAYMENT_METHODS, setting?.paymentMethods),
    delivery_method_list: switchedOn(DELIVERY_METHODS, setting?.deliveryMethods),
    enquiry_only: row.enquiryOnly,
    disabled: row.disabled,
    website_data: website ? websiteToRecord(website) : null,
    latest_plan: plan ? purchasedPlanToRecord(plan) : null,
    store_staff_data: staff ? storeStaffToRecord(staff, staffLocations) : null,
    has_product: hasProduct,
    version: row.version,
  };
}

export const storeActions = [
  defineAction("get_store_account_data_by_application_key", "store", async (_input, { store, caller, now }) => {
    const ownStaffId = caller.accountType === "store_staff" ? caller.accountId : 0;
    const [[account], [website], [setting], [plan], [staff], staffLocations, anyProduct] = await store.batch([
      store.select(storeAccounts).limit(1),
      store.select(websiteData).limit(1),
      store
        .selectFields(storeSettings, {
          paymentMethods: storeSettings.paymentMethods,
          deliveryMethods: storeSettings.deliveryMethods,
        })
        .limit(1),
      currentPlanQuery(store, now),
      store.select(storeStaff, eq(storeStaff.id, ownStaffId)).limit(1),
      staffLocationsQuery(store, ownStaffId),
      store.selectFields(products, { id: products.id }).limit(1),
    ]);
    if (!account) throw notFound();
    return toRecord(account, website, setting, plan, staff, staffLocations, anyProduct.length > 0);
  }),

  defineAction("get_store_website_data_by_application_key", "store", async (_input, { store }) => {
    const [website] = await store.select(websiteData).limit(1);
    if (!website) throw notFound();
    return websiteToRecord(website);
  }),

  defineAction(
    "get_current_purchased_plan_exluding_disabled_by_application_key",
    "store",
    async (_input, { store, now }) => {
      const [plan] = await currentPlanQuery(store, now);
      return plan ? purchasedPlanToRecord(plan) : null;
    },
  ),

  defineAction("get_single_data_by_data_type_and_application_key_and_id", "store", async (input, { store, caller }) => {
    const isOwnRecord = caller.accountType === "store_staff" && caller.accountId === input.id;
    if (!isOwnRecord && !allows(permissionFor(caller, "staff_account"), "read")) throw forbidden();
    const [[staff], staffLocations, storeLocations] = await store.batch([
      store.select(storeStaff, eq(storeStaff.id, input.id)).limit(1),
      staffLocationsQuery(store, input.id),
      locationsRead(store),
    ]);
    if (!staff) throw notFound();
    return { ...storeStaffToRecord(staff, staffLocations), store_locations: storeLocations };
  }),

  // Only the store account itself, knowing its password: not its staff, nor provider staff inside the store.
  defineAction("update_own_store_account_password_by_application_key", "store:account", {
    reads: (_input, { store }) => [store.select(storeAccounts).limit(1)] as const,
    handler: async ({ current_password, password }, { store, caller, now }, [accounts]) => {
      if (caller.accountType !== "store") throw forbidden();
      const account = found(accounts);
      if (!(await hashInTurn(() => verifyPassword(current_password, account.passwordHash)))) {
        throw new ActionError(400, "invalid-payload", { current_password: ["current-password-incorrect"] });
      }
      const passwordHash = await hashInTurn(() => hashPassword(password));
      await store.batch([
        store.update(storeAccounts, { passwordHash }),
        // Every other sign-in of the account ends; this one goes on.
        store.update(
          sessions,
          { revokedAt: now.toISOString() },
          eq(sessions.accountType, "store"),
          eq(sessions.accountId, account.id),
          ne(sessions.tokenHash, caller.tokenHash),
          isNull(sessions.revokedAt),
        ),
        store.log(caller, now, {
          action: "edit",
          dataType: "store_account_data",
          recordId: store.applicationKey,
          recordName: oneName(account.storeName),
          before: { password: "" },
          after: { password: "new" },
        }),
      ]);
      return null;
    },
  }),
];
