import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { StoreScope } from "../../backend/db/scope";
import {
  courseBookings,
  courseCoaches,
  courseSessions,
  courseTypes,
  memberCredits,
  members,
} from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import type { LogActor, RecordName } from "../../backend/log";
import { errorText } from "../../backend/unique";
import { hongKongTime } from "../../contract/dates";
import { promoteFromWaitlist } from "./waitlist";

/**
 * What staff and the member's own link (self-service.ts) share to cancel or move a class booking: the booking as
 * they read it, the rules they check first, and the statements of the one batch that makes the change, so both
 * hold places and credits the same way under concurrency.
 */

export const DATA_TYPE = "yoga_course_record_data";
export const HOUR_MS = 3_600_000;

/**
 * `column` of the row of its table whose `key` equals `value` (a column of the outer query): a related
 * record's field as a scalar subquery, by its primary key.
 */
export const lookup = <T>(table: SQLiteTable, column: SQLiteColumn, key: SQLiteColumn, value: SQLiteColumn | SQL) =>
  sql<T>`(select ${column} from ${table} where ${key} = ${value})`;

export const memberOf = <T>(column: SQLiteColumn) => lookup<T>(members, column, members.id, courseBookings.memberId);
export const bookingSession = <T>(column: SQLiteColumn) =>
  lookup<T>(courseSessions, column, courseSessions.id, courseBookings.sessionId);
const bookingType = <T>(column: SQLiteColumn) =>
  lookup<T>(courseTypes, column, courseTypes.id, bookingSession(courseSessions.courseTypeId));
const bookingCoach = <T>(column: SQLiteColumn) =>
  lookup<T>(courseCoaches, column, courseCoaches.id, bookingSession(courseSessions.coachId));

/** One booking with its member and its session (type, coach, place), for the writes on it and the member's page. */
export const bookingWithSession = (store: StoreScope, id: number) =>
  store
    .selectFields(
      courseBookings,
      {
        booking: courseBookings,
        memberName: memberOf<string>(members.name),
        memberEmail: memberOf<string>(members.email),
        startsAt: bookingSession<string>(courseSessions.startsAt),
        endsAt: bookingSession<string>(courseSessions.endsAt),
        location: bookingSession<string>(courseSessions.location),
        sessionStatus: bookingSession<"scheduled" | "cancelled">(courseSessions.status),
        courseTypeId: bookingSession<number>(courseSessions.courseTypeId),
        typeNameZhHk: bookingType<string>(courseTypes.nameZhHk),
        typeNameEn: bookingType<string>(courseTypes.nameEn),
        coachNameZhHk: bookingCoach<string>(courseCoaches.nameZhHk),
        coachNameEn: bookingCoach<string>(courseCoaches.nameEn),
        creditExpiresAt: lookup<string | null>(
          memberCredits,
          memberCredits.expiresAt,
          memberCredits.id,
          courseBookings.creditId,
        ),
      },
      eq(courseBookings.id, id),
    )
    .limit(1);
export type BookingWithSession = Awaited<ReturnType<typeof bookingWithSession>>[number];

/** "陳大文 · 瑜伽 2026-03-02 10:00": the member and the session, as the log names a booking. */
export const bookingName = (
  memberName: string,
  type: { typeNameZhHk: string; typeNameEn: string },
  startsAt: string,
): RecordName => ({
  zhHk: `${memberName} · ${type.typeNameZhHk} ${hongKongTime(startsAt)}`,
  en: `${memberName} · ${type.typeNameEn || type.typeNameZhHk} ${hongKongTime(startsAt)}`,
});

export const started = (session: { startsAt: string }, now: Date) => Date.parse(session.startsAt) <= now.getTime();

/** The store's late-cancellation window (`store_setting.course_cancel_hours`) when it has no setting. */
export const DEFAULT_CANCEL_HOURS = 12;

/** Whether a cancellation now is within the store's window before the start, so its credits are forfeit. */
export const lateToCancel = (startsAt: string, cancelHours: number, now: Date) =>
  Date.parse(startsAt) - now.getTime() < cancelHours * HOUR_MS;

/** Why a booking can no longer be cancelled or moved, or null. */
export function unchangeable(row: BookingWithSession, now: Date): ActionError | null {
  if (row.booking.status === "cancelled") return new ActionError(409, "course-booking-cancelled");
  if (row.booking.attendance !== "pending") return new ActionError(409, "cannot-swap-or-cancel-after-attending");
  if (started(row, now)) return new ActionError(409, "course-started");
  return null;
}

/** A session a booking may move to, as the move reads it. */
export interface SwapTarget {
  id: number;
  status: "scheduled" | "cancelled";
  startsAt: string;
  courseTypeId: number;
  creditsNeeded: number;
}

