export const COURSE_RECORD_SORTS = ["create_date"] as const;

export const COURSE_BOOKING_LOG_DATA_TYPES = {
  yoga_course_record_data: "yoga_course",
  yoga_course_waitlist_data: "yoga_course",
} as const;
