export const PRODUCT_BOOKING_SORTS = ["create_date"] as const;
