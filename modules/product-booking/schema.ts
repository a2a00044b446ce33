import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, known, money, updatedAt } from "../../backend/db/columns";
import { PRODUCT_BOOKING_CHANNELS, PRODUCT_BOOKING_STATUSES } from "../../contract/options";
import { members } from "../member/schema";
import { orders } from "../order/schema";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";

/**
 * A product's pre-order setting: whether it takes bookings, the deposit per unit and when stock is
 * expected. How many units of each variant may be booked is its `product_booking_quota`.
 */
export const productBookingSettings = sqliteTable(
  "product_booking_setting",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    applicationKey: text("application_key").notNull(),
    open: flag("open"),
    depositCents: money("deposit_cents").notNull().default(0),
    /** The Hong Kong day stock is expected (YYYY-MM-DD), shown to customers. */
    expectedArrivalDate: text("expected_arrival_date"),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("product_booking_setting_store_idx").on(table.applicationKey, table.open, table.productId),
    check("product_booking_setting_deposit", sql`${table.depositCents} >= 0`),
    check(
      "product_booking_setting_arrival",
      sql`${table.expectedArrivalDate} IS NULL OR ${table.expectedArrivalDate} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`,
    ),
  ],
);

/**
 * How many units of a variant may be booked (a variant without a row takes no bookings). `booked_units`
 * is kept by the triggers of migration 0049 (the units of the variant's bookings that are not cancelled)
 * and never exceeds the quota: that CHECK is what refuses the booking past it, however many arrive at once.
 */
export const productBookingQuotas = sqliteTable(
  "product_booking_quota",
  {
    variantId: integer("variant_id")
      .primaryKey()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quota: integer("quota").notNull(),
    bookedUnits: integer("booked_units").notNull().default(0),
  },
  (table) => [
    index("product_booking_quota_product_idx").on(table.productId, table.variantId),
    check("product_booking_quota_full", sql`${table.bookedUnits} BETWEEN 0 AND ${table.quota}`),
  ],
);

/**
 * Spec "product booking": a member's (or guest's) pre-order of a product's variant. Bookings are converted to
 * orders in the order they were made (`id`), each once (`order_id`, unique).
 */
export const productBookings = sqliteTable(
  "product_booking",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** The variant booked (NULL once deleted). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** Its option values as they read when booked ("M / 黑色"); NULL for a product without options. */
    variantNameZhHk: text("variant_name_zh_hk"),
    variantNameEn: text("variant_name_en"),
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    quantity: integer("quantity").notNull(),
    depositCents: money("deposit_cents").notNull().default(0),
    depositPaid: flag("deposit_paid"),
    status: text("status", { enum: PRODUCT_BOOKING_STATUSES }).notNull().default("booked"),
    channel: text("channel", { enum: PRODUCT_BOOKING_CHANNELS }).notNull(),
    /** A website booking's client-made id: a replay answers the first booking. */
    idempotencyKey: text("idempotency_key"),
    orderId: integer("order_id").references(() => orders.id),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    notifiedAt: text("notified_at"),
    convertedAt: text("converted_at"),
    cancelledAt: text("cancelled_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("product_booking_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("product_booking_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("product_booking_store_product_idx").on(table.applicationKey, table.productId, table.createdAt, table.id),
    // Conversion takes a product's open bookings in booking order.
    index("product_booking_queue_idx").on(table.productId, table.status, table.id),
    index("product_booking_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
    index("product_booking_member_idx")
      .on(table.applicationKey, table.memberId, table.createdAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    uniqueIndex("product_booking_order_unique")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    uniqueIndex("product_booking_idempotency_idx")
      .on(table.applicationKey, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    check("product_booking_status", sql`${table.status} IN ${known(PRODUCT_BOOKING_STATUSES)}`),
    check("product_booking_channel", sql`${table.channel} IN ${known(PRODUCT_BOOKING_CHANNELS)}`),
    check("product_booking_quantity", sql`${table.quantity} >= 1`),
    check("product_booking_deposit", sql`${table.depositCents} >= 0`),
    check("product_booking_converted", sql`(${table.status} = 'converted') = (${table.orderId} IS NOT NULL)`),
  ],
);
