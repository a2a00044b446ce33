export const CASH_DOLLAR_RECORD_SORTS = ["create_date"] as const;

export const CASH_DOLLAR_LOG_DATA_TYPES = {
  member_cash_dollar: "member",
} as const;
