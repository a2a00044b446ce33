export const STORE_LOG_DATA_TYPES = {
  store_account_data: "setting",
} as const;
