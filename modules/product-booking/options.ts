export const PRODUCT_BOOKING_SORTS = ["create_date"] as const;

export const PRODUCT_BOOKING_LOG_DATA_TYPES = {
  product_booking_data: "product_booking",
} as const;
