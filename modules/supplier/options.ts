export const SUPPLIER_SORTS = ["create_date", "name"] as const;

export const SUPPLIER_LOG_DATA_TYPES = {
  supplier_data: "supplier",
} as const;
