// Plain option lists, kept apart from the zod schemas so that pages importing them stay free of zod.

/** Spec §4: delivery methods; payment methods as the store settings will offer them. */
export const DELIVERY_METHODS = ["shop_delivery", "ef_locker", "alfred", "sf_store", "self_pickup"] as const;
export const PAYMENT_METHODS = [
  "cash",
  "credit_card",
  "fps",
  "payme",
  "alipay_hk",
  "wechat_pay",
  "bank_transfer",
  "paypal",
] as const;
export const LANGUAGES = ["zh-HK", "en"] as const;
export const LOG_ACTIONS = ["add", "edit", "delete"] as const;
export const CURRENCIES = ["HKD", "USD", "CNY", "MOP"] as const;
