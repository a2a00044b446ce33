export const SITE_MENU_LOG_DATA_TYPES = {
  menu_item_data: "layout",
} as const;
