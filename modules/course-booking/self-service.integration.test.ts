import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure, createActionClient } from "../../app/server/action-client.server";
import { bookingLinkExpiry, type BookingLink } from "../../backend/booking-link";
import { courseBookings, courseSessions, courseWaitlist, memberCredits, websiteData } from "../../backend/db/schema";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
} from "../../tests/helpers/factories";
import { db, emailsTo, expectFailure, logOf, merchant, transports } from "../../tests/integration/wire";
import { bookingLinkToken } from "../appointment-booking/factories";

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const secret = () => env.SESSION_SECRET!;
const TOKEN = new RegExp(`${env.APP_URL}/booking/([\\w.-]+)`);

/**
 * A store (its contact e-mail set; the late-cancellation window the default 12 hours) with a course type, a coach,
 * a package of 3 credits, a session of `places` starting in `startsInHours`, and its member booked on it by staff:
 * the link is read from the booked e-mail. The customer's client is no one's.
 */
async function bookedClass({ places = 5, startsInHours = 48 } = {}) {
  const { store, client, key } = await merchant("embedded");
  const applicationKey = store.applicationKey;
  const storeEmail = `desk-${crypto.randomUUID()}@example.com`;
  await db()
    .update(websiteData)
    .set({ contactEmail: storeEmail })
    .where(eq(websiteData.applicationKey, applicationKey));
  const [coach, type] = await Promise.all([createCoach(db(), applicationKey), createCourseType(db(), applicationKey)]);
  const creditPackage = await createCreditPackage(db(), applicationKey, [type.id], { credits: 3 });
  const sessionAt = (hours: number, overrides: Partial<typeof courseSessions.$inferInsert> = {}) =>
    createCourseSession(
      db(),
      applicationKey,
      { courseTypeId: type.id, coachId: coach.id },
      { startsAt: inHours(hours), endsAt: inHours(hours + 1), location: "Room 2", ...overrides },
    );
  const session = await sessionAt(startsInHours, { maxPlaces: places });
  const memberWithCredits = async () => {
    const member = await createMember(db(), applicationKey);
    const { credit } = await createPaidCreditOrder(db(), applicationKey, member.id, creditPackage);
    return { member, credit };
  };
  const book = async (sessionId: number, { member, credit }: Awaited<ReturnType<typeof memberWithCredits>>) =>
    (
      await client.add_yoga_course_record_data({
        ...key,
        session_id: sessionId,
        member_id: member.id,
        credit_id: credit.id,
      })
    ).data.id;
  const { member, credit } = await memberWithCredits();
  const bookingId = await book(session.id, { member, credit });
  const [booked] = await emailsTo(member.email!);
  const token = TOKEN.exec(booked.body)?.[1] ?? "";
  const link: BookingLink = {
    applicationKey,
    kind: "class",
    id: bookingId,
    expires: bookingLinkExpiry(session.startsAt),
  };
  const customer = createActionClient(transports.embedded());
  const remaining = async (creditId: number) =>
    (await db().select().from(memberCredits).where(eq(memberCredits.id, creditId)))[0].creditsRemaining;
  const bookingRow = async (id = bookingId) =>
    (await db().select().from(courseBookings).where(eq(courseBookings.id, id)))[0];
  const placesOf = async (sessionId: number) =>
    (await db().select().from(courseSessions).where(eq(courseSessions.id, sessionId)))[0].bookedPlaces;
  return {
    store,
    client,
    key,
    applicationKey,
    storeEmail,
    type,
    coach,
    session,
    sessionAt,
    member,
    credit,
    bookingId,
    booked,
    token,
    link,
    customer,
    memberWithCredits,
    book,
    remaining,
    bookingRow,
    placesOf,
  };
}