/** Why the booking cannot move to `target`, or null: an open session of its type, its credits, its credit's validity. */
export function unfitTarget(row: BookingWithSession, target: SwapTarget, now: Date): ActionError | null {
  if (target.status !== "scheduled" || started(target, now)) return new ActionError(409, "course-not-open");
  if (
    target.courseTypeId !== row.courseTypeId ||
    target.creditsNeeded !== row.booking.creditsSpent ||
    (row.creditExpiresAt !== null && row.creditExpiresAt <= target.startsAt)
  ) {
    return new ActionError(409, "credit-cannot-pay");
  }
  return null;
}

/** Who makes a change: the log's actor, and the booking's `actor_email` (none for a member through their link). */
export interface ChangeActor {
  actor: LogActor;
  actorEmail: string | null;
}

/**
 * The cancellation's batch: a compare-and-set (`version` NULL, refused, unless the booking is still booked; the
 * CHECK refuses a marked one), `returned` credits given back by the trigger, its log entry, then the freed
 * place promoted from the waitlist (the last two statements' results: the promoted bookings and entries).
 */
export function cancelStatements(
  store: StoreScope,
  row: BookingWithSession,
  returned: number,
  { actor, actorEmail }: ChangeActor,
  now: Date,
) {
  const { booking } = row;
  return [
    store.update(
      courseBookings,
      {
        status: "cancelled",
        creditsReturned: returned,
        cancelledAt: now.toISOString(),
        actorEmail,
        version: sql`case when ${courseBookings.status} = 'booked' then ${courseBookings.version} + 1 end`,
      },
      eq(courseBookings.id, booking.id),
    ),
    store.log(actor, now, {
      action: "edit",
      dataType: DATA_TYPE,
      recordId: booking.id,
      recordName: bookingName(row.memberName, row, row.startsAt),
      before: { status: "booked", credits_returned: 0 },
      after: { status: "cancelled", credits_returned: returned },
    }),
    ...promoteFromWaitlist(store, sql`${booking.sessionId}`, now, actorEmail),
  ] as const;
}

/**
 * The move's batch: the trigger moves the place (a full target fails its CHECK) with the credits staying on the
 * booking. Each column the UPDATE leaves NULL names what changed meanwhile: `session_id` attendance was marked,
 * `version` it was cancelled, `credits_spent` the target closed. Then its log entry and the left place promoted.
 */
export function moveStatements(
  store: StoreScope,
  row: BookingWithSession,
  target: SwapTarget,
  { actor, actorEmail }: ChangeActor,
  now: Date,
) {
  const { booking } = row;
  return [
    store.update(
      courseBookings,
      {
        sessionId: sql`case when ${courseBookings.attendance} = 'pending' then ${target.id} end`,
        version: sql`case when ${courseBookings.status} = 'booked' then ${courseBookings.version} + 1 end`,
        creditsSpent: sql`case when exists (select 1 from ${courseSessions} where ${courseSessions.id} = ${target.id} and ${courseSessions.status} = 'scheduled') then ${courseBookings.creditsSpent} end`,
        // Reminded of the class it leaves: the new one gets its own reminder.
        remindedAt: null,
        actorEmail,
      },
      eq(courseBookings.id, booking.id),
    ),
    store.log(actor, now, {
      action: "edit",
      dataType: DATA_TYPE,
      recordId: booking.id,
      recordName: bookingName(row.memberName, row, row.startsAt),
      before: { session_id: booking.sessionId, starts_at: row.startsAt },
      after: { session_id: target.id, starts_at: target.startsAt },
    }),
    ...promoteFromWaitlist(store, sql`${booking.sessionId}`, now, actorEmail),
  ] as const;
}

/** The one refusal a booking write can meet, by the constraint or trigger that refused it. */
export function refusalOf(error: unknown): ActionError | null {
  const text = errorText(error);
  if (text.includes("course_session_within_places")) return new ActionError(409, "course-full");
  if (text.includes("UNIQUE constraint failed: course_booking.session_id")) {
    return new ActionError(409, "course-already-booked");
  }
  if (text.includes("course_booking_credit_cannot_pay")) return new ActionError(409, "credit-cannot-pay");
  if (text.includes("course_booking_session_not_open")) return new ActionError(409, "course-not-open");
  // The swap's and cancellation's compare-and-set: the column they leave NULL says what changed meanwhile.
  if (text.includes("course_booking_cancelled_before_attending") || text.includes("course_booking.session_id")) {
    return new ActionError(409, "cannot-swap-or-cancel-after-attending");
  }
  if (text.includes("course_booking.version")) return new ActionError(409, "course-booking-cancelled");
  if (text.includes("course_booking.credits_spent")) return new ActionError(409, "course-not-open");
  return null;
}

export const rethrowRefusal = (error: unknown): never => {
  throw refusalOf(error) ?? error;
};
