import { DELIVERY_METHODS, ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/options";

export const STATUS_FILTERS = ["all", ...ORDER_STATUSES] as const;
export const PAYMENT_STATUS_FILTERS = ["all", ...PAYMENT_STATUSES] as const;
export const CHANNEL_FILTERS = ["all", ...ORDER_CHANNELS] as const;
export const DELIVERY_FILTERS = ["all", ...DELIVERY_METHODS] as const;

/** How each status reads at a glance: what waits for the store stands out. */
export const STATUS_TONES = {
  awaiting_payment: "attention",
  unverified_payment: "warning",
  paid: "info",
  preparing: "info",
  delivering: "info",
  completed: "success",
  cancelled: undefined,
  refunded: undefined,
} as const;
