import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PayloadInput } from "../../contract/actions";
import { hongKongInstant, weekdayOf } from "../../contract/course-calendar";
import { hongKongDate, hongKongTime } from "../../contract/dates";
import { courseBookings, creditMovements, memberCredits, storeAccounts } from "../../backend/db/schema";
import {
  createCoach,
  createCourseSession,
  createCourseType,
  createCreditPackage,
  createMember,
  createPaidCreditOrder,
} from "../../tests/helpers/factories";
import {
  db,
  emailsTo,
  expectFailure,
  logOf,
  merchant,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

/** A Monday far ahead, so no test's sessions are in the past. */
const MONDAY = "2099-03-02";

async function studio(transport: TransportName = "embedded") {
  const signedIn = await merchant(transport);
  const key = signedIn.store.applicationKey;
  const [coach, courseType] = await Promise.all([createCoach(db(), key), createCourseType(db(), key)]);
  return { ...signedIn, coach, courseType };
}

type Studio = Awaited<ReturnType<typeof studio>>;

const newSession = (
  { coach, courseType }: Pick<Studio, "coach" | "courseType">,
  overrides: Partial<PayloadInput<"add_course_session_data">> = {},
) => ({
  course_type_id: courseType.id,
  coach_id: coach.id,
  location: "Room A",
  date: MONDAY,
  start_time: "10:00",
  end_time: "11:00",
  credits_needed: 2,
  max_places: 8,
  note: "Bring a mat",
  ...overrides,
});

const week = (client: Studio["client"], key: Studio["key"], monday = MONDAY) =>
  client.get_course_session_data_list_by_application_key_and_week({ ...key, week: monday }).then(({ data }) => data);

describe.each(TRANSPORT_NAMES)("course sessions over the %s transport", (transport) => {
  it("adds a session in Hong Kong time, shows it in its week and the list, edits it, and logs each save", async () => {
    const setup = await studio(transport);
    const { client, key, store } = setup;
    const { data: added } = await client.add_course_session_data({ ...key, ...newSession(setup) });
    expect(added.count).toBe(1);

    const { data: session } = await client.get_course_session_data_by_application_key_and_id({ ...key, id: added.id });
    expect(session).toMatchObject({
      starts_at: "2099-03-02T02:00:00.000Z",
      ends_at: "2099-03-02T03:00:00.000Z",
      coach_name_en: setup.coach.nameEn,
      course_type_name_zh_hk: setup.courseType.nameZhHk,
      colour: "#2e7d32",
      location: "Room A",
      credits_needed: 2,
      max_places: 8,
      booked_places: 0,
      status: "scheduled",
      series_key: null,
      version: 1,
    });
    expect((await week(client, key)).map(({ id }) => id)).toEqual([added.id]);
    expect(await week(client, key, "2099-03-09")).toEqual([]);

    await client.update_course_session_data_by_application_key_and_id({
      ...key,
      ...newSession(setup, { date: "2099-03-04", start_time: "19:15", end_time: "20:00", max_places: 12 }),
      id: added.id,
      version: 1,
    });
    const { data: listed, extra } = await client.get_course_session_data_and_total_number_by_sorting_and_limit({
      ...key,
      coach_id: setup.coach.id,
    });
    expect(extra.total_number).toBe(1);
    expect(listed[0]).toMatchObject({ starts_at: hongKongInstant("2099-03-04", "19:15"), max_places: 12, version: 2 });

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "yoga_course_data", String(added.id)],
      ["edit", "yoga_course_data", String(added.id)],
    ]);
    expect(log[1].changes).toMatchObject({ max_places: [8, 12], starts_at: [session.starts_at, listed[0].starts_at] });
  });
});

