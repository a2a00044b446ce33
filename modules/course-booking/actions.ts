import { asc, count, desc, eq, exists, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  MAX_MEMBER_MATCHES,
  MAX_ROSTER_BOOKINGS,
  MAX_SWAP_TARGETS,
  type CourseBookingRecord,
  type UsableCredit,
  type WaitlistEntry,
} from "./contract";
import {
  bookingName,
  bookingSession,
  bookingWithSession,
  cancelStatements,
  DATA_TYPE,
  DEFAULT_CANCEL_HOURS,
  lateToCancel,
  lookup,
  memberOf,
  moveStatements,
  rethrowRefusal,
  unchangeable,
  unfitTarget,
} from "./changes";
import { courseEmail, emailedBooking, emailingStore, emailingStoreRead } from "./emails";
import { courseSelfServiceActions } from "./self-service";
import { promoteFromWaitlist, tellPromoted, waitlistActions } from "./waitlist";
import { withValue } from "../../contract/messages";
import type { StoreScope } from "../../backend/db/scope";
import {
  courseBookings,
  courseCoaches,
  courseSessions,
  courseTypes,
  courseWaitlist,
  creditMovements,
  creditOrders,
  creditPackageCourseTypes,
  memberCredits,
  members,
  storeSettings,
} from "../../backend/db/schema";
import { listOrder } from "../../backend/db/sort";
import { ActionError, found } from "../../backend/errors";
import { contains } from "../../backend/db/like";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText } from "../../backend/unique";

const typeOf = <T>(column: SQLiteColumn) => lookup<T>(courseTypes, column, courseTypes.id, courseSessions.courseTypeId);
const coachOf = <T>(column: SQLiteColumn) => lookup<T>(courseCoaches, column, courseCoaches.id, courseSessions.coachId);
/** The package that paid for a booking, by the name it was sold under. */
const paidWith = (column: SQLiteColumn) =>
  lookup<string | null>(
    creditOrders,
    column,
    creditOrders.id,
    lookup(memberCredits, memberCredits.creditOrderId, memberCredits.id, courseBookings.creditId),
  );
const waitingMember = <T>(column: SQLiteColumn) => lookup<T>(members, column, members.id, courseWaitlist.memberId);
/** The package a waiting member would pay with, by the name it was sold under. */
const waitingWith = (column: SQLiteColumn) =>
  lookup<string | null>(
    creditOrders,
    column,
    creditOrders.id,
    lookup(memberCredits, memberCredits.creditOrderId, memberCredits.id, courseWaitlist.creditId),
  );

/** The session with its type and coach. */
const sessionById = (store: StoreScope, id: number) =>
  store
    .selectFields(
      courseSessions,
      {
        session: courseSessions,
        typeNameZhHk: typeOf<string>(courseTypes.nameZhHk),
        typeNameEn: typeOf<string>(courseTypes.nameEn),
        typeColour: typeOf<string>(courseTypes.colour),
        coachNameZhHk: coachOf<string>(courseCoaches.nameZhHk),
        coachNameEn: coachOf<string>(courseCoaches.nameEn),
      },
      eq(courseSessions.id, id),
    )
    .limit(1);

/** A column of the session `id` (as a subquery), for conditions in the same batch as its read. */
const sessionColumn = (
  store: StoreScope,
  id: number,
  column: (typeof courseSessions)["startsAt" | "courseTypeId" | "creditsNeeded"],
) => store.selectFields(courseSessions, { value: column }, eq(courseSessions.id, id));

const bookingFields = {
  booking: courseBookings,
  memberName: memberOf<string>(members.name),
  memberCode: memberOf<string>(members.memberCode),
  memberPhone: memberOf<string | null>(members.phone),
  creditNameZhHk: paidWith(creditOrders.packageNameZhHk),
  creditNameEn: paidWith(creditOrders.packageNameEn),
};

/** Bookings with their member and the package that paid, as it was sold. */
const bookingsWhere = (store: StoreScope, ...conditions: SQL[]) =>
  store.selectFields(courseBookings, bookingFields, ...conditions);
type BookingRow = Awaited<ReturnType<typeof bookingsWhere>>[number];

