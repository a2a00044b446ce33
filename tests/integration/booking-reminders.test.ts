import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runHourlyJobs } from "../../backend";
import { remindBookings } from "../../backend/booking-reminders";
import {
  appointmentRecords,
  courseBookings,
  courseSessions,
  emailOutbox,
  pushSubscriptions,
  rentingRecords,
  storeSettings,
} from "../../backend/db/schema";
import { readBookingLink } from "../../backend/booking-link";
import { createDb } from "../../backend/db/client";
import { createMailer } from "../../backend/mail";
import type { PushMessage, PushSender, PushTarget } from "../../backend/push";
import { hongKongDate, hongKongTime } from "../../contract/dates";
import {
  createAppointmentRecord,
  createAppointmentService,
  createCourseBookingSetup,
  createCourseSession,
  createMember,
  createPushSubscription,
  createRentingProduct,
  createRentingRecord,
  createStore,
} from "../helpers/factories";
import { newRecording, recordingD1 } from "./recording-d1";
import { control, db, merchant, storeD1 } from "./wire";

const HOUR = 3_600_000;
/** On the hour, as the cron runs. */
const now = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);

const sentTo = (email: string) => control().select().from(emailOutbox).where(eq(emailOutbox.recipient, email));

/** A store (reminding `hours` before, 24 unless told) with a one-hour service and a rentable product. */
async function shop(hours?: number) {
  const { store, client } = await merchant("embedded");
  const key = store.applicationKey;
  if (hours !== undefined)
    await db().update(storeSettings).set({ bookingReminderHours: hours }).where(eq(storeSettings.applicationKey, key));
  const [{ service }, product] = await Promise.all([
    createAppointmentService(db(), key),
    createRentingProduct(db(), key),
  ]);
  const appointment = (startsInHours: number, overrides: Parameters<typeof createAppointmentRecord>[3] = {}) =>
    createAppointmentRecord(db(), key, service, { startsAt: inHours(startsInHours), ...overrides });
  const rental = (dueInHours: number, overrides: Parameters<typeof createRentingRecord>[3] = {}) =>
    createRentingRecord(db(), key, product, {
      startsAt: inHours(-48),
      endsAt: inHours(dueInHours),
      status: "rented",
      pickedUpAt: inHours(-48),
      customerEmail: `renter-${crypto.randomUUID().slice(0, 8)}@example.com`,
      ...overrides,
    });
  const classBooking = async (startsInHours: number) =>
    createCourseBookingSetup(db(), key, {
      booked: true,
      session: { startsAt: inHours(startsInHours), endsAt: inHours(startsInHours + 1) },
    });
  return { store, client, key, service, product, appointment, rental, classBooking };
}

const remindedAt = async (
  table: typeof appointmentRecords | typeof rentingRecords | typeof courseBookings,
  id: number,
) => (await db().select({ at: table.remindedAt }).from(table).where(eq(table.id, id)))[0].at;

/** A push service that keeps what it is sent; an endpoint with "gone" in it answers that the subscription is gone. */
function recordingSender() {
  const sent: { target: PushTarget; message: PushMessage }[] = [];
  const sender: PushSender = {
    send: async (target, message) => {
      sent.push({ target, message });
      return target.endpoint.includes("gone")
        ? { status: "expired", responseStatus: 410 }
        : { status: "sent", responseStatus: 201 };
    },
  };
  return { sent, sender };
}

