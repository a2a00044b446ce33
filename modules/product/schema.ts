import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, jsonList, money, updatedAt } from "../../backend/db/columns";
import { addOnProducts } from "../add-on-product/schema";
import { categories } from "../category/schema";
import { storeAccounts } from "../store/schema";

export const products = sqliteTable(
  "product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The product's code in URLs (/product/product-list/detail/{productCode}); unique per store. */
    productCode: text("product_code").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    descriptionZhHk: text("description_zh_hk").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    priceCents: money("price_cents").notNull(),
    originalPriceCents: money("original_price_cents"),
    discountPriceCents: money("discount_price_cents"),
    vipPriceCents: money("vip_price_cents"),
    costCents: money("cost_cents"),
    sku: text("sku"),
    barcode: text("barcode"),
    unlimitedInventory: flag("unlimited_inventory"),
    stock: integer("stock").notNull().default(0),
    purchaseLimit: integer("purchase_limit"),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull().default(1),
    heavy: flag("heavy"),
    bestseller: flag("bestseller"),
    publish: flag("publish"),
    seoTitle: text("seo_title").notNull().default(""),
    seoKeyword: text("seo_keyword").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    descriptiveUrl: text("descriptive_url"),
    /** Image URLs in display order. */
    images: jsonList("images"),
    /** Sold quantity from orders, kept here by the order module so lists can sort by it. */
    soldQuantity: integer("sold_quantity").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("product_code_unique").on(table.applicationKey, table.productCode),
    uniqueIndex("product_descriptive_url_unique").on(table.applicationKey, sql`${table.descriptiveUrl} COLLATE NOCASE`),
    index("product_store_created_idx").on(table.applicationKey, table.createdAt),
    index("product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`),
    index("product_store_price_idx").on(table.applicationKey, table.priceCents),
    // The stock filters list newest first, from one index without sorting the matches.
    index("product_store_stock_filter_idx").on(
      table.applicationKey,
      table.unlimitedInventory,
      table.stock,
      table.createdAt,
    ),
    index("product_store_stock_idx").on(table.applicationKey, table.stock),
    index("product_store_sold_idx").on(table.applicationKey, table.soldQuantity),
    index("product_store_barcode_idx").on(table.applicationKey, table.barcode),
    index("product_store_publish_idx").on(table.applicationKey, table.publish, table.createdAt),
    index("product_store_bestseller_idx").on(table.applicationKey, table.bestseller, table.createdAt),
    check("product_stock_not_negative", sql`${table.stock} >= 0`),
    check("product_price_not_negative", sql`${table.priceCents} >= 0`),
    check("product_minimum_order_positive", sql`${table.minimumOrderQuantity} >= 1`),
  ],
);

export const productCategories = sqliteTable(
  "product_category",
  {
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("product_category_pair").on(table.productId, table.categoryId),
    index("product_category_by_category_idx").on(table.applicationKey, table.categoryId, table.productId),
  ],
);

/** Add-ons offered with a product. */
export const productAddOns = sqliteTable(
  "product_add_on",
  {
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addOnProductId: integer("add_on_product_id")
      .notNull()
      .references(() => addOnProducts.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("product_add_on_pair").on(table.productId, table.addOnProductId),
    index("product_add_on_by_add_on_idx").on(table.applicationKey, table.addOnProductId),
  ],
);

/** Every stock change: who, when, before and after, and why. */
export const inventoryAdjustments = sqliteTable(
  "inventory_adjustment",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    before: integer("before").notNull(),
    after: integer("after").notNull(),
    reason: text("reason").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("inventory_adjustment_product_idx").on(table.applicationKey, table.productId, table.createdAt)],
);
