export const STORE_STAFF_SORTS = ["create_date", "name", "email"] as const;
