import { STOCK_TRANSFER_STATUSES } from "#modules/stock-transfer/options";

export const LIST_URL = "/stock-transfer-list";

export const STATUS_FILTERS = ["all", ...STOCK_TRANSFER_STATUSES] as const;

/** Each status's badge tone. */
export const STATUS_TONES = {
  draft: undefined,
  sent: "info",
  partially_received: "attention",
  received: "success",
  cancelled: "critical",
} as const;
