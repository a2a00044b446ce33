import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { hongKongDate, hongKongTime } from "../../contract/dates";
import {
  courseBookings,
  courseSessions,
  courseWaitlist,
  creditMovements,
  memberCredits,
} from "../../backend/db/schema";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
  createStoreStaff,
} from "../../tests/helpers/factories";
import { clientOver, db, emailsTo, expectFailure, merchant, signIn } from "../../tests/integration/wire";

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A store with a type, a coach, a package of 3 credits for the type, and a full session of `places` in 48 hours. */
async function fullClass(places: number) {
  const { store, client, key } = await merchant("embedded");
  const applicationKey = store.applicationKey;
  const [coach, type] = await Promise.all([createCoach(db(), applicationKey), createCourseType(db(), applicationKey)]);
  const creditPackage = await createCreditPackage(db(), applicationKey, [type.id], { credits: 3 });
  const session = await createCourseSession(
    db(),
    applicationKey,
    { courseTypeId: type.id, coachId: coach.id },
    { startsAt: inHours(48), endsAt: inHours(49), maxPlaces: places },
  );
  const memberWithCredits = async (credits = 3) => {
    const member = await createMember(db(), applicationKey);
    const { credit } = await createPaidCreditOrder(db(), applicationKey, member.id, creditPackage, { credits });
    return { member, credit };
  };
  const book = (memberId: number, creditId: number) =>
    client.add_yoga_course_record_data({ ...key, session_id: session.id, member_id: memberId, credit_id: creditId });
  const join = (memberId: number, creditId: number | null, sessionId = session.id) =>
    client.add_yoga_course_waitlist_data({ ...key, session_id: sessionId, member_id: memberId, credit_id: creditId });
  const cancel = (bookingId: number) =>
    client.update_yoga_course_record_status_data_by_application_key_and_id({
      ...key,
      id: bookingId,
      status: "cancelled",
    });
  const booked = await Promise.all(
    Array.from({ length: places }, async () => {
      const { member, credit } = await memberWithCredits();
      const { data } = await book(member.id, credit.id);
      return { member, credit, bookingId: data.id };
    }),
  );
  const remaining = async (creditId: number) =>
    (await db().select().from(memberCredits).where(eq(memberCredits.id, creditId)))[0].creditsRemaining;
  const sessionRow = async () => (await db().select().from(courseSessions).where(eq(courseSessions.id, session.id)))[0];
  const roster = async () =>
    (
      await client.get_yoga_course_record_data_list_by_application_key_and_session_id({
        ...key,
        session_id: session.id,
      })
    ).data;
  return {
    store,
    client,
    key,
    coach,
    type,
    session,
    booked,
    memberWithCredits,
    book,
    join,
    cancel,
    remaining,
    sessionRow,
    roster,
  };
}

