export const CATEGORY_LOG_DATA_TYPES = {
  category_data: "category",
} as const;
