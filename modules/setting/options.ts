export const SETTING_LOG_DATA_TYPES = {
  store_setting_data: "setting",
} as const;
