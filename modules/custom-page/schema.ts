import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, updatedAt } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

/**
 * A page of the store's website the merchant writes (module `layout`): found there by its link, which is
 * unique per store. Its content is HTML sanitized on the server before it is stored.
 */
export const customPages = sqliteTable(
  "custom_page",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    titleZhHk: text("title_zh_hk").notNull(),
    titleEn: text("title_en").notNull().default(""),
    link: text("link").notNull(),
    seoTitle: text("seo_title"),
    seoKeywords: text("seo_keywords"),
    seoDescription: text("seo_description"),
    shareImageUrl: text("share_image_url"),
    publish: flag("publish"),
    content: text("content").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("custom_page_store_link_unique").on(table.applicationKey, table.link),
    index("custom_page_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("custom_page_store_updated_idx").on(table.applicationKey, table.updatedAt, table.id),
    index("custom_page_store_title_idx").on(table.applicationKey, sql`${table.titleZhHk} COLLATE NOCASE`, table.id),
  ],
);

/**
 * A published custom page's former links, which the store website still follows to the page: kept when
 * its link changes, gone with the page or when another page takes the link. A link is live on one page
 * or a redirect of one page, never both (the saves see to it).
 */
export const customPageRedirects = sqliteTable(
  "custom_page_redirect",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    link: text("link").notNull(),
    customPageId: integer("custom_page_id")
      .notNull()
      .references(() => customPages.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("custom_page_redirect_store_link_unique").on(table.applicationKey, table.link),
    index("custom_page_redirect_page_idx").on(table.customPageId),
  ],
);
