import { COUPON_SOURCES } from "#contract/options";

export const STATUS_FILTERS = ["all", "active", "scheduled", "expired", "used_up", "disabled"] as const;
export const SOURCE_FILTERS = ["all", ...COUPON_SOURCES] as const;
