export const PURCHASE_ORDER_SORTS = ["create_date", "expected_date", "total"] as const;

export const PURCHASE_ORDER_LOG_DATA_TYPES = {
  purchase_order_data: "purchase_order",
} as const;
