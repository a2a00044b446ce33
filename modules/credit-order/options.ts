export const CREDIT_ORDER_SORTS = ["create_date", "price"] as const;

export const CREDIT_ORDER_LOG_DATA_TYPES = {
  credit_order_data: "credit_package",
} as const;
