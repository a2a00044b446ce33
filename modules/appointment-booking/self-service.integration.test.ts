import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { BOOKING_LINK_CHANGES_PER_LINK, bookingLinkExpiry, type BookingLink } from "../../backend/booking-link";
import { appointmentRecords, websiteData } from "../../backend/db/schema";
import { createAppointmentRecord, createAppointmentService } from "../../tests/helpers/factories";
import { db, emailsTo, expectFailure, logOf, merchant, storeD1, transports } from "../../tests/integration/wire";
import { bookingLinkToken } from "./factories";

/** A Monday; the clock stands at 11:30 HKT on it (03:30 UTC). */
const DAY = "2030-01-07";
const NOW = new Date("2030-01-07T03:30:00.000Z");
const at = (time: string, date = DAY) => new Date(`${date}T${time}:00+08:00`).toISOString();
const secret = () => env.SESSION_SECRET!;

/**
 * A store whose one-hour service (10:00–18:00 HKT, 2 hours' notice) has a customer's booking at `time` on DAY,
 * the store's contact e-mail set, and a client of no one at the clock's time: the link is the only key.
 */
async function bookedAt(time: string) {
  const { store, client: owner } = await merchant("embedded", { expiresInDays: 5000 });
  const applicationKey = store.applicationKey;
  const storeEmail = `desk-${crypto.randomUUID()}@example.com`;
  await db()
    .update(websiteData)
    .set({ contactEmail: storeEmail })
    .where(eq(websiteData.applicationKey, applicationKey));
  const { service } = await createAppointmentService(db(), applicationKey, { service: { minNoticeHours: 2 } });
  const customerEmail = `guest-${crypto.randomUUID()}@example.com`;
  const booking = await createAppointmentRecord(db(), applicationKey, service, {
    startsAt: at(time),
    customerEmail,
  });
  const link: BookingLink = {
    applicationKey,
    kind: "general",
    id: booking.id,
    expires: bookingLinkExpiry(booking.startsAt),
  };
  const token = await bookingLinkToken(secret(), link);
  const customer = createActionClient(transports.embedded(() => NOW));
  return { applicationKey, service, booking, link, token, customer, owner, customerEmail, storeEmail };
}

const statusOf = async (id: number) =>
  (await db().select().from(appointmentRecords).where(eq(appointmentRecords.id, id)))[0]!;

