import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  LINK_KIND_FIELDS,
  type LinkKind,
  type LinkTarget,
  type LinkTargetInput,
} from "../modules/link-target/contract";
import type { StoreScope } from "./db/scope";
import { categories, customPages, products } from "./db/schema";
import { ActionError } from "./errors";

/** A table that spreads `linkTargetColumns()` (backend/db/schema.ts). */
export interface LinkedTable {
  linkKind: SQLiteColumn;
  linkProductId: SQLiteColumn;
  linkCategoryId: SQLiteColumn;
  linkCustomPageId: SQLiteColumn;
  linkUrl: SQLiteColumn;
}

/**
 * The reads a save needs for its link: the store's product, category or custom page it names (none
 * for another kind). Spread them into the action's reads and hand their rows to `linkTargetColumnsOf`.
 */
export function linkTargetReads(store: StoreScope, input: LinkTargetInput) {
  const wanted = (kind: LinkKind) => input.link_kind === kind;
  return [
    store
      .selectFields(
        products,
        { id: products.id },
        eq(products.productCode, wanted("product") ? (input.link_product_code ?? "") : ""),
      )
      .limit(1),
    store
      .selectFields(
        categories,
        { id: categories.id },
        eq(categories.id, wanted("category") ? (input.link_category_id ?? 0) : 0),
      )
      .limit(1),
    store
      .selectFields(
        customPages,
        { id: customPages.id },
        eq(customPages.id, wanted("custom_page") ? (input.link_custom_page_id ?? 0) : 0),
      )
      .limit(1),
  ] as const;
}

type Found = { id: number }[];

/**
 * The link's columns, once its target is known to be the store's: a product code that is not answers 400
 * with `product-not-found` beside the field (it may be typed), a category or custom page (chosen from a
 * list, since deleted, or another store's) with `link-target-not-found`.
 */
export function linkTargetColumnsOf(
  input: LinkTargetInput,
  [product, category, customPage]: readonly [Found, Found, Found],
) {
  const kind = input.link_kind;
  const target = { product: product[0], category: category[0], custom_page: customPage[0], url: { id: 0 } };
  if (kind && !target[kind]) {
    const message = kind === "product" ? "product-not-found" : "link-target-not-found";
    throw new ActionError(400, "invalid-payload", { [LINK_KIND_FIELDS[kind]]: [message] });
  }
  return {
    linkKind: kind,
    linkProductId: kind === "product" ? target.product!.id : null,
    linkCategoryId: kind === "category" ? target.category!.id : null,
    linkCustomPageId: kind === "custom_page" ? target.custom_page!.id : null,
    linkUrl: kind === "url" ? input.link_url : null,
  };
}

/**
 * The columns a read selects for a record's link, its target's names included; aliased, since D1
 * answers a batch's rows by column name. The query needs `joinLinkTargets`.
 */
export function linkTargetSelection(table: LinkedTable) {
  const named = <T>(expression: SQL | SQLiteColumn, alias: string) => sql<T>`${expression}`.as(alias);
  return {
    linkKind: table.linkKind,
    linkProductId: table.linkProductId,
    linkCategoryId: table.linkCategoryId,
    linkCustomPageId: table.linkCustomPageId,
    linkUrl: table.linkUrl,
    linkProductCode: named<string | null>(products.productCode, "link_product_code"),
    linkNameZhHk: named<string | null>(
      sql`coalesce(${products.nameZhHk}, ${categories.nameZhHk}, ${customPages.titleZhHk})`,
      "link_name_zh_hk",
    ),
    linkNameEn: named<string | null>(
      sql`coalesce(${products.nameEn}, ${categories.nameEn}, ${customPages.titleEn})`,
      "link_name_en",
    ),
  };
}

/** The joins `linkTargetSelection` reads from. */
export function joinLinkTargets<
  Q extends {
    leftJoin: (table: never, on: SQL) => Q;
  },
>(query: Q, table: LinkedTable): Q {
  return query
    .leftJoin(products as never, eq(products.id, table.linkProductId))
    .leftJoin(categories as never, eq(categories.id, table.linkCategoryId))
    .leftJoin(customPages as never, eq(customPages.id, table.linkCustomPageId));
}

type SelectedLink = {
  linkKind: LinkKind | null;
  linkProductId: number | null;
  linkCategoryId: number | null;
  linkCustomPageId: number | null;
  linkUrl: string | null;
  linkProductCode: string | null;
  linkNameZhHk: string | null;
  linkNameEn: string | null;
};

/** A selected row's link as records answer it, or null when it has none. */
export function toLinkTarget(row: SelectedLink): LinkTarget | null {
  if (!row.linkKind) return null;
  const targetId = { product: row.linkProductId, category: row.linkCategoryId, custom_page: row.linkCustomPageId };
  return {
    kind: row.linkKind,
    product_code: row.linkProductCode,
    category_id: row.linkCategoryId,
    custom_page_id: row.linkCustomPageId,
    url: row.linkUrl,
    name_zh_hk: row.linkNameZhHk,
    name_en: row.linkNameEn,
    broken: row.linkKind !== "url" && targetId[row.linkKind] === null,
  };
}
