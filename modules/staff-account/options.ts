export const STORE_STAFF_SORTS = ["create_date", "name", "email"] as const;

export const STAFF_ACCOUNT_LOG_DATA_TYPES = {
  store_staff_data: "staff_account",
} as const;
