import { localizedLineName } from "#contract/localized";
import { PRODUCT_BOOKING_STATUSES } from "#contract/options";
import type { ProductBookingRecord } from "#modules/product-booking/contract";

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

/** A booking's product with its variant, in the reader's language ("T-shirt – M / Black"). */
export const bookedName = (booking: ProductBookingRecord, locale: string) =>
  localizedLineName(
    {
      ...booking.product,
      variant_name_zh_hk: booking.variant_name_zh_hk,
      variant_name_en: booking.variant_name_en,
    },
    locale,
  );

export const bookingUrl = (id: number) => `${LIST_URL}/${id}`;
export const productUrl = (productCode: string) => `${SETUP_URL}/${encodeURIComponent(productCode)}`;
