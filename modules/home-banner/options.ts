export const HOME_BANNER_LOG_DATA_TYPES = {
  home_banner_data: "layout",
} as const;
