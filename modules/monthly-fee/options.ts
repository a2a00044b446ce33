export const MONTHLY_FEE_PLAN_SORTS = ["create_date"] as const;
export const MONTHLY_FEE_PLAN_STATUSES = ["active", "inactive"] as const;
export const MONTHLY_FEE_RECORD_SORTS = ["period_start", "create_date"] as const;
