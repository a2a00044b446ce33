import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, known, version, jsonList, money, updatedAt } from "../../backend/db/columns";
import {
  GIFT_CARD_PRODUCT_KINDS,
  MAX_GIFT_CARD_CENTS,
  MAX_GIFT_CARD_VALID_MONTHS,
  MIN_GIFT_CARD_CENTS,
} from "../gift-card/options";
import { addOnProducts } from "../add-on-product/schema";
import { categories } from "../category/schema";
import { locations } from "../location/schema";
import { storeAccounts } from "../store/schema";

/**
 * A product as customers see it. What is sold and counted is its variant (`product_variant`); the
 * columns a variant also has (prices, SKU, barcode, stock, unlimited, heavy) are the variants' summary,
 * kept by triggers (migrations/0046_product_variants.sql): the lowest and highest price, the stock of
 * the limited variants, unlimited when all are, and the first variant's SKU, barcode, other prices and
 * weight. Write them through the variants, never here.
 */
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
    /** The highest of its variants' prices (`price_cents` is the lowest); kept by the variants' triggers. */
    priceMaxCents: integer("price_max_cents").notNull().default(0),
    variantCount: integer("variant_count").notNull().default(1),
    /** Every variant's SKU and barcode, one per line, for the search index; kept by the variants' triggers. */
    variantCodes: text("variant_codes").notNull().default(""),
    /** How many of its variants are short (limited, sellable, out of stock); kept by the variants' triggers. */
    shortVariantCount: integer("short_variant_count").notNull().default(0),
    /**
     * Sold as a gift card (modules/gift-card): each unit paid issues a card of its unit price. NULL: an
     * ordinary product. An open amount is named by the buyer between the minimum and the maximum.
     */
    giftCardKind: text("gift_card_kind", { enum: GIFT_CARD_PRODUCT_KINDS }),
    giftCardMinCents: integer("gift_card_min_cents"),
    giftCardMaxCents: integer("gift_card_max_cents"),
    /** The cards sold are usable this many months from the day they are paid; NULL: no expiry. */
    giftCardValidMonths: integer("gift_card_valid_months"),
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
    // The shortage filter lists newest first, from the few products with a short variant.
    index("product_store_shortage_idx")
      .on(table.applicationKey, table.createdAt)
      .where(sql`${table.shortVariantCount} > 0`),
    index("product_store_stock_idx").on(table.applicationKey, table.stock),
    index("product_store_sold_idx").on(table.applicationKey, table.soldQuantity),
    index("product_store_barcode_idx").on(table.applicationKey, table.barcode),
    index("product_store_publish_idx").on(table.applicationKey, table.publish, table.createdAt),
    // The POS's offline catalogue pages through the published products by id.
    index("product_store_publish_id_idx").on(table.applicationKey, table.publish, table.id),
    index("product_store_bestseller_idx").on(table.applicationKey, table.bestseller, table.createdAt),
    check("product_stock_not_negative", sql`${table.stock} >= 0`),
    check("product_price_not_negative", sql`${table.priceCents} >= 0`),
    check("product_minimum_order_positive", sql`${table.minimumOrderQuantity} >= 1`),
    check(
      "product_gift_card_kind_known",
      sql`${table.giftCardKind} IS NULL OR ${table.giftCardKind} IN ${known(GIFT_CARD_PRODUCT_KINDS)}`,
    ),
    check(
      "product_gift_card_open_range",
      sql`coalesce(${table.giftCardKind}, '') <> 'open' OR (${table.giftCardMinCents} >= ${sql.raw(String(MIN_GIFT_CARD_CENTS))} AND ${table.giftCardMaxCents} <= ${sql.raw(String(MAX_GIFT_CARD_CENTS))} AND ${table.giftCardMinCents} <= ${table.giftCardMaxCents})`,
    ),
    check(
      "product_gift_card_valid_months",
      sql`${table.giftCardValidMonths} IS NULL OR ${table.giftCardValidMonths} BETWEEN 1 AND ${sql.raw(String(MAX_GIFT_CARD_VALID_MONTHS))}`,
    ),
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
    index("product_category_by_product_idx").on(table.applicationKey, table.productId, table.categoryId),
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
    index("product_add_on_by_product_idx").on(table.applicationKey, table.productId, table.addOnProductId),
  ],
);

/** A product's option (尺碼/Size, 顏色/Colour…): at most three, in the merchant's order (position 1 to 3). */
export const productOptions = sqliteTable(
  "product_option",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
  },
  (table) => [
    uniqueIndex("product_option_position_unique").on(table.productId, table.position),
    check("product_option_position_range", sql`${table.position} BETWEEN 1 AND 3`),
  ],
);

