/**
 * What the sheet import does with a row whose product code the store has already: refuses it (as an
 * add does), or updates that product from the row.
 */
export const PRODUCT_IMPORT_MODES = ["add_only", "add_and_update"] as const;

export const PRODUCT_SORTS = ["create_date", "name", "price", "stock", "sold_quantity"] as const;

/** The inventory list's order: by stock (limited variants first, lowest first when ascending). */
export const PRODUCT_VARIANT_SORTS = ["stock"] as const;

export const PRODUCT_LOG_DATA_TYPES = {
  product_data: "product",
  product_stock: "product_inventory",
} as const;

/** A product's options (尺碼, 顏色, 款式), the values of each, and its variants: the combinations kept. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_PRODUCT_VARIANTS = 100;
/** An option's name or value, in either language. */
export const MAX_OPTION_TEXT_LENGTH = 20;
