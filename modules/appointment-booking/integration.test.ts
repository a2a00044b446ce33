import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { forgetBookableServices, ONLINE_BOOKINGS_PER_CLIENT } from "../../modules/appointment-booking/actions";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentRecords,
  appointmentSchedules,
  appointmentServices,
} from "../../backend/db/schema";
import { hongKongDate, hongKongTime } from "../../contract/dates";
import { createAppointmentRecord, createAppointmentService, createMember } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  emailsTo,
  expectFailure,
  logOf,
  merchant,
  postRaw,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

/** A Monday far enough ahead for any window; Hong Kong is UTC+8, so 10:00 HKT is 02:00 UTC. */
const DAY = "2030-01-07";
const at = (time: string, date = DAY) => new Date(`${date}T${time}:00+08:00`).toISOString();
const uuid = () => crypto.randomUUID();

type ServiceOptions = Parameters<typeof createAppointmentService>[2];

/** A store with a one-hour service open 10:00–18:00 HKT every day (unless told otherwise). */
async function salon(transport: TransportName = "embedded", options: ServiceOptions = {}) {
  const { store, client, key } = await merchant(transport);
  const applicationKey = store.applicationKey;
  const { service, provider, category } = await createAppointmentService(db(), applicationKey, options);
  const book = (overrides: Partial<Parameters<typeof client.add_appointment_record_data>[0]> = {}) =>
    client.add_appointment_record_data({
      ...key,
      service_id: service.id,
      date: DAY,
      time: "10:00",
      member_id: null,
      customer_name: "陳大文",
      customer_phone: "91234567",
      customer_email: "chan@example.com",
      ...overrides,
    });
  /** Another service of the same provider and category, open every day 10:00–18:00. */
  const sameProvider = async (overrides: Partial<typeof appointmentServices.$inferInsert> = {}) => {
    const [other] = await db()
      .insert(appointmentServices)
      .values({
        applicationKey,
        variant: service.variant,
        categoryId: category.id,
        providerId: provider.id,
        nameZhHk: "染髮",
        nameEn: "Colour",
        durationMinutes: 60,
        priceCents: 50_000,
        ...overrides,
      })
      .returning();
    await db()
      .insert(appointmentSchedules)
      .values({ applicationKey, serviceId: other.id, scheduleType: "everyday", startTime: "10:00", endTime: "18:00" });
    return other;
  };
  const slots = async (date = DAY) =>
    (
      await client.get_appointment_slot_data_list_by_application_key_and_service_id({
        ...key,
        service_id: service.id,
        date_from: date,
        date_to: date,
      })
    ).data!.days[0].slots;
  return { store, client, key, applicationKey, service, provider, category, book, sameProvider, slots };
}

const outcomes = (calls: Promise<unknown>[]) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        () => "ok",
        (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
      ),
    ),
  );
const tally = (results: string[]) =>
  results.reduce<Record<string, number>>((counts, result) => ({ ...counts, [result]: (counts[result] ?? 0) + 1 }), {});

const recordOf = async (id: number) =>
  (await db().select().from(appointmentRecords).where(eq(appointmentRecords.id, id)))[0];

