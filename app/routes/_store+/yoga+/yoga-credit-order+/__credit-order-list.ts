import { CREDIT_ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/options";

export const LIST_URL = "/yoga/yoga-credit-order";
export const STATUS_FILTERS = ["all", ...CREDIT_ORDER_STATUSES] as const;
export const PAYMENT_STATUS_FILTERS = ["all", ...PAYMENT_STATUSES] as const;

/** How each status reads at a glance: what waits for the store stands out. */
export const STATUS_TONES = {
  awaiting_payment: "attention",
  unverified_payment: "warning",
  paid: "success",
  cancelled: undefined,
  refunded: undefined,
} as const;