describe("a weekly series", () => {
  it("adds every chosen weekday from the first date to the last in Hong Kong time, late and early ones included", async () => {
    const setup = await studio();
    const { client, key, store } = setup;
    const late = await client.add_course_session_data({
      ...key,
      ...newSession(setup, { start_time: "23:30", end_time: "23:59", to_date: "2099-03-15" }),
      repeat: "weekly",
      weekdays: ["mon", "thu"],
    });
    const early = await client.add_course_session_data({
      ...key,
      ...newSession(setup, { start_time: "00:30", end_time: "01:30", to_date: "2099-03-08" }),
      repeat: "weekly",
      weekdays: ["mon", "sun"],
    });
    expect([late.data.count, early.data.count]).toEqual([4, 2]);

    const sessions = [...(await week(client, key)), ...(await week(client, key, "2099-03-09"))];
    const seen = sessions.map(({ starts_at }) => [
      hongKongTime(starts_at),
      weekdayOf(hongKongDate(new Date(starts_at))),
    ]);
    expect(seen).toEqual([
      ["2099-03-02 00:30", "mon"],
      ["2099-03-02 23:30", "mon"],
      ["2099-03-05 23:30", "thu"],
      ["2099-03-08 00:30", "sun"],
      ["2099-03-09 23:30", "mon"],
      ["2099-03-12 23:30", "thu"],
    ]);
    // 00:30 on Monday in Hong Kong is Sunday 16:30 UTC, and still in Monday's week.
    expect(sessions[0].starts_at).toBe("2099-03-01T16:30:00.000Z");
    const lateKeys = new Set(
      sessions.filter(({ starts_at }) => starts_at.endsWith("15:30:00.000Z")).map((s) => s.series_key),
    );
    expect(lateKeys.size).toBe(1);
    expect([...lateKeys][0]).toMatch(/^[0-9a-f-]{36}$/);

    const log = await logOf(store.applicationKey);
    expect(log.map(({ action, record_id }) => [action, record_id])).toEqual([
      ["add", String(late.data.id)],
      ["add", String(early.data.id)],
    ]);
    expect(log[0].changes).toMatchObject({ sessions: [null, 4], weekdays: [null, ["mon", "thu"]] });
  });

  it("refuses a series without weekdays or last date, too long, with no date on its days, or ending before it starts", async () => {
    const setup = await studio();
    const { client, key } = setup;
    const fieldsOf = async (overrides: Partial<PayloadInput<"add_course_session_data">>) =>
      (
        await expectFailure(
          client.add_course_session_data({ ...key, ...newSession(setup), repeat: "weekly", ...overrides }),
          400,
          "invalid-payload",
        )
      ).fields;
    expect(await fieldsOf({ weekdays: [] })).toEqual({ weekdays: ["force-input"], to_date: ["force-input"] });
    expect(await fieldsOf({ weekdays: ["tue"], to_date: "2099-08-31" })).toEqual({ to_date: ["series-too-long"] });
    expect(await fieldsOf({ weekdays: ["tue"], to_date: "2099-03-02" })).toEqual({
      weekdays: ["series-has-no-session"],
    });
    expect(await fieldsOf({ weekdays: ["tue"], to_date: "2099-03-01" })).toEqual({
      to_date: ["end-date-before-start"],
    });
    expect(await fieldsOf({ weekdays: ["tue"], to_date: "2099-03-09", end_time: "09:59" })).toEqual({
      end_time: ["end-time-before-start"],
    });
    // 26 weeks less a day is the longest series.
    const { data } = await client.add_course_session_data({
      ...key,
      ...newSession(setup, { to_date: "2099-08-30" }),
      repeat: "weekly",
      weekdays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    });
    expect(data.count).toBe(182);
  });

  it("edits one session, or it and the later scheduled ones of its series keeping their dates", async () => {
    const setup = await studio();
    const { client, key } = setup;
    await client.add_course_session_data({
      ...key,
      ...newSession(setup, { to_date: "2099-03-23" }),
      repeat: "weekly",
      weekdays: ["mon"],
    });
    const [first, second, third, fourth] = (
      await client.get_course_session_data_and_total_number_by_sorting_and_limit({ ...key, direction: "ASC" })
    ).data;
    await client.update_course_session_status_data_by_application_key_and_id({
      ...key,
      id: fourth.id,
      status: "cancelled",
      version: 1,
    });

    await client.update_course_session_data_by_application_key_and_id({
      ...key,
      ...newSession(setup, { date: "2099-03-03", start_time: "08:00", end_time: "09:00", location: "Room B" }),
      id: first.id,
      version: 1,
    });
    const moved = await client.update_course_session_data_by_application_key_and_id({
      ...key,
      ...newSession(setup, { date: "2099-03-09", start_time: "18:00", end_time: "19:30", max_places: 15 }),
      id: second.id,
      apply_to: "following",
      version: 1,
    });
    expect(moved.data.count).toBe(2);

    const after = (
      await client.get_course_session_data_and_total_number_by_sorting_and_limit({ ...key, direction: "ASC" })
    ).data.map((session) => [
      hongKongTime(session.starts_at),
      hongKongTime(session.ends_at),
      session.location,
      session.max_places,
      session.status,
    ]);
    expect(after).toEqual([
      ["2099-03-03 08:00", "2099-03-03 09:00", "Room B", 8, "scheduled"],
      ["2099-03-09 18:00", "2099-03-09 19:30", "Room A", 15, "scheduled"],
      ["2099-03-16 18:00", "2099-03-16 19:30", "Room A", 15, "scheduled"],
      ["2099-03-23 10:00", "2099-03-23 11:00", "Room A", 8, "cancelled"],
    ]);
    expect(third.series_key).toBe(second.series_key);
  });
});

