import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, jsonList } from "../../backend/db/columns";

export const storeAccounts = sqliteTable(
  "store_account",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull().unique(),
    storeName: text("store_name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    subDomain: text("sub_domain"),
    cmsSideMenu: jsonList("cms_side_menu"),
    acceptLanguage: jsonList("accept_language"),
    acceptCurrency: jsonList("accept_currency"),
    enquiryOnly: flag("enquiry_only"),
    disabled: flag("disabled"),
    /**
     * The current plan's type and expiry, copied here so the store list can filter and sort by them
     * through an index. Refreshed with every plan write and daily when plans start (see plans.ts).
     */
    currentPlanType: text("current_plan_type", { enum: ["trial", "paid"] }),
    currentPlanExpiryDate: text("current_plan_expiry_date"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("store_account_created_at_idx").on(table.createdAt),
    index("store_account_expiry_idx").on(table.currentPlanExpiryDate),
    // Names and sub-domains are unique in any case.
    uniqueIndex("store_account_name_unique").on(sql`${table.storeName} COLLATE NOCASE`),
    uniqueIndex("store_account_sub_domain_unique").on(sql`${table.subDomain} COLLATE NOCASE`),
  ],
);
