import { QUOTATION_STATUSES } from "#contract/options";

export const LIST_URL = "/quotation-list";
export const STATUS_FILTERS = ["all", ...QUOTATION_STATUSES] as const;

/** Each status's badge tone. */
export const STATUS_TONES = {
  pending: "attention",
  approved: "info",
  not_approved: "warning",
  processing: "info",
  completed: "success",
  cancelled: "critical",
} as const;
