import { PRODUCT_BOOKING_STATUSES } from "#contract/options";

export const LIST_URL = "/product-booking/list";
export const SETUP_URL = `${LIST_URL}/product`;
export const STATUS_FILTERS = ["all", ...PRODUCT_BOOKING_STATUSES] as const;

/** What waits for staff stands out. */
export const STATUS_TONES = {
  booked: "attention",
  notified: "info",
  converted: "success",
  cancelled: undefined,
} as const;

export const bookingUrl = (id: number) => `${LIST_URL}/${id}`;
export const productUrl = (productCode: string) => `${SETUP_URL}/${encodeURIComponent(productCode)}`;
