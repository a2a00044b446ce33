import { asc, eq, gt, ne, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import {
  bookingLinkChangeLimits,
  bookingLinkFor,
  claimedBooking,
  customerActor,
  readBookingLink,
  type BookingLink,
} from "../../backend/booking-link";
import type { Db } from "../../backend/db/client";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { courseBookings, courseCoaches, courseSessions, storeSettings } from "../../backend/db/schema";
import { ActionError, notFound } from "../../backend/errors";
import { isRateLimitRefusal, rateLimitedError } from "../../backend/rate-limit";
import { defineAction, type PublicContext } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { withValue } from "../../contract/messages";
import { storeContact, storeContactReads } from "../store/contact";
import {
  bookingSession,
  bookingWithSession,
  cancelStatements,
  DEFAULT_CANCEL_HOURS,
  HOUR_MS,
  lateToCancel,
  lookup,
  moveStatements,
  refusalOf,
  unchangeable,
  unfitTarget,
  type BookingWithSession,
  type ChangeActor,
} from "./changes";
import { MAX_SWAP_TARGETS, type ClassBookingLinkPage } from "./contract";
import {
  courseEmail,
  emailedBooking,
  emailingStore,
  emailingStoreRead,
  storeEmail,
  type EmailedCourseBooking,
} from "./emails";
import { tellPromoted } from "./waitlist";

/** A column of the booking's session, as a subquery by the booking's id. */
const ofBookedSession = (store: StoreScope, id: number, column: "courseTypeId" | "id") =>
  store.selectFields(courseBookings, { value: bookingSession(courseSessions[column]) }, eq(courseBookings.id, id));

/**
 * Everything the link's page and its changes need, read by what the token claims (nothing leaves before the
 * token is checked): the store's name, contact, modules and language, the booking with its session, the store's
 * late-cancellation window, the upcoming sessions of its course with a place left, and the session `targetId`.
 */
function tokenReads(db: Db, token: string, now: Date, targetId: number) {
  const claimed = claimedBooking(token);
  const store = forStore(db, claimed.applicationKey);
  const id = claimed.kind === "class" ? claimed.id : 0;
  const target = {
    id: courseSessions.id,
    status: courseSessions.status,
    startsAt: courseSessions.startsAt,
    endsAt: courseSessions.endsAt,
    courseTypeId: courseSessions.courseTypeId,
    creditsNeeded: courseSessions.creditsNeeded,
    location: courseSessions.location,
    placesLeft: sql<number>`${courseSessions.maxPlaces} - ${courseSessions.bookedPlaces}`,
    coachZhHk: lookup<string>(courseCoaches, courseCoaches.nameZhHk, courseCoaches.id, courseSessions.coachId),
    coachEn: lookup<string>(courseCoaches, courseCoaches.nameEn, courseCoaches.id, courseSessions.coachId),
  };
  return [
    ...storeContactReads(store),
    ...storeWebsiteReads(store, now),
    emailingStoreRead(store),
    bookingWithSession(store, id),
    store.selectFields(storeSettings, { hours: storeSettings.courseCancelHours }).limit(1),
    store
      .selectFields(
        courseSessions,
        target,
        eq(courseSessions.courseTypeId, ofBookedSession(store, id, "courseTypeId")),
        ne(courseSessions.id, ofBookedSession(store, id, "id")),
        eq(courseSessions.status, "scheduled"),
        gt(courseSessions.startsAt, now.toISOString()),
        sql`${courseSessions.bookedPlaces} < ${courseSessions.maxPlaces}`,
      )
      .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id))
      .limit(MAX_SWAP_TARGETS),
    store.selectFields(courseSessions, target, eq(courseSessions.id, targetId)).limit(1),
  ] as const;
}

type Reads = BatchResponse<ReturnType<typeof tokenReads>>;

interface Linked {
  link: BookingLink;
  row: BookingWithSession;
  /** The store's late-cancellation window, in hours. */
  hours: number;
}

/** The booking a token opens: 404 booking-link-invalid for a forged, expired or other store's link, or a gone booking. */
async function linked(context: PublicContext, token: string, reads: Reads): Promise<Linked | ActionError> {
  const invalid = new ActionError(404, "booking-link-invalid");
  const link = await readBookingLink(context.env.SESSION_SECRET, token, context.now);
  const [, , accounts, plans, , [row], [setting]] = reads;
  if (!link || link.kind !== "class" || !row) return invalid;
  try {
    refuseClosedWebsite([accounts, plans], "yoga_course", context.now);
  } catch {
    return invalid;
  }
  return { link, row, hours: setting?.hours ?? DEFAULT_CANCEL_HOURS };
}

/** Why the booking can no longer move: its start within the window, as well as anything that stops a cancel. */
const unmovable = ({ row, hours }: Linked, now: Date) =>
  unchangeable(row, now) ??
  (lateToCancel(row.startsAt, hours, now)
    ? new ActionError(409, withValue("booking-link-change-closed", hours))
    : null);

