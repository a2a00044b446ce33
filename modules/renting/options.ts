export const RENTING_PRODUCT_SORTS = ["create_date", "name", "price_per_day"] as const;
export const RENTING_RECORD_SORTS = ["starts_at", "create_date"] as const;
