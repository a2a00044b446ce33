export const ADD_ON_PRODUCT_SORTS = ["create_date", "name", "price"] as const;
