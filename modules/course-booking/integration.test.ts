import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { readBookingLink } from "../../backend/booking-link";
import { courseSessions, memberCredits, storeSettings } from "../../backend/db/schema";
import { hongKongTime } from "../../contract/dates";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
  createStoreStaff,
} from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  emailsTo,
  expectFailure,
  logOf,
  merchant,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A store with a coach, a course type, a package paying for it, and sessions of that type. */
async function studio(transport: TransportName = "embedded") {
  const { store, client, key } = await merchant(transport);
  const applicationKey = store.applicationKey;
  const [coach, type, otherType] = await Promise.all([
    createCoach(db(), applicationKey),
    createCourseType(db(), applicationKey),
    createCourseType(db(), applicationKey),
  ]);
  const creditPackage = await createCreditPackage(db(), applicationKey, [type.id], { credits: 3 });
  const session = (overrides: Parameters<typeof createCourseSession>[3] = {}) =>
    createCourseSession(db(), applicationKey, { courseTypeId: type.id, coachId: coach.id }, overrides);
  /** A session starting in `hours`, one hour long. */
  const sessionIn = (hours: number, overrides: Parameters<typeof createCourseSession>[3] = {}) =>
    session({ startsAt: inHours(hours), endsAt: inHours(hours + 1), ...overrides });
  const memberWithCredits = async (
    overrides: Parameters<typeof createPaidCreditOrder>[4] = {},
    pkg = creditPackage,
  ) => {
    const member = await createMember(db(), applicationKey);
    const { credit } = await createPaidCreditOrder(db(), applicationKey, member.id, pkg, overrides);
    return { member, credit };
  };
  const remaining = async (creditId: number) =>
    (await db().select().from(memberCredits).where(eq(memberCredits.id, creditId)))[0].creditsRemaining;
  const places = async (sessionId: number) =>
    (await db().select().from(courseSessions).where(eq(courseSessions.id, sessionId)))[0].bookedPlaces;
  const book = (sessionId: number, memberId: number, creditId: number | null) =>
    client.add_yoga_course_record_data({ ...key, session_id: sessionId, member_id: memberId, credit_id: creditId });
  const roster = async (sessionId: number) =>
    (await client.get_yoga_course_record_data_list_by_application_key_and_session_id({ ...key, session_id: sessionId }))
      .data;
  return {
    store,
    client,
    key,
    coach,
    type,
    otherType,
    creditPackage,
    session,
    sessionIn,
    memberWithCredits,
    remaining,
    places,
    book,
    roster,
  };
}

/** Each call's outcome: "ok" or its message key. */
const outcomes = (calls: Promise<unknown>[]) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        () => "ok",
        (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
      ),
    ),
  );
const tally = (results: string[]) =>
  results.reduce<Record<string, number>>((counts, result) => ({ ...counts, [result]: (counts[result] ?? 0) + 1 }), {});