describe("a class booking's link", () => {
  it("comes in the booked e-mail and opens that booking alone: a tampered, expired or other store's link is 404", async () => {
    const c = await bookedClass();
    expect(c.booked.body).toContain(`/booking/bk.${c.applicationKey}.class.${c.bookingId}.`);
    const { data } = await c.customer.get_yoga_course_record_link_data_by_token({ token: c.token });
    expect(data).toMatchObject({
      id: c.bookingId,
      status: "booked",
      course_type: { name_zh_hk: c.type.nameZhHk },
      coach: { name_zh_hk: c.coach.nameZhHk },
      location: "Room 2",
      starts_at: c.session.startsAt,
      credits_spent: 1,
      member_name: c.member.name,
      cancel_hours: 12,
      refund_until: new Date(Date.parse(c.session.startsAt) - 12 * HOUR).toISOString(),
      can_cancel: true,
      cancel_refunds: true,
      can_move: true,
      store: { email: c.storeEmail },
    });

    const other = await bookedClass();
    const forged = [
      // Another store's booking's id under this booking's signature.
      c.token.replace(`.class.${c.bookingId}.`, `.class.${other.bookingId}.`),
      // Signed, but expired.
      await bookingLinkToken(secret(), { ...c.link, expires: Math.floor(Date.now() / 1000) - 1 }),
      // Signed for another store, naming this store's booking.
      await bookingLinkToken(secret(), { ...c.link, applicationKey: other.applicationKey }),
      // Signed as an appointment's link.
      await bookingLinkToken(secret(), { ...c.link, kind: "general" }),
      // Signed by another secret.
      await bookingLinkToken("not-the-secret", c.link),
    ];
    for (const token of forged) {
      await expectFailure(c.customer.get_yoga_course_record_link_data_by_token({ token }), 404, "booking-link-invalid");
      await expectFailure(
        c.customer.update_yoga_course_record_link_cancel_data_by_token({ token }),
        404,
        "booking-link-invalid",
      );
      await expectFailure(
        c.customer.update_yoga_course_record_link_session_data_by_token({ token, session_id: c.session.id }),
        404,
        "booking-link-invalid",
      );
    }
    // An appointment's page does not open a class link either.
    await expectFailure(
      c.customer.get_appointment_booking_link_data_by_token({ token: c.token }),
      404,
      "booking-link-invalid",
    );
    expect((await c.bookingRow()).status).toBe("booked");
  });

  it("cancels with the credits back, logged as the customer, the place going to the first waiting member", async () => {
    const c = await bookedClass({ places: 1 });
    const waiter = await c.memberWithCredits();
    await c.client.add_yoga_course_waitlist_data({
      ...c.key,
      session_id: c.session.id,
      member_id: waiter.member.id,
      credit_id: waiter.credit.id,
    });

    const { data } = await c.customer.update_yoga_course_record_link_cancel_data_by_token({ token: c.token });
    expect(data).toEqual({ id: c.bookingId, credits_returned: 1 });
    expect(await c.bookingRow()).toMatchObject({ status: "cancelled", creditsReturned: 1, actorEmail: null });
    expect(await c.remaining(c.credit.id)).toBe(3);
    // The waiting member took the place, paid with their credit, and was told with their own link.
    const [promoted] = await db()
      .select()
      .from(courseBookings)
      .where(and(eq(courseBookings.sessionId, c.session.id), eq(courseBookings.status, "booked")));
    expect(promoted.memberId).toBe(waiter.member.id);
    expect([await c.placesOf(c.session.id), await c.remaining(waiter.credit.id)]).toEqual([1, 2]);
    const [toWaiter] = await emailsTo(waiter.member.email!);
    expect(toWaiter.body).toContain(`/booking/bk.${c.applicationKey}.class.${promoted.id}.`);

    const entry = (await logOf(c.applicationKey)).find(
      (row) => row.record_id === String(c.bookingId) && row.actor_email === c.member.email,
    );
    expect(entry).toMatchObject({ action: "edit", changes: { status: ["booked", "cancelled"] } });
    const { data: logged } = await c.client.get_staff_log_data_and_total_number_by_sorting_and_limit({
      ...c.key,
      actor_type: "customer",
    });
    expect(logged.map((row) => [row.actor_type, row.actor_email, row.record_id])).toEqual([
      ["customer", c.member.email, String(c.bookingId)],
    ]);
    const toMember = await emailsTo(c.member.email!);
    expect(toMember).toHaveLength(2);
    expect(toMember[1].body).toContain(c.token);
    expect((await emailsTo(c.storeEmail)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`#${c.bookingId}`),
    ]);

    const { data: page } = await c.customer.get_yoga_course_record_link_data_by_token({ token: c.token });
    expect(page).toMatchObject({ status: "cancelled", credits_returned: 1, can_cancel: false, can_move: false });
    await expectFailure(
      c.customer.update_yoga_course_record_link_cancel_data_by_token({ token: c.token }),
      409,
      "course-booking-cancelled",
    );
  });

  it("within the store's window: no move, and a cancellation forfeits the credits", async () => {
    const c = await bookedClass({ startsInHours: 6 });
    const later = await c.sessionAt(72);
    const { data } = await c.customer.get_yoga_course_record_link_data_by_token({ token: c.token });
    expect(data).toMatchObject({ can_cancel: true, cancel_refunds: false, can_move: false, targets: [] });
    await expectFailure(
      c.customer.update_yoga_course_record_link_session_data_by_token({ token: c.token, session_id: later.id }),
      409,
      "booking-link-change-closed:12",
    );
    const { data: cancelled } = await c.customer.update_yoga_course_record_link_cancel_data_by_token({
      token: c.token,
    });
    expect(cancelled.credits_returned).toBe(0);
    expect(await c.remaining(c.credit.id)).toBe(2);
    const [, toMember] = await emailsTo(c.member.email!);
    expect(toMember.body).toContain("不獲退回");
  });

  it("moves to a class of its course with a place outside the window, its credits with it; refuses any other", async () => {
    const c = await bookedClass();
    const open = await c.sessionAt(72);
    const full = await c.sessionAt(96, { maxPlaces: 1 });
    await c.book(full.id, await c.memberWithCredits());
    const soon = await c.sessionAt(6);
    const otherType = await createCourseSession(
      db(),
      c.applicationKey,
      { courseTypeId: (await createCourseType(db(), c.applicationKey)).id, coachId: c.coach.id },
      { startsAt: inHours(80), endsAt: inHours(81) },
    );
    const elsewhere = await bookedClass();

    const { data } = await c.customer.get_yoga_course_record_link_data_by_token({ token: c.token });
    expect(data.targets.map((target) => [target.id, target.places_left, target.location])).toEqual([
      [open.id, 10, "Room 2"],
    ]);
    const move = (sessionId: number) =>
      c.customer.update_yoga_course_record_link_session_data_by_token({ token: c.token, session_id: sessionId });
    await expectFailure(move(full.id), 409, "course-full");
    await expectFailure(move(soon.id), 409, "course-not-open");
    await expectFailure(move(otherType.id), 409, "credit-cannot-pay");
    await expectFailure(move(elsewhere.session.id), 404, "not-found");
    await expectFailure(move(c.session.id), 409, "course-already-booked");
    expect((await c.bookingRow()).sessionId).toBe(c.session.id);

    const { data: moved } = await move(open.id);
    expect(moved.path).toMatch(new RegExp(`^/booking/bk\\.${c.applicationKey}\\.class\\.${c.bookingId}\\.`));
    expect(await c.bookingRow()).toMatchObject({ sessionId: open.id, creditsSpent: 1, status: "booked" });
    expect([await c.placesOf(c.session.id), await c.placesOf(open.id), await c.remaining(c.credit.id)]).toEqual([
      0, 1, 2,
    ]);
    expect((await logOf(c.applicationKey)).at(-1)).toMatchObject({
      actor_email: c.member.email,
      changes: { session_id: [c.session.id, open.id] },
    });
    const [, toMember] = await emailsTo(c.member.email!);
    expect(toMember.body).toContain(`${env.APP_URL}${moved.path}`);
    expect(await emailsTo(c.storeEmail)).toHaveLength(1);
    const { data: page } = await c.customer.get_yoga_course_record_link_data_by_token({
      token: moved.path!.slice("/booking/".length),
    });
    expect(page.starts_at).toBe(open.startsAt);
  });

  it("keeps places and credits under concurrent link cancellations (each twice) and joins", async () => {
    const places = 8;
    const c = await bookedClass({ places });
    const seated = [{ bookingId: c.bookingId, credit: c.credit }];
    for (let i = 1; i < places; i++) {
      const member = await c.memberWithCredits();
      seated.push({ bookingId: await c.book(c.session.id, member), credit: member.credit });
    }
    const waiting = await Promise.all(Array.from({ length: places }, () => c.memberWithCredits()));
    for (const { member, credit } of waiting) {
      await c.client.add_yoga_course_waitlist_data({
        ...c.key,
        session_id: c.session.id,
        member_id: member.id,
        credit_id: credit.id,
      });
    }
    const joiners = await Promise.all(Array.from({ length: 8 }, () => c.memberWithCredits()));
    const tokens = await Promise.all(
      seated.map(({ bookingId }) => bookingLinkToken(secret(), { ...c.link, id: bookingId })),
    );
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => "ok",
        (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
      );
    const results = await Promise.all([
      ...[...tokens, ...tokens].map((token) =>
        outcome(c.customer.update_yoga_course_record_link_cancel_data_by_token({ token })),
      ),
      ...joiners.map(({ member, credit }) =>
        outcome(
          c.client.add_yoga_course_waitlist_data({
            ...c.key,
            session_id: c.session.id,
            member_id: member.id,
            credit_id: credit.id,
          }),
        ),
      ),
    ]);
    const cancels = results.slice(0, 2 * places);
    expect(cancels.filter((result) => result === "ok")).toHaveLength(places);
    expect(cancels.filter((result) => result !== "ok")).toEqual(
      Array.from({ length: places }, () => "course-booking-cancelled"),
    );
    // Every freed place was refilled from the waitlist in the cancellation's own batch: joiners always wait.
    expect(results.slice(2 * places)).toEqual(Array.from({ length: joiners.length }, () => "ok"));
    const booked = await db()
      .select()
      .from(courseBookings)
      .where(and(eq(courseBookings.sessionId, c.session.id), eq(courseBookings.status, "booked")));
    expect([await c.placesOf(c.session.id), booked.length]).toEqual([places, places]);
    expect(booked.map((booking) => booking.memberId).sort()).toEqual(waiting.map(({ member }) => member.id).sort());
    // Each cancelled booking's credit given back once, each promoted member's spent once.
    for (const { credit } of seated) expect(await c.remaining(credit.id)).toBe(3);
    for (const { credit } of waiting) expect(await c.remaining(credit.id)).toBe(2);
    const stillWaiting = await db()
      .select()
      .from(courseWaitlist)
      .where(and(eq(courseWaitlist.sessionId, c.session.id), eq(courseWaitlist.status, "waiting")));
    expect(stillWaiting).toHaveLength(joiners.length);
  }, 30_000);
});
