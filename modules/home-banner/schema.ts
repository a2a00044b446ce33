import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, updatedAt } from "../../backend/db/columns";
import { linkKindCheck, linkTargetColumns } from "../link-target/schema";
import { storeAccounts } from "../store/schema";

/** A slide of the store website's home page banner, shown while published and inside its window. */
export const homeBanners = sqliteTable(
  "home_banner",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    desktopImageUrl: text("desktop_image_url").notNull(),
    mobileImageUrl: text("mobile_image_url"),
    altZhHk: text("alt_zh_hk").notNull(),
    altEn: text("alt_en").notNull().default(""),
    titleZhHk: text("title_zh_hk").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    ...linkTargetColumns(),
    /** UTC instants; shown from the start (inclusive) until the end (exclusive). */
    startAt: text("start_at"),
    endAt: text("end_at"),
    publish: flag("publish"),
    position: integer("position").notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("home_banner_store_position_idx").on(table.applicationKey, table.position, table.id),
    index("home_banner_link_product_idx")
      .on(table.linkProductId)
      .where(sql`${table.linkProductId} IS NOT NULL`),
    index("home_banner_link_category_idx")
      .on(table.linkCategoryId)
      .where(sql`${table.linkCategoryId} IS NOT NULL`),
    index("home_banner_link_custom_page_idx")
      .on(table.linkCustomPageId)
      .where(sql`${table.linkCustomPageId} IS NOT NULL`),
    linkKindCheck("home_banner_link_kind", table.linkKind),
    check(
      "home_banner_window",
      sql`${table.startAt} IS NULL OR ${table.endAt} IS NULL OR ${table.endAt} >= ${table.startAt}`,
    ),
  ],
);