describe.each(TRANSPORT_NAMES)("course bookings over the %s transport", (transport) => {
  it("books a member with the credit they choose, lists the roster, marks attendance and logs each step", async () => {
    const s = await studio(transport);
    const session = await s.sessionIn(48, { location: "Room 1", note: "Bring a mat" });
    const { member, credit } = await s.memberWithCredits();

    const search = await s.client.get_yoga_course_record_member_data_list_by_application_key_and_session_id({
      ...s.key,
      session_id: session.id,
      keyword: member.phone!.slice(-4),
    });
    expect(search.data).toEqual([
      {
        id: member.id,
        name: member.name,
        member_code: member.memberCode,
        phone: member.phone,
        credits: [
          {
            id: credit.id,
            name_zh_hk: s.creditPackage.nameZhHk,
            name_en: s.creditPackage.nameEn,
            credits_remaining: 3,
            expires_at: credit.expiresAt,
          },
        ],
      },
    ]);

    const { data: booked } = await s.book(session.id, member.id, credit.id);
    expect([await s.remaining(credit.id), await s.places(session.id)]).toEqual([2, 1]);

    const roster = await s.roster(session.id);
    expect(roster.session).toMatchObject({
      id: session.id,
      course_type: { id: s.type.id, name_en: s.type.nameEn, colour: s.type.colour },
      coach: { id: s.coach.id, name_en: s.coach.nameEn },
      location: "Room 1",
      note: "Bring a mat",
      booked_places: 1,
      max_places: 10,
      credits_needed: 1,
      status: "scheduled",
    });
    expect(roster.cancel_hours).toBe(12);
    expect(roster.booked).toEqual([
      {
        id: booked.id,
        member: { id: member.id, name: member.name, member_code: member.memberCode, phone: member.phone },
        credit: { id: credit.id, name_zh_hk: s.creditPackage.nameZhHk, name_en: s.creditPackage.nameEn },
        credits_spent: 1,
        credits_returned: 0,
        status: "booked",
        attendance: "pending",
        cancelled_at: null,
        reminded_at: null,
        create_date: expect.any(String),
      },
    ]);
    expect(roster.cancelled).toEqual([]);

    await s.client.update_yoga_course_record_attendance_data_by_application_key_and_id({
      ...s.key,
      id: booked.id,
      attendance: "noshow",
    });
    expect((await s.roster(session.id)).booked[0].attendance).toBe("noshow");
    // A noshow keeps the credit spent.
    expect(await s.remaining(credit.id)).toBe(2);

    const log = (await logOf(s.store.applicationKey)).filter((entry) => entry.data_type === "yoga_course_record_data");
    expect(log.map(({ action, record_id, changes }) => ({ action, record_id, changes }))).toEqual([
      {
        action: "add",
        record_id: String(booked.id),
        changes: {
          session_id: [null, session.id],
          member_id: [null, member.id],
          credit_id: [null, credit.id],
          credits_spent: [null, 1],
          status: [null, "booked"],
        },
      },
      { action: "edit", record_id: String(booked.id), changes: { attendance: ["pending", "noshow"] } },
    ]);
    expect(log[0].record_name_en).toMatch(
      new RegExp(`^${member.name} · ${s.type.nameEn} \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`),
    );
  });

  it("marks every pending member present at once, leaving those already marked", async () => {
    const s = await studio(transport);
    const session = await s.sessionIn(48);
    const a = await s.memberWithCredits();
    const b = await s.memberWithCredits();
    const c = await s.memberWithCredits();
    const ids = [];
    for (const { member, credit } of [a, b, c]) ids.push((await s.book(session.id, member.id, credit.id)).data.id);
    await s.client.update_yoga_course_record_attendance_data_by_application_key_and_id({
      ...s.key,
      id: ids[0],
      attendance: "noshow",
    });

    const { data } = await s.client.update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id(
      { ...s.key, session_id: session.id },
    );
    expect(data).toEqual({ marked: 2 });
    expect((await s.roster(session.id)).booked.map((booking) => booking.attendance)).toEqual([
      "noshow",
      "show",
      "show",
    ]);
    expect(
      (
        await s.client.update_yoga_course_record_attendance_data_in_bulk_by_application_key_and_session_id({
          ...s.key,
          session_id: session.id,
        })
      ).data,
    ).toEqual({ marked: 0 });
  });
});

