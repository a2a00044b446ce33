import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

export const categories = sqliteTable(
  "category",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    imageUrl: text("image_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    publish: flag("publish"),
    /** Its products, kept by triggers on product_category (migrations/0011), so lists never count them. */
    productCount: integer("product_count").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [index("category_store_order_idx").on(table.applicationKey, table.sortOrder, table.id)],
);
