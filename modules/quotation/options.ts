export const QUOTATION_SORTS = ["create_date", "valid_until", "total"] as const;

export const QUOTATION_LOG_DATA_TYPES = {
  quotation_data: "quotation",
} as const;
