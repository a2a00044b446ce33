import type {
  DeliveryMethodSetting,
  GeneralSetting,
  PaymentMethodSetting,
  PaymentSetting,
  PromotionSetting,
  StoreSettingData,
} from "../../contract/actions";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "../../contract/options";
import { isValidBirthdayCoupon } from "./contract";
import { storeNameClaims, writeClaiming } from "../../backend/accounts";
import { currentPlanQuery } from "../../backend/current-plan";
import type { StoreScope } from "../../backend/db/scope";
import { storeAccounts, storeSettings, websiteData, websiteKeys } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { edited, oneName } from "../../backend/log";
import { defineAction } from "../../backend/registry";
import { saveStoreSettings, settingsEditReads } from "../../backend/store-settings";
import { rethrowUniqueViolation } from "../../backend/unique";
import { newWebsiteKey, websiteKeyFingerprint } from "../../backend/website-key";
import { requireOwnUploads, uploadsOf } from "../upload/actions";

type StoreAccountRow = typeof storeAccounts.$inferSelect;
type WebsiteRow = typeof websiteData.$inferSelect;
type SettingRow = typeof storeSettings.$inferSelect;
type PlanRow = Awaited<ReturnType<typeof currentPlanQuery>>[number];

const UNIQUE_CONFLICTS = {
  "store_name_directory.store_name": { message: "store-name-used", field: "store_name" },
  "store_account.store_name": { message: "store-name-used", field: "store_name" },
  "sub_domain_directory.sub_domain": { message: "domain-repeated", field: "sub_domain" },
  "store_account.sub_domain": { message: "domain-repeated", field: "sub_domain" },
  "website_data.custom_domain": { message: "domain-repeated", field: "custom_domain" },
} as const;

const IMAGE_FIELDS = ["logo_img_url", "favicon_url", "share_image_url"] as const;

function toGeneral(account: StoreAccountRow, website: WebsiteRow | undefined, setting: SettingRow): GeneralSetting {
  return {
    store_name: account.storeName,
    accept_language: account.acceptLanguage as GeneralSetting["accept_language"],
    accept_currency: account.acceptCurrency as GeneralSetting["accept_currency"],
    logo_img_url: website?.logoImgUrl ?? null,
    favicon_url: website?.faviconUrl ?? null,
    share_image_url: website?.shareImageUrl ?? null,
    sub_domain: account.subDomain,
    custom_domain: website?.customDomain ?? null,
    contact_email: website?.contactEmail ?? null,
    contact_phone: website?.contactPhone ?? null,
    address: website?.address ?? null,
    seo_title: website?.seoTitle ?? null,
    seo_description: website?.seoDescription ?? null,
    booking_reminder_hours: setting.bookingReminderHours,
  };
}

/** The store's account, website, settings and current plan: everything checkout needs, in one batch. */
const settingsReads = (store: StoreScope, now: Date) =>
  [
    store.select(storeAccounts).limit(1),
    store.select(websiteData).limit(1),
    store.select(storeSettings).limit(1),
    currentPlanQuery(store, now),
  ] as const;

const PAYMENT_METHOD_OFF: PaymentMethodSetting = {
  enabled: false,
  name_zh_hk: null,
  name_en: null,
  instructions_zh_hk: null,
  instructions_en: null,
  account_id: null,
  qr_image_url: null,
  requires_proof: false,
};

const DELIVERY_METHOD_OFF: DeliveryMethodSetting = {
  enabled: false,
  charge_cents: { hk: 0, kln: 0, nt: 0, island: 0 },
  free_delivery_amount_cents: null,
  instructions_zh_hk: null,
  instructions_en: null,
  pickup_addresses: [],
};

/** Every method with its stored setting; one never saved is off. */
function everyMethod<M extends string, T>(methods: readonly M[], stored: Record<string, unknown>, off: T) {
  return Object.fromEntries(methods.map((method) => [method, { ...off, ...(stored[method] as Partial<T>) }])) as Record<
    M,
    T
  >;
}

/**
 * Every payment method with its stored setting (checkout reads them too), as stored: an FPS identifier saved
 * before its rule reads as it was, and storedFpsIdentifier() finds no QR code in it.
 */