describe.each(TRANSPORT_NAMES)("appointment bookings over the %s transport", (transport) => {
  it("books a free slot for a guest at the service's price, logs it, e-mails the customer and shows it", async () => {
    const s = await salon(transport, { service: { bufferAfterMinutes: 15 } });
    expect((await s.slots()).map((slot) => slot.starts_at)).toEqual([
      at("10:00"),
      at("11:00"),
      at("12:00"),
      at("13:00"),
      at("14:00"),
      at("15:00"),
      at("16:00"),
      at("17:00"),
    ]);
    const email = `guest-${uuid()}@example.com`;
    const { data } = await s.book({ time: "11:00", customer_email: email, note: "First visit" });

    // 11:00 is taken, and with its 15 minutes after, 10:00 (blocked to 11:15) overlaps nothing but 12:00 stays.
    expect((await s.slots()).map((slot) => slot.starts_at)).not.toContain(at("11:00"));
    const { data: detail } = await s.client.get_appointment_record_data_by_application_key_and_id({
      ...s.key,
      id: data.id,
    });
    expect(detail).toMatchObject({
      id: data.id,
      variant: "general",
      service: { id: s.service.id, duration_minutes: 60 },
      provider: { id: s.provider.id },
      member: null,
      customer_name: "陳大文",
      customer_phone: "91234567",
      customer_email: email,
      starts_at: at("11:00"),
      ends_at: at("12:00"),
      price_cents: 30_000,
      status: "success",
      channel: "staff",
      note: "First visit",
      version: 1,
    });
    expect(await recordOf(data.id)).toMatchObject({ blockedFrom: at("11:00"), blockedUntil: at("12:15") });
    const [entry] = (await logOf(s.applicationKey)).filter((row) => row.data_type === "appointment_record_data");
    expect(entry).toMatchObject({ action: "add", record_id: String(data.id), actor_email: s.store.email });
    expect(entry.record_name_en).toBe(`陳大文 · ${s.service.nameEn} 2030-01-07 11:00`);
    expect(entry.changes.starts_at).toEqual([null, at("11:00")]);
    const [mail] = await emailsTo(email);
    expect(mail.subject).toContain(`#${data.id}`);
    expect(mail.body).toContain("2030-01-07 11:00");
    expect(mail.body.indexOf(s.service.nameZhHk)).toBeLessThan(mail.body.indexOf(s.service.nameEn));
  });

  it("books a member with their own name, phone and e-mail", async () => {
    const s = await salon(transport);
    const member = await createMember(db(), s.applicationKey, { phone: "61234567" });
    const { data } = await s.book({ member_id: member.id, customer_name: undefined, customer_phone: undefined });
    expect(await recordOf(data.id)).toMatchObject({
      memberId: member.id,
      customerName: member.name,
      customerPhone: "61234567",
      customerEmail: member.email,
    });
    const { data: options } = await s.client.get_appointment_booking_option_data_list_by_application_key({
      ...s.key,
      keyword: member.memberCode,
    });
    expect(options.members.map((match) => match.id)).toEqual([member.id]);
    expect(options.services.map((service) => service.id)).toEqual([s.service.id]);
  });
});