function bookingPage(found: Linked, reads: Reads, now: Date): ClassBookingLinkPage {
  const { row, hours } = found;
  const [[account], [website], , , , , , targets] = reads;
  const { booking } = row;
  const canCancel = unchangeable(row, now) === null;
  const canMove = unmovable(found, now) === null;
  return {
    id: booking.id,
    status: booking.status,
    attendance: booking.attendance,
    session_status: row.sessionStatus,
    course_type: { name_zh_hk: row.typeNameZhHk, name_en: row.typeNameEn },
    coach: { name_zh_hk: row.coachNameZhHk, name_en: row.coachNameEn },
    location: row.location,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    member_name: row.memberName,
    credits_spent: booking.creditsSpent,
    credits_returned: booking.creditsReturned,
    store: storeContact(account, website),
    cancel_hours: hours,
    refund_until: new Date(Date.parse(row.startsAt) - hours * HOUR_MS).toISOString(),
    can_cancel: canCancel,
    cancel_refunds: canCancel && !lateToCancel(row.startsAt, hours, now),
    can_move: canMove,
    targets: canMove
      ? targets
          .filter((target) => !lateToCancel(target.startsAt, hours, now) && unfitTarget(row, target, now) === null)
          .map((target) => ({
            id: target.id,
            starts_at: target.startsAt,
            ends_at: target.endsAt,
            coach: { name_zh_hk: target.coachZhHk, name_en: target.coachEn },
            location: target.location,
            places_left: target.placesLeft,
          }))
      : [],
  };
}

/** A public change through the link: checked, counted against its buckets, refusals counted too. */
async function changeContext(context: PublicContext, token: string, reads: Reads) {
  const found = await linked(context, token, reads);
  const { db } = context;
  const { hits, refuse } = bookingLinkChangeLimits(context, found instanceof ActionError ? null : found.link);
  if (found instanceof ActionError) return refuse(found);
  const by: ChangeActor = { actor: customerActor(found.row.memberEmail, found.row.memberName), actorEmail: null };
  return { found, hits, refuse, by, store: forStore(db, found.link.applicationKey) };
}

const rethrowChange = (error: unknown): never => {
  if (isRateLimitRefusal(error)) throw rateLimitedError();
  throw refusalOf(error) ?? error;
};

/** The member's e-mail (with the link, a moved booking's new one) and the store's, to its contact e-mail. */
async function notify(
  context: PublicContext,
  store: StoreScope,
  kind: "self-cancelled" | "self-cancelled-late" | "moved",
  reads: Reads,
  booking: EmailedCourseBooking,
) {
  const [, [website], , , [account]] = reads;
  const toMember = await courseEmail(context.env, kind, emailingStore(store, account), booking);
  const storeEmailAddress = website?.email ?? "";
  const toStore = storeEmailAddress
    ? storeEmail(kind === "moved" ? "moved" : "cancelled", storeEmailAddress, account?.storeName ?? "", booking)
    : null;
  await context.afterReply(async () => {
    await context.mailer.send(toMember);
    if (toStore) await context.mailer.send(toStore);
  });
}

export const courseSelfServiceActions = [
  defineAction("get_yoga_course_record_link_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token }, { db, now }) => tokenReads(db, token, now, 0),
    handler: async ({ token }, context, reads) => {
      const found = await linked(context, token, reads);
      if (found instanceof ActionError) throw found;
      return bookingPage(found, reads, context.now);
    },
  }),

  /**
   * The member moves the booking, its credits with it, to another session of its course with a place left while
   * both are outside the store's window: the staff move's batch (the left place filled from the waitlist).
   */
  defineAction("update_yoga_course_record_link_session_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token, session_id }, { db, now }) => tokenReads(db, token, now, session_id),
    handler: async ({ token }, context, reads) => {
      const { found, hits, refuse, by, store } = await changeContext(context, token, reads);
      const { row, hours, link } = found;
      const { now, mailer, env } = context;
      const [, , , , , , , , [target]] = reads;
      const refused =
        unmovable(found, now) ??
        (target === undefined
          ? notFound()
          : target.id === row.booking.sessionId
            ? new ActionError(409, "course-already-booked")
            : lateToCancel(target.startsAt, hours, now)
              ? new ActionError(409, "course-not-open")
              : unfitTarget(row, target, now));
      if (refused || !target) return refuse(refused);
      const [, , promoted, marked] = await store
        .batch([...moveStatements(store, row, target, by, now), ...hits])
        .catch(rethrowChange);
      await context.afterReply(() => tellPromoted(store, { mailer, env }, promoted, marked));
      await notify(context, store, "moved", reads, {
        ...emailedBooking(row, row.booking.creditsSpent),
        startsAt: target.startsAt,
        was: row.startsAt,
      });
      const path = await bookingLinkFor(env.SESSION_SECRET, {
        applicationKey: link.applicationKey,
        kind: "class",
        id: row.booking.id,
        startsAt: target.startsAt,
      });
      return { id: row.booking.id, path };
    },
  }),
  /**
   * The member cancels before the session starts, the credits back outside the store's window: the staff
   * cancellation's batch (the waitlist's first member who can pay takes the place), logged as the customer; the
   * member, the promoted and the store told.
   */
  defineAction("update_yoga_course_record_link_cancel_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token }, { db, now }) => tokenReads(db, token, now, 0),
    handler: async ({ token }, context, reads) => {
      const { found, hits, refuse, by, store } = await changeContext(context, token, reads);
      const { row, hours } = found;
      const { now, mailer, env } = context;
      const refused = unchangeable(row, now);
      if (refused) return refuse(refused);
      const late = lateToCancel(row.startsAt, hours, now);
      const returned = late ? 0 : row.booking.creditsSpent;
      const [, , promoted, marked] = await store
        .batch([...cancelStatements(store, row, returned, by, now), ...hits])
        .catch(rethrowChange);
      await context.afterReply(() => tellPromoted(store, { mailer, env }, promoted, marked));
      await notify(
        context,
        store,
        late ? "self-cancelled-late" : "self-cancelled",
        reads,
        emailedBooking(row, returned),
      );
      return { id: row.booking.id, credits_returned: returned };
    },
  }),
];
