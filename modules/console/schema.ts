import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, jsonList } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

/** Provider staff (the spec's "internal account"). */
export const internalAccounts = sqliteTable("internal_account", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  disabled: flag("disabled"),
  version: version(),
  createdAt: createdAt(),
});

export const plans = sqliteTable(
  "plan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    planType: text("plan_type", { enum: ["trial", "paid"] }).notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    periodDays: integer("period_days").notNull(),
    moduleList: jsonList("module_list"),
    hasCashDollar: flag("has_cash_dollar"),
    hasVip: flag("has_vip"),
    defaultLanguageAndCurrencyOnly: flag("default_language_and_currency_only"),
    disabled: flag("disabled"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    check("plan_price_not_negative", sql`${table.priceCents} >= 0`),
    index("plan_disabled_name_en_idx").on(table.disabled, table.nameEn),
    index("plan_name_en_idx").on(table.nameEn),
    index("plan_created_at_idx").on(table.createdAt),
  ],
);

export const purchasedPlans = sqliteTable(
  "purchased_plan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    storePaymentId: text("store_payment_id").notNull(),
    startDate: text("start_date").notNull(),
    expiryDate: text("expiry_date").notNull(),
    /** A snapshot of the plan at purchase time, so later plan edits do not rewrite history. */
    planType: text("plan_type", { enum: ["trial", "paid"] }).notNull(),
    planNameZhHk: text("plan_name_zh_hk").notNull(),
    planNameEn: text("plan_name_en").notNull(),
    moduleList: jsonList("module_list"),
    hasCashDollar: flag("has_cash_dollar"),
    hasVip: flag("has_vip"),
    defaultLanguageAndCurrencyOnly: flag("default_language_and_currency_only"),
    /** The plan's price when ordered, and what the store pays after the promotion code (0 for a trial). */
    priceBeforeCents: integer("price_before_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    /** The plan promotion code used, as typed then (upper case); null without one. */
    promotionCode: text("promotion_code"),
    disabled: flag("disabled"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    // The provider's orders list: one index per sort (the id follows as the rowid).
    index("purchased_plan_start_date_idx").on(table.startDate),
    index("purchased_plan_expiry_date_idx").on(table.expiryDate),
    index("purchased_plan_price_idx").on(table.priceCents),
    index("purchased_plan_created_at_idx").on(table.createdAt),
    index("purchased_plan_store_current_idx").on(table.applicationKey, table.disabled, table.startDate),
    index("purchased_plan_expiry_idx").on(table.disabled, table.expiryDate),
    check("purchased_plan_dates", sql`${table.expiryDate} >= ${table.startDate}`),
  ],
);

/** The provider's plan promotion codes, applied by staff when they order a plan for a store. */
export const planPromotionCodes = sqliteTable(
  "plan_promotion_code",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    discountType: text("discount_type", { enum: ["percentage", "cash"] }).notNull(),
    /** 1–100 (percent off) or cents off. */
    discountValue: integer("discount_value").notNull(),
    /** YYYY-MM-DD in Hong Kong, both days included. */
    validFrom: text("valid_from").notNull(),
    validTo: text("valid_to").notNull(),
    /** Null: unlimited. */
    usageLimit: integer("usage_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    /** Plan ids it applies to; empty: every plan. */
    planIds: text("plan_ids", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    disabled: flag("disabled"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("plan_promotion_code_unique").on(sql`${table.code} COLLATE NOCASE`),
    index("plan_promotion_code_created_at_idx").on(table.createdAt),
    index("plan_promotion_code_valid_to_idx").on(table.validTo),
    // Held by the database: of concurrent orders on the last use, the one whose count would pass it fails.
    check("plan_promotion_code_usage", sql`${table.usageLimit} IS NULL OR ${table.timesUsed} <= ${table.usageLimit}`),
    check("plan_promotion_code_dates", sql`${table.validTo} >= ${table.validFrom}`),
    check(
      "plan_promotion_code_value",
      sql`${table.discountValue} > 0 AND (${table.discountType} <> 'percentage' OR ${table.discountValue} <= 100)`,
    ),
  ],
);