/** An option's values (S, M, L), in the merchant's order. */
export const productOptionValues = sqliteTable(
  "product_option_value",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    optionId: integer("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    valueZhHk: text("value_zh_hk").notNull(),
    valueEn: text("value_en").notNull().default(""),
  },
  (table) => [uniqueIndex("product_option_value_position_unique").on(table.optionId, table.position)],
);

/**
 * What is sold and counted: one combination of the product's option values, or the one variant of a
 * product without options (its option values all NULL, so the combination index allows one).
 */
export const productVariants = sqliteTable(
  "product_variant",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(1),
    optionValue1Id: integer("option_value_1_id").references(() => productOptionValues.id, { onDelete: "cascade" }),
    optionValue2Id: integer("option_value_2_id").references(() => productOptionValues.id, { onDelete: "cascade" }),
    optionValue3Id: integer("option_value_3_id").references(() => productOptionValues.id, { onDelete: "cascade" }),
    sku: text("sku"),
    barcode: text("barcode"),
    priceCents: money("price_cents").notNull(),
    originalPriceCents: money("original_price_cents"),
    discountPriceCents: money("discount_price_cents"),
    vipPriceCents: money("vip_price_cents"),
    costCents: money("cost_cents"),
    unlimitedInventory: flag("unlimited_inventory"),
    stock: integer("stock").notNull().default(0),
    heavy: flag("heavy"),
    /** One of the product's images, or none. */
    imageUrl: text("image_url"),
    sellable: integer("sellable", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("product_variant_combination_unique").on(
      table.productId,
      sql`coalesce(${table.optionValue1Id}, 0)`,
      sql`coalesce(${table.optionValue2Id}, 0)`,
      sql`coalesce(${table.optionValue3Id}, 0)`,
    ),
    uniqueIndex("product_variant_sku_unique")
      .on(table.applicationKey, table.sku)
      .where(sql`${table.sku} IS NOT NULL`),
    uniqueIndex("product_variant_barcode_unique")
      .on(table.applicationKey, table.barcode)
      .where(sql`${table.barcode} IS NOT NULL`),
    index("product_variant_product_idx").on(table.productId, table.position),
    index("product_variant_store_product_idx").on(table.applicationKey, table.productId, table.position, table.id),
    // The inventory list: limited variants by stock, then the unlimited; its shortage filter is stock 0 of the limited.
    index("product_variant_stock_idx").on(table.applicationKey, table.unlimitedInventory, table.stock, table.id),
    // Deleting an option value deletes its variants: each lookup by value is an index search.
    index("product_variant_value_1_idx")
      .on(table.optionValue1Id)
      .where(sql`${table.optionValue1Id} IS NOT NULL`),
    index("product_variant_value_2_idx")
      .on(table.optionValue2Id)
      .where(sql`${table.optionValue2Id} IS NOT NULL`),
    index("product_variant_value_3_idx")
      .on(table.optionValue3Id)
      .where(sql`${table.optionValue3Id} IS NOT NULL`),
    check("product_variant_stock_not_negative", sql`${table.stock} >= 0`),
    check("product_variant_price_not_negative", sql`${table.priceCents} >= 0`),
    check(
      "product_variant_options_in_order",
      sql`(${table.optionValue2Id} IS NULL OR ${table.optionValue1Id} IS NOT NULL) AND (${table.optionValue3Id} IS NULL OR ${table.optionValue2Id} IS NOT NULL)`,
    ),
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
    /** The variant whose stock changed (rows from before variants name their product's one variant). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    before: integer("before").notNull(),
    after: integer("after").notNull(),
    reason: text("reason").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: text("created_at").notNull(),
    /** Where the stock changed (NULL: before locations, migration 0069, or a location deleted since). */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
  },
  (table) => [
    index("inventory_adjustment_product_idx").on(table.applicationKey, table.productId, table.createdAt),
    index("inventory_adjustment_variant_idx").on(table.variantId, table.createdAt),
  ],
);

/**
 * A variant's stock at each of the store's locations (migration 0069): the truth, one row per variant and
 * location (a variant gets one at every location, a location one for every variant). `product_variant.stock` is
 * their total, kept by the triggers `stock_level_inserted|updated|deleted`; `product_variant_stock_from_levels`
 * refuses any other write of it, and `product_variant_opening_stock` puts a new variant's stock at its store's
 * first location.
 */
export const stockLevels = sqliteTable(
  "stock_level",
  {
    applicationKey: text("application_key").notNull(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    stock: integer("stock").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.variantId, table.locationId] }),
    // The inventory list at one location, by its stock; its shortage filter is stock 0 there.
    index("stock_level_location_stock_idx").on(table.applicationKey, table.locationId, table.stock, table.variantId),
    check("stock_level_stock_not_negative", sql`${table.stock} >= 0`),
  ],
);
