import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

/** A store's customers (module `member`). A cash-dollar balance joins it with the ledger. */
export const members = sqliteTable(
  "member",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The store's own sequence (1, 2, 3…), given by the insert itself; the member code is made from it. */
    memberNumber: integer("member_number").notNull(),
    /** M00001: short, to type or scan at the counter. */
    memberCode: text("member_code").notNull(),
    name: text("name").notNull(),
    /** Lower-case, so the unique index is case-insensitive. */
    email: text("email").notNull(),
    phone: text("phone"),
    /** YYYY-MM-DD, Hong Kong. */
    registrationDate: text("registration_date").notNull(),
    level: text("level", { enum: ["general", "vip"] })
      .notNull()
      .default("general"),
    birthdayMonth: integer("birthday_month"),
    marketingConsent: flag("marketing_consent"),
    disabled: flag("disabled"),
    note: text("note"),
    deliveryAddress: text("delivery_address"),
    deliveryDistrict: text("delivery_district", { enum: ["hk", "kln", "nt", "island"] }),
    /** Cash-dollar balance in cents, always the sum of the member's cash_dollar_record amounts; never below 0. */
    cashDollarCents: integer("cash_dollar_cents").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("member_store_number_unique").on(table.applicationKey, table.memberNumber),
    uniqueIndex("member_store_email_unique").on(table.applicationKey, table.email),
    uniqueIndex("member_store_phone_unique")
      .on(table.applicationKey, table.phone)
      .where(sql`${table.phone} IS NOT NULL`),
    index("member_store_created_idx").on(table.applicationKey, table.createdAt),
    index("member_store_registration_idx").on(table.applicationKey, table.registrationDate),
    index("member_store_name_idx").on(table.applicationKey, sql`${table.name} COLLATE NOCASE`),
    index("member_store_level_idx").on(table.applicationKey, table.level, table.createdAt),
    index("member_store_birthday_idx").on(table.applicationKey, table.birthdayMonth, table.createdAt),
    index("member_store_consent_idx").on(table.applicationKey, table.marketingConsent, table.createdAt),
    index("member_store_disabled_idx").on(table.applicationKey, table.disabled, table.createdAt),
    check("member_level_known", sql`${table.level} IN ('general', 'vip')`),
    check("member_email_lower_case", sql`${table.email} = lower(${table.email})`),
    check("member_birthday_month_range", sql`${table.birthdayMonth} BETWEEN 1 AND 12`),
    check("member_district_known", sql`${table.deliveryDistrict} IN ('hk', 'kln', 'nt', 'island')`),
    check("member_cash_dollar_not_negative", sql`${table.cashDollarCents} >= 0`),
  ],
);
