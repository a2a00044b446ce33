import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, known, version } from "../../backend/db/columns";
import { locations } from "../location/schema";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";
import { MAX_TRANSFER_QUANTITY, STOCK_TRANSFER_STATUSES } from "./options";

/**
 * A stock transfer between two of the store's locations (module `stock_transfer`, migration 0071), numbered by
 * the store's own sequence (TR00001). Sending takes every line's stock from `from_location_id` in one batch (the
 * stock levels' CHECK refuses it whole when one is short); receipts put it at `to_location_id`. Every write
 * raises `version`; a draft's edit, send and cancel are compare-and-set on it. A deleted location leaves NULL.
 */
export const stockTransfers = sqliteTable(
  "stock_transfer",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    transferNumber: integer("transfer_number").notNull(),
    fromLocationId: integer("from_location_id").references(() => locations.id, { onDelete: "set null" }),
    toLocationId: integer("to_location_id").references(() => locations.id, { onDelete: "set null" }),
    status: text("status", { enum: STOCK_TRANSFER_STATUSES }).notNull(),
    note: text("note"),
    totalQuantity: integer("total_quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    sentAt: text("sent_at"),
    sentBy: text("sent_by"),
    receivedAt: text("received_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("stock_transfer_number_unique").on(table.applicationKey, table.transferNumber),
    index("stock_transfer_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("stock_transfer_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("stock_transfer_from_idx").on(table.applicationKey, table.fromLocationId, table.createdAt, table.id),
    index("stock_transfer_to_idx").on(table.applicationKey, table.toLocationId, table.createdAt, table.id),
    check("stock_transfer_status_known", sql`${table.status} IN ${known(STOCK_TRANSFER_STATUSES)}`),
    check("stock_transfer_between_two_locations", sql`${table.fromLocationId} <> ${table.toLocationId}`),
    check("stock_transfer_received_within_sent", sql`${table.receivedQuantity} BETWEEN 0 AND ${table.totalQuantity}`),
  ],
);

/**
 * A transfer's lines: a limited variant each, once per transfer. `received_quantity` never passes `quantity` (the
 * CHECK refuses an over-receipt, so racing receipts cannot receive a unit twice). The product's code and names,
 * the variant's option values, SKU and barcode are kept as they were, so the line outlives them.
 */
export const stockTransferLines = sqliteTable(
  "stock_transfer_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    stockTransferId: integer("stock_transfer_id")
      .notNull()
      .references(() => stockTransfers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productCode: text("product_code").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    variantNameZhHk: text("variant_name_zh_hk").notNull().default(""),
    variantNameEn: text("variant_name_en").notNull().default(""),
    sku: text("sku"),
    barcode: text("barcode"),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
  },
  (table) => [
    uniqueIndex("stock_transfer_line_position_unique").on(table.stockTransferId, table.position),
    uniqueIndex("stock_transfer_line_variant_unique")
      .on(table.stockTransferId, table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
    index("stock_transfer_line_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
    index("stock_transfer_line_product_idx")
      .on(table.productId)
      .where(sql`${table.productId} IS NOT NULL`),
    check(
      "stock_transfer_line_quantity_range",
      sql`${table.quantity} BETWEEN 1 AND ${sql.raw(String(MAX_TRANSFER_QUANTITY))}`,
    ),
    check("stock_transfer_line_received_within_sent", sql`${table.receivedQuantity} BETWEEN 0 AND ${table.quantity}`),
  ],
);