describe("saving a session", () => {
  it("saves over the version it was loaded with only (409 edited-elsewhere, one log entry)", async () => {
    const setup = await studio();
    const { client, key, store } = setup;
    const { data } = await client.add_course_session_data({ ...key, ...newSession(setup) });
    const edit = (location: string) =>
      client.update_course_session_data_by_application_key_and_id({
        ...key,
        ...newSession(setup, { location }),
        id: data.id,
        version: 1,
      });
    const outcomes = await Promise.allSettled([edit("Room X"), edit("Room Y")]);
    expect(outcomes.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
    await expectFailure(edit("Room Z"), 409, "edited-elsewhere");
    const { data: saved } = await client.get_course_session_data_by_application_key_and_id({ ...key, id: data.id });
    expect(["Room X", "Room Y"]).toContain(saved.location);
    expect((await logOf(store.applicationKey)).filter(({ action }) => action === "edit")).toHaveLength(1);
  });

  it("refuses fewer places than booked, in this session or a later one of its series (409 places-below-booked)", async () => {
    const setup = await studio();
    const { client, key, store } = setup;
    await client.add_course_session_data({
      ...key,
      ...newSession(setup, { to_date: "2099-03-09" }),
      repeat: "weekly",
      weekdays: ["mon"],
    });
    const [first, second] = (await week(client, key)).concat(await week(client, key, "2099-03-09"));
    const { book } = await members(setup, 2);
    await book(second.id);
    const edit = (id: number, apply_to: "this" | "following", max_places: number) =>
      client.update_course_session_data_by_application_key_and_id({
        ...key,
        ...newSession(setup, { max_places }),
        id,
        apply_to,
        version: 1,
      });
    const refused = await expectFailure(edit(second.id, "this", 1), 409, "places-below-booked");
    expect(refused.fields).toEqual({ max_places: ["places-below-booked"] });
    await expectFailure(edit(first.id, "following", 1), 409, "places-below-booked");
    expect((await week(client, key)).map(({ max_places, version }) => [max_places, version])).toEqual([[8, 1]]);
    await edit(first.id, "following", 2);
    expect((await week(client, key, "2099-03-09")).map(({ max_places }) => max_places)).toEqual([2]);
    expect((await logOf(store.applicationKey)).map(({ action }) => action)).toEqual(["add", "edit"]);
  });

  it("refuses an inactive coach for a new session, and another store's coach or type", async () => {
    const setup = await studio();
    const { client, key, store } = setup;
    const inactive = await createCoach(db(), store.applicationKey, { active: false });
    const other = await studio();
    await expectFailure(
      client.add_course_session_data({ ...key, ...newSession(setup, { coach_id: inactive.id }) }),
      404,
      "coach-not-found",
    );
    await expectFailure(
      client.add_course_session_data({ ...key, ...newSession(setup, { coach_id: other.coach.id }) }),
      404,
      "not-found",
    );
    await expectFailure(
      client.add_course_session_data({ ...key, ...newSession(setup, { course_type_id: other.courseType.id }) }),
      404,
      "not-found",
    );
    await expectFailure(
      client.get_course_session_data_by_application_key_and_id({ ...key, id: other.coach.id + 1_000_000 }),
      404,
      "not-found",
    );
  });
});

/** `count` members with 10 credits each for the studio's type, and a way to book them all into a session. */
async function members({ store, courseType }: Studio, count: number) {
  const key = store.applicationKey;
  // Valid long enough for the sessions of 2099.
  const creditPackage = await createCreditPackage(db(), key, [courseType.id], { validityDays: 40_000 });
  const booked = await Promise.all(
    Array.from({ length: count }, async () => {
      const member = await createMember(db(), key);
      const { credit } = await createPaidCreditOrder(db(), key, member.id, creditPackage);
      return { member, credit };
    }),
  );
  const book = async (sessionId: number, creditsSpent = 1) => {
    for (const { member, credit } of booked) {
      await db()
        .insert(courseBookings)
        .values({ applicationKey: key, sessionId, memberId: member.id, creditId: credit.id, creditsSpent });
    }
  };
  return { booked, book };
}

describe("cancelling a session", () => {
  it("returns each booked member's credits once and e-mails them, even when cancelled twice at once", async () => {
    const setup = await studio();
    const { client, key, store } = setup;
    await db()
      .update(storeAccounts)
      .set({ acceptLanguage: ["en", "zh-HK"] })
      .where(eq(storeAccounts.applicationKey, store.applicationKey));
    const session = await createCourseSession(
      db(),
      store.applicationKey,
      {
        courseTypeId: setup.courseType.id,
        coachId: setup.coach.id,
      },
      { creditsNeeded: 3 },
    );
    const { booked, book } = await members(setup, 3);
    await book(session.id, 3);
    const [attended] = booked;
    await db()
      .update(courseBookings)
      .set({ attendance: "show" })
      .where(eq(courseBookings.memberId, attended.member.id));

    const cancel = () =>
      client.update_course_session_status_data_by_application_key_and_id({
        ...key,
        id: session.id,
        status: "cancelled",
        version: 1,
      });
    const outcomes = await Promise.allSettled([cancel(), cancel()]);
    const done = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.data] : []));
    expect(done).toEqual([{ cancelled_bookings: 2 }]);
    await expectFailure(cancel(), 409, "course-cancelled");

    const remaining = await db()
      .select()
      .from(memberCredits)
      .where(eq(memberCredits.applicationKey, store.applicationKey));
    expect(Object.fromEntries(remaining.map((credit) => [credit.memberId, credit.creditsRemaining]))).toEqual({
      [booked[0].member.id]: 7,
      [booked[1].member.id]: 10,
      [booked[2].member.id]: 10,
    });
    const movements = await db().select().from(creditMovements).where(eq(creditMovements.reason, "session_cancelled"));
    expect(
      movements.filter(({ applicationKey }) => applicationKey === store.applicationKey).map(({ change }) => change),
    ).toEqual([3, 3]);

    for (const { member } of booked.slice(1)) {
      await expect.poll(() => emailsTo(member.email).then((emails) => emails.length), { timeout: 5000 }).toBe(1);
      const [email] = await emailsTo(member.email);
      expect(email.subject).toContain(setup.courseType.nameEn);
      expect(email.body).toContain(member.name);
      expect(email.body).toContain("3 credit");
      // With the link to the (now cancelled) booking.
      expect(email.body).toMatch(new RegExp(`/booking/bk\\.${store.applicationKey}\\.class\\.\\d+\\.`));
    }
    expect(await emailsTo(attended.member.email)).toEqual([]);

    const { data: cancelled } = await client.get_course_session_data_by_application_key_and_id({
      ...key,
      id: session.id,
    });
    expect(cancelled).toMatchObject({ status: "cancelled", booked_places: 1, version: 2 });
    await expectFailure(
      client.update_course_session_status_data_by_application_key_and_id({
        ...key,
        id: session.id,
        status: "cancelled",
        version: 2,
      }),
      409,
      "course-cancelled",
    );
    await expectFailure(
      client.update_course_session_data_by_application_key_and_id({
        ...key,
        ...newSession(setup),
        id: session.id,
        version: 2,
      }),
      409,
      "course-cancelled",
    );
    const statuses = await client.get_course_session_data_and_total_number_by_sorting_and_limit({
      ...key,
      status: "cancelled",
      date_from: hongKongDate(new Date(session.startsAt)),
      date_to: hongKongDate(new Date(session.startsAt)),
    });
    expect(statuses.data.map(({ id }) => id)).toEqual([session.id]);
    expect((await logOf(store.applicationKey)).map(({ action, changes }) => [action, changes])).toEqual([
      ["edit", { status: ["scheduled", "cancelled"] }],
    ]);
  });
});
