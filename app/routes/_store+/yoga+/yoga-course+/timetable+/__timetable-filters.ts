/** The timetable's page: the classes of a week, and the parent of every session's page. */
export const TIMETABLE_URL = "/yoga/yoga-course/timetable";

/** The list view's status filter: every session, or one status. */
export const STATUS_FILTERS = ["all", "scheduled", "cancelled"] as const;
