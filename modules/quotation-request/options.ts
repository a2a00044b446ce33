export const QUOTATION_REQUEST_SORTS = ["create_date"] as const;
