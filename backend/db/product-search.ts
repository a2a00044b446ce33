import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * The products' trigram full-text index, a virtual table drizzle-kit cannot express (so it is not in
 * schema.ts): migrations/0005_product_search.sql creates it and the triggers that keep it in step with
 * `product`. Its rowid is the product's id.
 */
export const productSearch = sqliteTable("product_search", {
  rowid: integer("rowid").notNull(),
});
