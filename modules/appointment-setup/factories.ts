import type { Db } from "../../backend/db/client";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentSchedules,
  appointmentServices,
} from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { AppointmentSetupExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

type AppointmentVariant = typeof appointmentServices.$inferInsert.variant;

export async function createAppointmentProvider(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof appointmentProviders.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(appointmentProviders)
    .values({ applicationKey, variant: "general", nameZhHk: `師傅 ${id}`, nameEn: `Provider ${id}`, ...overrides })
    .returning();
  return row;
}

export async function createAppointmentCategory(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof appointmentCategories.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(appointmentCategories)
    .values({ applicationKey, variant: "general", nameZhHk: `類別 ${id}`, nameEn: `Category ${id}`, ...overrides })
    .returning();
  return row;
}

/**
 * A one-hour service (HK$300, one place per slot, no buffers, no notice) of a new category and provider
 * of the variant, open every day 10:00–18:00 HKT unless `schedules` says otherwise.
 */
export async function createAppointmentService(
  db: Db,
  applicationKey: string,
  options: {
    variant?: AppointmentVariant;
    service?: Partial<typeof appointmentServices.$inferInsert>;
    schedules?: Omit<typeof appointmentSchedules.$inferInsert, "applicationKey" | "serviceId">[];
  } = {},
) {
  const variant = options.variant ?? "general";
  const [category, provider] = await Promise.all([
    createAppointmentCategory(db, applicationKey, { variant }),
    createAppointmentProvider(db, applicationKey, { variant }),
  ]);
  const id = unique();
  const [service] = await db
    .insert(appointmentServices)
    .values({
      applicationKey,
      variant,
      categoryId: category.id,
      providerId: provider.id,
      nameZhHk: `服務 ${id}`,
      nameEn: `Service ${id}`,
      durationMinutes: 60,
      priceCents: 30_000,
      ...options.service,
    })
    .returning();
  const schedules = options.schedules ?? [{ scheduleType: "everyday", startTime: "10:00", endTime: "18:00" }];
  if (schedules.length > 0) {
    await db
      .insert(appointmentSchedules)
      .values(schedules.map((schedule) => ({ applicationKey, serviceId: service.id, ...schedule })));
  }
  return { category, provider, service };
}

export async function appointmentSetupExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<AppointmentSetupExampleRecords> {
  const recordsOf = async (variant: AppointmentVariant) => {
    const [used, spare, spareProvider, spareCategory] = await Promise.all([
      createAppointmentService(db, application_key, { variant }),
      createAppointmentService(db, application_key, { variant }),
      createAppointmentProvider(db, application_key, { variant }),
      createAppointmentCategory(db, application_key, { variant }),
    ]);
    return { used, spare, spareProvider, spareCategory };
  };
  const [general, medical] = await Promise.all([recordsOf("general"), recordsOf("medical")]);
  return {
    appointment_provider_id: general.used.provider.id,
    appointment_category_id: general.used.category.id,
    appointment_service_id: general.used.service.id,
    spare_appointment_provider_id: general.spareProvider.id,
    spare_appointment_category_id: general.spareCategory.id,
    spare_appointment_service_id: general.spare.service.id,
    medi_appointment_provider_id: medical.used.provider.id,
    medi_appointment_category_id: medical.used.category.id,
    medi_appointment_service_id: medical.used.service.id,
    spare_medi_appointment_provider_id: medical.spareProvider.id,
    spare_medi_appointment_category_id: medical.spareCategory.id,
    spare_medi_appointment_service_id: medical.spare.service.id,
  };
}
