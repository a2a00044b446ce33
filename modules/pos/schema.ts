import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version } from "../../backend/db/columns";
import type { PosCart } from "./contract";
import type { OfflineDifference } from "./options";
import { storeAccounts } from "../store/schema";
import { orders } from "../order/schema";

/**
 * Each signed-in user's POS cart in a store (`owner`: the seller's account key, backend/caller.ts), kept on
 * the server so a sale is form posts with or without JavaScript. `cart` is the checkout engine's payload
 * without the store; `idempotency_key` is the sale's, new after each sale, so a resubmitted sale makes one order.
 */
export const posCarts = sqliteTable(
  "pos_cart",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    owner: text("owner").notNull(),
    cart: text("cart", { mode: "json" }).$type<PosCart>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("pos_cart_owner_unique").on(table.applicationKey, table.owner)],
);

/** Carts parked at the POS with a note, for any device of the store to recall. */
export const posHeldCarts = sqliteTable(
  "pos_held_cart",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    note: text("note"),
    cart: text("cart", { mode: "json" }).$type<PosCart>().notNull(),
    heldBy: text("held_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pos_held_cart_created_idx").on(table.applicationKey, table.createdAt)],
);

/**
 * An offline sale the server could not take as the device sold it (a price changed, a coupon refused, stock
 * short): recorded as sold all the same, and listed here with what differed until someone marks it reviewed.
 */
export const posOfflineReviews = sqliteTable(
  "pos_offline_review",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** Who made the sale on the device (who sent it). */
    soldBy: text("sold_by").notNull(),
    differences: text("differences", { mode: "json" }).$type<OfflineDifference[]>().notNull(),
    reviewedAt: text("reviewed_at"),
    reviewedBy: text("reviewed_by"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("pos_offline_review_order_unique").on(table.applicationKey, table.orderId),
    index("pos_offline_review_list_idx").on(table.applicationKey, table.reviewedAt, table.id),
    check("pos_offline_review_reviewed_together", sql`(${table.reviewedAt} IS NULL) = (${table.reviewedBy} IS NULL)`),
  ],
);
