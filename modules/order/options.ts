export const ORDER_SORTS = ["create_date", "total"] as const;

export const ORDER_LOG_DATA_TYPES = {
  order_data: "order",
} as const;
