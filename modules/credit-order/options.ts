export const CREDIT_ORDER_SORTS = ["create_date", "price"] as const;
