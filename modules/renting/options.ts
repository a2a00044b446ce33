export const RENTING_PRODUCT_SORTS = ["create_date", "name", "price_per_day"] as const;
export const RENTING_RECORD_SORTS = ["starts_at", "create_date"] as const;

export const RENTING_LOG_DATA_TYPES = {
  renting_product_data: "renting",
  renting_record_data: "renting",
} as const;
