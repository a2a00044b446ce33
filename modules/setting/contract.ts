import * as z from "zod";
import {
  crossFieldCheck,
  domain,
  email,
  hostname,
  MAX_CENTS,
  multilineText,
  nullable,
  phone,
  text,
} from "../../contract/field-rules";
import type { Examples } from "../../contract/examples";
import {
  fpsBankCode,
  fpsIdentifierText,
  fpsMerchantCity,
  fpsMerchantName,
  storedFpsIdentifier,
} from "../../contract/fps-qr";
import {
  ACCOUNT_PAYMENT_METHODS,
  BIRTHDAY_COUPON_TYPES,
  CURRENCIES,
  DELIVERY_METHODS,
  DISTRICTS,
  LANGUAGES,
  PAYMENT_METHODS,
} from "../../contract/options";
import { withValue } from "../../contract/messages";
import { applicationKey, cents, flag, someOf, version, wholeNumber } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";

/** The store's settings (module `setting`), which every commerce module reads. */

/** The longest SEO description search engines show; the title keeps the counter's default 70. */
export const SEO_DESCRIPTION_MAX = 160;
export const ADDRESS_MAX = 200;

/** Everything the general setting page saves. */
/** Appointments, class bookings and rentals due back are reminded 1 hour to a week before; a day unless set. */
export const BOOKING_REMINDER_HOURS_MAX = 168;
export const BOOKING_REMINDER_HOURS_DEFAULT = 24;

export const generalSettingFields = {
  /** The name customers know the store by, in any script and punctuation. */
  store_name: text(),
  accept_language: someOf(LANGUAGES),
  accept_currency: someOf(CURRENCIES),
  logo_img_url: nullable(uploadedFileUrl()),
  favicon_url: nullable(uploadedFileUrl()),
  share_image_url: nullable(uploadedFileUrl()),
  sub_domain: nullable(domain()),
  custom_domain: nullable(hostname()),
  contact_email: nullable(email()),
  contact_phone: nullable(phone()),
  address: nullable(multilineText({ max: ADDRESS_MAX })),
  /** The hourly job reminds each booking's customer once, this many hours before (backend/booking-reminders.ts). */
  booking_reminder_hours: wholeNumber(1, BOOKING_REMINDER_HOURS_MAX).default(BOOKING_REMINDER_HOURS_DEFAULT),
  seo_title: nullable(text()),
  seo_description: nullable(multilineText({ max: SEO_DESCRIPTION_MAX })),
};

export const INSTRUCTIONS_MAX = 500;
/** Card fee: 0 to 10 %, in basis points (hundredths of a percent). */
export const CARD_FEE_MAX_BASIS_POINTS = 1000;
/** Rates in hundredths: 100 is 1 cash dollar per HK$1. */
export const CASH_DOLLAR_RATE_MAX = 10_000;
export const MAX_COUPON_VALID_DAYS = 366;

/** A schema per method, as one object keyed by method (the form's fieldsets, the stored JSON). */
function byMethod<M extends string, S extends z.ZodType>(methods: readonly M[], schema: (method: M) => S) {
  return z.object(Object.fromEntries(methods.map((method) => [method, schema(method)])) as Record<M, S>);
}

const needsAccount = (method: string) => (ACCOUNT_PAYMENT_METHODS as readonly string[]).includes(method);

/** How a payment method shows to customers; names left blank show the method's usual name. */
const paymentMethodFields = {
  enabled: flag,
  name_zh_hk: nullable(text()),
  name_en: nullable(text()),
  instructions_zh_hk: nullable(multilineText({ max: INSTRUCTIONS_MAX })),
  instructions_en: nullable(multilineText({ max: INSTRUCTIONS_MAX })),
  account_id: nullable(text({ max: 200 })),
  qr_image_url: nullable(uploadedFileUrl()),
  requires_proof: flag,
};

const accountRequired =
  (method: string) => (payload: z.core.ParsePayload<{ enabled: boolean; account_id: string | null }>) => {
    if (payload.value.enabled && needsAccount(method) && !payload.value.account_id) {
      payload.issues.push({ code: "custom", message: "force-input", path: ["account_id"], input: null });
    }
  };

const paymentMethodSetting = (method: string) => z.object(paymentMethodFields).check(accountRequired(method));

/**
 * FPS's account is the store's FPS identifier, kept as typed, from which the dynamic QR codes are drawn (the static
 * QR image stays as the fallback); the bank's code goes with a mobile number or e-mail only, as an FPS ID already
 * names one account ("fps-bank-code-with-fps-id"). The QR codes carry the store's English name (ID 59; none: the
 * store's name when it is Latin, else "NA") and its city (ID 60; none: Hong Kong).
 */
