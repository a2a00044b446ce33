import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version } from "../../backend/db/columns";
import { locations } from "../location/schema";
import { storeAccounts } from "../store/schema";

/**
 * A cash shift of the POS (module `pos`): opened with the float in the drawer, closed with the cash counted.
 * Each counter location has its drawer: at most one open shift per location (the partial unique index), so two
 * staff opening at one location at once make one. `expected_cash_cents` is computed and frozen by the statement
 * that closes the shift, from the sales at its location. `location_id` is required of every new shift (the
 * trigger `pos_shift_at_location`, migration 0073: a column added to a table cannot be NOT NULL with a reference);
 * deleting a location keeps its closed shifts without it, and is refused while one is open there.
 */
export const posShifts = sqliteTable(
  "pos_shift",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    openedBy: text("opened_by").notNull(),
    openedAt: text("opened_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    floatCents: integer("float_cents").notNull(),
    closedBy: text("closed_by"),
    closedAt: text("closed_at"),
    countedCents: integer("counted_cents"),
    expectedCashCents: integer("expected_cash_cents"),
    note: text("note"),
    version: version(),
  },
  (table) => [
    uniqueIndex("pos_shift_open_at_location_unique")
      .on(table.applicationKey, table.locationId)
      .where(sql`${table.closedAt} IS NULL`),
    index("pos_shift_opened_idx").on(table.applicationKey, table.openedAt, table.id),
    index("pos_shift_location_idx").on(table.applicationKey, table.locationId, table.openedAt, table.id),
    index("pos_shift_state_idx").on(table.applicationKey, sql`${table.closedAt} IS NULL`, table.openedAt, table.id),
    check("pos_shift_float_not_negative", sql`${table.floatCents} >= 0`),
    check(
      "pos_shift_closed_complete",
      sql`(${table.closedAt} IS NULL AND ${table.countedCents} IS NULL AND ${table.expectedCashCents} IS NULL AND ${table.closedBy} IS NULL)
        OR (${table.closedAt} IS NOT NULL AND ${table.countedCents} >= 0 AND ${table.expectedCashCents} IS NOT NULL AND ${table.closedBy} IS NOT NULL)`,
    ),
  ],
);

/** Cash paid into or out of the drawer during a shift, with its reason. */
export const posShiftMovements = sqliteTable(
  "pos_shift_movement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => posShifts.id),
    kind: text("kind", { enum: ["pay_in", "pay_out"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("pos_shift_movement_shift_idx").on(table.applicationKey, table.shiftId, table.createdAt),
    check("pos_shift_movement_kind_known", sql`${table.kind} IN ('pay_in', 'pay_out')`),
    check("pos_shift_movement_amount_positive", sql`${table.amountCents} > 0`),
    check("pos_shift_movement_reason_given", sql`length(${table.reason}) > 0`),
  ],
);
