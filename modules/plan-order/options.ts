export const PLAN_PROMOTION_CODE_SORTS = ["create_date", "code", "valid_to"] as const;
export const PLAN_ORDER_SORTS = ["start_date", "expiry_date", "price", "create_date"] as const;

export const PLAN_ORDER_LOG_DATA_TYPES = {
  plan_promotion_code_data: null,
} as const;
