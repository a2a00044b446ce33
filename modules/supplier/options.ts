export const SUPPLIER_SORTS = ["create_date", "name"] as const;
