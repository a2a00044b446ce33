import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "../../backend/db/columns";

/** Files stored in R2 under uploads/<application_key>/<content hash>.<ext>. */
export const uploads = sqliteTable(
  "upload",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    objectKey: text("object_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("upload_store_idx").on(table.applicationKey, table.createdAt)],
);