describe("course bookings held by the database", () => {
  it("books exactly 10 of 30 members racing for a session with 10 places; the rest are course-full", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const buyers = [];
    for (let i = 0; i < 30; i++) buyers.push(await s.memberWithCredits());

    const results = await outcomes(buyers.map(({ member, credit }) => s.book(session.id, member.id, credit.id)));

    expect(tally(results)).toEqual({ ok: 10, "course-full": 20 });
    expect(await s.places(session.id)).toBe(10);
    expect((await s.roster(session.id)).booked).toHaveLength(10);
  });

  it("books exactly 3 of 20 sessions racing for one member's 3 credits, leaving 0", async () => {
    const s = await studio();
    const { member, credit } = await s.memberWithCredits();
    const sessions = [];
    for (let i = 0; i < 20; i++) sessions.push(await s.sessionIn(48 + i));

    const results = await outcomes(sessions.map((session) => s.book(session.id, member.id, credit.id)));

    expect(tally(results)).toEqual({ ok: 3, "not-enough-credits:0": 17 });
    expect(await s.remaining(credit.id)).toBe(0);
  });

  it("gives the credits back once when a booking is cancelled twice at the same moment", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const { member, credit } = await s.memberWithCredits();
    const { data } = await s.book(session.id, member.id, credit.id);
    const cancel = () =>
      s.client.update_yoga_course_record_status_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        status: "cancelled",
      });

    const results = await outcomes([cancel(), cancel()]);

    expect(results.sort()).toEqual(["course-booking-cancelled", "ok"]);
    expect([await s.remaining(credit.id), await s.places(session.id)]).toEqual([3, 0]);
    const roster = await s.roster(session.id);
    expect(roster.booked).toEqual([]);
    expect(roster.cancelled).toMatchObject([{ id: data.id, status: "cancelled", credits_returned: 1 }]);
    await expectFailure(cancel(), 409, "course-booking-cancelled");
    const log = (await logOf(s.store.applicationKey)).filter((entry) => entry.data_type === "yoga_course_record_data");
    expect(log.map((entry) => entry.changes)).toEqual([
      expect.objectContaining({ status: [null, "booked"] }),
      { status: ["booked", "cancelled"], credits_returned: [0, 1] },
    ]);
  });

  it("forfeits the credits of a cancellation within the store's late-cancel hours", async () => {
    const s = await studio();
    await db()
      .update(storeSettings)
      .set({ courseCancelHours: 24 })
      .where(eq(storeSettings.applicationKey, s.store.applicationKey));
    const late = await s.sessionIn(20);
    const early = await s.sessionIn(30);
    const { member, credit } = await s.memberWithCredits();
    const lateBooking = (await s.book(late.id, member.id, credit.id)).data;
    const earlyBooking = (await s.book(early.id, member.id, credit.id)).data;
    expect(await s.remaining(credit.id)).toBe(1);
    expect((await s.roster(late.id)).cancel_hours).toBe(24);

    const cancel = (id: number) =>
      s.client.update_yoga_course_record_status_data_by_application_key_and_id({ ...s.key, id, status: "cancelled" });
    expect((await cancel(lateBooking.id)).data).toEqual({ id: lateBooking.id, credits_returned: 0 });
    expect(await s.remaining(credit.id)).toBe(1);
    expect((await cancel(earlyBooking.id)).data).toEqual({ id: earlyBooking.id, credits_returned: 1 });
    expect(await s.remaining(credit.id)).toBe(2);
    expect(await s.places(late.id)).toBe(0);
    // The member is told, with whether the credits came back, and their link to the booking.
    const [, , lateMail, earlyMail] = await emailsTo(member.email);
    expect(lateMail.body).toContain("已取消你於");
    expect(lateMail.body).toContain("不獲退回");
    expect(earlyMail.body).toContain("1 堂已退回");
    expect(earlyMail.body).toContain(`/booking/`);
  });

  it("refuses to cancel or swap after attendance is marked, or once the session has started", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const target = await s.sessionIn(72);
    const { member, credit } = await s.memberWithCredits();
    const { data } = await s.book(session.id, member.id, credit.id);
    await s.client.update_yoga_course_record_attendance_data_by_application_key_and_id({
      ...s.key,
      id: data.id,
      attendance: "show",
    });
    await expectFailure(
      s.client.update_yoga_course_record_status_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        status: "cancelled",
      }),
      409,
      "cannot-swap-or-cancel-after-attending",
    );
    await expectFailure(
      s.client.update_yoga_course_record_session_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        session_id: target.id,
      }),
      409,
      "cannot-swap-or-cancel-after-attending",
    );

    const running = await s.session({ startsAt: inHours(-0.5), endsAt: inHours(0.5) });
    const other = await s.memberWithCredits();
    const walkIn = (await s.book(running.id, other.member.id, other.credit.id)).data;
    await expectFailure(
      s.client.update_yoga_course_record_status_data_by_application_key_and_id({
        ...s.key,
        id: walkIn.id,
        status: "cancelled",
      }),
      409,
      "course-started",
    );
  });

  it("swaps a booking to another session of the type, moving its place; a full target is course-full", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const target = await s.sessionIn(72);
    const full = await s.sessionIn(96, { maxPlaces: 1 });
    const otherType = await s.sessionIn(96, { courseTypeId: s.otherType.id });
    const { member, credit } = await s.memberWithCredits();
    const filler = await s.memberWithCredits();
    await s.book(full.id, filler.member.id, filler.credit.id);
    const { data } = await s.book(session.id, member.id, credit.id);

    const roster = await s.roster(session.id);
    expect(roster.swap_targets.map((option) => option.id)).toEqual([target.id]);

    const swap = (sessionId: number) =>
      s.client.update_yoga_course_record_session_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        session_id: sessionId,
      });
    await expectFailure(swap(full.id), 409, "course-full");
    await expectFailure(swap(otherType.id), 409, "credit-cannot-pay");
    await swap(target.id);
    expect([await s.places(session.id), await s.places(target.id), await s.remaining(credit.id)]).toEqual([0, 1, 2]);
    // The member's e-mail names both times and carries a link that lasts until a day after the new one.
    const moved = (await emailsTo(member.email)).at(-1)!;
    expect(moved.subject).toContain(hongKongTime(target.startsAt));
    expect(moved.body).toContain(hongKongTime(session.startsAt));
    const token = /\/booking\/([^\s?]+)/.exec(moved.body)![1];
    expect(
      await readBookingLink(env.SESSION_SECRET, token, new Date(Date.parse(session.startsAt) + 1.5 * DAY)),
    ).toMatchObject({ kind: "class", id: data.id });
    expect((await s.roster(target.id)).booked.map((booking) => booking.id)).toEqual([data.id]);
    const log = await logOf(s.store.applicationKey);
    expect(log.at(-1)!.changes).toEqual({
      session_id: [session.id, target.id],
      starts_at: [session.startsAt, target.startsAt],
    });
  });

  it("offers and takes the credit expiring first, never an expired, exhausted or other-type one", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const member = await createMember(db(), s.store.applicationKey);
    const grant = async (pkg: typeof s.creditPackage, expiresInDays: number | null) => {
      const { credit } = await createPaidCreditOrder(db(), s.store.applicationKey, member.id, pkg);
      const expiresAt = expiresInDays === null ? null : inHours(expiresInDays * 24);
      await db().update(memberCredits).set({ expiresAt }).where(eq(memberCredits.id, credit.id));
      return credit.id;
    };
    const firstUse = await createCreditPackage(db(), s.store.applicationKey, [s.type.id], {
      validityStarts: "first_use",
      validityDays: 30,
    });
    const otherTypeOnly = await createCreditPackage(db(), s.store.applicationKey, [s.otherType.id]);
    const later = await grant(s.creditPackage, 60);
    const sooner = await grant(s.creditPackage, 10);
    const firstUseId = await grant(firstUse, null);
    const expired = await grant(s.creditPackage, 1);
    await grant(otherTypeOnly, 60);

    const search = await s.client.get_yoga_course_record_member_data_list_by_application_key_and_session_id({
      ...s.key,
      session_id: session.id,
      keyword: member.memberCode,
    });
    expect(search.data[0].credits.map((credit) => credit.id)).toEqual([sooner, later, firstUseId]);

    await expectFailure(s.book(session.id, member.id, expired), 409, "credit-cannot-pay");
    await s.book(session.id, member.id, firstUseId);
    const [started] = await db().select().from(memberCredits).where(eq(memberCredits.id, firstUseId));
    // A first-use credit starts counting at its first booking.
    expect(Date.parse(started.expiresAt!) - Date.now()).toBeGreaterThan(29 * 24 * HOUR);
  });

  it("answers each refusal of a booking with its message key", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const { member, credit } = await s.memberWithCredits();
    await s.book(session.id, member.id, credit.id);
    await expectFailure(s.book(session.id, member.id, credit.id), 409, "course-already-booked");

    const costly = await s.sessionIn(50, { creditsNeeded: 5 });
    await expectFailure(s.book(costly.id, member.id, credit.id), 409, "not-enough-credits:2");
    await expectFailure(s.book(costly.id, member.id, null), 400, "invalid-payload");

    const cancelled = await s.sessionIn(52, { status: "cancelled" });
    await expectFailure(s.book(cancelled.id, member.id, credit.id), 409, "course-not-open");
    const ended = await s.session({ startsAt: inHours(-3), endsAt: inHours(-2) });
    await expectFailure(s.book(ended.id, member.id, credit.id), 409, "course-not-open");

    const stranger = await s.memberWithCredits();
    await expectFailure(s.book(session.id, stranger.member.id, credit.id), 409, "credit-cannot-pay");
    await expectFailure(s.book(0x7fffffff, member.id, credit.id), 404, "not-found");

    // A session needing no credits books without one, and takes none.
    const free = await s.sessionIn(54, { creditsNeeded: 0 });
    const { data } = await s.book(free.id, stranger.member.id, null);
    expect((await s.roster(free.id)).booked).toMatchObject([{ id: data.id, credit: null, credits_spent: 0 }]);
    expect(await s.remaining(stranger.credit.id)).toBe(3);

    await s.client.update_yoga_course_record_status_data_by_application_key_and_id({
      ...s.key,
      id: data.id,
      status: "cancelled",
    });
    await expectFailure(
      s.client.update_yoga_course_record_attendance_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        attendance: "show",
      }),
      409,
      "course-booking-cancelled",
    );
  });

  it("shows a member's course record: credits, bookings newest first with their credit movements, paged", async () => {
    const s = await studio();
    const { member, credit } = await s.memberWithCredits();
    const first = await s.sessionIn(48);
    const second = await s.sessionIn(72);
    const a = (await s.book(first.id, member.id, credit.id)).data;
    const b = (await s.book(second.id, member.id, credit.id)).data;
    await s.client.update_yoga_course_record_status_data_by_application_key_and_id({
      ...s.key,
      id: a.id,
      status: "cancelled",
    });

    const { data, extra } = await s.client.get_yoga_course_record_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      member_id: member.id,
      limit: 1,
    });
    expect(extra.total_number).toBe(2);
    expect(data.member).toEqual({ id: member.id, name: member.name, member_code: member.memberCode });
    expect(data.credits).toEqual([
      {
        id: credit.id,
        name_zh_hk: s.creditPackage.nameZhHk,
        name_en: s.creditPackage.nameEn,
        credits_granted: 3,
        credits_remaining: 2,
        status: "active",
        granted_at: credit.grantedAt,
        expires_at: credit.expiresAt,
        validity_days: 90,
      },
    ]);
    expect(data.bookings.map((booking) => booking.id)).toEqual([b.id]);
    expect(data.bookings[0]).toMatchObject({
      session: {
        id: second.id,
        starts_at: second.startsAt,
        course_type: { name_en: s.type.nameEn },
        coach: { name_en: s.coach.nameEn },
      },
      movements: [{ reason: "booking", change: -1, remaining_after: 1 }],
    });

    const page2 = await s.client.get_yoga_course_record_data_and_total_number_by_sorting_and_limit({
      ...s.key,
      member_id: member.id,
      limit: 1,
      page: 2,
    });
    expect(page2.data.bookings).toMatchObject([
      {
        id: a.id,
        status: "cancelled",
        credits_returned: 1,
        movements: [
          { reason: "booking", change: -1, remaining_after: 2 },
          { reason: "booking_cancelled", change: 1, remaining_after: 2 },
        ],
      },
    ]);
  });

  it("lets a reader see the roster but not book; the record page needs credit_package read", async () => {
    const s = await studio();
    const session = await s.sessionIn(48);
    const { member, credit } = await s.memberWithCredits();
    const reader = await createStoreStaff(db(), s.store.applicationKey, {
      role: "sales",
      permissions: { yoga_course: "read", credit_package: "none" },
    });
    const client = clientOver("embedded", await signIn("embedded", reader.email, reader.password));
    const payload = { ...s.key, session_id: session.id };
    expect(
      (await client.get_yoga_course_record_data_list_by_application_key_and_session_id(payload)).data.booked,
    ).toEqual([]);
    await expectFailure(
      client.add_yoga_course_record_data({ ...payload, member_id: member.id, credit_id: credit.id }),
      403,
      "forbidden",
    );
    await expectFailure(
      client.get_yoga_course_record_data_and_total_number_by_sorting_and_limit({ ...s.key, member_id: member.id }),
      403,
      "forbidden",
    );
  });
});
