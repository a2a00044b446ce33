import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, updatedAt } from "../../backend/db/columns";
import { COURSE_SESSION_STATUSES } from "../../contract/options";
import { courseCoaches, courseTypes } from "../course-setup/schema";
import { storeAccounts } from "../store/schema";

/**
 * One class on the timetable (spec "yoga course"). Sessions added as a weekly series share `series_key`,
 * so an edit can apply to this session and the following ones. `booked_places` counts its booked
 * bookings (the triggers of course_booking keep it) and never exceeds `max_places`: that CHECK is what
 * makes a full session refuse the next booking, however many arrive at once.
 */
export const courseSessions = sqliteTable(
  "course_session",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    courseTypeId: integer("course_type_id")
      .notNull()
      .references(() => courseTypes.id),
    coachId: integer("coach_id")
      .notNull()
      .references(() => courseCoaches.id),
    seriesKey: text("series_key"),
    location: text("location").notNull().default(""),
    /** UTC instants; the timetable shows them in Hong Kong time. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    creditsNeeded: integer("credits_needed").notNull(),
    maxPlaces: integer("max_places").notNull(),
    bookedPlaces: integer("booked_places").notNull().default(0),
    status: text("status", { enum: COURSE_SESSION_STATUSES }).notNull().default("scheduled"),
    note: text("note").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_session_store_start_idx").on(table.applicationKey, table.startsAt, table.id),
    index("course_session_store_coach_idx").on(table.applicationKey, table.coachId, table.startsAt, table.id),
    index("course_session_store_type_idx").on(table.applicationKey, table.courseTypeId, table.startsAt, table.id),
    index("course_session_series_idx")
      .on(table.applicationKey, table.seriesKey, table.startsAt)
      .where(sql`${table.seriesKey} IS NOT NULL`),
    // The reminder job's look for sessions starting soon, across stores.
    index("course_session_scheduled_start_idx")
      .on(table.startsAt)
      .where(sql`${table.status} = 'scheduled'`),
    check("course_session_ends_after_start", sql`${table.endsAt} >= ${table.startsAt}`),
    check("course_session_credits_needed", sql`${table.creditsNeeded} >= 0`),
    check("course_session_max_places", sql`${table.maxPlaces} >= 1`),
    check("course_session_within_places", sql`${table.bookedPlaces} BETWEEN 0 AND ${table.maxPlaces}`),
    check("course_session_status", sql`${table.status} IN ${known(COURSE_SESSION_STATUSES)}`),
  ],
);
