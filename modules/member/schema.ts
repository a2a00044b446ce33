import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, known, version } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";
import { STORE_CREDIT_ENTRY_KINDS } from "./options";

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

/**
 * What the store owes each member in HK$ cents (store credit, apart from cash dollar, which is loyalty). The
 * balance is the database's: every change is an upsert `balance_cents = balance_cents + ?` in one batch with its
 * `store_credit_entry`, and the CHECK keeps it at 0 or more, so concurrent debits cannot overdraw and the ledger
 * always sums to the balance. A member without a row has none.
 */
export const storeCredits = sqliteTable(
  "store_credit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    balanceCents: integer("balance_cents").notNull(),
  },
  (table) => [
    uniqueIndex("store_credit_store_member_unique").on(table.applicationKey, table.memberId),
    check("store_credit_balance_not_negative", sql`${table.balanceCents} >= 0`),
  ],
);

/** A member's store-credit ledger, append-only: every change of the balance with the balance it left. */
export const storeCreditEntries = sqliteTable(
  "store_credit_entry",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    kind: text("kind", { enum: STORE_CREDIT_ENTRY_KINDS }).notNull(),
    /** Cents, + owed to the member, − taken; never 0. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    reason: text("reason"),
    /** The order a redemption paid or a refund gave back. */
    orderId: integer("order_id"),
    actorEmail: text("actor_email").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("store_credit_entry_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    check("store_credit_entry_kind_known", sql`${table.kind} IN ${known(STORE_CREDIT_ENTRY_KINDS)}`),
    check("store_credit_entry_amount_not_zero", sql`${table.amountCents} <> 0`),
    check("store_credit_entry_balance_not_negative", sql`${table.balanceAfterCents} >= 0`),
    check("store_credit_entry_adjust_reason", sql`${table.kind} <> 'adjust' OR ${table.reason} IS NOT NULL`),
  ],
);