export function paymentMethodsOf(row: SettingRow): PaymentSetting["methods"] {
  const methods = everyMethod(PAYMENT_METHODS, row.paymentMethods, PAYMENT_METHOD_OFF);
  return {
    ...methods,
    fps: { bank_code: null, merchant_name_en: null, merchant_city: null, ...methods.fps },
  };
}
export const deliveryMethodsOf = (row: SettingRow) =>
  everyMethod(DELIVERY_METHODS, row.deliveryMethods, DELIVERY_METHOD_OFF);

function toPromotion(row: SettingRow): PromotionSetting {
  return {
    cash_dollar_enabled: row.cashDollarEnabled,
    cash_dollar_earn_rate: row.cashDollarEarnRate,
    cash_dollar_redeem_rate: row.cashDollarRedeemRate,
    welcome_cash_dollar_cents: row.welcomeCashDollarCents,
    birthday_coupon_enabled: row.birthdayCouponEnabled,
    birthday_coupon_type: row.birthdayCouponType,
    birthday_coupon_amount: row.birthdayCouponAmount,
    birthday_coupon_minimum_subtotal_cents: row.birthdayCouponMinimumSubtotalCents,
    birthday_coupon_valid_days: row.birthdayCouponValidDays,
    vip_enabled: row.vipEnabled,
    vip_upgrade_spend_cents: row.vipUpgradeSpendCents,
    vip_upgrade_days: row.vipUpgradeDays,
  };
}

function toSettingData(
  account: StoreAccountRow,
  website: WebsiteRow | undefined,
  setting: SettingRow,
  plan: PlanRow | undefined,
): StoreSettingData {
  return {
    application_key: account.applicationKey,
    general: toGeneral(account, website, setting),
    version: account.version,
    payment: {
      methods: paymentMethodsOf(setting),
      card_fee_basis_points: setting.cardFeeBasisPoints,
      unpaid_order_cancel_hours: setting.unpaidOrderCancelHours,
      unpaid_order_reminder_hours: setting.unpaidOrderReminderHours,
      version: setting.paymentVersion,
    },
    delivery: { methods: deliveryMethodsOf(setting), version: setting.deliveryVersion },
    promotion: { ...toPromotion(setting), version: setting.promotionVersion },
    plan: {
      default_language_and_currency_only: plan?.defaultLanguageAndCurrencyOnly ?? false,
      has_cash_dollar: plan?.hasCashDollar ?? false,
      has_vip: plan?.hasVip ?? false,
    },
  };
}

/**
 * The setting as the log shows it: each method's field as `<method>.<field>` (`shop_delivery.charge_cents.hk`),
 * so only what changed shows.
 */
function flattened(value: object, prefix = ""): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === "object" && inner !== null && !Array.isArray(inner)
        ? Object.entries(flattened(inner, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );
}

function refuse(fields: Record<string, string[]>) {
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);
}

/** A plan with `default_language_and_currency_only` lets the store offer zh-HK and HKD only. */
function checkPlanAllows(input: GeneralSetting, defaultOnly: boolean) {
  if (!defaultOnly) return;
  refuse({
    ...(input.accept_language.some((language) => language !== "zh-HK") && {
      accept_language: ["plan-default-language-and-currency-only"],
    }),
    ...(input.accept_currency.some((currency) => currency !== "HKD") && {
      accept_currency: ["plan-default-language-and-currency-only"],
    }),
  });
}

/** What the plan lacks stays off; a birthday coupon takes a sensible amount; a VIP rule needs both parts. */
function checkPromotion(input: PromotionSetting, plan: PlanRow | undefined) {
  refuse({
    ...(input.cash_dollar_enabled && !plan?.hasCashDollar && { cash_dollar_enabled: ["plan-has-no-cash-dollar"] }),
    ...(input.vip_enabled && !plan?.hasVip && { vip_enabled: ["plan-has-no-vip"] }),
    ...(!isValidBirthdayCoupon(input.birthday_coupon_type, input.birthday_coupon_amount) && {
      birthday_coupon_amount: ["invalid-birthday-coupon-type-or-amount"],
    }),
    ...(input.vip_upgrade_spend_cents !== null &&
      input.vip_upgrade_days === null && {
        vip_upgrade_days: ["force-input"],
      }),
    ...(input.vip_upgrade_days !== null &&
      input.vip_upgrade_spend_cents === null && {
        vip_upgrade_spend_cents: ["force-input"],
      }),
  });
}

