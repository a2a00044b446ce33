import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, known, updatedAt, version } from "../../backend/db/columns";
import { ATTENDANCES, COURSE_BOOKING_STATUSES, WAITLIST_STATUSES } from "../../contract/options";
import { courseSessions } from "../course-session/schema";
import { memberCredits } from "../credit-order/schema";
import { members } from "../member/schema";

/**
 * A member's place in a session (spec "yoga course record"), paid by one of their credits. One booked
 * booking per member and session; attendance is marked on booked ones. The triggers of migration 0035
 * keep the session's `booked_places`, take the credits when it is made and give back `credits_returned`
 * once when it is cancelled.
 */
export const courseBookings = sqliteTable(
  "course_booking",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => courseSessions.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    /** NULL only for a session that needs no credits. */
    creditId: integer("credit_id").references(() => memberCredits.id),
    creditsSpent: integer("credits_spent").notNull(),
    status: text("status", { enum: COURSE_BOOKING_STATUSES }).notNull().default("booked"),
    attendance: text("attendance", { enum: ATTENDANCES }).notNull().default("pending"),
    /** What a cancellation gave back: all, or nothing when it came too late. */
    creditsReturned: integer("credits_returned").notNull().default(0),
    cancelledAt: text("cancelled_at"),
    actorEmail: text("actor_email"),
    /** When the hourly job sent the member's reminder (backend/booking-reminders.ts); set once. */
    remindedAt: text("reminded_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    // The reminder job's look for a soon session's bookings that have had no reminder.
    index("course_booking_reminder_idx")
      .on(table.sessionId)
      .where(sql`${table.remindedAt} IS NULL AND ${table.status} = 'booked'`),
    uniqueIndex("course_booking_one_per_member")
      .on(table.sessionId, table.memberId)
      .where(sql`${table.status} = 'booked'`),
    index("course_booking_session_idx").on(table.sessionId, table.status, table.id),
    index("course_booking_store_session_idx").on(table.applicationKey, table.sessionId, table.status, table.id),
    index("course_booking_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("course_booking_credit_idx")
      .on(table.creditId)
      .where(sql`${table.creditId} IS NOT NULL`),
    check("course_booking_status", sql`${table.status} IN ${known(COURSE_BOOKING_STATUSES)}`),
    check("course_booking_attendance", sql`${table.attendance} IN ${known(ATTENDANCES)}`),
    check(
      "course_booking_credits",
      sql`${table.creditsSpent} >= 0 AND ${table.creditsReturned} BETWEEN 0 AND ${table.creditsSpent}`,
    ),
    check("course_booking_paid", sql`${table.creditId} IS NOT NULL OR ${table.creditsSpent} = 0`),
    check(
      "course_booking_cancelled_before_attending",
      sql`${table.status} = 'booked' OR ${table.attendance} = 'pending'`,
    ),
  ],
);

/**
 * A member waiting for a place in a full session, with the credit they would pay with (not taken until they
 * are booked). Their position is the order they joined in (`id`). When a place frees, the statements of
 * `promoteFromWaitlist` (actions) book the first waiting member whose credit can still pay, in the same batch;
 * the triggers of migration 0065 refuse a join the rules do not allow.
 */
export const courseWaitlist = sqliteTable(
  "course_waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => courseSessions.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    /** NULL only for a session that needs no credits. */
    creditId: integer("credit_id").references(() => memberCredits.id),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    /** The booking it became. */
    bookingId: integer("booking_id").references(() => courseBookings.id),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("course_waitlist_one_per_member")
      .on(table.sessionId, table.memberId)
      .where(sql`${table.status} = 'waiting'`),
    index("course_waitlist_store_session_idx").on(table.applicationKey, table.sessionId, table.status, table.id),
    check("course_waitlist_status", sql`${table.status} IN ${known(WAITLIST_STATUSES)}`),
    check("course_waitlist_booked", sql`(${table.status} = 'booked') = (${table.bookingId} IS NOT NULL)`),
  ],
);
