export const MONTHLY_FEE_PLAN_SORTS = ["create_date"] as const;
export const MONTHLY_FEE_PLAN_STATUSES = ["active", "inactive"] as const;
export const MONTHLY_FEE_RECORD_SORTS = ["period_start", "create_date"] as const;

export const MONTHLY_FEE_LOG_DATA_TYPES = {
  monthly_fee_plan_data: "monthly_fee",
  monthly_fee_record_data: "monthly_fee",
} as const;
