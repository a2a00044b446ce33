import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, version, updatedAt } from "../../backend/db/columns";
import { linkKindCheck, linkTargetColumns } from "../link-target/schema";
import { storeAccounts } from "../store/schema";

/**
 * An item of the store website's menu: a tree at most three deep. `depth` is 1 at the top and its
 * parent's + 1 below (a CHECK and the triggers of migration 0031); deleting an item deletes its children.
 */
export const menuItems = sqliteTable(
  "menu_item",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    parentId: integer("parent_id").references((): AnySQLiteColumn => menuItems.id, { onDelete: "cascade" }),
    depth: integer("depth").notNull(),
    position: integer("position").notNull(),
    labelZhHk: text("label_zh_hk").notNull(),
    labelEn: text("label_en").notNull().default(""),
    ...linkTargetColumns(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("menu_item_store_tree_idx").on(table.applicationKey, table.depth, table.position, table.id),
    index("menu_item_parent_idx")
      .on(table.parentId)
      .where(sql`${table.parentId} IS NOT NULL`),
    index("menu_item_link_product_idx")
      .on(table.linkProductId)
      .where(sql`${table.linkProductId} IS NOT NULL`),
    index("menu_item_link_category_idx")
      .on(table.linkCategoryId)
      .where(sql`${table.linkCategoryId} IS NOT NULL`),
    index("menu_item_link_custom_page_idx")
      .on(table.linkCustomPageId)
      .where(sql`${table.linkCustomPageId} IS NOT NULL`),
    linkKindCheck("menu_item_link_kind", table.linkKind),
    check("menu_item_has_link", sql`${table.linkKind} IS NOT NULL`),
    check("menu_item_depth", sql`${table.depth} BETWEEN 1 AND 3`),
    check("menu_item_top_level", sql`(${table.parentId} IS NULL) = (${table.depth} = 1)`),
  ],
);
