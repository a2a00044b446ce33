import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, money } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

export const addOnProducts = sqliteTable(
  "add_on_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    priceCents: money("price_cents").notNull(),
    unlimitedInventory: flag("unlimited_inventory"),
    stock: integer("stock").notNull().default(0),
    imageUrl: text("image_url"),
    /** What the POS scanner reads for an order add-on (a carrier bag at the till). */
    barcode: text("barcode"),
    publish: flag("publish"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("add_on_product_store_created_idx").on(table.applicationKey, table.createdAt),
    index("add_on_product_store_barcode_idx").on(table.applicationKey, table.barcode),
    index("add_on_product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`),
    index("add_on_product_store_price_idx").on(table.applicationKey, table.priceCents),
    check("add_on_product_stock_not_negative", sql`${table.stock} >= 0`),
    check("add_on_product_price_not_negative", sql`${table.priceCents} >= 0`),
  ],
);
