import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known } from "../../backend/db/columns";
import { PURCHASE_ORDER_STATUSES } from "../../contract/options";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";
import { suppliers } from "../supplier/schema";

/**
 * A purchase order (module `purchase_order`), numbered by the store's own sequence (PO00001). `status`
 * moves only through the transition table (modules/purchase-order/contract.ts) by compare-and-set on `version`,
 * which every write of the order raises. The supplier's name is kept as it was, so the order outlives it.
 */
export const purchaseOrders = sqliteTable(
  "purchase_order",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    poNumber: integer("po_number").notNull(),
    supplierId: integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
    supplierName: text("supplier_name").notNull(),
    status: text("status", { enum: PURCHASE_ORDER_STATUSES }).notNull(),
    /** A Hong Kong day, YYYY-MM-DD. */
    expectedDate: text("expected_date"),
    note: text("note"),
    totalCents: integer("total_cents").notNull(),
    orderedQuantity: integer("ordered_quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("purchase_order_number_unique").on(table.applicationKey, table.poNumber),
    index("purchase_order_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("purchase_order_expected_idx").on(table.applicationKey, table.expectedDate, table.id),
    index("purchase_order_total_idx").on(table.applicationKey, table.totalCents, table.id),
    index("purchase_order_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("purchase_order_supplier_idx").on(table.applicationKey, table.supplierId, table.createdAt, table.id),
    check("purchase_order_status_known", sql`${table.status} IN ${known(PURCHASE_ORDER_STATUSES)}`),
    check("purchase_order_total_not_negative", sql`${table.totalCents} >= 0`),
    check(
      "purchase_order_received_within_ordered",
      sql`${table.receivedQuantity} BETWEEN 0 AND ${table.orderedQuantity}`,
    ),
  ],
);

/** A purchase order's lines; received_quantity never passes quantity (the CHECK refuses an over-receipt). */
export const purchaseOrderLines = sqliteTable(
  "purchase_order_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    /** NULL once the product is deleted: the line keeps its code and names. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    productCode: text("product_code").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    /** The variant ordered (NULL once deleted), and its option values as they were ("M / 黑色"; blank without options). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    variantNameZhHk: text("variant_name_zh_hk").notNull().default(""),
    variantNameEn: text("variant_name_en").notNull().default(""),
    supplierCode: text("supplier_code"),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    unitCostCents: integer("unit_cost_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (table) => [
    uniqueIndex("purchase_order_line_position_unique").on(table.purchaseOrderId, table.position),
    index("purchase_order_line_order_idx").on(table.applicationKey, table.purchaseOrderId, table.position),
    index("purchase_order_line_product_idx").on(table.applicationKey, table.productId),
    index("purchase_order_line_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
    check("purchase_order_line_quantity_positive", sql`${table.quantity} >= 1`),
    check(
      "purchase_order_line_received_within_ordered",
      sql`${table.receivedQuantity} BETWEEN 0 AND ${table.quantity}`,
    ),
    check(
      "purchase_order_line_amounts",
      sql`${table.unitCostCents} >= 0 AND ${table.lineTotalCents} = ${table.unitCostCents} * ${table.quantity}`,
    ),
  ],
);

/** Every status change of a purchase order: who, when, from, to (the first row has no `from`). */
export const purchaseOrderHistory = sqliteTable(
  "purchase_order_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: PURCHASE_ORDER_STATUSES }),
    toStatus: text("to_status", { enum: PURCHASE_ORDER_STATUSES }).notNull(),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("purchase_order_history_order_idx").on(table.applicationKey, table.purchaseOrderId, table.id)],
);

/** Each receipt of goods against a purchase order: the quantity per line, who and when. */
export const purchaseOrderReceipts = sqliteTable(
  "purchase_order_receipt",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    lines: text("lines", { mode: "json" }).$type<{ line_id: number; quantity: number }[]>().notNull(),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("purchase_order_receipt_order_idx").on(table.applicationKey, table.purchaseOrderId, table.id)],
);
