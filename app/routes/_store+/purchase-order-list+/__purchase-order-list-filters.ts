import { PURCHASE_ORDER_STATUSES } from "#contract/options";

export const STATUS_FILTERS = ["all", ...PURCHASE_ORDER_STATUSES] as const;

/** Each status's badge tone. */
export const STATUS_TONES = {
  draft: undefined,
  ordered: "info",
  partially_received: "attention",
  received: "success",
  cancelled: "critical",
} as const;
