import { inArray } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { appointmentPatients, appointmentRecords, appointmentServices } from "../../backend/db/schema";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import { unique } from "../../tests/helpers/factories";
import { appointmentSetupExampleRecords } from "../appointment-setup/factories";
import type { AppointmentRecordExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/**
 * A booking of the service by a guest, by default tomorrow at 10:00 HKT for the service's duration, its
 * buffers blocking the provider's time around it; medical ones can carry patient details.
 */
export async function createAppointmentRecord(
  db: Db,
  applicationKey: string,
  service: typeof appointmentServices.$inferSelect,
  overrides: Partial<typeof appointmentRecords.$inferInsert> & {
    patient?: Partial<typeof appointmentPatients.$inferInsert>;
  } = {},
) {
  const { patient, ...recordOverrides } = overrides;
  const startsAt =
    recordOverrides.startsAt ??
    new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const endsAt = new Date(Date.parse(startsAt) + service.durationMinutes * 60_000).toISOString();
  const [record] = await db
    .insert(appointmentRecords)
    .values({
      applicationKey,
      variant: service.variant,
      serviceId: service.id,
      providerId: service.providerId,
      customerName: `Guest ${unique()}`,
      customerPhone: "91234567",
      customerEmail: `guest-${unique()}@example.com`,
      startsAt,
      endsAt,
      blockedFrom: new Date(Date.parse(startsAt) - service.bufferBeforeMinutes * 60_000).toISOString(),
      blockedUntil: new Date(Date.parse(endsAt) + service.bufferAfterMinutes * 60_000).toISOString(),
      priceCents: service.priceCents,
      channel: "staff",
      ...recordOverrides,
    })
    .returning();
  if (patient) await db.insert(appointmentPatients).values({ recordId: record.id, applicationKey, ...patient });
  return record;
}

export async function appointmentRecordExampleRecords(
  db: Db,
  { application_key, of }: SharedExampleRecords,
): Promise<AppointmentRecordExampleRecords> {
  const { appointment_service_id, medi_appointment_service_id } = await of(appointmentSetupExampleRecords);
  const services = await db
    .select()
    .from(appointmentServices)
    .where(inArray(appointmentServices.id, [appointment_service_id, medi_appointment_service_id]));
  const serviceOf = (id: number) => services.find((service) => service.id === id)!;
  const [record, medicalRecord] = await Promise.all([
    createAppointmentRecord(db, application_key, serviceOf(appointment_service_id)),
    createAppointmentRecord(db, application_key, serviceOf(medi_appointment_service_id), {
      patient: { allergies: "Latex" },
    }),
  ]);
  return { appointment_record_id: record.id, medi_appointment_record_id: medicalRecord.id };
}
