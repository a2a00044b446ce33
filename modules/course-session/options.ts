export const COURSE_SESSION_SORTS = ["starts_at"] as const;
