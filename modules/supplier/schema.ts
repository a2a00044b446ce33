import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version } from "../../backend/db/columns";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";

/**
 * The store's suppliers (module `supplier`). `product_count` is kept by triggers on supplier_product; a
 * supplier with an open purchase order cannot be deleted (trigger `supplier_keeps_open_purchase_orders`,
 * migration 0029).
 */
export const suppliers = sqliteTable(
  "supplier",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    name: text("name").notNull(),
    contactPerson: text("contact_person"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    note: text("note"),
    productCount: integer("product_count").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("supplier_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("supplier_store_name_idx").on(table.applicationKey, sql`${table.name} COLLATE NOCASE`, table.id),
  ],
);

/**
 * A product's variant a supplier sells the store (each variant once per supplier): its code there, cost,
 * minimum order quantity and reorder point.
 */
export const supplierProducts = sqliteTable(
  "supplier_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /**
     * The variant the supplier sells: every write sets it (NULL only on a row from before variants whose
     * product had several by then, until the supplier's form names one).
     */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    supplierCode: text("supplier_code"),
    costCents: integer("cost_cents").notNull(),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull(),
    reorderPoint: integer("reorder_point"),
  },
  (table) => [
    uniqueIndex("supplier_product_variant_pair").on(table.supplierId, table.variantId),
    index("supplier_product_variant_idx").on(table.variantId),
    index("supplier_product_supplier_idx").on(table.applicationKey, table.supplierId, table.position),
    index("supplier_product_product_idx").on(table.applicationKey, table.productId),
    index("supplier_product_reorder_idx")
      .on(table.applicationKey, table.supplierId, table.reorderPoint)
      .where(sql`${table.reorderPoint} IS NOT NULL`),
    check("supplier_product_cost_not_negative", sql`${table.costCents} >= 0`),
    check("supplier_product_minimum_positive", sql`${table.minimumOrderQuantity} >= 1`),
    check("supplier_product_reorder_not_negative", sql`${table.reorderPoint} IS NULL OR ${table.reorderPoint} >= 0`),
  ],
);
