import { sql } from "drizzle-orm";
import { check, integer, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { known } from "../../backend/db/columns";
import { LINK_KINDS } from "./contract";
import { categories } from "../category/schema";
import { customPages } from "../custom-page/schema";
import { products } from "../product/schema";

/**
 * A link's columns (modules/link-target/contract.ts), for a table to spread in. Deleting the product, category
 * or custom page sets its id to NULL under the same kind: the link shows as broken, never as an error.
 */
export const linkTargetColumns = () => ({
  linkKind: text("link_kind", { enum: LINK_KINDS }),
  linkProductId: integer("link_product_id").references(() => products.id, { onDelete: "set null" }),
  linkCategoryId: integer("link_category_id").references(() => categories.id, { onDelete: "set null" }),
  linkCustomPageId: integer("link_custom_page_id").references(() => customPages.id, { onDelete: "set null" }),
  linkUrl: text("link_url"),
});

/** The CHECK a table with `linkTargetColumns` adds: a known kind. */
export const linkKindCheck = (name: string, linkKind: SQLiteColumn) =>
  check(name, sql`${linkKind} IS NULL OR ${linkKind} IN ${known(LINK_KINDS)}`);
