export const COURSE_SESSION_SORTS = ["starts_at"] as const;

export const COURSE_SESSION_LOG_DATA_TYPES = {
  yoga_course_data: "yoga_course",
} as const;
