export const PRODUCT_SORTS = ["create_date", "name", "price", "stock", "sold_quantity"] as const;