function toBooking(row: BookingRow): CourseBookingRecord {
  const { booking } = row;
  return {
    id: booking.id,
    member: { id: booking.memberId, name: row.memberName, member_code: row.memberCode, phone: row.memberPhone ?? "" },
    credit:
      booking.creditId === null
        ? null
        : { id: booking.creditId, name_zh_hk: row.creditNameZhHk ?? "", name_en: row.creditNameEn ?? "" },
    credits_spent: booking.creditsSpent,
    credits_returned: booking.creditsReturned,
    status: booking.status,
    attendance: booking.attendance,
    cancelled_at: booking.cancelledAt,
    reminded_at: booking.remindedAt,
    create_date: booking.createdAt,
  };
}

export const courseBookingActions = [
  ...waitlistActions,
  ...courseSelfServiceActions,
  defineAction("get_yoga_course_record_data_list_by_application_key_and_session_id", "store:yoga_course:read", {
    reads: ({ session_id }, { store, now }) =>
      [
        sessionById(store, session_id),
        store.selectFields(storeSettings, { hours: storeSettings.courseCancelHours }).limit(1),
        bookingsWhere(store, eq(courseBookings.sessionId, session_id), eq(courseBookings.status, "booked"))
          .orderBy(asc(courseBookings.id))
          .limit(MAX_ROSTER_BOOKINGS),
        bookingsWhere(store, eq(courseBookings.sessionId, session_id), eq(courseBookings.status, "cancelled"))
          .orderBy(desc(courseBookings.id))
          .limit(MAX_ROSTER_BOOKINGS),
        store
          .selectFields(
            courseWaitlist,
            {
              entry: courseWaitlist,
              memberName: waitingMember<string>(members.name),
              memberCode: waitingMember<string>(members.memberCode),
              memberPhone: waitingMember<string | null>(members.phone),
              creditRemaining: lookup<number | null>(
                memberCredits,
                memberCredits.creditsRemaining,
                memberCredits.id,
                courseWaitlist.creditId,
              ),
              creditNameZhHk: waitingWith(creditOrders.packageNameZhHk),
              creditNameEn: waitingWith(creditOrders.packageNameEn),
            },
            eq(courseWaitlist.sessionId, session_id),
            eq(courseWaitlist.status, "waiting"),
          )
          .orderBy(asc(courseWaitlist.id))
          .limit(MAX_ROSTER_BOOKINGS),
        store
          .selectFields(
            courseSessions,
            {
              id: courseSessions.id,
              startsAt: courseSessions.startsAt,
              bookedPlaces: courseSessions.bookedPlaces,
              maxPlaces: courseSessions.maxPlaces,
              coachZhHk: coachOf<string>(courseCoaches.nameZhHk),
              coachEn: coachOf<string>(courseCoaches.nameEn),
            },
            eq(courseSessions.courseTypeId, sessionColumn(store, session_id, courseSessions.courseTypeId)),
            eq(courseSessions.creditsNeeded, sessionColumn(store, session_id, courseSessions.creditsNeeded)),
            ne(courseSessions.id, session_id),
            eq(courseSessions.status, "scheduled"),
            gt(courseSessions.startsAt, now.toISOString()),
            sql`${courseSessions.bookedPlaces} < ${courseSessions.maxPlaces}`,
          )
          .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id))
          .limit(MAX_SWAP_TARGETS),
      ] as const,
    handler: async (_input, _context, [sessionRows, [setting], booked, cancelled, waiting, targets]) => {
      const row = found(sessionRows);
      const { session } = row;
      return {
        session: {
          id: session.id,
          course_type: {
            id: session.courseTypeId,
            name_zh_hk: row.typeNameZhHk,
            name_en: row.typeNameEn,
            colour: row.typeColour,
          },
          coach: { id: session.coachId, name_zh_hk: row.coachNameZhHk, name_en: row.coachNameEn },
          location: session.location,
          starts_at: session.startsAt,
          ends_at: session.endsAt,
          credits_needed: session.creditsNeeded,
          max_places: session.maxPlaces,
          booked_places: session.bookedPlaces,
          status: session.status,
          note: session.note,
        },
        cancel_hours: setting?.hours ?? DEFAULT_CANCEL_HOURS,
        booked: booked.map(toBooking),
        cancelled: cancelled.map(toBooking),
        waitlist: waiting.map(({ entry, ...row }, index): WaitlistEntry => ({
          id: entry.id,
          position: index + 1,
          member: {
            id: entry.memberId,
            name: row.memberName,
            member_code: row.memberCode,
            phone: row.memberPhone ?? "",
          },
          credit:
            entry.creditId === null
              ? null
              : {
                  id: entry.creditId,
                  name_zh_hk: row.creditNameZhHk ?? "",
                  name_en: row.creditNameEn ?? "",
                  credits_remaining: row.creditRemaining ?? 0,
                },
          create_date: entry.createdAt,
        })),
        swap_targets: targets.map((target) => ({
          id: target.id,
          starts_at: target.startsAt,
          coach: { name_zh_hk: target.coachZhHk, name_en: target.coachEn },
          booked_places: target.bookedPlaces,
          max_places: target.maxPlaces,
        })),
      };
    },
  }),

  /** Matching members and, in the same batch, their credits that can pay for the session. */
  defineAction("get_yoga_course_record_member_data_list_by_application_key_and_session_id", "store:yoga_course:read", {
    reads: ({ session_id, keyword }, { store }) => {
      const matching = contains([members.name, members.phone, members.memberCode], keyword) ?? sql`0`;
      const matches = store
        .selectFields(members, { id: members.id }, matching)
        .orderBy(desc(members.id))
        .limit(MAX_MEMBER_MATCHES);
      return [
        sessionById(store, session_id),
        store
          .selectFields(
            members,
            { id: members.id, name: members.name, memberCode: members.memberCode, phone: members.phone },
            matching,
          )
          .orderBy(desc(members.id))
          .limit(MAX_MEMBER_MATCHES),
        store
          .selectFields(
            memberCredits,
            {
              id: memberCredits.id,
              memberId: memberCredits.memberId,
              remaining: memberCredits.creditsRemaining,
              expiresAt: memberCredits.expiresAt,
              nameZhHk: lookup<string>(
                creditOrders,
                creditOrders.packageNameZhHk,
                creditOrders.id,
                memberCredits.creditOrderId,
              ),
              nameEn: lookup<string>(
                creditOrders,
                creditOrders.packageNameEn,
                creditOrders.id,
                memberCredits.creditOrderId,
              ),
            },
            inArray(memberCredits.memberId, matches),
            eq(memberCredits.status, "active"),
            sql`${memberCredits.creditsRemaining} >= (${sessionColumn(store, session_id, courseSessions.creditsNeeded)})`,
            or(
              isNull(memberCredits.expiresAt),
              gt(memberCredits.expiresAt, sessionColumn(store, session_id, courseSessions.startsAt)),
            ),
            exists(
              store.selectFields(
                creditPackageCourseTypes,
                { one: sql`1` },
                eq(creditPackageCourseTypes.packageId, memberCredits.packageId),
                eq(
                  creditPackageCourseTypes.courseTypeId,
                  sessionColumn(store, session_id, courseSessions.courseTypeId),
                ),
              ),
            ),
          )
          // First-expiring-first; a credit counting from its first use has no expiry yet and comes last.
          .orderBy(sql`${memberCredits.expiresAt} IS NULL`, asc(memberCredits.expiresAt), asc(memberCredits.id)),
      ] as const;
    },
    handler: async ({ keyword }, _context, [sessionRows, matches, credits]) => {
      const { session } = found(sessionRows);
      if (!keyword) return [];
      return matches.map((member) => ({
        id: member.id,
        name: member.name,
        member_code: member.memberCode,
        phone: member.phone ?? "",
        credits:
          session.creditsNeeded === 0
            ? []
            : credits
                .filter((credit) => credit.memberId === member.id)
                .map((credit): UsableCredit => ({
                  id: credit.id,
                  name_zh_hk: credit.nameZhHk,
                  name_en: credit.nameEn,
                  credits_remaining: credit.remaining,
                  expires_at: credit.expiresAt,
                })),
      }));
    },
  }),

  /**
   * The booking, its place and its credits in one INSERT: the triggers of migration 0035 take the place
   * and the credits or refuse (full, credit unable to pay, too few left, session not open), so concurrent
   * bookings can never overfill a session or overspend a credit.
   */
  defineAction("add_yoga_course_record_data", "store:yoga_course:write", {
    reads: ({ session_id, member_id, credit_id }, { store }) =>
      [
        sessionById(store, session_id),
        store.selectFields(members, { name: members.name, email: members.email }, eq(members.id, member_id)).limit(1),
        store
          .selectFields(
            memberCredits,
            { remaining: memberCredits.creditsRemaining },
            eq(memberCredits.id, credit_id ?? 0),
          )
          .limit(1),
        emailingStoreRead(store),
      ] as const,
    handler: async (
      input,
      { store, caller, now, mailer, env, afterReply },
      [sessionRows, memberRows, creditRows, [account]],
    ) => {
      const sessionRow = found(sessionRows);
      const { session } = sessionRow;
      const member = found(memberRows);
      const paid = session.creditsNeeded > 0;
      if (paid && input.credit_id === null) {
        throw new ActionError(400, "invalid-payload", { credit_id: ["force-input"] });
      }
      const credit = paid ? found(creditRows) : null;
      if (Date.parse(session.endsAt) <= now.getTime()) throw new ActionError(409, "course-not-open");
      const values = {
        sessionId: session.id,
        memberId: input.member_id,
        creditId: paid ? input.credit_id : null,
        creditsSpent: session.creditsNeeded,
        actorEmail: caller.email,
      };
      try {
        const [[booking]] = await store.batch([
          store.insert(courseBookings, [values]).returning({ id: courseBookings.id }),
          // Booked directly while waiting: their entry is done.
          promoteFromWaitlist(store, sql`${session.id}`, now, caller.email)[1],
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: bookingName(member.name, sessionRow, session.startsAt),
            before: null,
            after: {
              session_id: values.sessionId,
              member_id: values.memberId,
              credit_id: values.creditId,
              credits_spent: values.creditsSpent,
              status: "booked",
            },
          }),
        ]);
        const message = await courseEmail(env, "booked", emailingStore(store, account), {
          id: booking.id,
          email: member.email,
          name: member.name,
          startsAt: session.startsAt,
          typeZhHk: sessionRow.typeNameZhHk,
          typeEn: sessionRow.typeNameEn,
          credits: session.creditsNeeded,
        });
        await afterReply(() => mailer.send(message));
        return { id: booking.id };
      } catch (error) {
        if (!credit || !errorText(error).includes("member_credit_not_negative")) rethrowRefusal(error);
        // What is left: the read's count when it was already too few; a booking made meanwhile took some
        // since, so then it is read again (a third round trip only on that losing side of a race).
        const left =
          credit!.remaining < session.creditsNeeded
            ? credit!.remaining
            : ((
                await store
                  .selectFields(
                    memberCredits,
                    { remaining: memberCredits.creditsRemaining },
                    eq(memberCredits.id, input.credit_id!),
                  )
                  .limit(1)
              )[0]?.remaining ?? 0);
        throw new ActionError(409, withValue("not-enough-credits", left));
      }
    },
  }),

  /**
   * Cancels once: the UPDATE leaves `version` NULL (refused) when the booking is no longer booked, and the
   * CHECK on attendance refuses a marked one; only the change from booked gives credits back (trigger).
   */
  defineAction("update_yoga_course_record_status_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) =>
      [
        bookingWithSession(store, id),
        store.selectFields(storeSettings, { hours: storeSettings.courseCancelHours }).limit(1),
        emailingStoreRead(store),
      ] as const,
    handler: async ({ id }, { store, caller, now, mailer, env, afterReply }, [bookingRows, [setting], [account]]) => {
      const row = found(bookingRows);
      const refused = unchangeable(row, now);
      if (refused) throw refused;
      const late = lateToCancel(row.startsAt, setting?.hours ?? DEFAULT_CANCEL_HOURS, now);
      const returned = late ? 0 : row.booking.creditsSpent;
      const [, , promoted, marked] = await store
        .batch([...cancelStatements(store, row, returned, { actor: caller, actorEmail: caller.email }, now)])
        .catch(rethrowRefusal);
      const kind = late ? "staff-cancelled-late" : "staff-cancelled";
      const message = await courseEmail(env, kind, emailingStore(store, account), emailedBooking(row, returned));
      await afterReply(async () => {
        await mailer.send(message);
        await tellPromoted(store, { mailer, env }, promoted, marked);
      });
      return { id, credits_returned: returned };
    },
  }),

  /**
   * Moves the booking to another upcoming session of the same type and credits; the trigger moves the
   * place (a full target fails its CHECK). Each column the UPDATE leaves NULL names what changed meanwhile:
   * `session_id` attendance was marked, `version` it was cancelled, `credits_spent` the target closed.
   */
  defineAction("update_yoga_course_record_session_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id, session_id }, { store }) =>
      [bookingWithSession(store, id), sessionById(store, session_id), emailingStoreRead(store)] as const,
    handler: async ({ id }, { store, caller, now, mailer, env, afterReply }, [bookingRows, targetRows, [account]]) => {
      const row = found(bookingRows);
      const target = found(targetRows).session;
      const refused = unchangeable(row, now) ?? unfitTarget(row, target, now);
      if (refused) throw refused;
      const [, , promoted, marked] = await store
        .batch([...moveStatements(store, row, target, { actor: caller, actorEmail: caller.email }, now)])
        .catch(rethrowRefusal);
      // The member's e-mail carries a new link: the old one expires a day after the class they were moved from.
      const message = await courseEmail(env, "moved", emailingStore(store, account), {
        ...emailedBooking(row, row.booking.creditsSpent),
        startsAt: target.startsAt,
        was: row.startsAt,
      });
      await afterReply(async () => {
        await mailer.send(message);
        await tellPromoted(store, { mailer, env }, promoted, marked);
      });
      return { id };
    },
  }),

  /** Marks one booked member's attendance; the CHECK refuses a cancelled booking (409 course-booking-cancelled). */
  defineAction("update_yoga_course_record_attendance_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [bookingWithSession(store, id)] as const,
    handler: async ({ id, attendance }, { store, caller, now }, [bookingRows]) => {
      const row = found(bookingRows);
      const { booking } = row;
      if (booking.status === "cancelled") throw new ActionError(409, "course-booking-cancelled");
      await store
        .batch([
          store.update(
            courseBookings,
            { attendance, actorEmail: caller.email, version: sql`${courseBookings.version} + 1` },
            eq(courseBookings.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: bookingName(row.memberName, row, row.startsAt),
            before: { attendance: booking.attendance },
            after: { attendance },
          }),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("course_booking_cancelled_before_attending")) {
            throw new ActionError(409, "course-booking-cancelled");
          }
          throw error;
        });
      return { id };
    },
  }),

  /** Every booked member still pending marked present, each with its log entry. */
  defineAction(
    "update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id",
    "store:yoga_course:write",
    {
      reads: ({ session_id }, { store }) =>
        [
          sessionById(store, session_id),
          store
            .selectFields(
              courseBookings,
              { id: courseBookings.id, memberName: memberOf<string>(members.name) },
              eq(courseBookings.sessionId, session_id),
              eq(courseBookings.status, "booked"),
              eq(courseBookings.attendance, "pending"),
            )
            .limit(MAX_ROSTER_BOOKINGS),
        ] as const,
      handler: async ({ session_id }, { store, caller, now }, [sessionRows, pending]) => {
        const sessionRow = found(sessionRows);
        if (pending.length === 0) return { marked: 0 };
        const ids = pending.map((booking) => booking.id);
        const [marked] = await store.batch([
          store
            .update(
              courseBookings,
              { attendance: "show", actorEmail: caller.email, version: sql`${courseBookings.version} + 1` },
              eq(courseBookings.sessionId, session_id),
              eq(courseBookings.status, "booked"),
              eq(courseBookings.attendance, "pending"),
              inArray(courseBookings.id, ids),
            )
            .returning({ id: courseBookings.id }),
          ...pending.map((booking) =>
            store.log(caller, now, {
              action: "edit",
              dataType: DATA_TYPE,
              recordId: booking.id,
              recordName: bookingName(booking.memberName, sessionRow, sessionRow.session.startsAt),
              before: { attendance: "pending" },
              after: { attendance: "show" },
            }),
          ),
        ]);
        return { marked: marked.length };
      },
    },
  ),

  /** The member, all their credits and one page of bookings with their credit movements: one round trip. */
  defineAction("get_yoga_course_record_data_and_total_number_by_sorting_and_limit", "store:credit_package:read", {
    reads: ({ member_id, direction, limit, page }, { store }) => {
      const ofMember = eq(courseBookings.memberId, member_id);
      const order = listOrder(direction, courseBookings.createdAt, courseBookings.id);
      const pageIds = store
        .selectFields(courseBookings, { id: courseBookings.id }, ofMember)
        .orderBy(...order)
        .limit(limit)
        .offset((page - 1) * limit);
      return [
        store
          .selectFields(
            members,
            { id: members.id, name: members.name, memberCode: members.memberCode },
            eq(members.id, member_id),
          )
          .limit(1),
        store
          .selectFields(
            memberCredits,
            {
              credit: memberCredits,
              nameZhHk: lookup<string>(
                creditOrders,
                creditOrders.packageNameZhHk,
                creditOrders.id,
                memberCredits.creditOrderId,
              ),
              nameEn: lookup<string>(
                creditOrders,
                creditOrders.packageNameEn,
                creditOrders.id,
                memberCredits.creditOrderId,
              ),
            },
            eq(memberCredits.memberId, member_id),
          )
          .orderBy(desc(memberCredits.grantedAt), desc(memberCredits.id)),
        store
          .selectFields(
            courseBookings,
            {
              ...bookingFields,
              startsAt: bookingSession<string>(courseSessions.startsAt),
              sessionStatus: bookingSession<"scheduled" | "cancelled">(courseSessions.status),
              typeNameZhHk: lookup<string>(
                courseTypes,
                courseTypes.nameZhHk,
                courseTypes.id,
                bookingSession(courseSessions.courseTypeId),
              ),
              typeNameEn: lookup<string>(
                courseTypes,
                courseTypes.nameEn,
                courseTypes.id,
                bookingSession(courseSessions.courseTypeId),
              ),
              coachNameZhHk: lookup<string>(
                courseCoaches,
                courseCoaches.nameZhHk,
                courseCoaches.id,
                bookingSession(courseSessions.coachId),
              ),
              coachNameEn: lookup<string>(
                courseCoaches,
                courseCoaches.nameEn,
                courseCoaches.id,
                bookingSession(courseSessions.coachId),
              ),
            },
            ofMember,
          )
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit),
        store.selectFields(courseBookings, { total: count() }, ofMember),
        store
          .select(creditMovements, eq(creditMovements.memberId, member_id), inArray(creditMovements.bookingId, pageIds))
          .orderBy(asc(creditMovements.id)),
      ] as const;
    },
    handler: async (_input, _context, [memberRows, credits, bookings, [{ total }], movements]) => {
      const member = found(memberRows);
      return new WithExtra(
        {
          member: { id: member.id, name: member.name, member_code: member.memberCode },
          credits: credits.map(({ credit, nameZhHk, nameEn }) => ({
            id: credit.id,
            name_zh_hk: nameZhHk,
            name_en: nameEn,
            credits_granted: credit.creditsGranted,
            credits_remaining: credit.creditsRemaining,
            status: credit.status,
            granted_at: credit.grantedAt,
            expires_at: credit.expiresAt,
            validity_days: credit.validityDays,
          })),
          bookings: bookings.map((row) => ({
            ...toBooking(row),
            session: {
              id: row.booking.sessionId,
              starts_at: row.startsAt,
              status: row.sessionStatus,
              course_type: { name_zh_hk: row.typeNameZhHk, name_en: row.typeNameEn },
              coach: { name_zh_hk: row.coachNameZhHk, name_en: row.coachNameEn },
            },
            movements: movements
              .filter((movement) => movement.bookingId === row.booking.id)
              .map((movement) => ({
                id: movement.id,
                reason: movement.reason,
                change: movement.change,
                remaining_after: movement.remainingAfter,
                create_date: movement.createdAt,
              })),
          })),
        },
        { total_number: total },
      );
    },
  }),
];