describe("appointment booking rules", () => {
  it("lets exactly one of 20 concurrent bookings of one slot through, the others 409 appointment-time-overlap", async () => {
    const s = await salon();
    const results = await outcomes(Array.from({ length: 20 }, () => s.book({ time: "14:00" })));
    expect(tally(results)).toEqual({ ok: 1, "409 appointment-time-overlap": 19 });
    expect((await s.slots()).map((slot) => slot.starts_at)).not.toContain(at("14:00"));
  });

  it("keeps one provider's bookings of two services apart, buffers included, back to back allowed", async () => {
    const s = await salon("embedded", { service: { bufferAfterMinutes: 30 } });
    const colour = await s.sameProvider();
    await s.book({ time: "10:00" });
    // 10:00–11:00 blocks the provider to 11:30: colour at 11:00 overlaps the buffer.
    await expectFailure(s.book({ service_id: colour.id, time: "11:00" }), 409, "appointment-time-overlap");
    await s.book({ service_id: colour.id, time: "11:30" });
    // Colour 11:30–12:30 has no buffer: the first service at 12:30 is back to back, and blocks to 14:00.
    await s.book({ time: "12:30" });
    expect((await s.slots()).map((slot) => slot.starts_at)).toEqual([
      at("14:00"),
      at("15:00"),
      at("16:00"),
      at("17:00"),
    ]);
  });

  it("fills a group slot up to its capacity under concurrency, showing the places left", async () => {
    const s = await salon("embedded", { service: { capacity: 3 } });
    await s.book({ time: "15:00" });
    expect((await s.slots()).find((slot) => slot.starts_at === at("15:00"))?.remaining).toBe(2);
    const results = await outcomes(Array.from({ length: 4 }, () => s.book({ time: "15:00" })));
    expect(tally(results)).toEqual({ ok: 2, "409 appointment-time-overlap": 2 });
    expect((await s.slots()).map((slot) => slot.starts_at)).not.toContain(at("15:00"));
  });

  it("refuses a time outside the day's schedule, and a stopped service or category or an inactive provider", async () => {
    const s = await salon("embedded", {
      schedules: [
        { scheduleType: "everyday", startTime: "10:00", endTime: "18:00" },
        { scheduleType: "specific_date", specificDate: DAY, closed: true },
      ],
    });
    await expectFailure(s.book(), 422, "service-time-cannot-cover-span");
    await expectFailure(s.book({ date: "2030-01-08", time: "17:30" }), 422, "service-time-cannot-cover-span");
    await s.book({ date: "2030-01-08", time: "17:00" });
    await db().update(appointmentCategories).set({ status: "stop" }).where(eq(appointmentCategories.id, s.category.id));
    await expectFailure(s.book({ date: "2030-01-08", time: "10:00" }), 409, "appointment-category-unavailable");
    await db()
      .update(appointmentCategories)
      .set({ status: "accept" })
      .where(eq(appointmentCategories.id, s.category.id));
    await db().update(appointmentProviders).set({ active: false }).where(eq(appointmentProviders.id, s.provider.id));
    await expectFailure(s.book({ date: "2030-01-08", time: "10:00" }), 409, "appointment-category-unavailable");
    await db().update(appointmentProviders).set({ active: true }).where(eq(appointmentProviders.id, s.provider.id));
    await db().update(appointmentServices).set({ status: "stop" }).where(eq(appointmentServices.id, s.service.id));
    await expectFailure(s.book({ date: "2030-01-08", time: "10:00" }), 409, "appointment-category-unavailable");
  });

  it("asks a guest for a name and a phone of spec section 5", async () => {
    const s = await salon();
    const failure = await expectFailure(
      s.book({ customer_name: "", customer_phone: "12345678" }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toMatchObject({ customer_name: ["force-input"], customer_phone: ["phone-invalid"] });
  });

  it("moves a booking to a free time, refusing a taken one, one outside the schedule and a stale version", async () => {
    const s = await salon();
    const email = `move-${uuid()}@example.com`;
    const { data } = await s.book({ customer_email: email });
    await s.book({ time: "12:00", customer_email: "other@example.com" });
    const move = (time: string, version = 1) =>
      s.client.update_appointment_record_time_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        date: DAY,
        time,
        version,
      });
    await expectFailure(move("11:30"), 409, "appointment-time-overlap");
    await expectFailure(move("17:30"), 422, "service-time-cannot-cover-span");
    await move("13:00");
    expect(await recordOf(data.id)).toMatchObject({ startsAt: at("13:00"), endsAt: at("14:00"), version: 2 });
    await expectFailure(move("15:00"), 409, "edited-elsewhere");
    expect((await emailsTo(email)).map((mail) => mail.body.includes("2030-01-07 13:00"))).toEqual([false, true]);
    const moves = (await logOf(s.applicationKey)).filter((row) => row.action === "edit");
    expect(moves.map((row) => row.changes.starts_at)).toEqual([[at("10:00"), at("13:00")]]);
  });

  it("moves a booking to another active provider of the variant, against that provider's bookings", async () => {
    const s = await salon();
    const { data } = await s.book();
    const other = await createAppointmentService(db(), s.applicationKey);
    const retired = await createAppointmentService(db(), s.applicationKey);
    await db()
      .update(appointmentProviders)
      .set({ active: false })
      .where(eq(appointmentProviders.id, retired.provider.id));
    const medical = await createAppointmentService(db(), s.applicationKey, { variant: "medical" });
    await createAppointmentRecord(db(), s.applicationKey, other.service, { startsAt: at("14:00") });
    const move = (time: string, providerId: number, version = 1) =>
      s.client.update_appointment_record_time_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        date: DAY,
        time,
        provider_id: providerId,
        version,
      });
    await expectFailure(move("15:00", retired.provider.id), 404, "appointment-provider-not-found");
    await expectFailure(move("15:00", medical.provider.id), 404, "appointment-provider-not-found");
    await expectFailure(move("14:30", other.provider.id), 409, "appointment-time-overlap");
    await move("15:00", other.provider.id);
    expect(await recordOf(data.id)).toMatchObject({
      providerId: other.provider.id,
      serviceId: s.service.id,
      startsAt: at("15:00"),
      version: 2,
    });
    // The first provider's 10:00 is free again; the new one's 15:00 is taken.
    await s.book({ time: "10:00" });
    await expectFailure(
      s.client.add_appointment_record_data({
        ...s.key,
        service_id: other.service.id,
        date: DAY,
        time: "15:00",
        member_id: null,
        customer_name: "李小明",
        customer_phone: "98765432",
      }),
      409,
      "appointment-time-overlap",
    );
    const [moved] = (await logOf(s.applicationKey)).filter((row) => row.action === "edit");
    expect(moved.changes.provider_id).toEqual([s.provider.id, other.provider.id]);
    // Its free times to move to are its new provider's: their 14:00 is taken, the first provider's 10:00 is not.
    const { data: ownSlots } = await s.client.get_appointment_slot_data_list_by_application_key_and_service_id({
      ...s.key,
      record_id: data.id,
      date_from: DAY,
      date_to: DAY,
    });
    const times = ownSlots!.days[0].slots.map((slot) => slot.starts_at);
    expect(times).toContain(at("10:00"));
    expect(times).not.toContain(at("14:00"));
    expect(times).toContain(at("15:00"));
  });

  it("reads a booking's free times around its own, and the first bookable service's when none is named", async () => {
    const s = await salon();
    const { data: booked } = await s.book({ time: "11:00" });
    await s.book({ time: "13:00" });
    const times = (slots: { starts_at: string }[]) => slots.map((slot) => hongKongTime(slot.starts_at).slice(11));
    const range = { date_from: DAY, date_to: DAY };
    const [{ data: ofService }, { data: ofBooking }, { data: first }] = await Promise.all([
      s.client.get_appointment_slot_data_list_by_application_key_and_service_id({
        ...s.key,
        service_id: s.service.id,
        ...range,
      }),
      s.client.get_appointment_slot_data_list_by_application_key_and_service_id({
        ...s.key,
        record_id: booked.id,
        ...range,
      }),
      s.client.get_appointment_slot_data_list_by_application_key_and_service_id({ ...s.key, ...range }),
    ]);
    expect(times(ofService!.days[0].slots)).not.toContain("11:00");
    // The booking may stay or move within its own time; the other booking's time stays taken.
    expect(times(ofBooking!.days[0].slots)).toContain("11:00");
    expect(times(ofBooking!.days[0].slots)).not.toContain("13:00");
    expect(first!.service.id).toBe(s.service.id);

    const { client, key } = await merchant("embedded");
    const { data: none } = await client.get_appointment_slot_data_list_by_application_key_and_service_id({
      ...key,
      ...range,
    });
    expect(none).toBeNull();
    await expectFailure(
      client.get_appointment_slot_data_list_by_application_key_and_service_id({
        ...key,
        record_id: booked.id,
        ...range,
      }),
      404,
      "not-found",
    );
  });

  it("cancels once of two concurrent cancellations, e-mailing once, and frees the time", async () => {
    const s = await salon();
    const email = `cancel-${uuid()}@example.com`;
    const { data } = await s.book({ customer_email: email });
    const cancel = () =>
      s.client.update_appointment_record_status_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        status: "cancelled",
      });
    expect(tally(await outcomes([cancel(), cancel()]))).toEqual({ ok: 1, "409 appointment-record-closed": 1 });
    expect(await recordOf(data.id)).toMatchObject({ status: "cancelled", version: 2 });
    expect((await recordOf(data.id)).cancelledAt).not.toBeNull();
    expect(await emailsTo(email)).toHaveLength(2);
    expect((await s.slots()).map((slot) => slot.starts_at)).toContain(at("10:00"));
    await s.book({ customer_email: "next@example.com" });
  });

  it("keeps a completed booking final: no cancelling, moving or completing again", async () => {
    const s = await salon();
    const { data } = await s.book();
    const status = (to: "cancelled" | "completed") =>
      s.client.update_appointment_record_status_data_by_application_key_and_id({ ...s.key, id: data.id, status: to });
    await status("completed");
    await expectFailure(status("cancelled"), 409, "appointment-record-closed");
    await expectFailure(status("completed"), 409, "appointment-record-closed");
    await expectFailure(
      s.client.update_appointment_record_time_data_by_application_key_and_id({
        ...s.key,
        id: data.id,
        date: DAY,
        time: "12:00",
        version: 2,
      }),
      409,
      "appointment-record-closed",
    );
    expect(await recordOf(data.id)).toMatchObject({ status: "completed" });
  });

  it("edits the note over its version only", async () => {
    const s = await salon();
    const { data } = await s.book();
    const edit = (note: string, version: number) =>
      s.client.update_appointment_record_note_data_by_application_key_and_id({ ...s.key, id: data.id, note, version });
    await edit("Allergic to lavender", 1);
    await expectFailure(edit("Stale", 1), 409, "edited-elsewhere");
    expect(await recordOf(data.id)).toMatchObject({ note: "Allergic to lavender", version: 2 });
  });

  it("keeps the variants apart: a medical booking or service is not found through the general actions", async () => {
    const s = await salon();
    const { service: medical } = await createAppointmentService(db(), s.applicationKey, { variant: "medical" });
    const record = await createAppointmentRecord(db(), s.applicationKey, medical);
    await expectFailure(
      s.client.get_appointment_record_data_by_application_key_and_id({ ...s.key, id: record.id }),
      404,
      "not-found",
    );
    await expectFailure(s.book({ service_id: medical.id }), 404, "not-found");
    const { data } = await s.client.add_medi_appointment_record_data({
      ...s.key,
      service_id: medical.id,
      date: DAY,
      time: "15:00",
      member_id: null,
      customer_name: "Patient",
      customer_phone: "91234567",
    });
    expect(await recordOf(data.id)).toMatchObject({ variant: "medical", customerEmail: "" });
    const [entry] = (await logOf(s.applicationKey)).filter((row) => row.record_id === String(data.id));
    expect(entry.data_type).toBe("medi_appointment_record_data");
  });
});

