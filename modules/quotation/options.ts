export const QUOTATION_SORTS = ["create_date", "valid_until", "total"] as const;
