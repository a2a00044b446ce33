export const COURSE_RECORD_SORTS = ["create_date"] as const;
