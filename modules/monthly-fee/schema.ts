import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, money } from "../../backend/db/columns";
import { MONTHLY_FEE_STATUSES } from "../../contract/options";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/** Spec "monthly plan": what a member pays for a number of days. */
export const monthlyFeePlans = sqliteTable(
  "monthly_fee_plan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    days: integer("days").notNull(),
    priceCents: money("price_cents").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("monthly_fee_plan_store_idx").on(table.applicationKey, table.createdAt, table.id),
    check("monthly_fee_plan_days", sql`${table.days} BETWEEN 1 AND 366`),
    check("monthly_fee_plan_price", sql`${table.priceCents} >= 0`),
  ],
);

/**
 * Spec "monthly fee record": one member's fee for one period (HKT dates, both included), with the plan's
 * days and price as charged (a trigger holds them to the plan's). A member's periods that are not cancelled
 * never overlap (a trigger, migration 0041).
 */
export const monthlyFeeRecords = sqliteTable(
  "monthly_fee_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => monthlyFeePlans.id),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    days: integer("days").notNull(),
    amountCents: money("amount_cents").notNull(),
    status: text("status", { enum: MONTHLY_FEE_STATUSES }).notNull().default("pending"),
    /** The renewal job makes the next period's record when this one renews. */
    renews: integer("renews", { mode: "boolean" }).notNull().default(true),
    paymentMethod: text("payment_method"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    remindedAt: text("reminded_at"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("monthly_fee_record_member_idx").on(table.applicationKey, table.memberId, table.periodStart),
    // A cancelled period can be added again.
    uniqueIndex("monthly_fee_record_period_idx")
      .on(table.applicationKey, table.memberId, table.periodStart)
      .where(sql`${table.status} <> 'cancelled'`),
    index("monthly_fee_record_store_start_idx").on(table.applicationKey, table.periodStart, table.id),
    index("monthly_fee_record_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("monthly_fee_record_store_status_idx").on(table.applicationKey, table.status, table.periodStart, table.id),
    index("monthly_fee_record_plan_idx").on(table.applicationKey, table.planId, table.periodStart, table.id),
    index("monthly_fee_record_renewal_idx")
      .on(table.periodEnd)
      .where(sql`${table.renews} AND ${table.status} <> 'cancelled'`),
    check("monthly_fee_record_status", sql`${table.status} IN ${known(MONTHLY_FEE_STATUSES)}`),
    check(
      "monthly_fee_record_period",
      sql`${table.periodStart} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'
        AND ${table.periodEnd} = date(${table.periodStart}, '+' || (${table.days} - 1) || ' days')`,
    ),
    check(
      "monthly_fee_record_paid",
      sql`${table.status} <> 'paid' OR (${table.paidAt} IS NOT NULL AND ${table.paymentMethod} IS NOT NULL)`,
    ),
  ],
);
