export const PROVIDER_SORTS = ["create_date", "name"] as const;
export const APPOINTMENT_CATEGORY_SORTS = ["create_date", "name"] as const;
export const APPOINTMENT_SERVICE_SORTS = ["sort_order", "create_date", "name", "price"] as const;
export const PROVIDER_STATUSES = ["active", "inactive"] as const;