const fpsMethodSetting = () =>
  z
    .object({
      ...paymentMethodFields,
      account_id: nullable(fpsIdentifierText()),
      bank_code: nullable(fpsBankCode()),
      merchant_name_en: nullable(fpsMerchantName()),
      merchant_city: nullable(fpsMerchantCity()),
    })
    .check(accountRequired("fps"))
    .check((payload) => {
      const { account_id, bank_code } = payload.value;
      if (bank_code && storedFpsIdentifier(account_id, null)?.type === "fps-id") {
        payload.issues.push({ code: "custom", message: "fps-bank-code-with-fps-id", path: ["bank_code"], input: null });
      }
    });

/** Unpaid online orders are cancelled this many hours after they were made: 1 hour to 30 days. */
export const UNPAID_ORDER_CANCEL_HOURS_MAX = 720;
export const UNPAID_ORDER_CANCEL_HOURS_DEFAULT = 48;

export const paymentSettingFields = {
  methods: z.object({ ...byMethod(PAYMENT_METHODS, paymentMethodSetting).shape, fps: fpsMethodSetting() }),
  card_fee_basis_points: wholeNumber(0, CARD_FEE_MAX_BASIS_POINTS),
  unpaid_order_cancel_hours: wholeNumber(1, UNPAID_ORDER_CANCEL_HOURS_MAX).default(UNPAID_ORDER_CANCEL_HOURS_DEFAULT),
  /** An unpaid order's customer is e-mailed one reminder this many hours after ordering; none: no reminder. */
  unpaid_order_reminder_hours: nullable(wholeNumber(1, UNPAID_ORDER_CANCEL_HOURS_MAX - 1)),
};

/** The reminder goes before the cancellation → "reminder-not-before-cancel:<cancel hours>" beside the reminder's hours. */
export const reminderBeforeCancel = crossFieldCheck<{
  unpaid_order_cancel_hours: number;
  unpaid_order_reminder_hours: number | null;
}>((value, context) => {
  const { unpaid_order_cancel_hours: cancel, unpaid_order_reminder_hours: reminder } = value;
  if (typeof cancel === "number" && typeof reminder === "number" && reminder >= cancel) {
    context.addIssue({
      code: "custom",
      message: withValue("reminder-not-before-cancel", cancel),
      path: ["unpaid_order_reminder_hours"],
      input: reminder,
    });
  }
});

export const deliveryMethodFields = {
  enabled: flag,
  charge_cents: byMethod(DISTRICTS, () => cents),
  /** An order subtotal at or above it pays no charge; none: every order pays. */
  free_delivery_amount_cents: nullable(cents),
  instructions_zh_hk: nullable(multilineText({ max: INSTRUCTIONS_MAX })),
  instructions_en: nullable(multilineText({ max: INSTRUCTIONS_MAX })),
};

const deliveryMethodSetting = () => z.object(deliveryMethodFields);

export const deliverySettingFields = { methods: byMethod(DELIVERY_METHODS, deliveryMethodSetting) };

export const promotionSettingFields = {
  cash_dollar_enabled: flag,
  /** Cash dollars earned per HK$1 of a paid order, in hundredths. */
  cash_dollar_earn_rate: wholeNumber(0, CASH_DOLLAR_RATE_MAX),
  /** Cash dollars that take HK$1 off, in hundredths. */
  cash_dollar_redeem_rate: wholeNumber(1, CASH_DOLLAR_RATE_MAX),
  /** Given once to each new member, in cash-dollar cents. */
  welcome_cash_dollar_cents: cents,
  birthday_coupon_enabled: flag,
  birthday_coupon_type: z.enum(BIRTHDAY_COUPON_TYPES),
  /** A whole percentage (1–100) or cents off. */
  birthday_coupon_amount: wholeNumber(0, MAX_CENTS),
  birthday_coupon_minimum_subtotal_cents: cents,
  birthday_coupon_valid_days: wholeNumber(1, MAX_COUPON_VALID_DAYS),
  vip_enabled: flag,
  /** Members who spend this much within `vip_upgrade_days` become VIP; none: upgrades are by hand. */
  vip_upgrade_spend_cents: nullable(cents),
  vip_upgrade_days: nullable(wholeNumber(1, MAX_COUPON_VALID_DAYS)),
};

/** A birthday coupon takes 1–100 % off, or a cash amount above 0. */
export const isValidBirthdayCoupon = (type: (typeof BIRTHDAY_COUPON_TYPES)[number], amount: number) =>
  type === "percentage" ? amount >= 1 && amount <= 100 : amount > 0;

const storeKey = { application_key: applicationKey };

export const settingPayloads = {
  get_store_setting_data_by_application_key: z.object(storeKey),
  /** `version` is the store account's: provider staff editing the same store meet the same check. */
  update_store_general_setting_data_by_application_key: z.object({ ...storeKey, ...generalSettingFields, version }),
  /** Each of the payment, delivery and promotion pages has its own version, so they never collide. */
  update_store_payment_setting_data_by_application_key: z
    .object({ ...storeKey, ...paymentSettingFields, version })
    .check(reminderBeforeCancel),
  update_store_delivery_setting_data_by_application_key: z.object({
    ...storeKey,
    ...deliverySettingFields,
    version,
  }),
  update_store_promotion_setting_data_by_application_key: z.object({
    ...storeKey,
    ...promotionSettingFields,
    version,
  }),
  /** Whether the store's website has a key, and since when (the key itself is never read back). */
  get_website_key_data_by_application_key: z.object(storeKey),
  /** A new website key, answered once; the store's previous key stops working at once. */
  update_website_key_data_by_application_key: z.object(storeKey),
};

