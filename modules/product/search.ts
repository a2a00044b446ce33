import { and, eq, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { productGrams, productSearch } from "../../backend/db/product-search";
import { products } from "../../backend/db/schema";
import type { StoreScope } from "../../backend/db/scope";

/**
 * The list's rows (or count) with the keyword anywhere in a product's names or codes, found through an
 * index and joined to the products: written as `id IN (…)`, the planner (which has no statistics) would
 * rather walk every product of the store through an application_key index. A keyword of three characters
 * or more is a trigram phrase of the full-text index, which holds every store's products (the scope's
 * application_key filter keeps the answer to the store); a shorter one is a piece of the store's
 * `product_gram`, lower-cased as its pieces are.
 */
export function searched<Q extends SQLiteSelect>(store: StoreScope, query: Q, keyword: string | undefined) {
  if (!keyword) return query;
  if ([...keyword].length < 3) {
    const matched = store
      .selectFields(productGrams, { productId: productGrams.productId }, eq(productGrams.gram, sql`lower(${keyword})`))
      .as("matched");
    return query.innerJoin(matched, eq(matched.productId, products.id));
  }
  // One quoted FTS5 phrase: `"`, `*`, `OR`, `-` and `(` are characters to find, never query syntax.
  const phrase = `"${keyword.replaceAll('"', '""')}"`;
  return query.innerJoin(
    productSearch,
    and(eq(productSearch.rowid, products.id), sql`${productSearch} MATCH ${phrase}`),
  );
}
