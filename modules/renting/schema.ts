import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, jsonList, money } from "../../backend/db/columns";
import { RENTING_PRODUCT_STATUSES, RENTING_RECORD_STATUSES } from "../../contract/options";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/** Spec "renting product": what the store lends out, how many it owns, and what a rental costs. */
export const rentingProducts = sqliteTable(
  "renting_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    descriptionZhHk: text("description_zh_hk").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    images: jsonList("images"),
    unitsOwned: integer("units_owned").notNull(),
    pricePerDayCents: money("price_per_day_cents").notNull(),
    /** Optional: a week or a month, when cheaper, is charged instead of its days (backend/renting-price.ts). */
    pricePerWeekCents: money("price_per_week_cents"),
    pricePerMonthCents: money("price_per_month_cents"),
    depositCents: money("deposit_cents").notNull().default(0),
    lateFeePerDayCents: money("late_fee_per_day_cents").notNull().default(0),
    status: text("status", { enum: RENTING_PRODUCT_STATUSES }).notNull().default("rentable"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("renting_product_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("renting_product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`, table.id),
    index("renting_product_store_price_idx").on(table.applicationKey, table.pricePerDayCents, table.id),
    index("renting_product_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    check("renting_product_status", sql`${table.status} IN ${known(RENTING_PRODUCT_STATUSES)}`),
    check("renting_product_units", sql`${table.unitsOwned} BETWEEN 0 AND 100000`),
    check(
      "renting_product_money",
      sql`${table.pricePerDayCents} >= 0 AND coalesce(${table.pricePerWeekCents}, 0) >= 0
        AND coalesce(${table.pricePerMonthCents}, 0) >= 0 AND ${table.depositCents} >= 0
        AND ${table.lateFeePerDayCents} >= 0`,
    ),
  ],
);

/**
 * Spec "renting record": units of one renting product lent over the half-open range [starts_at, ends_at)
 * (UTC instants; pages show Hong Kong time). The triggers of migration 0038 keep the units that booked
 * and rented records hold at any moment within the product's units owned, so back-to-back rentals fit
 * and overlapping ones beyond the stock are refused, however many arrive at once.
 */
export const rentingRecords = sqliteTable(
  "renting_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    productId: integer("product_id")
      .notNull()
      .references(() => rentingProducts.id),
    /** The member who rents, or NULL for a guest; the customer fields are filled either way. */
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    units: integer("units").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    /** The rent charged (the cheapest combination of day, week and month prices) and the deposit taken. */
    rentCents: money("rent_cents").notNull(),
    depositCents: money("deposit_cents").notNull().default(0),
    /** Charged on a late return: the late fee per day for each day or part of a day after `ends_at`. */
    lateFeeCents: money("late_fee_cents").notNull().default(0),
    /** What of the deposit went back on return, and why any of it was kept. */
    depositRefundedCents: money("deposit_refunded_cents"),
    depositDeductionNote: text("deposit_deduction_note").notNull().default(""),
    status: text("status", { enum: RENTING_RECORD_STATUSES }).notNull().default("success"),
    pickedUpAt: text("picked_up_at"),
    returnedAt: text("returned_at"),
    completedAt: text("completed_at"),
    cancelledAt: text("cancelled_at"),
    /** When the hourly job reminded the customer that it is due back (backend/booking-reminders.ts); set once. */
    remindedAt: text("reminded_at"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("renting_record_store_start_idx").on(table.applicationKey, table.startsAt, table.id),
    index("renting_record_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("renting_record_store_status_idx").on(table.applicationKey, table.status, table.startsAt, table.id),
    index("renting_record_store_product_idx").on(table.applicationKey, table.productId, table.startsAt, table.id),
    index("renting_record_product_units_idx").on(table.productId, table.status, table.startsAt, table.endsAt),
    index("renting_record_member_idx")
      .on(table.applicationKey, table.memberId, table.startsAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    // The reminder job's look for rentals due back soon that have had no reminder, across stores.
    index("renting_record_reminder_idx")
      .on(table.endsAt)
      .where(sql`${table.remindedAt} IS NULL AND ${table.status} = 'rented'`),
    check("renting_record_status", sql`${table.status} IN ${known(RENTING_RECORD_STATUSES)}`),
    check("renting_record_units", sql`${table.units} >= 1`),
    check("renting_record_range", sql`${table.startsAt} < ${table.endsAt}`),
    check(
      "renting_record_money",
      sql`${table.rentCents} >= 0 AND ${table.depositCents} >= 0 AND ${table.lateFeeCents} >= 0
        AND (${table.depositRefundedCents} IS NULL OR ${table.depositRefundedCents} BETWEEN 0 AND ${table.depositCents})`,
    ),
  ],
);
