import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The products' trigram full-text index, a virtual table drizzle-kit cannot express (so it is not in
 * schema.ts): migrations/0005_product_search.sql creates it and the triggers that keep it in step with
 * `product`. Its rowid is the product's id.
 */
export const productSearch = sqliteTable("product_search", {
  rowid: integer("rowid").notNull(),
});

/**
 * Every one- and two-character piece of what a product is searched by (its names, code and variants'
 * codes), once per product, for keywords too short for the trigram index: a WITHOUT ROWID table
 * drizzle-kit cannot express, created and kept in step by migrations/0053_product_short_search.sql.
 */
export const productGrams = sqliteTable("product_gram", {
  applicationKey: text("application_key").notNull(),
  gram: text("gram").notNull(),
  productId: integer("product_id").notNull(),
  /** How many of the product's texts (its own, each variant's codes) have the piece. */
  sources: integer("sources").notNull(),
});
