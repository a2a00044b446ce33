import { describe, expect, it } from "vitest";
import { createActionClient } from "../../app/server/action-client.server";
import { createAppointmentService } from "../../tests/helpers/factories";
import { db, expectFailure, merchant, transports } from "../../tests/integration/wire";

/** A Monday; the clock stands at 11:30 HKT on it (03:30 UTC). */
const DAY = "2030-01-07";
const NOW = new Date("2030-01-07T03:30:00.000Z");
const at = (time: string, date = DAY) => new Date(`${date}T${time}:00+08:00`).toISOString();
const uuid = () => crypto.randomUUID();
const startsOf = (slots: { starts_at: string }[]) => slots.map((slot) => slot.starts_at);

/**
 * A one-hour service open 10:00–18:00 HKT with 2 hours' notice and 30 minutes after each booking, and
 * the owner's and the website's clients with the clock at 11:30 HKT on DAY.
 */
async function salonAtNoon(variant: "general" | "medical" = "general") {
  // The plan runs past DAY, so the website is open at the clock's time.
  const { store, key } = await merchant("embedded", { expiresInDays: 5000 });
  const { service } = await createAppointmentService(db(), store.applicationKey, {
    variant,
    service: { minNoticeHours: 2, bufferAfterMinutes: 30 },
  });
  const clock = transports.embedded(() => NOW);
  const website = createActionClient(clock);
  // Signed in at the same clock, so the session is fresh then.
  const { data: session } = await website.login({ email: store.email, password: store.password });
  if (!("token" in session)) throw new Error("the owner signs in with one step");
  const staff = createActionClient(clock, session.token);
  return { key, service, staff, website };
}

describe("free times are real: never past, the notice kept, buffers respected", () => {
  it("offers the website no past or too-soon slot, and refuses one typed in", async () => {
    const s = await salonAtNoon();
    const { data } = await s.website.get_online_appointment_slot_data_list_by_application_key_and_service_id({
      ...s.key,
      service_id: s.service.id,
      date_from: DAY,
      date_to: DAY,
    });
    // 10:00 and 11:00 have passed; 12:00 and 13:00 are inside the 2 hours' notice from 11:30.
    expect(startsOf(data.days[0].slots)).toEqual([at("14:00"), at("15:00"), at("16:00"), at("17:00")]);
    for (const time of ["10:00", "12:00"]) {
      await expectFailure(
        s.website.add_online_appointment_record_data({
          ...s.key,
          idempotency_key: uuid(),
          service_id: s.service.id,
          starts_at: at(time),
          customer_name: "Guest",
          customer_phone: "91234567",
          customer_email: "guest@example.com",
        }),
        409,
        "appointment-outside-booking-window",
      );
    }
  });

  it("lists staff no past slot, marks the too-soon ones, and keeps the buffers", async () => {
    const s = await salonAtNoon();
    const staffSlots = async () =>
      (
        await s.staff.get_appointment_slot_data_list_by_application_key_and_service_id({
          ...s.key,
          service_id: s.service.id,
          date_from: DAY,
          date_to: DAY,
        })
      ).data!.days[0].slots;
    expect((await staffSlots()).map((slot) => [slot.starts_at, slot.short_notice])).toEqual([
      [at("12:00"), true],
      [at("13:00"), true],
      [at("14:00"), false],
      [at("15:00"), false],
      [at("16:00"), false],
      [at("17:00"), false],
    ]);
    // A booking at 14:00 holds the provider until 15:30 with its buffer: 15:00 is not free, nor 13:00,
    // whose own buffer would run to 14:30.
    await s.staff.add_appointment_record_data({
      ...s.key,
      service_id: s.service.id,
      date: DAY,
      time: "14:00",
      customer_name: "陳大文",
      customer_phone: "91234567",
    });
    expect(startsOf(await staffSlots())).toEqual([at("12:00"), at("16:00"), at("17:00")]);
  });

  it.each(["general", "medical"] as const)(
    "refuses a %s staff booking or move in the past or too soon beside its time, unless confirmed as a walk-in",
    async (variant) => {
      const s = await salonAtNoon(variant);
      const book =
        variant === "general" ? s.staff.add_appointment_record_data : s.staff.add_medi_appointment_record_data;
      const move =
        variant === "general"
          ? s.staff.update_appointment_record_time_data_by_application_key_and_id
          : s.staff.update_medi_appointment_record_time_data_by_application_key_and_id;
      const booking = (time: string, confirm_outside_rules?: boolean) =>
        book({
          ...s.key,
          service_id: s.service.id,
          date: DAY,
          time,
          customer_name: "Walk-in",
          customer_phone: "91234567",
          confirm_outside_rules,
        });

      const passed = await expectFailure(booking("10:00"), 409, "appointment-time-passed");
      expect(passed.fields).toEqual({ time: ["appointment-time-passed"] });
      const soon = await expectFailure(booking("12:00"), 409, "appointment-inside-notice:2");
      expect(soon.fields).toEqual({ time: ["appointment-inside-notice:2"] });
      const { data: walkIn } = await booking("10:00", true);
      const { data: later } = await booking("16:00");

      await expectFailure(
        move({ ...s.key, id: later.id, date: DAY, time: "11:00", version: 1 }),
        409,
        "appointment-time-passed",
      );
      await expectFailure(
        move({ ...s.key, id: later.id, date: DAY, time: "13:00", version: 1 }),
        409,
        "appointment-inside-notice:2",
      );
      await move({ ...s.key, id: later.id, date: DAY, time: "13:00", version: 1, confirm_outside_rules: true });
      const read =
        variant === "general"
          ? s.staff.get_appointment_record_data_by_application_key_and_id
          : s.staff.get_medi_appointment_record_data_by_application_key_and_id;
      expect((await read({ ...s.key, id: walkIn.id })).data.starts_at).toBe(at("10:00"));
      expect((await read({ ...s.key, id: later.id })).data.starts_at).toBe(at("13:00"));
    },
  );
});
