import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

/** The days a store is closed (module `holiday_closure`): Hong Kong days (YYYY-MM-DD), both included. */
export const holidayClosures = sqliteTable(
  "holiday_closure",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    note: text("note"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("holiday_closure_store_start_idx").on(table.applicationKey, table.startDate, table.id),
    index("holiday_closure_store_end_idx").on(table.applicationKey, table.endDate, table.id),
    index("holiday_closure_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    check("holiday_closure_end_not_before_start", sql`${table.endDate} >= ${table.startDate}`),
  ],
);
