import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, jsonList } from "../../backend/db/columns";
import {
  CREDIT_MOVEMENT_REASONS,
  CREDIT_ORDER_CHANNELS,
  CREDIT_ORDER_STATUSES,
  CREDIT_VALIDITY_STARTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../../contract/options";
import { courseBookings } from "../course-booking/schema";
import { creditPackages } from "../course-setup/schema";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/**
 * A member's purchase of a credit package (spec "credit order"), at the counter or on the store's website.
 * It keeps the package's name, credits and validity as sold; paying it grants the credits (member_credit)
 * in the same batch, once.
 */
export const creditOrders = sqliteTable(
  "credit_order",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The client's id for one submission: a replay finds the first order (unique per store). */
    idempotencyKey: text("idempotency_key").notNull(),
    channel: text("channel", { enum: CREDIT_ORDER_CHANNELS }).notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id),
    packageNameZhHk: text("package_name_zh_hk").notNull(),
    packageNameEn: text("package_name_en").notNull(),
    credits: integer("credits").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: CREDIT_ORDER_STATUSES }).notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    proofImageUrls: jsonList("proof_image_urls"),
    /** What staff found received when they verified the proof (it may differ from the price). */
    receivedCents: integer("received_cents"),
    note: text("note"),
    /** Staff's e-mail for counter sales and each later change; null for the website's. */
    actorEmail: text("actor_email"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    refundedAt: text("refunded_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_order_idempotency_unique").on(table.applicationKey, table.idempotencyKey),
    index("credit_order_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("credit_order_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("credit_order_store_payment_status_idx").on(
      table.applicationKey,
      table.paymentStatus,
      table.createdAt,
      table.id,
    ),
    index("credit_order_store_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("credit_order_store_price_idx").on(table.applicationKey, table.priceCents, table.id),
    index("credit_order_package_idx").on(table.packageId),
    check("credit_order_status", sql`${table.status} IN ${known(CREDIT_ORDER_STATUSES)}`),
    check("credit_order_payment_status", sql`${table.paymentStatus} IN ${known(PAYMENT_STATUSES)}`),
    check("credit_order_channel", sql`${table.channel} IN ${known(CREDIT_ORDER_CHANNELS)}`),
    check(
      "credit_order_amounts",
      sql`${table.priceCents} >= 0 AND ${table.credits} >= 1 AND ${table.validityDays} >= 1`,
    ),
    check("credit_order_received_not_negative", sql`${table.receivedCents} IS NULL OR ${table.receivedCents} >= 0`),
    check("credit_order_paid_at", sql`${table.status} NOT IN ('paid', 'refunded') OR ${table.paidAt} IS NOT NULL`),
  ],
);

/**
 * The credits a paid credit order granted a member (spec "credit"): what is left of them, and until when.
 * `expires_at` is NULL until the first booking when the package counts from the first use. A refund takes
 * what is left (`status` refunded, remaining 0). The remaining credits never go below 0 or above the
 * credits granted: a booking that would take more fails on that CHECK.
 */
export const memberCredits = sqliteTable(
  "member_credit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    creditOrderId: integer("credit_order_id")
      .notNull()
      .references(() => creditOrders.id),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id),
    creditsGranted: integer("credits_granted").notNull(),
    creditsRemaining: integer("credits_remaining").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    status: text("status", { enum: ["active", "refunded"] })
      .notNull()
      .default("active"),
    grantedAt: text("granted_at").notNull(),
    expiresAt: text("expires_at"),
  },
  (table) => [
    uniqueIndex("member_credit_order_unique").on(table.creditOrderId),
    index("member_credit_member_idx").on(table.applicationKey, table.memberId, table.expiresAt),
    index("member_credit_package_idx").on(table.packageId),
    check("member_credit_not_negative", sql`${table.creditsRemaining} BETWEEN 0 AND ${table.creditsGranted}`),
    check("member_credit_status", sql`${table.status} IN ('active', 'refunded')`),
    check("member_credit_refunded_empty", sql`${table.status} = 'active' OR ${table.creditsRemaining} = 0`),
    check("member_credit_expiry", sql`${table.validityStarts} = 'first_use' OR ${table.expiresAt} IS NOT NULL`),
  ],
);

/** A member's credit ledger, append-only: each change of a credit's remaining credits and why. */
export const creditMovements = sqliteTable(
  "credit_movement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    creditId: integer("credit_id")
      .notNull()
      .references(() => memberCredits.id),
    bookingId: integer("booking_id").references(() => courseBookings.id),
    reason: text("reason", { enum: CREDIT_MOVEMENT_REASONS }).notNull(),
    /** + granted or given back, − spent or taken back; never 0. */
    change: integer("change").notNull(),
    remainingAfter: integer("remaining_after").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_movement_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("credit_movement_credit_idx").on(table.creditId),
    index("credit_movement_booking_idx")
      .on(table.bookingId)
      .where(sql`${table.bookingId} IS NOT NULL`),
    check("credit_movement_reason", sql`${table.reason} IN ${known(CREDIT_MOVEMENT_REASONS)}`),
    check("credit_movement_change", sql`${table.change} <> 0`),
  ],
);
