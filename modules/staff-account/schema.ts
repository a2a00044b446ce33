import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

export const storeStaff = sqliteTable(
  "store_staff",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "sales"] }).notNull(),
    /** module id → "none" | "read" | "write"; starts from the role's defaults. */
    permissions: text("permissions", { mode: "json" }).$type<Record<string, string>>().notNull(),
    disabled: flag("disabled"),
    /** May sell at the POS while the device is offline (issue 39); the store account and provider staff always may. */
    sellsOffline: flag("sells_offline"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("store_staff_store_idx").on(table.applicationKey, table.createdAt),
    index("store_staff_name_idx").on(table.applicationKey, table.name, table.id),
    index("store_staff_email_idx").on(table.applicationKey, table.email),
  ],
);
