export const COACH_SORTS = ["create_date", "name"] as const;
export const COURSE_TYPE_SORTS = ["create_date", "name"] as const;
export const CREDIT_PACKAGE_SORTS = ["create_date", "price"] as const;
export const COACH_STATUSES = ["active", "inactive"] as const;
export const CREDIT_PACKAGE_STATUSES = ["on_sale", "off_sale"] as const;
