export const COACH_SORTS = ["create_date", "name"] as const;
export const COURSE_TYPE_SORTS = ["create_date", "name"] as const;
export const CREDIT_PACKAGE_SORTS = ["create_date", "price"] as const;
export const COACH_STATUSES = ["active", "inactive"] as const;
export const CREDIT_PACKAGE_STATUSES = ["on_sale", "off_sale"] as const;

export const COURSE_SETUP_LOG_DATA_TYPES = {
  yoga_coach_data: "yoga_course",
  yoga_course_type_data: "yoga_course",
  credit_package_data: "credit_package",
} as const;
