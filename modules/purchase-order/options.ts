export const PURCHASE_ORDER_SORTS = ["create_date", "expected_date", "total"] as const;
