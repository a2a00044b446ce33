export const ORDER_SORTS = ["create_date", "total"] as const;
