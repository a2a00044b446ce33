export const LEVEL_FILTERS = ["all", "general", "vip"] as const;
export const BIRTHDAY_MONTH_FILTERS = ["all", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
export const CONSENT_FILTERS = ["all", "yes", "no"] as const;
export const DISABLED_FILTERS = ["all", "active", "disabled"] as const;
