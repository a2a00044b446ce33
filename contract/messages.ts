/**
 * Message keys shared by the backend, the BFF and the locales. Field errors live in the
 * `validation` namespace, backend results in the `message` namespace. A key may carry one
 * value for interpolation as "key:value" (e.g. "max-length:70"), read back with parseMessage.
 */
export const VALIDATION_KEYS = [
  "force-input",
  "format-not-match",
  "force-pos-nev",
  "url-invalid",
  "custom-page-link-invalid",
  "minimum-number",
  "max-length",
  "invalid-characters",
  "password-rule",
  "password-not-match",
  "current-password-incorrect",
  "end-date-before-start",
  "end-time-before-start",
  "accept-types-only",
  "file-size-exceed",
  "invalid-file",
  "promotion-code-invalid",
  "promotion-code-outside-dates",
  "promotion-code-used-up",
  "promotion-code-not-for-plan",
  "member-not-found",
  "expiry-not-after-start",
  "refund-quantity-exceeded",
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export const MESSAGE_KEYS = [
  "bad-request",
  "unknown-action",
  "invalid-payload",
  "login-expired",
  "token-expired",
  "forbidden",
  "not-found",
  "incorrect-email-or-password",
  "try-again-after-minutes",
  "busy-try-again",
  "reset-link-invalid",
  "save-fail",
  "store-account-not-found-or-disabled",
  "user-not-found-or-disabled",
  "store-name-used",
  "domain-repeated",
  "email-used",
  "phone-used",
  "cannot-disable-self",
  "module-not-in-plan",
  "plan-default-language-and-currency-only",
  "plan-has-no-cash-dollar",
  "cash-dollar-not-enabled",
  "not-enough-cash-dollar",
  "plan-has-no-vip",
  "invalid-birthday-coupon-type-or-amount",
  "edited-elsewhere",
  "product-code-used",
  "descriptive-url-used",
  "inventory-not-enough",
  "inventory-over-maximum",
  "excel-empty",
  "excel-error",
  "no-data-need-to-update",
  "product-code-repeated",
  "descriptive-url-repeated",
  "category-not-found",
  "column-unknown",
  "column-repeated",
  "column-missing",
  "promotion-code-used",
  "promotion-code-used-up",
  "email-repeated",
  "phone-repeated",
  "coupon-code-used",
  "coupon-in-use",
  "coupon-not-found",
  "coupon-disabled",
  "coupon-used",
  "coupon-used-up",
  "coupon-expired",
  "coupon-not-started",
  "coupon-user-not-allowed",
  "coupon-must-select-user",
  "coupon-or-cash-dollar-only",
  "minimum-subtotal-not-met",
  "order-status-changed",
  "order-transition-not-allowed",
  "order-not-editable",
  "refund-nothing-chosen",
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

export function withValue<K extends ValidationKey | MessageKey>(key: K, value: string | number): `${K}:${string}` {
  return `${key}:${value}`;
}

export function parseMessage(message: string): { key: string; value?: string } {
  const colon = message.indexOf(":");
  return colon === -1 ? { key: message } : { key: message.slice(0, colon), value: message.slice(colon + 1) };
}