export type GeneralSetting = { [K in keyof typeof generalSettingFields]: z.output<(typeof generalSettingFields)[K]> };

type Output<F extends Record<string, z.ZodType>> = { [K in keyof F]: z.output<F[K]> };
export type PaymentSetting = Output<typeof paymentSettingFields>;
export type DeliverySetting = Output<typeof deliverySettingFields>;
export type PromotionSetting = Output<typeof promotionSettingFields>;
/** Every method's setting; FPS's adds its bank code (`FpsMethodSetting`). */
export type PaymentMethodSetting = PaymentSetting["methods"]["cash"];
export type FpsMethodSetting = PaymentSetting["methods"]["fps"];
/**
 * A method's setting as read. Self pickup's `pickup_addresses` are its pickup locations' addresses (module
 * `location`, kept in the row by triggers, migration 0068), each in Chinese then English; empty for the others.
 */
export type DeliveryMethodSetting = DeliverySetting["methods"][(typeof DELIVERY_METHODS)[number]] & {
  pickup_addresses: string[];
};

/** Everything the store has set, in one read: the settings pages and checkout read this. */
export interface StoreSettingData {
  application_key: string;
  general: GeneralSetting;
  /** `version` of general is the store account's. */
  version: number;
  payment: PaymentSetting & { version: number };
  delivery: { methods: Record<(typeof DELIVERY_METHODS)[number], DeliveryMethodSetting>; version: number };
  promotion: PromotionSetting & { version: number };
  /** What the store's plan allows the settings to switch on. */
  plan: { default_language_and_currency_only: boolean; has_cash_dollar: boolean; has_vip: boolean };
}

/** The store website's key as the settings show it: never the key, only whether there is one. */
export interface WebsiteKeyData {
  application_key: string;
  /** When the current key was made; null: the store has none. */
  created_at: string | null;
}

/** A new website key: the only time the key itself is answered (only its hash is stored). */
export interface NewWebsiteKeyData {
  application_key: string;
  website_key: string;
  created_at: string;
}

export interface SettingResults {
  get_store_setting_data_by_application_key: StoreSettingData;
  update_store_general_setting_data_by_application_key: null;
  update_store_payment_setting_data_by_application_key: null;
  update_store_delivery_setting_data_by_application_key: null;
  update_store_promotion_setting_data_by_application_key: null;
  get_website_key_data_by_application_key: WebsiteKeyData;
  update_website_key_data_by_application_key: NewWebsiteKeyData;
}

const everyMethod = <M extends string, T>(methods: readonly M[], setting: (method: M) => T) =>
  Object.fromEntries(methods.map((method) => [method, setting(method)])) as Record<M, T>;

export const settingExamples: Examples<typeof settingPayloads> = {
  get_store_setting_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_store_general_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    store_name: `Example ${application_key}`,
    accept_language: ["zh-HK"],
    accept_currency: ["HKD"],
    booking_reminder_hours: 24,
    version: 1,
  }),
  update_store_payment_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    methods: everyMethod(PAYMENT_METHODS, (method) => ({
      enabled: method === "cash" || method === "fps",
      account_id: method === "fps" ? "1234567" : null,
      requires_proof: method === "fps",
      ...(method === "fps" && { merchant_name_en: "Example Shop", merchant_city: "Kowloon" }),
    })),
    card_fee_basis_points: 0,
    unpaid_order_cancel_hours: 48,
    unpaid_order_reminder_hours: 24,
    version: 1,
  }),
  update_store_delivery_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    methods: everyMethod(DELIVERY_METHODS, (method) => ({
      enabled: method === "shop_delivery" || method === "self_pickup",
      charge_cents:
        method === "self_pickup"
          ? { hk: 0, kln: 0, nt: 0, island: 0 }
          : { hk: 30_00, kln: 30_00, nt: 40_00, island: 60_00 },
    })),
    version: 1,
  }),
  update_store_promotion_setting_data_by_application_key: ({ application_key }) => ({
    application_key,
    cash_dollar_enabled: false,
    cash_dollar_earn_rate: 100,
    cash_dollar_redeem_rate: 100,
    welcome_cash_dollar_cents: 0,
    birthday_coupon_enabled: true,
    birthday_coupon_type: "percentage",
    birthday_coupon_amount: 10,
    birthday_coupon_minimum_subtotal_cents: 0,
    birthday_coupon_valid_days: 30,
    vip_enabled: false,
    version: 1,
  }),
  get_website_key_data_by_application_key: ({ application_key }) => ({ application_key }),
  update_website_key_data_by_application_key: ({ application_key }) => ({ application_key }),
};
