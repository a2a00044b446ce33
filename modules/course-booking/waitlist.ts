import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { hongKongTime } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import type { StoreScope } from "../../backend/db/scope";
import {
  courseBookings,
  courseSessions,
  courseTypes,
  courseWaitlist,
  memberCredits,
  members,
} from "../../backend/db/schema";
import { ActionError, found } from "../../backend/errors";
import { defineAction, type BaseContext } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { courseEmail, emailingStore, emailingStoreRead, type EmailedCourseBooking } from "./emails";

const DATA_TYPE = "yoga_course_waitlist_data";

/**
 * The statements that fill the free places of the sessions `sessionIds` (an id, or a subquery of ids) from
 * their waitlists, to run in the same batch right after the statement that freed a place (a cancellation, a
 * swap away, more places). D1 runs a batch as one transaction and one batch at a time, so these see the
 * places and credits exactly as that statement left them, and two cancellations at once promote two
 * different members one after the other.
 *
 * 1. The bookings: the waiting entries whose credit can still pay (the rules of the booking triggers, and
 *    enough credits left) ranked by position within their session, as many as it has free places. The
 *    ranking is computed once, before the first row is inserted, and checks everything the triggers and
 *    CHECKs would, so it never trips them (which would undo the cancellation with it); those checks still
 *    run on every row. One credit waiting in several of these sessions pays for the earliest only, so one
 *    statement never spends it twice. A member whose credit cannot pay is skipped and stays waiting: they
 *    may top it up before the next place frees.
 * 2. The entries of members now booked on their session become `booked` with their booking: the ones just
 *    promoted and anyone staff booked directly. Returns the entries it marked.
 */
export function promoteFromWaitlist(store: StoreScope, sessionIds: SQL, now: Date, actorEmail: string | null) {
  const bookedOnIt = (entry: typeof courseWaitlist) =>
    sql`select ${courseBookings.id} from ${courseBookings} where ${courseBookings.sessionId} = ${entry.sessionId} and ${courseBookings.memberId} = ${entry.memberId} and ${courseBookings.status} = 'booked'`;
  const promoted = sql`select ranked.id from (
      select payable.id, payable.free,
        row_number() over (partition by payable.session_id order by payable.id) as place
      from (
        select w.id, w.session_id, s.max_places - s.booked_places as free,
          row_number() over (partition by coalesce(w.credit_id, -w.id) order by s.starts_at, w.id) as credit_turn
        from ${courseWaitlist} w join ${courseSessions} s on s.id = w.session_id
        where w.application_key = ${store.applicationKey} and w.status = 'waiting' and w.session_id in (${sessionIds})
          and s.application_key = w.application_key and s.status = 'scheduled' and s.starts_at > ${now.toISOString()}
          and s.booked_places < s.max_places
          and not exists (select 1 from ${courseBookings} b
            where b.session_id = w.session_id and b.member_id = w.member_id and b.status = 'booked')
          and case when s.credits_needed = 0 then w.credit_id is null else exists (
            select 1 from ${memberCredits} c
            join credit_package_course_type p on p.package_id = c.package_id and p.course_type_id = s.course_type_id
            where c.id = w.credit_id and c.member_id = w.member_id and c.application_key = w.application_key
              and c.status = 'active' and (c.expires_at is null or c.expires_at > s.starts_at)
              and c.credits_remaining >= s.credits_needed) end
      ) payable where payable.credit_turn = 1
    ) ranked where ranked.place <= ranked.free`;
  return [
    store
      .insertFrom(courseBookings, (qb) =>
        qb
          // Every column, in the table's order (drizzle's rule for INSERT … SELECT); the id is the table's to give.
          .select({
            id: sql`null`.as("id"),
            applicationKey: courseWaitlist.applicationKey,
            sessionId: courseWaitlist.sessionId,
            memberId: courseWaitlist.memberId,
            creditId: courseWaitlist.creditId,
            creditsSpent:
              sql`(select ${courseSessions.creditsNeeded} from ${courseSessions} where ${courseSessions.id} = ${courseWaitlist.sessionId})`.as(
                "credits_spent",
              ),
            status: sql`'booked'`.as("status"),
            attendance: sql`'pending'`.as("attendance"),
            creditsReturned: sql`0`.as("credits_returned"),
            cancelledAt: sql`null`.as("cancelled_at"),
            actorEmail: sql`${actorEmail}`.as("actor_email"),
            remindedAt: sql`null`.as("reminded_at"),
            version: sql`1`.as("version"),
            createdAt: sql`${now.toISOString()}`.as("created_at"),
          })
          .from(courseWaitlist)
          .where(store.where(courseWaitlist, sql`${courseWaitlist.id} in (${promoted})`))
          .orderBy(courseWaitlist.id),
      )
      .returning({ id: courseBookings.id }),
    store
      .update(
        courseWaitlist,
        {
          status: "booked",
          bookingId: sql`(${bookedOnIt(courseWaitlist)})`,
          version: sql`${courseWaitlist.version} + 1`,
          updatedAt: now.toISOString(),
        },
        eq(courseWaitlist.status, "waiting"),
        sql`${courseWaitlist.sessionId} in (${sessionIds})`,
        sql`exists (${bookedOnIt(courseWaitlist)})`,
      )
      .returning({ id: courseWaitlist.id, bookingId: courseWaitlist.bookingId }),
  ] as const;
}

