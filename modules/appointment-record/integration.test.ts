import i18next from "i18next";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { i18nConfig, type AppTFunction } from "../../app/i18n";
import { namespaces, resources } from "../../app/locales.generated.server";
import {
  recordListQuery,
  recordsCsv,
} from "../../app/routes/_store+/appointment-record-list+/__appointment-records.server";
import {
  appointmentPatients,
  appointmentProviders,
  appointmentSchedules,
  appointmentServices,
} from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import {
  createAppointmentRecord,
  createAppointmentService,
  createHolidayClosure,
  createMember,
  createStoreStaff,
} from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn } from "../../tests/integration/wire";

const list = { sorting: "starts_at", direction: "ASC", limit: 20, page: 1 } as const;
/** A UTC instant from a Hong Kong date and time. */
const hkt = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+08:00`)).toISOString();

/**
 * A store with two general services (each its own provider), a medical one, and bookings around the Hong
 * Kong day 2026-12-01: one at 23:30 the day before, one at 00:30 (that day in HKT, the day before in UTC).
 */
async function storeWithBookings() {
  const owner = await merchant("embedded");
  const key = owner.store.applicationKey;
  const [a, b, m] = await Promise.all([
    createAppointmentService(db(), key),
    createAppointmentService(db(), key),
    createAppointmentService(db(), key, { variant: "medical" }),
  ]);
  const member = await createMember(db(), key);
  const lateEve = await createAppointmentRecord(db(), key, a.service, { startsAt: hkt("2026-11-30", "23:30") });
  const earlyHours = await createAppointmentRecord(db(), key, a.service, {
    startsAt: hkt("2026-12-01", "00:30"),
    customerName: "Chan Tai Man",
  });
  const cancelled = await createAppointmentRecord(db(), key, a.service, {
    startsAt: hkt("2026-12-01", "10:00"),
    status: "cancelled",
  });
  const ofMember = await createAppointmentRecord(db(), key, b.service, {
    startsAt: hkt("2026-12-01", "09:00"),
    memberId: member.id,
    customerPhone: "65432100",
  });
  const nextDay = await createAppointmentRecord(db(), key, b.service, {
    startsAt: hkt("2026-12-02", "11:00"),
    customerEmail: "wong.siu.ming@example.com",
  });
  const medical = await createAppointmentRecord(db(), key, m.service, { startsAt: hkt("2026-12-01", "10:00") });
  return {
    ...owner,
    services: { a, b, m },
    member,
    records: { lateEve, earlyHours, cancelled, ofMember, nextDay, medical },
  };
}

type ListInput = Omit<
  PayloadInput<"get_appointment_record_data_and_total_number_by_sorting_and_limit">,
  "application_key"
>;

describe("appointment record lists", () => {
  it("searches, filters by service, provider, status and Hong Kong days, sorts and pages, each variant apart", async () => {
    const { client, key, services, member, records } = await storeWithBookings();
    const ids = async (input: ListInput) =>
      (
        await client.get_appointment_record_data_and_total_number_by_sorting_and_limit({ ...key, ...list, ...input })
      ).data.map((record) => record.id);
    const { earlyHours, lateEve, cancelled, ofMember, nextDay, medical } = records;

    // 00:30 HKT on 1 December is that day; 23:30 HKT on 30 November is not, though both are 30 November in UTC.
    expect(await ids({ date_from: "2026-12-01", date_to: "2026-12-01" })).toEqual([
      earlyHours.id,
      ofMember.id,
      cancelled.id,
    ]);
    expect(await ids({ date_to: "2026-11-30" })).toEqual([lateEve.id]);
    expect(await ids({ date_from: "2026-12-02" })).toEqual([nextDay.id]);
    expect(await ids({ service_id: services.a.service.id })).toEqual([lateEve.id, earlyHours.id, cancelled.id]);
    expect(await ids({ provider_id: services.b.provider.id })).toEqual([ofMember.id, nextDay.id]);
    expect(await ids({ status: "cancelled" })).toEqual([cancelled.id]);
    expect(await ids({ keyword: "chan tai" })).toEqual([earlyHours.id]);
    expect(await ids({ keyword: "654321" })).toEqual([ofMember.id]);
    expect(await ids({ keyword: "wong.siu" })).toEqual([nextDay.id]);
    expect(await ids({ direction: "DESC" })).toEqual([
      nextDay.id,
      cancelled.id,
      ofMember.id,
      earlyHours.id,
      lateEve.id,
    ]);
    expect(await ids({ sorting: "create_date", direction: "DESC" })).toEqual([
      nextDay.id,
      ofMember.id,
      cancelled.id,
      earlyHours.id,
      lateEve.id,
    ]);
    // A medical service's id filters the general list down to nothing.
    expect(await ids({ service_id: services.m.service.id })).toEqual([]);

    const page = await client.get_appointment_record_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      limit: 2,
      page: 2,
    });
    expect(page.data.map((record) => record.id)).toEqual([ofMember.id, cancelled.id]);
    expect(page.extra).toEqual({ total_number: 5 });
    expect(page.data[0]).toMatchObject({
      member_id: member.id,
      member_code: member.memberCode,
      service: { name_en: services.b.service.nameEn },
      provider: { name_en: services.b.provider.nameEn },
      customer_phone: "65432100",
      price_cents: 30_000,
      status: "success",
      channel: "staff",
    });

    const medicalList = await client.get_medi_appointment_record_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
    });
    expect(medicalList.data.map((record) => record.id)).toEqual([medical.id]);
    expect(medicalList.extra).toEqual({ total_number: 1 });
    // The list never carries patient details.
    expect(Object.keys(medicalList.data[0])).not.toContain("allergies");
  });

  it("shows one Hong Kong day per provider: active providers and any other with a booking that day, in time order", async () => {
    const { client, key, services, records } = await storeWithBookings();
    const retired = await createAppointmentService(db(), key.application_key);
    const idle = await createAppointmentService(db(), key.application_key);
    // Booked before the provider was made inactive (an inactive provider takes no new bookings).
    const retiredBooking = await createAppointmentRecord(db(), key.application_key, retired.service, {
      startsAt: hkt("2026-12-01", "15:00"),
    });
    await db()
      .update(appointmentProviders)
      .set({ active: false })
      .where(eq(appointmentProviders.id, retired.provider.id));
    await db().update(appointmentProviders).set({ active: false }).where(eq(appointmentProviders.id, idle.provider.id));

    const { data } = await client.get_appointment_record_data_list_by_application_key_and_date({
      ...key,
      date: "2026-12-01",
    });
    expect(data.providers.map((provider) => [provider.id, provider.active])).toEqual([
      [services.a.provider.id, true],
      [services.b.provider.id, true],
      [retired.provider.id, false],
    ]);
    expect(data.records.map((record) => [record.provider_id, record.id])).toEqual([
      [services.a.provider.id, records.earlyHours.id],
      [services.b.provider.id, records.ofMember.id],
      [services.a.provider.id, records.cancelled.id],
      [retired.provider.id, retiredBooking.id],
    ]);

    const medicalDay = await client.get_medi_appointment_record_data_list_by_application_key_and_date({
      ...key,
      date: "2026-12-01",
    });
    expect(medicalDay.data.providers.map((provider) => provider.id)).toEqual([services.m.provider.id]);
    expect(medicalDay.data.records.map((record) => record.id)).toEqual([records.medical.id]);
  });

  it("reads a Hong Kong week: its bookings, each provider's merged open times and the holiday closures", async () => {
    const { client, key, services, records } = await storeWithBookings();
    // A second service of provider a, open 17:00–20:00 on Tuesdays: merged with a's 10:00–18:00.
    const [evening] = await db()
      .insert(appointmentServices)
      .values({
        applicationKey: key.application_key,
        variant: "general",
        categoryId: services.a.category.id,
        providerId: services.a.provider.id,
        nameZhHk: "晚間",
        durationMinutes: 60,
        priceCents: 10_000,
      })
      .returning();
    await db()
      .insert(appointmentSchedules)
      .values([
        {
          applicationKey: key.application_key,
          serviceId: evening.id,
          scheduleType: "tuesday",
          startTime: "17:00",
          endTime: "20:00",
        },
        // Provider b is closed on Wednesday 2 December by its service's own date row.
        {
          applicationKey: key.application_key,
          serviceId: services.b.service.id,
          scheduleType: "specific_date",
          specificDate: "2026-12-02",
          closed: true,
        },
      ]);
    await createHolidayClosure(db(), key.application_key, {
      startDate: "2026-12-04",
      endDate: "2026-12-10",
      nameZhHk: "裝修",
      nameEn: "Renovation",
    });
    const { data } = await client.get_appointment_record_data_list_by_application_key_and_date({
      ...key,
      date: "2026-11-30",
      date_to: "2026-12-06",
    });
    expect(data.records.map((record) => record.id)).toEqual([
      records.lateEve.id,
      records.earlyHours.id,
      records.ofMember.id,
      records.cancelled.id,
      records.nextDay.id,
    ]);
    const openOf = (providerId: number) =>
      data.open_times
        .filter((open) => open.provider_id === providerId)
        .map((open) => `${open.date} ${open.start}–${open.end}`);
    expect(openOf(services.a.provider.id)).toEqual([
      "2026-11-30 10:00–18:00",
      "2026-12-01 10:00–20:00",
      "2026-12-02 10:00–18:00",
      "2026-12-03 10:00–18:00",
    ]);
    expect(openOf(services.b.provider.id)).toEqual([
      "2026-11-30 10:00–18:00",
      "2026-12-01 10:00–18:00",
      "2026-12-03 10:00–18:00",
    ]);
    expect(data.closed_days.map((day) => [day.date, day.name_en])).toEqual([
      ["2026-12-04", "Renovation"],
      ["2026-12-05", "Renovation"],
      ["2026-12-06", "Renovation"],
    ]);
    await expectFailure(
      client.get_appointment_record_data_list_by_application_key_and_date({
        ...key,
        date: "2026-11-30",
        date_to: "2026-12-07",
      }),
      400,
      "invalid-payload",
    );
  });
});

const details = {
  date_of_birth: "1980-02-29",
  gender: "female",
  hkid_last_four: "123a",
  allergies: "Penicillin allergy",
  medical_notes: "Knee pain after marathon training",
} as const;

async function translator(locale: "en" | "zh-HK") {
  const instance = i18next.createInstance();
  await instance.init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...namespaces], resources });
  return instance.getFixedT(locale) as AppTFunction;
}

describe("a medical booking's patient details", () => {
  it("are read, saved over their version and erased by an admin role only, and the log keeps none of them", async () => {
    const { client, key, records } = await storeWithBookings();
    const id = records.medical.id;
    const sales = await createStoreStaff(db(), key.application_key, { role: "sales" });
    const admin = await createStoreStaff(db(), key.application_key, { role: "admin" });
    const salesClient = clientOver("embedded", await signIn("embedded", sales.email, sales.password));
    const adminClient = clientOver("embedded", await signIn("embedded", admin.email, admin.password));

    // The sales role writes medical appointments but never sees patient details.
    await expectFailure(
      salesClient.get_medi_appointment_patient_data_by_application_key_and_id({ ...key, id }),
      403,
      "forbidden",
    );
    await expectFailure(
      salesClient.update_medi_appointment_patient_data_by_application_key_and_id({
        ...key,
        id,
        version: null,
        ...details,
      }),
      403,
      "forbidden",
    );
    await expectFailure(
      salesClient.delete_medi_appointment_patient_data_by_application_key_and_id({ ...key, id }),
      403,
      "forbidden",
    );
    await expectFailure(
      salesClient.get_medi_appointment_patient_data_list_by_application_key_and_record_ids({
        ...key,
        record_ids: [id],
      }),
      403,
      "forbidden",
    );
    // A general booking has none.
    await expectFailure(
      adminClient.get_medi_appointment_patient_data_by_application_key_and_id({ ...key, id: records.earlyHours.id }),
      404,
      "not-found",
    );
    await expectFailure(
      adminClient.get_medi_appointment_patient_data_list_by_application_key_and_record_ids({
        ...key,
        record_ids: [id, records.earlyHours.id],
      }),
      404,
      "not-found",
    );

    const empty = await adminClient.get_medi_appointment_patient_data_by_application_key_and_id({ ...key, id });
    expect(empty.data).toEqual({
      record_id: id,
      customer_name: records.medical.customerName,
      starts_at: records.medical.startsAt,
      ends_at: records.medical.endsAt,
      date_of_birth: null,
      gender: null,
      hkid_last_four: null,
      allergies: "",
      medical_notes: "",
      version: null,
    });

    const added = await adminClient.update_medi_appointment_patient_data_by_application_key_and_id({
      ...key,
      id,
      version: null,
      ...details,
    });
    expect(added.data).toEqual({ version: 1 });
    // A second first save (another tab) and a save over a version never loaded are both stale.
    await expectFailure(
      client.update_medi_appointment_patient_data_by_application_key_and_id({ ...key, id, version: null, ...details }),
      409,
      "edited-elsewhere",
    );
    await expectFailure(
      client.update_medi_appointment_patient_data_by_application_key_and_id({ ...key, id, version: 2, ...details }),
      409,
      "edited-elsewhere",
    );
    const changed = await client.update_medi_appointment_patient_data_by_application_key_and_id({
      ...key,
      id,
      version: 1,
      ...details,
      allergies: "",
    });
    expect(changed.data).toEqual({ version: 2 });
    const saved = await adminClient.get_medi_appointment_patient_data_by_application_key_and_id({ ...key, id });
    expect(saved.data).toMatchObject({ ...details, hkid_last_four: "123A", allergies: "", version: 2 });

    const refused = await expectFailure(
      client.update_medi_appointment_patient_data_by_application_key_and_id({
        ...key,
        id,
        version: 2,
        ...details,
        hkid_last_four: "1A-4",
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ hkid_last_four: ["format-not-match"] });

    await adminClient.delete_medi_appointment_patient_data_by_application_key_and_id({ ...key, id });
    expect(await db().select().from(appointmentPatients).where(eq(appointmentPatients.recordId, id))).toEqual([]);
    // Saving over the erased version finds nothing to save over.
    await expectFailure(
      client.update_medi_appointment_patient_data_by_application_key_and_id({ ...key, id, version: 2, ...details }),
      409,
      "edited-elsewhere",
    );
    expect(await db().select().from(appointmentPatients).where(eq(appointmentPatients.recordId, id))).toEqual([]);

    const log = (await logOf(key.application_key)).filter(
      (entry) => entry.data_type === "medi_appointment_record_data",
    );
    expect(log.map((entry) => [entry.action, entry.record_id, entry.record_name_en, entry.changes])).toEqual([
      ["edit", String(id), `#${id}`, { patient_details: ["none", "saved"] }],
      ["edit", String(id), `#${id}`, { patient_details: ["saved", "changed"] }],
      ["edit", String(id), `#${id}`, { patient_details: ["saved", "erased"] }],
    ]);
    const logged = JSON.stringify(await logOf(key.application_key));
    for (const value of ["1980-02-29", "123A", "123a", "Penicillin", "Knee pain"]) expect(logged).not.toContain(value);
  });

  it("are in the medical export only for those who may see them", async () => {
    const { client, key, records } = await storeWithBookings();
    await client.update_medi_appointment_patient_data_by_application_key_and_id({
      ...key,
      id: records.medical.id,
      version: null,
      ...details,
    });
    const t = await translator("en");
    const query = recordListQuery(
      new URL("http://app.test/medi-appointment-record-list/export.csv?date_from=2026-12-01"),
    );
    const rowsOf = (csv: string) =>
      csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");

    const [header, row, ...rest] = rowsOf(
      await recordsCsv(client, "medical", key.application_key, query, { t, locale: "en" }, true),
    );
    expect(rest).toEqual([]);
    expect(header).toBe(
      "ID,Starts (HKT),Ends (HKT),Status,Service,Provider,Customer,Phone,E-mail,Member code,Price,Channel,Booked at (HKT)," +
        'Date of birth,Gender,"HKID card, last four characters",Allergies,Medical notes',
    );
    expect(row).toContain(`${records.medical.id},2026-12-01 10:00,2026-12-01 11:00,Booked,`);
    expect(row).toContain(",1980-02-29,Female,123A,Penicillin allergy,Knee pain after marathon training");

    const without = rowsOf(await recordsCsv(client, "medical", key.application_key, query, { t, locale: "en" }, false));
    expect(without[0]).toBe(
      "ID,Starts (HKT),Ends (HKT),Status,Service,Provider,Customer,Phone,E-mail,Member code,Price,Channel,Booked at (HKT)",
    );
    expect(without.join("\n")).not.toContain("Penicillin");

    // The list's default order: latest start first.
    const general = rowsOf(await recordsCsv(client, "general", key.application_key, query, { t, locale: "en" }, false));
    expect(general.slice(1).map((line) => Number(line.split(",")[0]))).toEqual([
      records.nextDay.id,
      records.cancelled.id,
      records.ofMember.id,
      records.earlyHours.id,
    ]);
  });
});
