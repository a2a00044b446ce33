import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, updatedAt, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

/**
 * A store's shops, warehouses and pickup points (module `location`, migration 0068). Every store has at least
 * one: a trigger makes the default one with the store, another refuses deleting the last one, and the pickup
 * points' addresses are the delivery setting's self-pickup addresses (triggers keep `store_setting` in step).
 */
export const locations = sqliteTable(
  "location",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    addressZhHk: text("address_zh_hk").notNull().default(""),
    addressEn: text("address_en").notNull().default(""),
    phone: text("phone"),
    openingHoursZhHk: text("opening_hours_zh_hk"),
    openingHoursEn: text("opening_hours_en"),
    sellsAtCounter: flag("sells_at_counter"),
    shipsOnlineOrders: flag("ships_online_orders"),
    isPickupPoint: flag("is_pickup_point"),
    /** The order online orders are fulfilled in, first the lowest; unique in the store, moved by swapping. */
    position: integer("position").notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("location_store_position_idx").on(table.applicationKey, table.position),
    index("location_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`, table.id),
    check(
      "location_pickup_has_address",
      sql`NOT ${table.isPickupPoint} OR ${table.addressZhHk} <> '' OR ${table.addressEn} <> ''`,
    ),
  ],
);