describe("the customer's booking link", () => {
  it("opens its booking alone: a tampered, expired or other store's link is 404", async () => {
    const s = await bookedAt("15:00");
    const { data } = await s.customer.get_appointment_booking_link_data_by_token({ token: s.token, date: DAY });
    expect(data).toMatchObject({
      id: s.booking.id,
      status: "success",
      starts_at: at("15:00"),
      can_change: true,
      change_until: at("13:00"),
      min_notice_hours: 2,
      store: { email: s.storeEmail },
    });
    // The website's rules: nothing before 13:30 (2 hours from 11:30); its own 15:00 counts as free.
    expect(data.day!.slots.map((slot) => slot.starts_at)).toEqual([at("14:00"), at("15:00"), at("16:00"), at("17:00")]);

    const other = await bookedAt("15:00");
    const forged = [
      // Another booking's id under this booking's signature.
      s.token.replace(`.general.${s.booking.id}.`, `.general.${other.booking.id}.`),
      // Signed, but expired.
      await bookingLinkToken(secret(), { ...s.link, expires: Math.floor(NOW.getTime() / 1000) - 1 }),
      // Signed for another store, naming this store's booking.
      await bookingLinkToken(secret(), { ...s.link, applicationKey: other.applicationKey }),
      // Signed by another secret.
      await bookingLinkToken("not-the-secret", s.link),
    ];
    for (const token of forged) {
      await expectFailure(
        s.customer.get_appointment_booking_link_data_by_token({ token }),
        404,
        "booking-link-invalid",
      );
      await expectFailure(
        s.customer.update_appointment_booking_link_cancel_data_by_token({ token }),
        404,
        "booking-link-invalid",
      );
    }
    expect((await statusOf(s.booking.id)).status).toBe("success");
  });

  it("cancels outside the notice only, logged as the customer, the customer and the store told", async () => {
    const soon = await bookedAt("13:00");
    // 13:00 is within 2 hours of 11:30: changes closed at 11:00.
    const { data: closed } = await soon.customer.get_appointment_booking_link_data_by_token({ token: soon.token });
    expect(closed.can_change).toBe(false);
    await expectFailure(
      soon.customer.update_appointment_booking_link_cancel_data_by_token({ token: soon.token }),
      409,
      "booking-link-change-closed:2",
    );
    expect((await statusOf(soon.booking.id)).status).toBe("success");

    const s = await bookedAt("15:00");
    await s.customer.update_appointment_booking_link_cancel_data_by_token({ token: s.token });
    expect(await statusOf(s.booking.id)).toMatchObject({ status: "cancelled", cancelledAt: NOW.toISOString() });
    const entry = (await logOf(s.applicationKey)).at(-1);
    expect(entry).toMatchObject({
      action: "edit",
      record_id: String(s.booking.id),
      actor_email: s.customerEmail,
      changes: { status: ["success", "cancelled"] },
    });
    // The staff log lists it among the customers' changes.
    const { data: logged } = await s.owner.get_staff_log_data_and_total_number_by_sorting_and_limit({
      application_key: s.applicationKey,
      actor_type: "customer",
    });
    expect(logged.map((row) => [row.actor_type, row.actor_email, row.record_id])).toEqual([
      ["customer", s.customerEmail, String(s.booking.id)],
    ]);
    expect((await emailsTo(s.customerEmail)).map((mail) => mail.body)).toEqual([expect.stringContaining("cancelled")]);
    expect((await emailsTo(s.storeEmail)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`#${s.booking.id}`),
    ]);
    const { data } = await s.customer.get_appointment_booking_link_data_by_token({ token: s.token, date: DAY });
    expect(data).toMatchObject({ status: "cancelled", can_change: false, day: null });
    // Cancelled, it cannot be moved.
    await expectFailure(
      s.customer.update_appointment_booking_link_time_data_by_token({ token: s.token, starts_at: at("16:00") }),
      409,
      "appointment-record-closed",
    );
  });

  it("reschedules to a free time by the website's rules only, logged, with a new link e-mailed", async () => {
    const s = await bookedAt("15:00");
    await createAppointmentRecord(db(), s.applicationKey, s.service, { startsAt: at("16:00") });
    const move = (startsAt: string) =>
      s.customer.update_appointment_booking_link_time_data_by_token({ token: s.token, starts_at: startsAt });
    // Inside the 2 hours' notice, past the booking window, off the schedule, another booking's time.
    await expectFailure(move(at("13:00")), 409, "appointment-outside-booking-window");
    await expectFailure(move(at("10:00", "2030-05-07")), 409, "appointment-outside-booking-window");
    await expectFailure(move(at("14:30")), 422, "service-time-cannot-cover-span");
    await expectFailure(move(at("16:00")), 409, "appointment-time-overlap");
    expect(await statusOf(s.booking.id)).toMatchObject({ startsAt: at("15:00"), version: 1 });

    const { data } = await move(at("11:00", "2030-01-08"));
    expect(data.path).toMatch(/^\/booking\/bk\./);
    expect(await statusOf(s.booking.id)).toMatchObject({
      status: "success",
      startsAt: at("11:00", "2030-01-08"),
      endsAt: at("12:00", "2030-01-08"),
    });
    const entry = (await logOf(s.applicationKey)).at(-1);
    expect(entry).toMatchObject({
      actor_email: s.customerEmail,
      changes: { starts_at: [at("15:00"), at("11:00", "2030-01-08")] },
    });
    const [toCustomer] = await emailsTo(s.customerEmail);
    expect(toCustomer.body).toContain(`${env.APP_URL}${data.path}`);
    expect((await emailsTo(s.storeEmail)).length).toBe(1);
    // Its old time is free for others now; the new link opens it at its new time.
    const token = data.path!.slice("/booking/".length);
    const { data: moved } = await s.customer.get_appointment_booking_link_data_by_token({ token });
    expect(moved.starts_at).toBe(at("11:00", "2030-01-08"));
  });

  it("limits the changes through one link an hour (429), since each e-mails the store", async () => {
    const s = await bookedAt("15:00");
    await storeD1()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO rate_limit_hit (bucket, created_at) SELECT ?, ? FROM n`,
      )
      .bind(
        BOOKING_LINK_CHANGES_PER_LINK,
        `booking_link:link:${s.applicationKey}:general:${s.booking.id}`,
        NOW.toISOString(),
      )
      .run();
    await expectFailure(
      s.customer.update_appointment_booking_link_cancel_data_by_token({ token: s.token }),
      429,
      "try-again-after-minutes:60",
    );
    expect((await statusOf(s.booking.id)).status).toBe("success");
  });

  it.each(["general", "medical"] as const)(
    "carries the link in a %s booking's e-mail, opening that booking",
    async (variant) => {
      const { store, key } = await merchant("embedded", { expiresInDays: 5000 });
      const { service } = await createAppointmentService(db(), store.applicationKey, { variant });
      const website = createActionClient(transports.embedded(() => NOW));
      const email = `guest-${crypto.randomUUID()}@example.com`;
      const booking = {
        ...key,
        idempotency_key: crypto.randomUUID(),
        service_id: service.id,
        starts_at: at("16:00"),
        customer_name: "Chan Tai Man",
        customer_phone: "91234567",
        customer_email: email,
      };
      const { data } =
        variant === "general"
          ? await website.add_online_appointment_record_data(booking)
          : await website.add_online_medi_appointment_record_data(booking);
      const [mail] = await emailsTo(email);
      const token = new RegExp(`${env.APP_URL}/booking/([\\w.-]+)`).exec(mail.body)?.[1];
      const { data: page } = await website.get_appointment_booking_link_data_by_token({ token: token ?? "" });
      expect(page).toMatchObject({ id: data.id, variant, starts_at: at("16:00"), status: "success" });
    },
  );
});