/**
 * After the reply: tells each member booked from the waitlist, in the store's first language, with the link to
 * their booking (`courseEmail`).
 */
export async function tellPromoted(
  store: StoreScope,
  { mailer, env }: Pick<BaseContext, "mailer" | "env">,
  inserted: { id: number }[],
  marked: { bookingId: number | null }[],
) {
  const ids = inserted.map((row) => row.id).filter((id) => marked.some((entry) => entry.bookingId === id));
  if (ids.length === 0) return;
  const [bookings, [account]] = await store.batch([
    store
      .selectFields(
        courseBookings,
        {
          id: courseBookings.id,
          email: sql<string>`${members.email}`.as("member_email"),
          name: sql<string>`${members.name}`.as("member_name"),
          startsAt: sql<string>`${courseSessions.startsAt}`.as("starts_at"),
          typeZhHk: sql<string>`${courseTypes.nameZhHk}`.as("type_zh_hk"),
          typeEn: sql<string>`${courseTypes.nameEn}`.as("type_en"),
          credits: courseBookings.creditsSpent,
        },
        inArray(courseBookings.id, ids),
      )
      .innerJoin(members, eq(members.id, courseBookings.memberId))
      .innerJoin(courseSessions, eq(courseSessions.id, courseBookings.sessionId))
      .innerJoin(courseTypes, eq(courseTypes.id, courseSessions.courseTypeId)),
    emailingStoreRead(store),
  ]);
  const emailing = emailingStore(store, account);
  for (const booking of bookings as unknown as EmailedCourseBooking[]) {
    await mailer.send(await courseEmail(env, "waitlist-booked", emailing, booking));
  }
}

/** The refusal a join meets, by the trigger or index that refused it. */
function joinRefusal(error: unknown): ActionError | null {
  const text = errorText(error);
  if (text.includes("course_waitlist_not_full")) return new ActionError(409, "course-not-full");
  if (text.includes("course_waitlist_already_booked")) return new ActionError(409, "course-already-booked");
  if (text.includes("UNIQUE constraint failed: course_waitlist"))
    return new ActionError(409, "waitlist-already-joined");
  if (text.includes("course_waitlist_credit_cannot_pay")) return new ActionError(409, "credit-cannot-pay");
  if (text.includes("course_waitlist_session_not_open")) return new ActionError(409, "course-not-open");
  return null;
}

const memberName = sql<string>`(select ${members.name} from ${members} where ${members.id} = ${courseWaitlist.memberId})`;

