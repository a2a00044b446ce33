import { RENTING_RECORD_STATUSES } from "#contract/options";

export const PRODUCT_LIST_URL = "/renting-product-list";
export const productUrl = (id: number) => `${PRODUCT_LIST_URL}/detail/${id}`;

export const RECORD_LIST_URL = "/renting-record";
export const recordUrl = (id: number) => `${RECORD_LIST_URL}/detail/${id}`;
export const RECORD_STATUS_FILTERS = ["all", ...RENTING_RECORD_STATUSES] as const;

/** What is still out stands out; closed rentals do not. */
export const RECORD_STATUS_TONES = {
  success: "info",
  rented: "attention",
  returned: "warning",
  completed: "success",
  cancelled: undefined,
} as const;
