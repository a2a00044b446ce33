export const STATUS_FILTERS = ["all", "active", "scheduled", "expired", "used_up", "disabled"] as const;
