import { and, eq, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { contains } from "../../backend/db/like";
import { productSearch } from "../../backend/db/product-search";
import { products } from "../../backend/db/schema";

const SEARCHED_COLUMNS = [products.nameZhHk, products.nameEn, products.variantCodes, products.productCode];

/** A keyword of three characters or more has trigrams, so the search index can find it. */
export const searchesIndex = (keyword: string | undefined): keyword is string => [...(keyword ?? "")].length >= 3;

/**
 * The list's rows (or count) with the keyword anywhere in a searched column. A keyword the search index
 * can find is a join from the index's matches to their products: written as `id IN (…)`, the planner
 * (which has no statistics) would rather walk every product of the store through an application_key
 * index. The index holds every store's products; the scope's application_key filter keeps the answer
 * to the store. A shorter keyword is a condition compared with each of the store's products.
 */
export function searched<Q extends SQLiteSelect>(query: Q, keyword: string | undefined) {
  if (!searchesIndex(keyword)) return query;
  // One quoted FTS5 phrase: `"`, `*`, `OR`, `-` and `(` are characters to find, never query syntax.
  const phrase = `"${keyword.replaceAll('"', '""')}"`;
  return query.innerJoin(
    productSearch,
    and(eq(productSearch.rowid, products.id), sql`${productSearch} MATCH ${phrase}`),
  );
}

/** The condition of a keyword too short for the search index (`searched` finds the others). */
export const shortKeywordMatch = (keyword: string | undefined) =>
  searchesIndex(keyword) ? undefined : contains(SEARCHED_COLUMNS, keyword);
