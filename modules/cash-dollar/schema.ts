import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { members } from "../member/schema";

/**
 * A member's cash-dollar ledger, append-only: every change of the balance with the balance it left
 * (backend/cash-dollar.ts writes both in one batch).
 */
export const cashDollarRecords = sqliteTable(
  "cash_dollar_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    action: text("action", { enum: ["order", "admin", "welcome_cash_dollar", "refund_order"] }).notNull(),
    /** Cash-dollar cents, + earned or given, − spent or taken back; never 0. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    /** The order it belongs to (spend, earn, refund); orders come with their own module. */
    orderId: integer("order_id"),
    actorEmail: text("actor_email").notNull(),
    /** Required for admin adjustments. */
    reason: text("reason"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("cash_dollar_record_member_idx").on(table.applicationKey, table.memberId, table.createdAt),
    check(
      "cash_dollar_record_action_known",
      sql`${table.action} IN ('order', 'admin', 'welcome_cash_dollar', 'refund_order')`,
    ),
    check("cash_dollar_record_amount_not_zero", sql`${table.amountCents} <> 0`),
    check("cash_dollar_record_balance_not_negative", sql`${table.balanceAfterCents} >= 0`),
    check("cash_dollar_record_admin_reason", sql`${table.action} <> 'admin' OR ${table.reason} IS NOT NULL`),
  ],
);