export const settingActions = [
  defineAction("get_store_setting_data_by_application_key", "store:setting:read", {
    reads: (_input, { store, now }) => settingsReads(store, now),
    handler: async (_input, _context, [accounts, [website], settings, [plan]]) =>
      toSettingData(found(accounts), website, found(settings), plan),
  }),

  defineAction("update_store_general_setting_data_by_application_key", "store:setting:write", {
    reads: (input, { store, now }) =>
      [
        ...settingsReads(store, now),
        uploadsOf(
          store,
          IMAGE_FIELDS.map((field) => input[field]),
        ),
      ] as const,
    handler: async (input, { store, databases, caller, now }, [accounts, [website], settings, [plan], uploaded]) => {
      const { application_key: _applicationKey, version, ...general } = input;
      const account = found(accounts);
      checkPlanAllows(general, plan?.defaultLanguageAndCurrencyOnly ?? false);
      requireOwnUploads(Object.fromEntries(IMAGE_FIELDS.map((field) => [field, general[field]])), uploaded);
      // A new name or sub-domain is claimed in the control database first, as every store's (backend/accounts.ts).
      const { control } = databases;
      const after = { storeName: general.store_name, subDomain: general.sub_domain };
      await writeClaiming(
        control,
        await databases.ofStore(store.applicationKey),
        storeNameClaims(control, store.applicationKey, after, account),
        [
          store.update(storeAccounts, {
            storeName: general.store_name,
            subDomain: general.sub_domain,
            acceptLanguage: general.accept_language,
            acceptCurrency: general.accept_currency,
            version: nextVersion(storeAccounts.version, version),
          }),
          store.update(websiteData, {
            logoImgUrl: general.logo_img_url,
            faviconUrl: general.favicon_url,
            shareImageUrl: general.share_image_url,
            customDomain: general.custom_domain,
            contactEmail: general.contact_email,
            contactPhone: general.contact_phone,
            address: general.address,
            seoTitle: general.seo_title,
            seoDescription: general.seo_description,
          }),
          store.update(storeSettings, { bookingReminderHours: general.booking_reminder_hours }),
          store.log(caller, now, {
            action: "edit",
            dataType: "store_account_data",
            recordId: store.applicationKey,
            recordName: oneName(general.store_name),
            before: toGeneral(account, website, found(settings)),
            after: general,
          }),
        ],
      )
        .catch(rethrowStaleVersion)
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_CONFLICTS));
      return null;
    },
  }),

  defineAction("update_store_payment_setting_data_by_application_key", "store:setting:write", {
    reads: ({ methods }, { store }) =>
      [
        ...settingsEditReads(store),
        uploadsOf(
          store,
          Object.values(methods).map((method) => method.qr_image_url),
        ),
      ] as const,
    handler: async (
      { methods, card_fee_basis_points, unpaid_order_cancel_hours, unpaid_order_reminder_hours, version },
      context,
      [accounts, settings, uploaded],
    ) => {
      const before = found(settings);
      requireOwnUploads(
        Object.fromEntries(
          Object.entries(methods).map(([method, setting]) => [`methods.${method}.qr_image_url`, setting.qr_image_url]),
        ),
        uploaded,
      );
      await saveStoreSettings(
        context,
        accounts,
        {
          paymentMethods: methods,
          cardFeeBasisPoints: card_fee_basis_points,
          unpaidOrderCancelHours: unpaid_order_cancel_hours,
          unpaidOrderReminderHours: unpaid_order_reminder_hours,
          paymentVersion: nextVersion(storeSettings.paymentVersion, version),
        },
        {
          before: {
            ...flattened(paymentMethodsOf(before)),
            card_fee_basis_points: before.cardFeeBasisPoints,
            unpaid_order_cancel_hours: before.unpaidOrderCancelHours,
            unpaid_order_reminder_hours: before.unpaidOrderReminderHours,
          },
          after: {
            ...flattened(methods),
            card_fee_basis_points,
            unpaid_order_cancel_hours,
            unpaid_order_reminder_hours,
          },
        },
      );
      return null;
    },
  }),

  defineAction("update_store_delivery_setting_data_by_application_key", "store:setting:write", {
    reads: (_input, { store }) => settingsEditReads(store),
    handler: async ({ methods, version }, context, [accounts, settings]) => {
      const before = found(settings);
      const current = deliveryMethodsOf(before);
      // Self pickup's addresses are its pickup locations', kept by triggers (migration 0068), never the form's.
      const saved = Object.fromEntries(
        DELIVERY_METHODS.map((method) => [
          method,
          { ...methods[method], pickup_addresses: current[method].pickup_addresses },
        ]),
      );
      await saveStoreSettings(
        context,
        accounts,
        { deliveryMethods: saved, deliveryVersion: nextVersion(storeSettings.deliveryVersion, version) },
        { before: flattened(deliveryMethodsOf(before)), after: flattened(saved) },
      );
      return null;
    },
  }),

  defineAction("update_store_promotion_setting_data_by_application_key", "store:setting:write", {
    reads: (_input, { store, now }) => [...settingsEditReads(store), currentPlanQuery(store, now)] as const,
    handler: async ({ application_key: _key, version, ...promotion }, context, [accounts, settings, [plan]]) => {
      const before = found(settings);
      checkPromotion(promotion, plan);
      await saveStoreSettings(
        context,
        accounts,
        {
          cashDollarEnabled: promotion.cash_dollar_enabled,
          cashDollarEarnRate: promotion.cash_dollar_earn_rate,
          cashDollarRedeemRate: promotion.cash_dollar_redeem_rate,
          welcomeCashDollarCents: promotion.welcome_cash_dollar_cents,
          birthdayCouponEnabled: promotion.birthday_coupon_enabled,
          birthdayCouponType: promotion.birthday_coupon_type,
          birthdayCouponAmount: promotion.birthday_coupon_amount,
          birthdayCouponMinimumSubtotalCents: promotion.birthday_coupon_minimum_subtotal_cents,
          birthdayCouponValidDays: promotion.birthday_coupon_valid_days,
          vipEnabled: promotion.vip_enabled,
          vipUpgradeSpendCents: promotion.vip_upgrade_spend_cents,
          vipUpgradeDays: promotion.vip_upgrade_days,
          promotionVersion: nextVersion(storeSettings.promotionVersion, version),
        },
        { before: toPromotion(before), after: promotion },
      );
      return null;
    },
  }),

  defineAction("get_website_key_data_by_application_key", "store:setting:read", {
    reads: (_input, { store }) => [store.selectFields(websiteKeys, { createdAt: websiteKeys.createdAt })] as const,
    handler: async ({ application_key }, _context, [[key]]) => ({
      application_key,
      created_at: key?.createdAt ?? null,
    }),
  }),

  /**
   * A new key for the store's website (docs/architecture.md, "What store websites call"): 192 random bits,
   * answered once, stored as its SHA-256 over the store's previous one, which stops working at once. The log
   * tells keys apart by the first digits of their hashes.
   */
  defineAction("update_website_key_data_by_application_key", "store:setting:write", {
    reads: (_input, { store }) => [store.select(storeAccounts).limit(1), store.select(websiteKeys).limit(1)] as const,
    handler: async ({ application_key }, { store, caller, now }, [accounts, [previous]]) => {
      const { key, hash } = await newWebsiteKey();
      const createdAt = now.toISOString();
      await store.batch([
        store
          .insert(websiteKeys, [{ keyHash: hash, createdAt }])
          .onConflictDoUpdate({ target: websiteKeys.applicationKey, set: { keyHash: hash, createdAt } }),
        store.log(
          caller,
          now,
          edited(
            "store_setting_data",
            application_key,
            oneName(found(accounts).storeName),
            { website_key: previous ? websiteKeyFingerprint(previous.keyHash) : null },
            { website_key: websiteKeyFingerprint(hash) },
          ),
        ),
      ]);
      return { application_key, website_key: key, created_at: createdAt };
    },
  }),
];
