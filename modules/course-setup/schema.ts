import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, known, updatedAt } from "../../backend/db/columns";
import { CREDIT_VALIDITY_STARTS } from "../../contract/options";
import { storeAccounts } from "../store/schema";

/** A coach who teaches a store's courses (spec "yoga coach"); an inactive one is kept for past sessions. */
export const courseCoaches = sqliteTable(
  "course_coach",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    photoUrl: text("photo_url"),
    bio: text("bio").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** Signed into the coach's calendar feed link (modules/calendar-feed): resetting the link raises it. */
    calendarFeedVersion: integer("calendar_feed_version").notNull().default(1),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_coach_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("course_coach_store_name_idx").on(table.applicationKey, sql`${table.nameEn} COLLATE NOCASE`, table.id),
    index("course_coach_store_active_idx").on(table.applicationKey, table.active, table.createdAt, table.id),
  ],
);

/** A kind of class (spec "yoga course type"): hatha, yin, spinning…, with the colour the timetable shows it in. */
export const courseTypes = sqliteTable(
  "course_type",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    /** #rrggbb, lower case. */
    colour: text("colour").notNull(),
    description: text("description").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_type_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("course_type_store_name_idx").on(table.applicationKey, sql`${table.nameEn} COLLATE NOCASE`, table.id),
    check("course_type_colour", sql`${table.colour} GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'`),
  ],
);

/**
 * What a member buys to book courses (spec "credit package"): credits valid for some days from the purchase
 * or from the first booking, for the course types of `credit_package_course_type`. A package once sold is
 * never deleted (its credits point at it): it goes off sale instead.
 */
export const creditPackages = sqliteTable(
  "credit_package",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    credits: integer("credits").notNull(),
    priceCents: integer("price_cents").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    onSale: flag("on_sale"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("credit_package_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("credit_package_store_price_idx").on(table.applicationKey, table.priceCents, table.id),
    index("credit_package_store_on_sale_idx").on(table.applicationKey, table.onSale, table.createdAt, table.id),
    check("credit_package_credits", sql`${table.credits} >= 1`),
    check("credit_package_price", sql`${table.priceCents} >= 0`),
    check("credit_package_validity_days", sql`${table.validityDays} >= 1`),
    check("credit_package_validity_starts", sql`${table.validityStarts} IN ${known(CREDIT_VALIDITY_STARTS)}`),
  ],
);

/** The course types a credit package pays for (at least one, the form requires it). */
export const creditPackageCourseTypes = sqliteTable(
  "credit_package_course_type",
  {
    applicationKey: text("application_key").notNull(),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id, { onDelete: "cascade" }),
    courseTypeId: integer("course_type_id")
      .notNull()
      .references(() => courseTypes.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("credit_package_course_type_unique").on(table.packageId, table.courseTypeId),
    index("credit_package_course_type_type_idx").on(table.courseTypeId),
  ],
);
