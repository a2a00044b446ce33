import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, known, money } from "../../backend/db/columns";
import { APPOINTMENT_STATUSES, APPOINTMENT_VARIANTS, SCHEDULE_TYPES } from "../../contract/options";
import { storeStaff } from "../staff-account/schema";
import { storeAccounts } from "../store/schema";

/** Which twin a row belongs to: the general appointment module or the medical one. */
export const variant = () => text("variant", { enum: APPOINTMENT_VARIANTS }).notNull();
export const variantCheck = (name: string, column: SQLiteColumn) =>
  check(name, sql`${column} IN ${known(APPOINTMENT_VARIANTS)}`);

/**
 * Who gives an appointment: one of the store's staff accounts or a named practitioner. A provider is
 * booked once at a time across all their services (buffers included).
 */
export const appointmentProviders = sqliteTable(
  "appointment_provider",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    /** The store staff account this provider is, or NULL for a practitioner without an account. */
    staffId: integer("staff_id").references(() => storeStaff.id, { onDelete: "set null" }),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** Signed into the provider's calendar feed link (modules/calendar-feed): resetting the link raises it. */
    calendarFeedVersion: integer("calendar_feed_version").notNull().default(1),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_provider_store_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_provider_staff_idx")
      .on(table.staffId)
      .where(sql`${table.staffId} IS NOT NULL`),
    variantCheck("appointment_provider_variant", table.variant),
  ],
);

/** Spec "appointment category": groups services; a stopped one takes no new bookings. */
export const appointmentCategories = sqliteTable(
  "appointment_category",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    imageUrl: text("image_url"),
    description: text("description").notNull().default(""),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("accept"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_category_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_category_store_name_idx").on(
      table.applicationKey,
      table.variant,
      sql`${table.nameEn} COLLATE NOCASE`,
      table.id,
    ),
    variantCheck("appointment_category_variant", table.variant),
    check("appointment_category_status", sql`${table.status} IN ${known(APPOINTMENT_STATUSES)}`),
  ],
);

/** Spec "appointment" (setting): what a customer books, how long it takes, when and with whom. */
export const appointmentServices = sqliteTable(
  "appointment_service",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => appointmentCategories.id),
    providerId: integer("provider_id")
      .notNull()
      .references(() => appointmentProviders.id),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    priceCents: money("price_cents").notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    /** Bookings one slot holds (1: one to one; more: a group at the same start). */
    capacity: integer("capacity").notNull().default(1),
    minNoticeHours: integer("min_notice_hours").notNull().default(0),
    bookingWindowDays: integer("booking_window_days").notNull().default(60),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("accept"),
    /** The store website's order (the sorting page), smallest first. */
    sortOrder: integer("sort_order").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_service_store_sort_idx").on(table.applicationKey, table.variant, table.sortOrder, table.id),
    index("appointment_service_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_service_category_idx").on(table.categoryId, table.sortOrder, table.id),
    index("appointment_service_provider_idx").on(table.providerId),
    variantCheck("appointment_service_variant", table.variant),
    check("appointment_service_status", sql`${table.status} IN ${known(APPOINTMENT_STATUSES)}`),
    check("appointment_service_duration", sql`${table.durationMinutes} BETWEEN 5 AND 720`),
    check("appointment_service_price", sql`${table.priceCents} >= 0`),
    check(
      "appointment_service_buffers",
      sql`${table.bufferBeforeMinutes} BETWEEN 0 AND 240 AND ${table.bufferAfterMinutes} BETWEEN 0 AND 240`,
    ),
    check("appointment_service_capacity", sql`${table.capacity} BETWEEN 1 AND 100`),
    check(
      "appointment_service_notice_window",
      sql`${table.minNoticeHours} BETWEEN 0 AND 720 AND ${table.bookingWindowDays} BETWEEN 1 AND 365`,
    ),
  ],
);

/**
 * One opening of a service, Hong Kong time: a time range (HH:MM, end after start) every day, on one
 * weekday or on one date; several rows of one type and day are several ranges. A date row may instead
 * close the day. The most specific type present for a day wins (date, then weekday, then every day).
 */
export const appointmentSchedules = sqliteTable(
  "appointment_schedule",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => appointmentServices.id, { onDelete: "cascade" }),
    scheduleType: text("schedule_type", { enum: SCHEDULE_TYPES }).notNull(),
    /** YYYY-MM-DD, only for specific_date. */
    specificDate: text("specific_date"),
    closed: flag("closed"),
    /** HH:MM, NULL only on a closed date. */
    startTime: text("start_time"),
    endTime: text("end_time"),
  },
  (table) => [
    index("appointment_schedule_service_idx").on(table.serviceId, table.scheduleType, table.specificDate),
    check("appointment_schedule_type", sql`${table.scheduleType} IN ${known(SCHEDULE_TYPES)}`),
    check(
      "appointment_schedule_date",
      sql`(${table.scheduleType} = 'specific_date') = (${table.specificDate} IS NOT NULL)
        AND (${table.specificDate} IS NULL OR ${table.specificDate} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')`,
    ),
    check(
      "appointment_schedule_times",
      sql`CASE WHEN ${table.closed} THEN ${table.scheduleType} = 'specific_date'
          AND ${table.startTime} IS NULL AND ${table.endTime} IS NULL
        ELSE ${table.startTime} GLOB '[0-2][0-9]:[0-5][0-9]' AND ${table.endTime} GLOB '[0-2][0-9]:[0-5][0-9]'
          AND ${table.startTime} < ${table.endTime} AND ${table.endTime} <= '24:00' END`,
    ),
  ],
);