describe("the booking reminders", () => {
  it("reminds each appointment, class booking and rental due back once, however many runs race or follow", async () => {
    const s = await shop();
    const appointment = await s.appointment(23.5);
    const { booking, member, type } = await s.classBooking(20);
    const rental = await s.rental(10);

    await Promise.all([runHourlyJobs(env, now), runHourlyJobs(env, now)]);
    await runHourlyJobs(env, at(1));
    await runHourlyJobs(env, at(2));

    const [appointmentMail, ...appointmentAgain] = await sentTo(appointment.customerEmail);
    expect(appointmentAgain).toEqual([]);
    // A guest's language is not known: Chinese then English, as the other booking e-mails.
    expect(appointmentMail.subject).toBe(
      `${s.store.storeName}：${hongKongTime(appointment.startsAt)} 預約提示 / ${s.store.storeName}: reminder of your appointment on ${hongKongTime(appointment.startsAt)}`,
    );
    expect(appointmentMail.body).toContain(`${s.service.nameEn} with `);
    const token = /\/booking\/(\S+)/.exec(appointmentMail.body)?.[1];
    expect(appointmentMail.body).toContain(`${env.APP_URL}/booking/${token}`);
    expect(await readBookingLink(env.SESSION_SECRET, token!, now)).toMatchObject({
      applicationKey: s.key,
      id: appointment.id,
    });
    expect(await remindedAt(appointmentRecords, appointment.id)).toBe(now.toISOString());

    const [classMail, ...classAgain] = await sentTo(member.email);
    expect(classAgain).toEqual([]);
    expect(classMail.body).toContain(type.nameEn);
    const classToken = /\/booking\/([^\s?]+)/.exec(classMail.body)?.[1];
    expect(await readBookingLink(env.SESSION_SECRET, classToken!, now)).toMatchObject({
      applicationKey: s.key,
      kind: "class",
      id: booking!.id,
    });
    expect(await remindedAt(courseBookings, booking!.id)).toBe(now.toISOString());

    const [rentalMail, ...rentalAgain] = await sentTo(rental.customerEmail);
    expect(rentalAgain).toEqual([]);
    expect(rentalMail.subject).toContain(`rental #${rental.id} is due back on ${hongKongTime(rental.endsAt)}`);
    expect(await remindedAt(rentingRecords, rental.id)).toBe(now.toISOString());

    // Staff see each reminder sent on its record, and the appointment's link to send by hand.
    const byId = { application_key: s.key, id: appointment.id };
    const { data: detail } = await s.client.get_appointment_record_data_by_application_key_and_id(byId);
    expect(detail).toMatchObject({ reminded_at: now.toISOString(), booking_link: `/booking/${token}` });
    const { data: roster } = await s.client.get_yoga_course_record_data_list_by_application_key_and_session_id({
      application_key: s.key,
      session_id: booking!.sessionId,
    });
    expect(roster.booked[0].reminded_at).toBe(now.toISOString());
    const { data: rented } = await s.client.get_renting_record_data_by_application_key_and_id({
      application_key: s.key,
      id: rental.id,
    });
    expect(rented.reminded_at).toBe(now.toISOString());
  });

  it("reminds a booking again when staff move it, or its class's time changes, after its reminder", async () => {
    const s = await shop();
    const { booking, member, type, coach } = await s.classBooking(10);
    await runHourlyJobs(env, now);
    expect(await remindedAt(courseBookings, booking!.id)).toBe(now.toISOString());

    const later = await createCourseSession(
      db(),
      s.key,
      { courseTypeId: type.id, coachId: coach.id },
      { startsAt: inHours(20), endsAt: inHours(21) },
    );
    await s.client.update_yoga_course_record_session_data_by_application_key_and_id({
      application_key: s.key,
      id: booking!.id,
      session_id: later.id,
    });
    expect(await remindedAt(courseBookings, booking!.id)).toBeNull();
    await runHourlyJobs(env, now);
    const reminders = (await sentTo(member.email)).filter((mail) => mail.subject.includes(type.nameZhHk));
    expect(reminders.at(-1)!.subject).toContain(hongKongTime(later.startsAt));

    // The class's own time changed: the member's reminder of the old one no longer counts.
    const other = await s.classBooking(12);
    await runHourlyJobs(env, now);
    expect(await remindedAt(courseBookings, other.booking!.id)).toBe(now.toISOString());
    const edited = other.session;
    await s.client.update_course_session_data_by_application_key_and_id({
      application_key: s.key,
      id: edited.id,
      course_type_id: edited.courseTypeId,
      coach_id: edited.coachId,
      date: hongKongDate(new Date(edited.startsAt)),
      start_time: "23:00",
      end_time: "23:45",
      credits_needed: edited.creditsNeeded,
      max_places: edited.maxPlaces,
      version: edited.version,
    });
    expect(await remindedAt(courseBookings, other.booking!.id)).toBeNull();
    // Another class's reminder stays as it was.
    expect(await remindedAt(courseBookings, booking!.id)).toBe(now.toISOString());
  });

  it("waits for the store's hours, sends late runs' reminders before the start and never after it", async () => {
    const early = await shop(48);
    const usual = await shop();
    const twoDaysAhead = await early.appointment(40);
    const notYet = await usual.appointment(40);
    const missed = await usual.appointment(3.5);
    const startingSoon = await usual.appointment(2);
    const rentalOverdue = await usual.rental(-2);

    // The runs of the past hours did not happen: this one, late, is the first.
    await runHourlyJobs(env, now);
    expect(await sentTo(twoDaysAhead.customerEmail)).toHaveLength(1);
    expect(await sentTo(notYet.customerEmail)).toEqual([]);
    expect(await sentTo(missed.customerEmail)).toHaveLength(1);
    expect(await sentTo(startingSoon.customerEmail)).toHaveLength(1);
    expect(await sentTo(rentalOverdue.customerEmail)).toEqual([]);

    // Started before a run came: never reminded.
    const started = await usual.appointment(0.5);
    await runHourlyJobs(env, at(1));
    expect(await sentTo(started.customerEmail)).toEqual([]);
    expect(await remindedAt(appointmentRecords, started.id)).toBeNull();

    await runHourlyJobs(env, at(16));
    expect(await sentTo(notYet.customerEmail)).toHaveLength(1);
    expect(await sentTo(twoDaysAhead.customerEmail)).toHaveLength(1);
  });

  it("reminds no cancelled or completed booking, no rental not yet out or back, no guest without an e-mail, nothing of a disabled store", async () => {
    const s = await shop();
    const cancelled = await s.appointment(5, { status: "cancelled", cancelledAt: now.toISOString() });
    const completed = await s.appointment(6, { status: "completed", completedAt: now.toISOString() });
    const cancelledClass = await s.classBooking(5);
    await db()
      .update(courseBookings)
      .set({ status: "cancelled", cancelledAt: now.toISOString() })
      .where(eq(courseBookings.id, cancelledClass.booking!.id));
    const cancelledSession = await s.classBooking(6);
    await db()
      .update(courseSessions)
      .set({ status: "cancelled" })
      .where(eq(courseSessions.id, cancelledSession.session.id));
    const unreachable = await s.appointment(7, { customerEmail: "" });
    const notPickedUp = await s.rental(5, { status: "success", pickedUpAt: null });
    const returned = await s.rental(6, { status: "returned", returnedAt: now.toISOString() });
    const disabled = await createStore(db(), { disabled: true });
    const elsewhere = await createAppointmentRecord(
      db(),
      disabled.applicationKey,
      (await createAppointmentService(db(), disabled.applicationKey)).service,
      { startsAt: inHours(5) },
    );

    await runHourlyJobs(env, now);

    for (const email of [
      cancelled.customerEmail,
      completed.customerEmail,
      cancelledClass.member.email,
      cancelledSession.member.email,
      notPickedUp.customerEmail,
      returned.customerEmail,
      elsewhere.customerEmail,
    ])
      expect(await sentTo(email)).toEqual([]);
    expect(await remindedAt(appointmentRecords, elsewhere.id)).toBeNull();
    // A guest without an e-mail address has nothing to be reminded by: not marked as reminded.
    expect(await remindedAt(appointmentRecords, unreachable.id)).toBeNull();
  });

  it("pushes a member's reminder to each browser they subscribed, in its language, and e-mails in their latest one's", async () => {
    const s = await shop();
    const member = await createMember(db(), s.key);
    const chinese = await createPushSubscription(db(), s.key, { memberId: member.id, language: "zh-HK" });
    const english = await createPushSubscription(db(), s.key, { memberId: member.id, language: "en" });
    const gone = await createPushSubscription(db(), s.key, {
      memberId: member.id,
      language: "en",
      endpoint: `https://fcm.googleapis.com/fcm/send/gone-${member.id}`,
    });
    const someoneElse = await createPushSubscription(db(), s.key, { language: "en" });
    const appointment = await s.appointment(12, { memberId: member.id, customerEmail: member.email });
    const { sent, sender } = recordingSender();

    await remindBookings(db(), createMailer(control(), env, now), env, now, sender);
    await remindBookings(db(), createMailer(control(), env, at(1)), env, at(1), sender);

    const time = hongKongTime(appointment.startsAt);
    expect(sent.map(({ target, message }) => [target.endpoint, message.title, message.body]).sort()).toEqual(
      [
        [chinese.endpoint, `${s.store.storeName}：您的預約`, expect.stringContaining(`，${time}`)],
        [english.endpoint, `${s.store.storeName}: your appointment`, expect.stringContaining(`, ${time}`)],
        [gone.endpoint, `${s.store.storeName}: your appointment`, expect.stringContaining(`, ${time}`)],
      ].sort(),
    );
    expect(sent.every(({ message }) => message.tag === `reminder-appointment-${appointment.id}`)).toBe(true);
    expect(sent.map(({ target }) => target.endpoint)).not.toContain(someoneElse.endpoint);
    const left = await db()
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, [chinese.id, english.id, gone.id]));
    expect(left.map((row) => row.id).sort()).toEqual([chinese.id, english.id].sort());

    // The latest subscribed browser is in English: the e-mail is too, in that language alone.
    const [mail, ...again] = await sentTo(member.email);
    expect(again).toEqual([]);
    expect(mail.subject).toBe(`${s.store.storeName}: reminder of your appointment on ${time}`);
    expect(mail.body).not.toContain("----");
  });

  it("finds the bookings to remind through the partial indexes, never by scanning a table", async () => {
    const s = await shop();
    await s.appointment(5);
    await s.classBooking(5);
    await s.rental(5);
    const recording = newRecording();
    const recorded = createDb(recordingD1(storeD1(), recording));
    await remindBookings(recorded, createMailer(control(), env, now), env, now, recordingSender().sender);

    const claims = recording.statements.filter((statement) => statement.sql.trim().startsWith("UPDATE"));
    expect(claims).toHaveLength(3);
    for (const { sql, params } of claims) {
      const plan = await storeD1()
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(details.filter((detail) => /^SCAN /.test(detail))).toEqual([]);
      expect(details.some((detail) => /_reminder_idx|course_session_scheduled_start_idx/.test(detail))).toBe(true);
    }
  });
});
