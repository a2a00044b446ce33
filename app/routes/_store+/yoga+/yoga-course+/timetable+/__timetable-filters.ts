/** The list view's status filter: every session, or one status. */
export const STATUS_FILTERS = ["all", "scheduled", "cancelled"] as const;
