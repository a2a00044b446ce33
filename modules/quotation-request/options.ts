export const QUOTATION_REQUEST_SORTS = ["create_date"] as const;

export const QUOTATION_REQUEST_LOG_DATA_TYPES = {
  quotation_request_data: "quotation",
} as const;
