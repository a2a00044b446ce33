export const COUPON_SORTS = ["create_date", "code", "starts_at", "expires_at"] as const;