describe("course waitlists", () => {
  it("lets a member join only a full session, once, with a credit that can still pay", async () => {
    const c = await fullClass(1);
    const roomy = await createCourseSession(
      db(),
      c.store.applicationKey,
      { courseTypeId: c.type.id, coachId: c.coach.id },
      { startsAt: inHours(50), endsAt: inHours(51), maxPlaces: 5 },
    );
    const waiting = await c.memberWithCredits();
    await expectFailure(c.join(waiting.member.id, waiting.credit.id, roomy.id), 409, "course-not-full");

    const { data: entry } = await c.join(waiting.member.id, waiting.credit.id);
    await expectFailure(c.join(waiting.member.id, waiting.credit.id), 409, "waitlist-already-joined");
    const [first] = c.booked;
    await expectFailure(c.join(first.member.id, first.credit.id), 409, "course-already-booked");
    await expectFailure(c.join(waiting.member.id, null), 400, "invalid-payload");
    // Another member's credit cannot pay for them.
    const other = await c.memberWithCredits();
    await expectFailure(c.join(other.member.id, waiting.credit.id), 409, "credit-cannot-pay");
    // A credit with none left is refused with what is left.
    const spent = await c.memberWithCredits(1);
    await db().update(memberCredits).set({ creditsRemaining: 0 }).where(eq(memberCredits.id, spent.credit.id));
    await expectFailure(c.join(spent.member.id, spent.credit.id), 409, "not-enough-credits:0");
    // Joining takes nothing.
    expect(await c.remaining(waiting.credit.id)).toBe(3);

    const { data: second } = await c.join(other.member.id, other.credit.id);
    const roster = await c.roster();
    expect(roster.waitlist.map((row) => [row.id, row.position, row.member.id, row.credit?.credits_remaining])).toEqual([
      [entry.id, 1, waiting.member.id, 3],
      [second.id, 2, other.member.id, 3],
    ]);

    await c.client.update_yoga_course_waitlist_status_data_by_application_key_and_id({
      ...c.key,
      id: entry.id,
      status: "left",
    });
    await expectFailure(
      c.client.update_yoga_course_waitlist_status_data_by_application_key_and_id({
        ...c.key,
        id: entry.id,
        status: "left",
      }),
      409,
      "waitlist-not-waiting",
    );
    expect((await c.roster()).waitlist.map((row) => [row.member.id, row.position])).toEqual([[other.member.id, 1]]);

    // Sales staff without course write permission cannot join anyone.
    const reader = await createStoreStaff(db(), c.store.applicationKey, {
      role: "sales",
      permissions: { yoga_course: "read" },
    });
    await expectFailure(
      clientOver("embedded", await signIn("embedded", reader.email, reader.password)).add_yoga_course_waitlist_data({
        ...c.key,
        session_id: c.session.id,
        member_id: spent.member.id,
        credit_id: spent.credit.id,
      }),
      403,
      "forbidden",
    );
  });

  it("books the first waiting member whose credit still pays when a place frees, skips one that cannot, and tells them", async () => {
    const c = await fullClass(1);
    const broke = await c.memberWithCredits(1);
    const next = await c.memberWithCredits();
    const last = await c.memberWithCredits();
    const brokeEntry = (await c.join(broke.member.id, broke.credit.id)).data;
    const nextEntry = (await c.join(next.member.id, next.credit.id)).data;
    await c.join(last.member.id, last.credit.id);
    // The first in line spends their only credit elsewhere meanwhile.
    const elsewhere = await createCourseSession(
      db(),
      c.store.applicationKey,
      { courseTypeId: c.type.id, coachId: c.coach.id },
      { startsAt: inHours(72), endsAt: inHours(73) },
    );
    await c.client.add_yoga_course_record_data({
      ...c.key,
      session_id: elsewhere.id,
      member_id: broke.member.id,
      credit_id: broke.credit.id,
    });

    await c.cancel(c.booked[0].bookingId);

    const roster = await c.roster();
    expect(roster.booked.map((row) => row.member.id)).toEqual([next.member.id]);
    expect(roster.waitlist.map((row) => [row.member.id, row.position])).toEqual([
      [broke.member.id, 1],
      [last.member.id, 2],
    ]);
    expect([(await c.sessionRow()).bookedPlaces, await c.remaining(next.credit.id)]).toEqual([1, 2]);
    const [entry] = await db().select().from(courseWaitlist).where(eq(courseWaitlist.id, nextEntry.id));
    expect(entry).toMatchObject({ status: "booked", bookingId: roster.booked[0].id });
    expect((await db().select().from(courseWaitlist).where(eq(courseWaitlist.id, brokeEntry.id)))[0].status).toBe(
      "waiting",
    );
    const [mail] = await emailsTo(next.member.email!);
    expect(mail.subject).toContain(hongKongTime(c.session.startsAt));
    expect(mail.body).toContain(next.member.name);

    // Two more places: the next eligible member takes one, the other stays free.
    const { data: detail } = await c.client.get_course_session_data_by_application_key_and_id({
      ...c.key,
      id: c.session.id,
    });
    await c.client.update_course_session_data_by_application_key_and_id({
      ...c.key,
      id: c.session.id,
      version: detail.version,
      course_type_id: c.type.id,
      coach_id: c.coach.id,
      location: "",
      date: hongKongDate(new Date(c.session.startsAt)),
      start_time: hongKongTime(c.session.startsAt).slice(11),
      end_time: hongKongTime(c.session.endsAt).slice(11),
      credits_needed: 1,
      max_places: 3,
      note: "",
    });
    const after = await c.roster();
    expect(after.booked.map((row) => row.member.id)).toEqual([next.member.id, last.member.id]);
    expect(after.waitlist.map((row) => row.member.id)).toEqual([broke.member.id]);
    expect((await c.sessionRow()).bookedPlaces).toBe(2);
  });

  it("keeps places and credits under 30 concurrent cancellations and joins, promoting in position order", async () => {
    const places = 10;
    const c = await fullClass(places);
    const waiting = await Promise.all(Array.from({ length: places }, () => c.memberWithCredits()));
    const entries: number[] = [];
    for (const { member, credit } of waiting) entries.push((await c.join(member.id, credit.id)).data.id);
    const joiners = await Promise.all(Array.from({ length: 20 }, () => c.memberWithCredits()));

    const results = await Promise.all([
      ...c.booked.map(({ bookingId }) => c.cancel(bookingId).then(() => "ok")),
      ...joiners.map(({ member, credit }) =>
        c.join(member.id, credit.id).then(
          () => "ok",
          (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
        ),
      ),
    ]);
    // Every freed place is refilled in the same batch, so the session never has room for a joiner to find.
    expect(results).toEqual(Array.from({ length: 30 }, () => "ok"));

    const session = await c.sessionRow();
    const bookings = await db()
      .select()
      .from(courseBookings)
      .where(and(eq(courseBookings.sessionId, c.session.id), eq(courseBookings.status, "booked")));
    expect(session.bookedPlaces).toBe(places);
    expect(bookings).toHaveLength(places);
    // The first ten in line, and no one else, were promoted.
    expect(bookings.map((booking) => booking.memberId).sort()).toEqual(waiting.map(({ member }) => member.id).sort());
    const promoted = await db()
      .select()
      .from(courseWaitlist)
      .where(and(eq(courseWaitlist.sessionId, c.session.id), eq(courseWaitlist.status, "booked")));
    expect(promoted.map((entry) => entry.id).sort()).toEqual([...entries].sort());
    // In position order: each booking made after the one of the member ahead of them.
    const bookingOf = new Map(promoted.map((entry) => [entry.id, entry.bookingId!]));
    const order = entries.map((id) => bookingOf.get(id)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Each promoted member's credit was spent once, and a cancelled member's given back once.
    for (const { credit } of waiting) expect(await c.remaining(credit.id)).toBe(2);
    for (const { credit } of c.booked) expect(await c.remaining(credit.id)).toBe(3);
    const movements = await db()
      .select()
      .from(creditMovements)
      .where(
        inArray(
          creditMovements.creditId,
          waiting.map(({ credit }) => credit.id),
        ),
      );
    expect(movements.filter((movement) => movement.reason === "booking")).toHaveLength(places);
    expect((await c.roster()).waitlist).toHaveLength(20);
  }, 30_000);
});
