export const ADD_ON_PRODUCT_SORTS = ["create_date", "name", "price"] as const;

export const ADD_ON_PRODUCT_LOG_DATA_TYPES = {
  add_on_product_data: "add_on_product",
} as const;