export const waitlistActions = [
  /**
   * Puts the member on a full session's waitlist with the credit they would pay with. The trigger of
   * migration 0065 refuses what the rules do not allow; nothing is taken until a place frees.
   */
  defineAction("add_yoga_course_waitlist_data", "store:yoga_course:write", {
    reads: ({ session_id, member_id, credit_id }, { store }) =>
      [
        store
          .selectFields(
            courseSessions,
            {
              startsAt: courseSessions.startsAt,
              creditsNeeded: courseSessions.creditsNeeded,
              typeZhHk: sql<string>`(select ${courseTypes.nameZhHk} from ${courseTypes} where ${courseTypes.id} = ${courseSessions.courseTypeId})`,
              typeEn: sql<string>`(select ${courseTypes.nameEn} from ${courseTypes} where ${courseTypes.id} = ${courseSessions.courseTypeId})`,
            },
            eq(courseSessions.id, session_id),
          )
          .limit(1),
        store.selectFields(members, { name: members.name }, eq(members.id, member_id)).limit(1),
        store
          .selectFields(
            memberCredits,
            { remaining: memberCredits.creditsRemaining },
            eq(memberCredits.id, credit_id ?? 0),
          )
          .limit(1),
      ] as const,
    handler: async (input, { store, caller, now }, [sessionRows, memberRows, creditRows]) => {
      const session = found(sessionRows);
      const member = found(memberRows);
      const paid = session.creditsNeeded > 0;
      if (paid && input.credit_id === null) {
        throw new ActionError(400, "invalid-payload", { credit_id: ["force-input"] });
      }
      if (paid) found(creditRows);
      if (Date.parse(session.startsAt) <= now.getTime()) throw new ActionError(409, "course-not-open");
      const creditId = paid ? input.credit_id : null;
      try {
        const [[entry]] = await store.batch([
          store
            .insert(courseWaitlist, [
              { sessionId: input.session_id, memberId: input.member_id, creditId, actorEmail: caller.email },
            ])
            .returning({ id: courseWaitlist.id }),
          store.log(caller, now, {
            action: "add",
            dataType: DATA_TYPE,
            recordId: sql`last_insert_rowid()`,
            recordName: {
              zhHk: `${member.name} · ${session.typeZhHk} ${hongKongTime(session.startsAt)}`,
              en: `${member.name} · ${session.typeEn || session.typeZhHk} ${hongKongTime(session.startsAt)}`,
            },
            before: null,
            after: { session_id: input.session_id, member_id: input.member_id, credit_id: creditId, status: "waiting" },
          }),
        ]);
        return { id: entry.id };
      } catch (error) {
        if (errorText(error).includes("course_waitlist_not_enough_credits")) {
          // The read's count; a booking made meanwhile may have taken more, which the next try reports.
          throw new ActionError(409, withValue("not-enough-credits", creditRows[0]?.remaining ?? 0));
        }
        throw joinRefusal(error) ?? error;
      }
    },
  }),

  /** Takes a waiting member off the waitlist (left); once only: 409 waitlist-not-waiting. */
  defineAction("update_yoga_course_waitlist_status_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) =>
      [
        store
          .selectFields(
            courseWaitlist,
            {
              status: courseWaitlist.status,
              sessionId: courseWaitlist.sessionId,
              memberId: courseWaitlist.memberId,
              memberName,
            },
            eq(courseWaitlist.id, id),
          )
          .limit(1),
      ] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const entry = found(rows);
      if (entry.status !== "waiting") throw new ActionError(409, "waitlist-not-waiting");
      await store
        .batch([
          store.update(
            courseWaitlist,
            {
              status: "left",
              actorEmail: caller.email,
              // NULL (refused by NOT NULL) when it was promoted or removed meanwhile.
              version: sql`case when ${courseWaitlist.status} = 'waiting' then ${courseWaitlist.version} + 1 end`,
              updatedAt: now.toISOString(),
            },
            eq(courseWaitlist.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: { zhHk: entry.memberName, en: entry.memberName },
            before: { status: "waiting" },
            after: { status: "left" },
          }),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("course_waitlist.version")) throw new ActionError(409, "waitlist-not-waiting");
          throw error;
        });
      return { id };
    },
  }),
];
