import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courseBookings, courseSessions, creditMovements, creditOrders, memberCredits } from "../../backend/db/schema";
import { errorText } from "../../backend/unique";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
  createStore,
} from "../../tests/helpers/factories";
import { db } from "../../tests/integration/wire";

/** A store with a coach, a course type, a package of 3 credits for it and a member who bought it. */
async function studio(packageOverrides: Parameters<typeof createCreditPackage>[3] = {}) {
  const store = await createStore(db());
  const key = store.applicationKey;
  const coach = await createCoach(db(), key);
  const type = await createCourseType(db(), key);
  const creditPackage = await createCreditPackage(db(), key, [type.id], { credits: 3, ...packageOverrides });
  const member = await createMember(db(), key);
  const { order, credit } = await createPaidCreditOrder(db(), key, member.id, creditPackage);
  const session = (overrides: Parameters<typeof createCourseSession>[3] = {}) =>
    createCourseSession(db(), key, { courseTypeId: type.id, coachId: coach.id }, overrides);
  const book = (sessionId: number, credits = 1, memberId = member.id, creditId: number | null = credit.id) =>
    db()
      .insert(courseBookings)
      .values({ applicationKey: key, sessionId, memberId, creditId, creditsSpent: credits })
      .returning();
  const remaining = async () =>
    (await db().select().from(memberCredits).where(eq(memberCredits.id, credit.id)))[0].creditsRemaining;
  const places = async (id: number) =>
    (await db().select().from(courseSessions).where(eq(courseSessions.id, id)))[0].bookedPlaces;
  const movements = async () =>
    (
      await db()
        .select()
        .from(creditMovements)
        .where(eq(creditMovements.creditId, credit.id))
        .orderBy(creditMovements.id)
    ).map((row) => `${row.reason}:${row.change}:${row.remainingAfter}`);
  return { key, coach, type, member, order, credit, session, book, remaining, places, movements };
}

const refusal = async (write: Promise<unknown>) => errorText(await write.then(() => null).catch((error) => error));

describe("the course ledger held by the database (migration 0035's triggers)", () => {
  it("a paid order grants its credits once; a booking takes a place and its credits, its cancellation gives them back once", async () => {
    const s = await studio();
    expect(s.credit).toMatchObject({ creditsGranted: 3, creditsRemaining: 3, status: "active" });
    expect(Date.parse(s.credit.expiresAt!) - Date.parse(s.credit.grantedAt)).toBe(90 * 86_400_000);
    const session = await s.session();
    const [booking] = await s.book(session.id);
    expect([await s.remaining(), await s.places(session.id)]).toEqual([2, 1]);

    const cancel = () =>
      db()
        .update(courseBookings)
        .set({ status: "cancelled", creditsReturned: 1 })
        .where(eq(courseBookings.id, booking.id));
    await cancel();
    await cancel();
    expect([await s.remaining(), await s.places(session.id)]).toEqual([3, 0]);
    expect(await s.movements()).toEqual(["purchase:3:3", "booking:-1:2", "booking_cancelled:1:3"]);

    // Paying the order again grants nothing more.
    expect(
      await refusal(
        db()
          .update(creditOrders)
          .set({ status: "unverified_payment" })
          .where(eq(creditOrders.id, s.order.id))
          .then(() => db().update(creditOrders).set({ status: "paid" }).where(eq(creditOrders.id, s.order.id))),
      ),
    ).toMatch(/UNIQUE constraint failed: member_credit\.credit_order_id/);
  });

  it("refuses a booking past the places, a second one of the member, more credits than left, and a session not scheduled", async () => {
    const s = await studio();
    const full = await s.session({ maxPlaces: 1 });
    const other = await createMember(db(), s.key);
    await s.book(full.id, 0, other.id, null);
    expect(await refusal(s.book(full.id))).toMatch(/course_session_within_places/);

    const session = await s.session();
    await s.book(session.id);
    expect(await refusal(s.book(session.id))).toMatch(
      /UNIQUE constraint failed: course_booking\.session_id, course_booking\.member_id/,
    );
    expect(await refusal(s.book((await s.session()).id, 3))).toMatch(/member_credit_not_negative/);
    expect(await s.remaining()).toBe(2);

    const cancelled = await s.session({ status: "cancelled" });
    expect(await refusal(s.book(cancelled.id))).toMatch(/course_booking_session_not_open/);
  });

  it("a credit pays only its member's sessions of its package's types, before it expires, and not after a refund", async () => {
    const s = await studio();
    const otherType = await createCourseType(db(), s.key);
    const notPaidFor = await createCourseSession(db(), s.key, { courseTypeId: otherType.id, coachId: s.coach.id });
    expect(await refusal(s.book(notPaidFor.id))).toMatch(/course_booking_credit_cannot_pay/);
    const other = await createMember(db(), s.key);
    expect(await refusal(s.book((await s.session()).id, 1, other.id))).toMatch(/course_booking_credit_cannot_pay/);
    const afterExpiry = await s.session({
      startsAt: new Date(Date.parse(s.credit.expiresAt!) + 3_600_000).toISOString(),
      endsAt: new Date(Date.parse(s.credit.expiresAt!) + 7_200_000).toISOString(),
    });
    expect(await refusal(s.book(afterExpiry.id))).toMatch(/course_booking_credit_cannot_pay/);

    await s.book((await s.session()).id);
    await db().update(creditOrders).set({ status: "refunded" }).where(eq(creditOrders.id, s.order.id));
    await db()
      .update(creditOrders)
      .set({ status: "paid" })
      .where(eq(creditOrders.id, s.order.id))
      .catch(() => null);
    expect(await s.remaining()).toBe(0);
    expect(await s.movements()).toEqual(["purchase:3:3", "booking:-1:2", "refund:-2:0"]);
    expect(await refusal(s.book((await s.session()).id))).toMatch(/course_booking_credit_cannot_pay/);
  });

  it("a first-use credit starts counting at its first booking; a swap moves the place", async () => {
    const s = await studio({ validityStarts: "first_use", validityDays: 30 });
    expect(s.credit.expiresAt).toBeNull();
    const first = await s.session();
    const [booking] = await s.book(first.id);
    const [used] = await db().select().from(memberCredits).where(eq(memberCredits.id, s.credit.id));
    expect(Date.parse(used.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const full = await s.session({ maxPlaces: 1 });
    await s.book(full.id, 0, (await createMember(db(), s.key)).id, null);
    const swap = (sessionId: number) =>
      db().update(courseBookings).set({ sessionId }).where(eq(courseBookings.id, booking.id));
    expect(await refusal(swap(full.id))).toMatch(/course_session_within_places/);
    const next = await s.session();
    await swap(next.id);
    expect([await s.places(first.id), await s.places(next.id)]).toEqual([0, 1]);
    expect(
      await refusal(
        db()
          .update(courseBookings)
          .set({ attendance: "show", status: "cancelled" })
          .where(eq(courseBookings.id, booking.id)),
      ),
    ).toMatch(/course_booking_cancelled_before_attending/);
    expect(
      await db().get(sql`select count(*) as n from course_booking where id = ${booking.id} and status = 'booked'`),
    ).toEqual({ n: 1 });
  });
});
