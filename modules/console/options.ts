export const STORE_SORTS = ["create_date", "store_name", "expiry_date"] as const;
export const PLAN_SORTS = ["create_date", "name_en"] as const;
export const INTERNAL_ACCOUNT_SORTS = ["create_date", "email"] as const;
export const LOG_SORTS = ["create_date"] as const;

export const CONSOLE_LOG_DATA_TYPES = {
  purchased_plan_data: null,
  plan_data: null,
  internal_account_data: null,
} as const;
