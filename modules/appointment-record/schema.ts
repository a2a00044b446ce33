import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, money, updatedAt } from "../../backend/db/columns";
import { APPOINTMENT_CHANNELS, APPOINTMENT_RECORD_STATUSES, PATIENT_GENDERS } from "../../contract/options";
import { appointmentProviders, appointmentServices, variant, variantCheck } from "../appointment-setup/schema";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/**
 * Spec "appointment record": one booking of a service with its provider. `blocked_from`..`blocked_until`
 * is the time it takes from the provider, buffers included; the triggers of migration 0036 refuse a
 * booking whose blocked time overlaps another of the provider's (a group slot of one service and start
 * is shared up to its capacity) and a new booking of a stopped category or service.
 */
export const appointmentRecords = sqliteTable(
  "appointment_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => appointmentServices.id),
    providerId: integer("provider_id")
      .notNull()
      .references(() => appointmentProviders.id),
    /** The member who booked, or NULL for a guest; the customer fields are filled either way. */
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    /** UTC instants; pages show them in Hong Kong time. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    blockedFrom: text("blocked_from").notNull(),
    blockedUntil: text("blocked_until").notNull(),
    priceCents: money("price_cents").notNull(),
    status: text("status", { enum: APPOINTMENT_RECORD_STATUSES }).notNull().default("success"),
    channel: text("channel", { enum: APPOINTMENT_CHANNELS }).notNull(),
    /** A website booking's client-made id: a replay answers the first booking. */
    idempotencyKey: text("idempotency_key"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    cancelledAt: text("cancelled_at"),
    completedAt: text("completed_at"),
    /** When the hourly job sent the customer's reminder (backend/booking-reminders.ts); set once. */
    remindedAt: text("reminded_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_record_store_start_idx").on(table.applicationKey, table.variant, table.startsAt, table.id),
    index("appointment_record_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_record_store_status_idx").on(
      table.applicationKey,
      table.variant,
      table.status,
      table.startsAt,
      table.id,
    ),
    index("appointment_record_service_idx").on(table.serviceId, table.startsAt, table.status),
    index("appointment_record_provider_idx").on(table.providerId, table.blockedFrom, table.status),
    index("appointment_record_member_idx")
      .on(table.applicationKey, table.memberId, table.startsAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    // The reminder job's look for bookings starting soon that have had no reminder, across stores.
    index("appointment_record_reminder_idx")
      .on(table.startsAt)
      .where(sql`${table.remindedAt} IS NULL AND ${table.status} = 'success'`),
    uniqueIndex("appointment_record_idempotency_idx")
      .on(table.applicationKey, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    variantCheck("appointment_record_variant", table.variant),
    check("appointment_record_status", sql`${table.status} IN ${known(APPOINTMENT_RECORD_STATUSES)}`),
    check("appointment_record_channel", sql`${table.channel} IN ${known(APPOINTMENT_CHANNELS)}`),
    check("appointment_record_price", sql`${table.priceCents} >= 0`),
    check(
      "appointment_record_times",
      sql`${table.startsAt} < ${table.endsAt} AND ${table.blockedFrom} <= ${table.startsAt}
        AND ${table.blockedUntil} >= ${table.endsAt}
        AND julianday(${table.blockedUntil}) - julianday(${table.blockedFrom}) <= 1`,
    ),
  ],
);

/**
 * A medical appointment's patient details, beside its record so that they can be read, left out and
 * erased on their own: only roles with the patient-details permission see them (docs/modules.md).
 */
export const appointmentPatients = sqliteTable(
  "appointment_patient",
  {
    recordId: integer("record_id")
      .primaryKey()
      .references(() => appointmentRecords.id, { onDelete: "cascade" }),
    applicationKey: text("application_key").notNull(),
    /** YYYY-MM-DD. */
    dateOfBirth: text("date_of_birth"),
    gender: text("gender", { enum: PATIENT_GENDERS }),
    /** The last four characters of the HKID card only, never the whole number. */
    hkidLastFour: text("hkid_last_four"),
    allergies: text("allergies").notNull().default(""),
    medicalNotes: text("medical_notes").notNull().default(""),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("appointment_patient_gender", sql`${table.gender} IS NULL OR ${table.gender} IN ${known(PATIENT_GENDERS)}`),
    check("appointment_patient_hkid", sql`${table.hkidLastFour} IS NULL OR length(${table.hkidLastFour}) = 4`),
  ],
);
