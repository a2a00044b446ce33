export const CASH_DOLLAR_RECORD_SORTS = ["create_date"] as const;
