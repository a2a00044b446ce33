/** Whose bookings a calendar feed holds: an appointment provider's (either variant) or a coach's classes. */
export const CALENDAR_FEED_KINDS = ["provider", "coach"] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

/** A feed holds what starts from this many days back to this many ahead. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 180;
/** At most this many events, the earliest first: a busy provider's half year. */
export const CALENDAR_FEED_MAX_EVENTS = 2_000;

export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;
