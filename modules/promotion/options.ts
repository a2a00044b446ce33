export const COUPON_SORTS = ["create_date", "code", "starts_at", "expires_at"] as const;

export const PROMOTION_LOG_DATA_TYPES = {
  coupon_data: "promotion",
} as const;