describe("the store website's appointment actions", () => {
  const HOUR = 3_600_000;
  const dateIn = (days: number) => hongKongDate(new Date(Date.now() + days * 24 * HOUR));

  it("lists the bookable services in order from the cache, forgotten when told", async () => {
    const s = await salon("embedded", { service: { sortOrder: 2 } });
    const { service: first } = await createAppointmentService(db(), s.applicationKey, { service: { sortOrder: 1 } });
    const { service: stopped } = await createAppointmentService(db(), s.applicationKey, {
      service: { status: "stop", sortOrder: 3 },
    });
    const away = await createAppointmentService(db(), s.applicationKey, { service: { sortOrder: 4 } });
    await db().update(appointmentProviders).set({ active: false }).where(eq(appointmentProviders.id, away.provider.id));
    const website = clientOver("embedded");
    const read = () => website.get_online_appointment_service_data_list_by_application_key(s.key).then((r) => r.data);
    expect((await read()).map((service) => service.id)).toEqual([first.id, s.service.id]);
    await db().update(appointmentServices).set({ status: "accept" }).where(eq(appointmentServices.id, stopped.id));
    expect((await read()).map((service) => service.id)).toEqual([first.id, s.service.id]);
    await forgetBookableServices(s.applicationKey, "general");
    expect((await read()).map((service) => service.id)).toEqual([first.id, s.service.id, stopped.id]);
    expect((await website.get_online_medi_appointment_service_data_list_by_application_key(s.key)).data).toEqual([]);
  });

  it("forgets the cached list when staff change the services (here, their order)", async () => {
    const s = await salon("embedded", { service: { sortOrder: 2 } });
    const { service: first } = await createAppointmentService(db(), s.applicationKey, { service: { sortOrder: 1 } });
    const website = clientOver("embedded");
    const read = async () =>
      (await website.get_online_appointment_service_data_list_by_application_key(s.key)).data.map(({ id }) => id);
    expect(await read()).toEqual([first.id, s.service.id]);
    await s.client.update_appointment_service_position_data_by_application_key_and_id({
      ...s.key,
      id: s.service.id,
      move: "up",
    });
    expect(await read()).toEqual([s.service.id, first.id]);
  });

  it("offers slots within the notice and the window, and books one once per submission", async () => {
    const s = await salon("embedded", { service: { minNoticeHours: 24, bookingWindowDays: 3 } });
    const website = clientOver("embedded");
    const { data } = await website.get_online_appointment_slot_data_list_by_application_key_and_service_id({
      ...s.key,
      service_id: s.service.id,
      date_from: dateIn(0),
      date_to: dateIn(5),
    });
    const starts = data.days.flatMap((day) => day.slots.map((slot) => Date.parse(slot.starts_at)));
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.now() + 23 * HOUR);
    expect(Math.max(...starts)).toBeLessThanOrEqual(Date.now() + 3 * 24 * HOUR);
    // Staff see the same days without the notice: today's slots too when any are left.
    const staffStarts = (
      await s.client.get_appointment_slot_data_list_by_application_key_and_service_id({
        ...s.key,
        service_id: s.service.id,
        date_from: dateIn(0),
        date_to: dateIn(5),
      })
    ).data!.days.flatMap((day) => day.slots);
    expect(staffStarts.length).toBeGreaterThan(starts.length);

    const email = `online-${uuid()}@example.com`;
    const payload = {
      ...s.key,
      idempotency_key: uuid(),
      service_id: s.service.id,
      starts_at: new Date(starts[0]).toISOString(),
      customer_name: "Online Guest",
      customer_phone: "91234567",
      customer_email: email,
    };
    const [first, replay] = await Promise.all([
      website.add_online_appointment_record_data(payload),
      website.add_online_appointment_record_data(payload),
    ]);
    expect(replay.data).toEqual(first.data);
    expect(await recordOf(first.data.id)).toMatchObject({ channel: "online", customerEmail: email, actorEmail: null });
    expect(await emailsTo(email)).toHaveLength(1);
    await expectFailure(
      website.add_online_appointment_record_data({ ...payload, idempotency_key: uuid() }),
      409,
      "appointment-time-overlap",
    );

    // Slots staff see but the website does not: one within the 24 hours' notice, one beyond the 3 days.
    const tooSoon = staffStarts.find(
      (slot) =>
        Date.parse(slot.starts_at) > Date.now() &&
        !starts.includes(Date.parse(slot.starts_at)) &&
        Date.parse(slot.starts_at) < Date.now() + 24 * HOUR,
    )!;
    const tooLate = staffStarts.find((slot) => Date.parse(slot.starts_at) > Date.now() + 3 * 24 * HOUR)!;
    for (const slot of [tooSoon, tooLate]) {
      await expectFailure(
        website.add_online_appointment_record_data({ ...payload, idempotency_key: uuid(), starts_at: slot.starts_at }),
        409,
        "appointment-outside-booking-window",
      );
    }
    await expectFailure(
      website.add_online_appointment_record_data({
        ...payload,
        idempotency_key: uuid(),
        starts_at: new Date(starts[0] + 30 * 60_000).toISOString(),
      }),
      422,
      "service-time-cannot-cover-span",
    );
  });

  it("books a member by their id and e-mail on file, and refuses another e-mail", async () => {
    const s = await salon("embedded");
    const member = await createMember(db(), s.applicationKey);
    const website = clientOver("embedded");
    const payload = {
      ...s.key,
      service_id: s.service.id,
      starts_at: at("10:00", dateIn(2)),
      member_id: member.id,
      customer_email: "someone-else@example.com",
    };
    await expectFailure(
      website.add_online_appointment_record_data({ ...payload, idempotency_key: uuid() }),
      404,
      "user-not-found-or-disabled",
    );
    const { data } = await website.add_online_appointment_record_data({
      ...payload,
      idempotency_key: uuid(),
      customer_email: member.email,
    });
    expect(await recordOf(data.id)).toMatchObject({ memberId: member.id, customerName: member.name });
  });

  it("limits one client address per store an hour (429), refused requests counted too", async () => {
    const s = await salon("embedded");
    const statuses: number[] = [];
    for (let sent = 0; sent <= ONLINE_BOOKINGS_PER_CLIENT; sent++) {
      const body = new FormData();
      body.set(
        "add_online_appointment_record_data",
        JSON.stringify({
          ...s.key,
          idempotency_key: uuid(),
          service_id: s.service.id,
          starts_at: at("10:30", dateIn(2)),
          customer_name: "Guest",
          customer_phone: "91234567",
          customer_email: "guest@example.com",
        }),
      );
      statuses.push((await postRaw(body, { "CF-Connecting-IP": "203.0.113.7" })).status);
    }
    expect(statuses).toEqual([...Array(ONLINE_BOOKINGS_PER_CLIENT).fill(422), 429]);
  });
});
