import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentPatients,
  appointmentRecords,
  appointmentServices,
  monthlyFeeRecords,
} from "../../backend/db/schema";
import { errorText } from "../../backend/unique";
import {
  createAppointmentCategory,
  createAppointmentRecord,
  createAppointmentService,
  createMember,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createStore,
} from "../../tests/helpers/factories";
import { db } from "../../tests/integration/wire";

const refusal = async (write: Promise<unknown>) => errorText(await write.then(() => null).catch((error) => error));
const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe("appointments held by the database (migration 0036's triggers)", () => {
  it("refuses a booking whose time, buffers included, overlaps another of the provider's, and allows back to back", async () => {
    const { applicationKey: key } = await createStore(db());
    const { service, provider } = await createAppointmentService(db(), key, {
      service: { bufferAfterMinutes: 15 },
    });
    const first = await createAppointmentRecord(db(), key, service);
    const ten = first.startsAt;
    // 11:00 starts inside the first's 15-minute buffer; 11:15 starts when it ends.
    expect(await refusal(createAppointmentRecord(db(), key, service, { startsAt: at(ten, 60) }))).toContain(
      "appointment_time_overlap",
    );
    await createAppointmentRecord(db(), key, service, { startsAt: at(ten, 75) });

    // Another service of the same provider is refused too; a cancelled booking no longer blocks.
    const [other] = await db()
      .insert(appointmentServices)
      .values({ ...service, id: undefined, nameEn: "Other", createdAt: undefined })
      .returning();
    expect(other.providerId).toBe(provider.id);
    expect(await refusal(createAppointmentRecord(db(), key, other, { startsAt: at(ten, 30) }))).toContain(
      "appointment_time_overlap",
    );
    await db().update(appointmentRecords).set({ status: "cancelled" }).where(eq(appointmentRecords.id, first.id));
    await createAppointmentRecord(db(), key, other, { startsAt: at(ten, 0) });
  });

  it("shares a group slot up to its capacity, moving into a full one is refused", async () => {
    const { applicationKey: key } = await createStore(db());
    const { service } = await createAppointmentService(db(), key, { service: { capacity: 2 } });
    const first = await createAppointmentRecord(db(), key, service);
    await createAppointmentRecord(db(), key, service);
    expect(await refusal(createAppointmentRecord(db(), key, service))).toContain("appointment_time_overlap");

    const later = await createAppointmentRecord(db(), key, service, { startsAt: at(first.startsAt, 120) });
    const move = db()
      .update(appointmentRecords)
      .set({ startsAt: first.startsAt, endsAt: first.endsAt, blockedFrom: first.startsAt, blockedUntil: first.endsAt })
      .where(eq(appointmentRecords.id, later.id));
    expect(await refusal(move)).toContain("appointment_time_overlap");
  });

  it("a stopped category or service, or an inactive provider, takes no new bookings; cancelled and completed are final", async () => {
    const { applicationKey: key } = await createStore(db());
    const { service, category, provider } = await createAppointmentService(db(), key);
    const record = await createAppointmentRecord(db(), key, service);
    await db().update(appointmentCategories).set({ status: "stop" }).where(eq(appointmentCategories.id, category.id));
    expect(
      await refusal(createAppointmentRecord(db(), key, service, { startsAt: at(record.startsAt, 120) })),
    ).toContain("appointment_category_unavailable");
    await db().update(appointmentCategories).set({ status: "accept" }).where(eq(appointmentCategories.id, category.id));
    await db().update(appointmentProviders).set({ active: false }).where(eq(appointmentProviders.id, provider.id));
    expect(
      await refusal(createAppointmentRecord(db(), key, service, { startsAt: at(record.startsAt, 120) })),
    ).toContain("appointment_category_unavailable");
    await db().update(appointmentProviders).set({ active: true }).where(eq(appointmentProviders.id, provider.id));
    await db().update(appointmentServices).set({ status: "stop" }).where(eq(appointmentServices.id, service.id));
    expect(
      await refusal(createAppointmentRecord(db(), key, service, { startsAt: at(record.startsAt, 120) })),
    ).toContain("appointment_category_unavailable");

    await db().update(appointmentRecords).set({ status: "completed" }).where(eq(appointmentRecords.id, record.id));
    expect(
      await refusal(
        db().update(appointmentRecords).set({ status: "cancelled" }).where(eq(appointmentRecords.id, record.id)),
      ),
    ).toContain("appointment_record_closed");
  });

  it("keeps the two variants apart, and patient details to medical appointments", async () => {
    const { applicationKey: key } = await createStore(db());
    const general = await createAppointmentService(db(), key);
    const medicalCategory = await createAppointmentCategory(db(), key, { variant: "medical" });
    const mixed = db()
      .insert(appointmentServices)
      .values({ ...general.service, id: undefined, variant: "medical", categoryId: medicalCategory.id });
    expect(await refusal(mixed)).toContain("appointment_variant_mismatch");

    const generalRecord = await createAppointmentRecord(db(), key, general.service);
    const patient = db().insert(appointmentPatients).values({ recordId: generalRecord.id, applicationKey: key });
    expect(await refusal(patient)).toContain("appointment_patient_not_medical");

    const medical = await createAppointmentService(db(), key, { variant: "medical" });
    const record = await createAppointmentRecord(db(), key, medical.service, {
      patient: { hkidLastFour: "123A", allergies: "penicillin" },
    });
    const [details] = await db().select().from(appointmentPatients).where(eq(appointmentPatients.recordId, record.id));
    expect(details).toMatchObject({ hkidLastFour: "123A", allergies: "penicillin" });
  });
});

describe("monthly fee records held by the database", () => {
  it("charge their plan's days and price, one period of a member at a time", async () => {
    const { applicationKey: key } = await createStore(db());
    const plan = await createMonthlyFeePlan(db(), key, { days: 30, priceCents: 80_000 });
    const member = await createMember(db(), key);
    const record = await createMonthlyFeeRecord(db(), key, member.id, plan, { periodStart: "2026-12-01" });
    expect(record).toMatchObject({ periodEnd: "2026-12-30", amountCents: 80_000, status: "pending" });

    expect(await refusal(createMonthlyFeeRecord(db(), key, member.id, plan, { periodStart: "2026-12-01" }))).toContain(
      "monthly_fee_period_taken",
    );
    expect(
      await refusal(
        createMonthlyFeeRecord(db(), key, member.id, plan, { periodStart: "2026-12-31", amountCents: 70_000 }),
      ),
    ).toContain("monthly_fee_plan_mismatch");

    const elsewhere = await createStore(db());
    const foreignPlan = await createMonthlyFeePlan(db(), elsewhere.applicationKey);
    expect(
      await refusal(createMonthlyFeeRecord(db(), key, member.id, foreignPlan, { periodStart: "2026-12-31" })),
    ).toContain("monthly_plan_not_found");

    const paidWithoutMethod = db()
      .update(monthlyFeeRecords)
      .set({ status: "paid", paidAt: new Date().toISOString() })
      .where(eq(monthlyFeeRecords.id, record.id));
    expect(await refusal(paidWithoutMethod)).toContain("monthly_fee_record_paid");
  });
});
