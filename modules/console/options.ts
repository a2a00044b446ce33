export const STORE_SORTS = ["create_date", "store_name", "expiry_date"] as const;
export const PLAN_SORTS = ["create_date", "name_en"] as const;
export const INTERNAL_ACCOUNT_SORTS = ["create_date", "email"] as const;
export const LOG_SORTS = ["create_date"] as const;
