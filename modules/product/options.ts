export const PRODUCT_SORTS = ["create_date", "name", "price", "stock", "sold_quantity"] as const;

export const PRODUCT_LOG_DATA_TYPES = {
  product_data: "product",
  product_stock: "product_inventory",
} as const;
