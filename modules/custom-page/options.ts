export const CUSTOM_PAGE_SORTS = ["create_date", "title", "update_date"] as const;
export const CUSTOM_PAGE_STATUSES = ["published", "draft"] as const;

export const CUSTOM_PAGE_LOG_DATA_TYPES = {
  custom_page_data: "layout",
} as const;
