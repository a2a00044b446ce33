import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
  type SQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { LINK_KINDS } from "../../contract/link-target";
import {
  APPOINTMENT_CHANNELS,
  APPOINTMENT_RECORD_STATUSES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_VARIANTS,
  ATTENDANCES,
  COURSE_BOOKING_STATUSES,
  COURSE_SESSION_STATUSES,
  CREDIT_MOVEMENT_REASONS,
  CREDIT_ORDER_CHANNELS,
  CREDIT_ORDER_STATUSES,
  CREDIT_VALIDITY_STARTS,
  DELIVERY_METHODS,
  ENQUIRY_KINDS,
  ENQUIRY_MESSAGE_SENDERS,
  ENQUIRY_STATUSES,
  ENQUIRY_TIME_SLOTS,
  DISTRICTS,
  LOG_ACTIONS,
  LOG_DATA_TYPES,
  MONTHLY_FEE_STATUSES,
  PATIENT_GENDERS,
  ORDER_CHANNELS,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PURCHASE_ORDER_STATUSES,
  PUSH_AUDIENCES,
  PUSH_DELIVERY_STATUSES,
  PUSH_LANGUAGES,
  PUSH_NOTIFICATION_STATUSES,
  PRODUCT_BOOKING_CHANNELS,
  PRODUCT_BOOKING_STATUSES,
  QUOTATION_REQUEST_STATUSES,
  QUOTATION_STATUSES,
  RENTING_PRODUCT_STATUSES,
  RENTING_RECORD_STATUSES,
  SCHEDULE_TYPES,
} from "../../contract/options";
import { MODULE_IDS } from "../../contract/modules";
import type { PosCart } from "../../contract/pos";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
/**
 * A record people edit in a form: one more with every save. An edit is saved only over the version
 * its form was loaded with (`nextVersion` in backend/db/version.ts), so two people cannot overwrite
 * each other unseen.
 */
const version = () => integer("version").notNull().default(1);
/** A CHECK's list of the values a text column may hold. */
const known = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);
const jsonList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

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

/** What the store's own website shows: set by the merchant in the general setting. */
export const websiteData = sqliteTable(
  "website_data",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .unique()
      .references(() => storeAccounts.applicationKey),
    logoImgUrl: text("logo_img_url"),
    faviconUrl: text("favicon_url"),
    shareImageUrl: text("share_image_url"),
    customDomain: text("custom_domain"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    address: text("address"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    disabled: flag("disabled"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("website_data_custom_domain_unique").on(sql`${table.customDomain} COLLATE NOCASE`)],
);

/**
 * How the store takes payment, delivers and rewards (payment, delivery and promotion settings): one row
 * per store, made with the store by a trigger (migrations/0013), so checkout reads it in one query. Each
 * page has its own version, so saving one never makes another's open form stale.
 */
export const storeSettings = sqliteTable(
  "store_setting",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .unique()
      .references(() => storeAccounts.applicationKey),
    /** Method → its setting (contract/settings.ts); a method not in it is off. */
    paymentMethods: text("payment_methods", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    cardFeeBasisPoints: integer("card_fee_basis_points").notNull().default(0),
    paymentVersion: integer("payment_version").notNull().default(1),
    deliveryMethods: text("delivery_methods", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    deliveryVersion: integer("delivery_version").notNull().default(1),
    cashDollarEnabled: flag("cash_dollar_enabled"),
    cashDollarEarnRate: integer("cash_dollar_earn_rate").notNull().default(100),
    cashDollarRedeemRate: integer("cash_dollar_redeem_rate").notNull().default(100),
    welcomeCashDollarCents: integer("welcome_cash_dollar_cents").notNull().default(0),
    birthdayCouponEnabled: flag("birthday_coupon_enabled"),
    birthdayCouponType: text("birthday_coupon_type", { enum: ["percentage", "cash"] })
      .notNull()
      .default("percentage"),
    birthdayCouponAmount: integer("birthday_coupon_amount").notNull().default(10),
    birthdayCouponMinimumSubtotalCents: integer("birthday_coupon_minimum_subtotal_cents").notNull().default(0),
    birthdayCouponValidDays: integer("birthday_coupon_valid_days").notNull().default(30),
    vipEnabled: flag("vip_enabled"),
    vipUpgradeSpendCents: integer("vip_upgrade_spend_cents"),
    vipUpgradeDays: integer("vip_upgrade_days"),
    promotionVersion: integer("promotion_version").notNull().default(1),
    /** Unpaid online orders are cancelled by the hourly job this many hours after they were made. */
    unpaidOrderCancelHours: integer("unpaid_order_cancel_hours").notNull().default(48),
    /** A course booking cancelled less than this many hours before its session forfeits its credits. */
    courseCancelHours: integer("course_cancel_hours").notNull().default(12),
    courseVersion: integer("course_version").notNull().default(1),
    /** The renewal job makes the next record and e-mails the member this many days before it is due (0: on the day). */
    monthlyFeeReminderDays: integer("monthly_fee_reminder_days").notNull().default(3),
    monthlyFeeVersion: integer("monthly_fee_version").notNull().default(1),
  },
  (table) => [
    check("store_setting_card_fee", sql`${table.cardFeeBasisPoints} BETWEEN 0 AND 1000`),
    check(
      "store_setting_cash_dollar_rates",
      sql`${table.cashDollarEarnRate} >= 0 AND ${table.cashDollarRedeemRate} >= 1`,
    ),
    check(
      "store_setting_birthday_coupon",
      sql`(${table.birthdayCouponType} = 'percentage' AND ${table.birthdayCouponAmount} BETWEEN 1 AND 100)
        OR (${table.birthdayCouponType} = 'cash' AND ${table.birthdayCouponAmount} > 0)`,
    ),
    check("store_setting_unpaid_order_cancel_hours", sql`${table.unpaidOrderCancelHours} BETWEEN 1 AND 720`),
    check("store_setting_course_cancel_hours", sql`${table.courseCancelHours} BETWEEN 0 AND 168`),
    check("store_setting_monthly_fee_reminder_days", sql`${table.monthlyFeeReminderDays} BETWEEN 0 AND 30`),
    check(
      "store_setting_vip_upgrade",
      sql`(${table.vipUpgradeSpendCents} IS NULL) = (${table.vipUpgradeDays} IS NULL)`,
    ),
  ],
);

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
  (table) => [check("plan_price_not_negative", sql`${table.priceCents} >= 0`)],
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
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("store_staff_store_idx").on(table.applicationKey, table.createdAt),
    index("store_staff_name_idx").on(table.applicationKey, table.name, table.id),
    index("store_staff_email_idx").on(table.applicationKey, table.email),
  ],
);

/**
 * Every e-mail that signs in, of any kind of account, once: triggers on the three account tables keep
 * it (migrations/0026_staff_accounts.sql), so two accounts created at once with one e-mail cannot both
 * be saved, whichever kinds they are.
 */
export const accountEmails = sqliteTable("account_email", {
  email: text("email").primaryKey(),
  accountType: text("account_type", { enum: ["console", "store", "store_staff"] }).notNull(),
  accountId: integer("account_id").notNull(),
});

export const ACCOUNT_TYPES = ["console", "store", "store_staff"] as const;

export const sessions = sqliteTable(
  "session",
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    applicationKey: text("application_key"),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [index("session_account_idx").on(table.accountType, table.accountId)],
);

export const loginAttempts = sqliteTable(
  "login_attempt",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    succeeded: flag("succeeded"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("login_attempt_email_time_idx").on(table.email, table.createdAt)],
);

/** One row per counted request of a rate-limited action, per bucket (e.g. `forget_password:email:<address>`). */
export const rateLimitHits = sqliteTable(
  "rate_limit_hit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("rate_limit_hit_bucket_time_idx").on(table.bucket, table.createdAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_token",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    /** The store of a store staff account's invitation (NULL for a reset asked for on the sign-in page). */
    applicationKey: text("application_key"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("password_reset_account_idx").on(table.accountType, table.accountId)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("email_outbox_recipient_idx").on(table.recipient, table.id)],
);

/** Every add, edit and delete, by whom, in which store, with the changed fields before and after. */
export const logs = sqliteTable(
  "log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key"),
    actorType: text("actor_type", { enum: ACCOUNT_TYPES }).notNull(),
    actorId: integer("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: LOG_ACTIONS }).notNull(),
    dataType: text("data_type", { enum: LOG_DATA_TYPES }).notNull(),
    /** The store module of the data type (LOG_DATA_TYPE_MODULES), for the staff log's module filter. */
    module: text("module", { enum: MODULE_IDS }),
    recordId: text("record_id").notNull(),
    /** What people call the record, as it was named then (entries from before names were kept have none). */
    recordNameZhHk: text("record_name_zh_hk"),
    recordNameEn: text("record_name_en"),
    /** field → [before, after] */
    changes: text("changes", { mode: "json" }).$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("log_created_at_idx").on(table.createdAt),
    index("log_store_idx").on(table.applicationKey, table.createdAt),
    index("log_actor_idx").on(table.actorEmail, table.createdAt),
    index("log_action_idx").on(table.action, table.createdAt),
    // The staff log's filters within a store, each in the list's order (created_at, then the rowid).
    index("log_store_actor_idx").on(table.applicationKey, table.actorEmail, table.createdAt),
    index("log_store_actor_type_idx").on(table.applicationKey, table.actorType, table.createdAt),
    index("log_store_module_idx").on(table.applicationKey, table.module, table.createdAt),
    index("log_store_action_idx").on(table.applicationKey, table.action, table.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalog: categories, products, add-on products, stock adjustments and uploaded files.

const money = (name: string) => integer(name);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

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

export const products = sqliteTable(
  "product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The product's code in URLs (/product/product-list/detail/{productCode}); unique per store. */
    productCode: text("product_code").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    descriptionZhHk: text("description_zh_hk").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    priceCents: money("price_cents").notNull(),
    originalPriceCents: money("original_price_cents"),
    discountPriceCents: money("discount_price_cents"),
    vipPriceCents: money("vip_price_cents"),
    costCents: money("cost_cents"),
    sku: text("sku"),
    barcode: text("barcode"),
    unlimitedInventory: flag("unlimited_inventory"),
    stock: integer("stock").notNull().default(0),
    purchaseLimit: integer("purchase_limit"),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull().default(1),
    heavy: flag("heavy"),
    bestseller: flag("bestseller"),
    publish: flag("publish"),
    seoTitle: text("seo_title").notNull().default(""),
    seoKeyword: text("seo_keyword").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    descriptiveUrl: text("descriptive_url"),
    /** Image URLs in display order. */
    images: jsonList("images"),
    /** Sold quantity from orders, kept here by the order module so lists can sort by it. */
    soldQuantity: integer("sold_quantity").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("product_code_unique").on(table.applicationKey, table.productCode),
    uniqueIndex("product_descriptive_url_unique").on(table.applicationKey, sql`${table.descriptiveUrl} COLLATE NOCASE`),
    index("product_store_created_idx").on(table.applicationKey, table.createdAt),
    index("product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`),
    index("product_store_price_idx").on(table.applicationKey, table.priceCents),
    // The stock filters list newest first, from one index without sorting the matches.
    index("product_store_stock_filter_idx").on(
      table.applicationKey,
      table.unlimitedInventory,
      table.stock,
      table.createdAt,
    ),
    index("product_store_stock_idx").on(table.applicationKey, table.stock),
    index("product_store_sold_idx").on(table.applicationKey, table.soldQuantity),
    index("product_store_barcode_idx").on(table.applicationKey, table.barcode),
    index("product_store_publish_idx").on(table.applicationKey, table.publish, table.createdAt),
    index("product_store_bestseller_idx").on(table.applicationKey, table.bestseller, table.createdAt),
    check("product_stock_not_negative", sql`${table.stock} >= 0`),
    check("product_price_not_negative", sql`${table.priceCents} >= 0`),
    check("product_minimum_order_positive", sql`${table.minimumOrderQuantity} >= 1`),
  ],
);

export const productCategories = sqliteTable(
  "product_category",
  {
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("product_category_pair").on(table.productId, table.categoryId),
    index("product_category_by_category_idx").on(table.applicationKey, table.categoryId, table.productId),
  ],
);

export const addOnProducts = sqliteTable(
  "add_on_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    priceCents: money("price_cents").notNull(),
    unlimitedInventory: flag("unlimited_inventory"),
    stock: integer("stock").notNull().default(0),
    imageUrl: text("image_url"),
    /** What the POS scanner reads for an order add-on (a carrier bag at the till). */
    barcode: text("barcode"),
    publish: flag("publish"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("add_on_product_store_created_idx").on(table.applicationKey, table.createdAt),
    index("add_on_product_store_barcode_idx").on(table.applicationKey, table.barcode),
    index("add_on_product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`),
    index("add_on_product_store_price_idx").on(table.applicationKey, table.priceCents),
    check("add_on_product_stock_not_negative", sql`${table.stock} >= 0`),
    check("add_on_product_price_not_negative", sql`${table.priceCents} >= 0`),
  ],
);

/** Add-ons offered with a product. */
export const productAddOns = sqliteTable(
  "product_add_on",
  {
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addOnProductId: integer("add_on_product_id")
      .notNull()
      .references(() => addOnProducts.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("product_add_on_pair").on(table.productId, table.addOnProductId),
    index("product_add_on_by_add_on_idx").on(table.applicationKey, table.addOnProductId),
  ],
);

/** Every stock change: who, when, before and after, and why. */
export const inventoryAdjustments = sqliteTable(
  "inventory_adjustment",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    before: integer("before").notNull(),
    after: integer("after").notNull(),
    reason: text("reason").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("inventory_adjustment_product_idx").on(table.applicationKey, table.productId, table.createdAt)],
);

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
 * A member's cash-dollar ledger, append-only: every change of the balance with the balance it left
 * (backend/cash-dollar.ts writes both in one batch).
 */
export const cashDollarRecords = sqliteTable(
  "cash_dollar_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    action: text("action", { enum: ["order", "admin", "welcome_cash_dollar", "refund_order"] }).notNull(),
    /** Cash-dollar cents, + earned or given, − spent or taken back; never 0. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    /** The order it belongs to (spend, earn, refund); orders come with their own module. */
    orderId: integer("order_id"),
    actorEmail: text("actor_email").notNull(),
    /** Required for admin adjustments. */
    reason: text("reason"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("cash_dollar_record_member_idx").on(table.applicationKey, table.memberId, table.createdAt),
    check(
      "cash_dollar_record_action_known",
      sql`${table.action} IN ('order', 'admin', 'welcome_cash_dollar', 'refund_order')`,
    ),
    check("cash_dollar_record_amount_not_zero", sql`${table.amountCents} <> 0`),
    check("cash_dollar_record_balance_not_negative", sql`${table.balanceAfterCents} >= 0`),
    check("cash_dollar_record_admin_reason", sql`${table.action} <> 'admin' OR ${table.reason} IS NOT NULL`),
  ],
);

/**
 * A store's coupons (module `promotion`). Percentage coupons keep percent off (1–100), cash ones cents
 * off in `discount_value`. A birthday coupon (source 'birthday') is issued for one member and one month
 * (`issued_for`, "2026-11"): its unique index makes the issuing idempotent.
 */
export const coupons = sqliteTable(
  "coupon",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    titleZhHk: text("title_zh_hk").notNull(),
    titleEn: text("title_en").notNull().default(""),
    /** 5 letters or digits, kept upper case, unique in the store whatever the case. */
    code: text("code").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    usage: text("usage", { enum: ["once", "reusable"] }).notNull(),
    audience: text("audience", { enum: ["all", "specific"] }).notNull(),
    discountType: text("discount_type", { enum: ["percentage", "cash"] }).notNull(),
    discountValue: integer("discount_value").notNull(),
    startsAt: text("starts_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    minimumSubtotalCents: integer("minimum_subtotal_cents").notNull().default(0),
    /** NULL: unlimited. */
    usageLimit: integer("usage_limit"),
    /** One more with each redemption (backend/coupons.ts), in the redemption's batch. */
    timesUsed: integer("times_used").notNull().default(0),
    disabled: flag("disabled"),
    source: text("source", { enum: ["manual", "birthday"] })
      .notNull()
      .default("manual"),
    issuedFor: text("issued_for"),
    birthdayMemberId: integer("birthday_member_id").references(() => members.id),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("coupon_store_code_unique").on(table.applicationKey, sql`${table.code} COLLATE NOCASE`),
    // Month first: the birthday job finds a month's coupons of a store through it.
    uniqueIndex("coupon_birthday_unique")
      .on(table.applicationKey, table.issuedFor, table.birthdayMemberId)
      .where(sql`${table.source} = 'birthday'`),
    index("coupon_store_created_idx").on(table.applicationKey, table.createdAt),
    index("coupon_store_starts_idx").on(table.applicationKey, table.startsAt),
    index("coupon_store_expires_idx").on(table.applicationKey, table.expiresAt),
    index("coupon_store_disabled_idx").on(table.applicationKey, table.disabled, table.createdAt),
    index("coupon_store_source_idx").on(table.applicationKey, table.source, table.createdAt),
    check("coupon_code_format", sql`length(${table.code}) = 5 AND ${table.code} = upper(${table.code})`),
    check("coupon_usage_known", sql`${table.usage} IN ('once', 'reusable')`),
    check("coupon_audience_known", sql`${table.audience} IN ('all', 'specific')`),
    check(
      "coupon_discount_valid",
      sql`(${table.discountType} = 'percentage' AND ${table.discountValue} BETWEEN 1 AND 100) OR (${table.discountType} = 'cash' AND ${table.discountValue} > 0)`,
    ),
    check("coupon_expiry_after_start", sql`${table.expiresAt} > ${table.startsAt}`),
    check("coupon_minimum_subtotal_not_negative", sql`${table.minimumSubtotalCents} >= 0`),
    check("coupon_usage_limit_positive", sql`${table.usageLimit} IS NULL OR ${table.usageLimit} >= 1`),
    check(
      "coupon_usage_within_limit",
      sql`${table.timesUsed} >= 0 AND (${table.usageLimit} IS NULL OR ${table.timesUsed} <= ${table.usageLimit})`,
    ),
    check("coupon_source_known", sql`${table.source} IN ('manual', 'birthday')`),
    check(
      "coupon_birthday_issued",
      sql`${table.source} <> 'birthday' OR (${table.birthdayMemberId} IS NOT NULL AND ${table.issuedFor} IS NOT NULL)`,
    ),
  ],
);

/** The members a coupon of audience 'specific' is for. */
export const couponMembers = sqliteTable(
  "coupon_member",
  {
    applicationKey: text("application_key").notNull(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
  },
  (table) => [
    uniqueIndex("coupon_member_pair").on(table.couponId, table.memberId),
    index("coupon_member_by_member_idx").on(table.applicationKey, table.memberId),
  ],
);

/**
 * Each use of a coupon. `once_key` is the member for a once-coupon (NULL otherwise), so the unique index
 * lets each member redeem a once-coupon one time, however requests race. Without ON DELETE CASCADE: a
 * coupon that was used cannot be deleted (disable it instead).
 */
export const couponRedemptions = sqliteTable(
  "coupon_redemption",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    /** NULL for a guest (reusable coupons for everyone only). */
    memberId: integer("member_id").references(() => members.id),
    onceKey: integer("once_key"),
    /** The order it was used on; orders come with their own module. */
    orderId: integer("order_id"),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("coupon_redemption_once_unique").on(table.couponId, table.onceKey),
    index("coupon_redemption_coupon_idx").on(table.applicationKey, table.couponId, table.createdAt),
    index("coupon_redemption_member_idx").on(table.applicationKey, table.memberId, table.couponId),
    check("coupon_redemption_discount_not_negative", sql`${table.discountCents} >= 0`),
    check("coupon_redemption_once_key_member", sql`${table.onceKey} IS NULL OR ${table.onceKey} = ${table.memberId}`),
  ],
);

/**
 * A store's orders (module `order`), from the POS or the store's website, made by the checkout engine
 * (backend/checkout.ts). Amounts are what the engine computed when the order was made; `status` moves only
 * through the transition table (contract/order-states.ts) by compare-and-set.
 */
export const orders = sqliteTable(
  "store_order",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The store's own sequence from 1001, shown as #1001. */
    orderNumber: integer("order_number").notNull(),
    /** The client's id for one submission: a replay finds the first order (unique per store). */
    idempotencyKey: text("idempotency_key").notNull(),
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    memberId: integer("member_id").references(() => members.id),
    /** Who ordered: the member's name and contact at the time, or the guest's. */
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    /** Product and add-on lines with their add-ons, before any discount. */
    subtotalCents: integer("subtotal_cents").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id),
    couponCode: text("coupon_code"),
    couponDiscountCents: integer("coupon_discount_cents").notNull().default(0),
    /** Cash-dollar cents spent, and the HK$ cents they took off. */
    cashDollarSpentCents: integer("cash_dollar_spent_cents").notNull().default(0),
    cashDollarDiscountCents: integer("cash_dollar_discount_cents").notNull().default(0),
    deliveryChargeCents: integer("delivery_charge_cents").notNull().default(0),
    cardFeeCents: integer("card_fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Credited when the order is paid (ledger action `order`); reclaimed once by a refund. */
    cashDollarEarnedCents: integer("cash_dollar_earned_cents").notNull().default(0),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
    deliveryMethod: text("delivery_method", { enum: DELIVERY_METHODS }),
    receiverName: text("receiver_name"),
    receiverPhone: text("receiver_phone"),
    deliveryAddress: text("delivery_address"),
    deliveryDistrict: text("delivery_district", { enum: DISTRICTS }),
    deliveryRemark: text("delivery_remark"),
    deliveryNumber: text("delivery_number"),
    note: text("note"),
    version: version(),
    createdAt: createdAt(),
    /**
     * When its payment succeeded (the database's clock, in the statement that makes it paid): the daily
     * sales report counts a sale on this moment's Hong Kong day, so a day's figures never change later.
     */
    paidAt: text("paid_at"),
  },
  (table) => [
    uniqueIndex("store_order_number_unique").on(table.applicationKey, table.orderNumber),
    uniqueIndex("store_order_idempotency_unique").on(table.applicationKey, table.idempotencyKey),
    index("store_order_created_idx").on(table.applicationKey, table.createdAt),
    index("store_order_status_idx").on(table.applicationKey, table.status, table.createdAt),
    index("store_order_payment_status_idx").on(table.applicationKey, table.paymentStatus, table.createdAt),
    index("store_order_channel_idx").on(table.applicationKey, table.channel, table.createdAt),
    index("store_order_delivery_idx").on(table.applicationKey, table.deliveryMethod, table.createdAt),
    index("store_order_member_idx").on(table.applicationKey, table.memberId, table.createdAt),
    index("store_order_total_idx").on(table.applicationKey, table.totalCents),
    index("store_order_paid_idx").on(table.applicationKey, table.paidAt),
    // The auto-cancel job's: unpaid orders of every store, oldest first.
    index("store_order_awaiting_payment_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    check("store_order_status_known", sql`${table.status} IN ${known(ORDER_STATUSES)}`),
    check("store_order_payment_status_known", sql`${table.paymentStatus} IN ${known(PAYMENT_STATUSES)}`),
    check("store_order_channel_known", sql`${table.channel} IN ${known(ORDER_CHANNELS)}`),
    check(
      "store_order_amounts_not_negative",
      sql`${table.subtotalCents} >= 0 AND ${table.couponDiscountCents} >= 0 AND ${table.cashDollarSpentCents} >= 0
        AND ${table.cashDollarDiscountCents} >= 0 AND ${table.deliveryChargeCents} >= 0 AND ${table.cardFeeCents} >= 0
        AND ${table.totalCents} >= 0 AND ${table.cashDollarEarnedCents} >= 0`,
    ),
    check("store_order_refund_within_total", sql`${table.refundedCents} BETWEEN 0 AND ${table.totalCents}`),
    check("store_order_one_discount", sql`${table.couponId} IS NULL OR ${table.cashDollarSpentCents} = 0`),
  ],
);

/** An order's lines: products, the add-ons chosen with a product line (`parent_line_id`), and order-total add-ons. */
export const orderLines = sqliteTable(
  "order_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: ORDER_LINE_KINDS }).notNull(),
    /** NULL once the product (or add-on) is deleted: the line keeps its name and price. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    addOnProductId: integer("add_on_product_id").references(() => addOnProducts.id, { onDelete: "set null" }),
    /** The product line a line add-on goes with (its position in the order's lines). */
    parentPosition: integer("parent_position"),
    position: integer("position").notNull(),
    /** Names and price as they were when ordered. */
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
  },
  (table) => [
    uniqueIndex("order_line_position_unique").on(table.orderId, table.position),
    index("order_line_product_idx").on(table.applicationKey, table.productId),
    check("order_line_kind_known", sql`${table.kind} IN ${known(ORDER_LINE_KINDS)}`),
    check("order_line_quantity_positive", sql`${table.quantity} >= 1`),
    check("order_line_refunded_within_quantity", sql`${table.refundedQuantity} BETWEEN 0 AND ${table.quantity}`),
    check(
      "order_line_amounts",
      sql`${table.unitPriceCents} >= 0 AND ${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`,
    ),
    check(
      "order_line_item",
      sql`(${table.kind} = 'product' OR ${table.productId} IS NULL) AND (${table.kind} <> 'product' OR ${table.addOnProductId} IS NULL)`,
    ),
  ],
);

/** Every status change of an order: who, when, from, to, and a note (the first row has no `from`). */
export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    /** Staff's e-mail, or null for the customer and the system (auto-cancel). */
    actorEmail: text("actor_email"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("order_status_history_order_idx").on(table.applicationKey, table.orderId, table.createdAt)],
);

/** An order's payments: one per method (the POS splits), with the customer's proof images. */
export const orderPayments = sqliteTable(
  "order_payment",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    proofImageUrls: jsonList("proof_image_urls"),
    /** The gateway's reference for a card payment. */
    gatewayReference: text("gateway_reference"),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_payment_order_idx").on(table.applicationKey, table.orderId),
    check("order_payment_amount_positive", sql`${table.amountCents} > 0`),
    check("order_payment_status_known", sql`${table.status} IN ${known(PAYMENT_STATUSES)}`),
  ],
);

/**
 * Each refund of an order, on the day it happens (the daily report counts refunds by this row's time):
 * the money returned, after the cash dollar the member had already spent was deducted.
 */
export const orderRefunds = sqliteTable(
  "order_refund",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    /** The part of the amount that gives back delivery and the card fee (only the refund that ends the order does). */
    feesCents: integer("fees_cents").notNull().default(0),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_refund_order_idx").on(table.applicationKey, table.orderId),
    index("order_refund_created_idx").on(table.applicationKey, table.createdAt),
    check("order_refund_amount_not_negative", sql`${table.amountCents} >= 0`),
  ],
);

/**
 * Each signed-in user's POS cart in a store (`owner`: the seller's account key, backend/caller.ts), kept on
 * the server so a sale is form posts with or without JavaScript. `cart` is the checkout engine's payload
 * without the store; `idempotency_key` is the sale's, new after each sale, so a resubmitted sale makes one order.
 */
export const posCarts = sqliteTable(
  "pos_cart",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    owner: text("owner").notNull(),
    cart: text("cart", { mode: "json" }).$type<PosCart>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("pos_cart_owner_unique").on(table.applicationKey, table.owner)],
);

/** Carts parked at the POS with a note, for any device of the store to recall. */
export const posHeldCarts = sqliteTable(
  "pos_held_cart",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    note: text("note"),
    cart: text("cart", { mode: "json" }).$type<PosCart>().notNull(),
    heldBy: text("held_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pos_held_cart_created_idx").on(table.applicationKey, table.createdAt)],
);

/**
 * A cash shift of the POS (module `pos`): opened with the float in the drawer, closed with the cash counted.
 * A store has at most one open shift (the partial unique index), so two staff opening at once make one.
 * `expected_cash_cents` is computed and frozen by the statement that closes the shift.
 */
export const posShifts = sqliteTable(
  "pos_shift",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    openedBy: text("opened_by").notNull(),
    openedAt: text("opened_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    floatCents: integer("float_cents").notNull(),
    closedBy: text("closed_by"),
    closedAt: text("closed_at"),
    countedCents: integer("counted_cents"),
    expectedCashCents: integer("expected_cash_cents"),
    note: text("note"),
    version: version(),
  },
  (table) => [
    uniqueIndex("pos_shift_one_open_unique")
      .on(table.applicationKey)
      .where(sql`${table.closedAt} IS NULL`),
    index("pos_shift_opened_idx").on(table.applicationKey, table.openedAt, table.id),
    index("pos_shift_state_idx").on(table.applicationKey, sql`${table.closedAt} IS NULL`, table.openedAt, table.id),
    check("pos_shift_float_not_negative", sql`${table.floatCents} >= 0`),
    check(
      "pos_shift_closed_complete",
      sql`(${table.closedAt} IS NULL AND ${table.countedCents} IS NULL AND ${table.expectedCashCents} IS NULL AND ${table.closedBy} IS NULL)
        OR (${table.closedAt} IS NOT NULL AND ${table.countedCents} >= 0 AND ${table.expectedCashCents} IS NOT NULL AND ${table.closedBy} IS NOT NULL)`,
    ),
  ],
);

/** Cash paid into or out of the drawer during a shift, with its reason. */
export const posShiftMovements = sqliteTable(
  "pos_shift_movement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => posShifts.id),
    kind: text("kind", { enum: ["pay_in", "pay_out"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("pos_shift_movement_shift_idx").on(table.applicationKey, table.shiftId, table.createdAt),
    check("pos_shift_movement_kind_known", sql`${table.kind} IN ('pay_in', 'pay_out')`),
    check("pos_shift_movement_amount_positive", sql`${table.amountCents} > 0`),
    check("pos_shift_movement_reason_given", sql`length(${table.reason}) > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Two-step sign-in (TOTP, RFC 6238) for every kind of account: backend/actions/two-step.ts.

/**
 * An account's second sign-in step. Pending (enabled_at NULL) from the moment its secret is made until
 * a first code confirms it, so the enrolment page survives a reload. `last_step` is the TOTP time step
 * of the last accepted code: accepting one is an update conditioned on `last_step < step`, so a code
 * is accepted once, also when two requests race with it.
 */
export const twoSteps = sqliteTable(
  "two_step",
  {
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    /** The base32 secret, AES-GCM encrypted under TWO_STEP_KEY (backend/two-step-secret.ts). */
    secretCiphertext: text("secret_ciphertext").notNull(),
    enabledAt: text("enabled_at"),
    lastStep: integer("last_step").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("two_step_account_unique").on(table.accountType, table.accountId)],
);

/** Ten single-use recovery codes per enabled two-step sign-in, SHA-256 hashed; spent by a conditional update. */
export const twoStepRecoveryCodes = sqliteTable(
  "two_step_recovery_code",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
  },
  (table) => [uniqueIndex("two_step_recovery_code_unique").on(table.accountType, table.accountId, table.codeHash)],
);

/**
 * A sign-in between its password and its second step: `code` asks for a code (or a recovery code),
 * `enrol` for a first enrolment. No session exists until it is completed; single use, 5 minutes.
 */
export const twoStepChallenges = sqliteTable(
  "two_step_challenge",
  {
    /** SHA-256 of the challenge token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["code", "enrol"] }).notNull(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    accountId: integer("account_id").notNull(),
    applicationKey: text("application_key"),
    /** The sign-in e-mail: wrong codes are failed sign-ins of this address (the lockout). */
    email: text("email").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (table) => [check("two_step_challenge_kind_known", sql`${table.kind} IN ('code', 'enrol')`)],
);

/**
 * Who must use two-step sign-in: a row with a store's key requires it of all that store's staff; the
 * row with no key requires it of all provider staff.
 */
export const twoStepRequirements = sqliteTable(
  "two_step_requirement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").references(() => storeAccounts.applicationKey),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("two_step_requirement_store_unique").on(table.applicationKey),
    // At most one provider-wide row: every row without a store has the same value here.
    uniqueIndex("two_step_requirement_provider_unique")
      .on(sql`(${table.applicationKey} IS NULL)`)
      .where(sql`${table.applicationKey} IS NULL`),
  ],
);
/**
 * The store's suppliers (module `supplier`). `product_count` is kept by triggers on supplier_product; a
 * supplier with an open purchase order cannot be deleted (trigger `supplier_keeps_open_purchase_orders`,
 * migration 0029).
 */
export const suppliers = sqliteTable(
  "supplier",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    name: text("name").notNull(),
    contactPerson: text("contact_person"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    note: text("note"),
    productCount: integer("product_count").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("supplier_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("supplier_store_name_idx").on(table.applicationKey, sql`${table.name} COLLATE NOCASE`, table.id),
  ],
);

/** A product a supplier sells the store: its code there, cost, minimum order quantity and reorder point. */
export const supplierProducts = sqliteTable(
  "supplier_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    supplierCode: text("supplier_code"),
    costCents: integer("cost_cents").notNull(),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull(),
    reorderPoint: integer("reorder_point"),
  },
  (table) => [
    uniqueIndex("supplier_product_pair").on(table.supplierId, table.productId),
    index("supplier_product_supplier_idx").on(table.applicationKey, table.supplierId, table.position),
    index("supplier_product_product_idx").on(table.applicationKey, table.productId),
    index("supplier_product_reorder_idx")
      .on(table.applicationKey, table.supplierId, table.reorderPoint)
      .where(sql`${table.reorderPoint} IS NOT NULL`),
    check("supplier_product_cost_not_negative", sql`${table.costCents} >= 0`),
    check("supplier_product_minimum_positive", sql`${table.minimumOrderQuantity} >= 1`),
    check("supplier_product_reorder_not_negative", sql`${table.reorderPoint} IS NULL OR ${table.reorderPoint} >= 0`),
  ],
);

/**
 * A purchase order (module `purchase_order`), numbered by the store's own sequence (PO00001). `status`
 * moves only through the transition table (contract/purchase-orders.ts) by compare-and-set on `version`,
 * which every write of the order raises. The supplier's name is kept as it was, so the order outlives it.
 */
export const purchaseOrders = sqliteTable(
  "purchase_order",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    poNumber: integer("po_number").notNull(),
    supplierId: integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
    supplierName: text("supplier_name").notNull(),
    status: text("status", { enum: PURCHASE_ORDER_STATUSES }).notNull(),
    /** A Hong Kong day, YYYY-MM-DD. */
    expectedDate: text("expected_date"),
    note: text("note"),
    totalCents: integer("total_cents").notNull(),
    orderedQuantity: integer("ordered_quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("purchase_order_number_unique").on(table.applicationKey, table.poNumber),
    index("purchase_order_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("purchase_order_expected_idx").on(table.applicationKey, table.expectedDate, table.id),
    index("purchase_order_total_idx").on(table.applicationKey, table.totalCents, table.id),
    index("purchase_order_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("purchase_order_supplier_idx").on(table.applicationKey, table.supplierId, table.createdAt, table.id),
    check("purchase_order_status_known", sql`${table.status} IN ${known(PURCHASE_ORDER_STATUSES)}`),
    check("purchase_order_total_not_negative", sql`${table.totalCents} >= 0`),
    check(
      "purchase_order_received_within_ordered",
      sql`${table.receivedQuantity} BETWEEN 0 AND ${table.orderedQuantity}`,
    ),
  ],
);

/** A purchase order's lines; received_quantity never passes quantity (the CHECK refuses an over-receipt). */
export const purchaseOrderLines = sqliteTable(
  "purchase_order_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    /** NULL once the product is deleted: the line keeps its code and names. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    productCode: text("product_code").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull(),
    supplierCode: text("supplier_code"),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    unitCostCents: integer("unit_cost_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (table) => [
    uniqueIndex("purchase_order_line_position_unique").on(table.purchaseOrderId, table.position),
    index("purchase_order_line_order_idx").on(table.applicationKey, table.purchaseOrderId, table.position),
    index("purchase_order_line_product_idx").on(table.applicationKey, table.productId),
    check("purchase_order_line_quantity_positive", sql`${table.quantity} >= 1`),
    check(
      "purchase_order_line_received_within_ordered",
      sql`${table.receivedQuantity} BETWEEN 0 AND ${table.quantity}`,
    ),
    check(
      "purchase_order_line_amounts",
      sql`${table.unitCostCents} >= 0 AND ${table.lineTotalCents} = ${table.unitCostCents} * ${table.quantity}`,
    ),
  ],
);

/** Every status change of a purchase order: who, when, from, to (the first row has no `from`). */
export const purchaseOrderHistory = sqliteTable(
  "purchase_order_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: PURCHASE_ORDER_STATUSES }),
    toStatus: text("to_status", { enum: PURCHASE_ORDER_STATUSES }).notNull(),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("purchase_order_history_order_idx").on(table.applicationKey, table.purchaseOrderId, table.id)],
);

/** Each receipt of goods against a purchase order: the quantity per line, who and when. */
export const purchaseOrderReceipts = sqliteTable(
  "purchase_order_receipt",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    lines: text("lines", { mode: "json" }).$type<{ line_id: number; quantity: number }[]>().notNull(),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("purchase_order_receipt_order_idx").on(table.applicationKey, table.purchaseOrderId, table.id)],
);

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

/**
 * A link's columns (contract/link-target.ts), for a table to spread in. Deleting the product, category
 * or custom page sets its id to NULL under the same kind: the link shows as broken, never as an error.
 */
export const linkTargetColumns = () => ({
  linkKind: text("link_kind", { enum: LINK_KINDS }),
  linkProductId: integer("link_product_id").references(() => products.id, { onDelete: "set null" }),
  linkCategoryId: integer("link_category_id").references(() => categories.id, { onDelete: "set null" }),
  linkCustomPageId: integer("link_custom_page_id").references(() => customPages.id, { onDelete: "set null" }),
  linkUrl: text("link_url"),
});

/** The CHECK a table with `linkTargetColumns` adds: a known kind. */
export const linkKindCheck = (name: string, linkKind: SQLiteColumn) =>
  check(name, sql`${linkKind} IS NULL OR ${linkKind} IN ${known(LINK_KINDS)}`);

/**
 * An enquiry from the store's website, of either kind (contract/enquiries.ts): general (module `enquiry`)
 * or medical (`medi_enquiry`, with the date of birth and the preferred appointment). Its messages, the
 * enquirer's first and the store's replies, are `enquiry_message` rows.
 */
export const enquiries = sqliteTable(
  "enquiry",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    kind: text("kind", { enum: ENQUIRY_KINDS }).notNull(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    dateOfBirth: text("date_of_birth"),
    preferredDate: text("preferred_date"),
    preferredTimeSlot: text("preferred_time_slot", { enum: ENQUIRY_TIME_SLOTS }),
    practitioner: text("practitioner"),
    assigneeId: integer("assignee_id").references(() => storeStaff.id, { onDelete: "set null" }),
    note: text("note"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("enquiry_store_created_idx").on(table.applicationKey, table.kind, table.createdAt, table.id),
    index("enquiry_store_name_idx").on(table.applicationKey, table.kind, sql`${table.name} COLLATE NOCASE`, table.id),
    index("enquiry_store_status_idx").on(table.applicationKey, table.kind, table.status, table.createdAt, table.id),
    index("enquiry_assignee_idx").on(table.assigneeId),
    check("enquiry_kind", sql`${table.kind} IN ${known(ENQUIRY_KINDS)}`),
    check("enquiry_status", sql`${table.status} IN ${known(ENQUIRY_STATUSES)}`),
    check(
      "enquiry_time_slot",
      sql`${table.preferredTimeSlot} IS NULL OR ${table.preferredTimeSlot} IN ${known(ENQUIRY_TIME_SLOTS)}`,
    ),
  ],
);

/** An enquiry's thread: the enquirer's message, then each reply (by whom), oldest first. */
export const enquiryMessages = sqliteTable(
  "enquiry_message",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: ENQUIRY_MESSAGE_SENDERS }).notNull(),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("enquiry_message_enquiry_idx").on(table.enquiryId, table.id),
    check("enquiry_message_sender", sql`${table.sender} IN ${known(ENQUIRY_MESSAGE_SENDERS)}`),
  ],
);

/** A store website visitor's browser that allowed push notifications (Web Push), perhaps a member's. */
export const pushSubscriptions = sqliteTable(
  "push_subscription",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    language: text("language", { enum: PUSH_LANGUAGES }).notNull().default("zh-HK"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("push_subscription_store_endpoint").on(table.applicationKey, table.endpoint),
    index("push_subscription_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("push_subscription_store_member_idx").on(table.applicationKey, table.memberId),
  ],
);

/** A push to the store's subscribed browsers: its texts, audience, time and, once sent, its counts. */
export const pushNotifications = sqliteTable(
  "push_notification",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    titleZhHk: text("title_zh_hk").notNull(),
    titleEn: text("title_en"),
    bodyZhHk: text("body_zh_hk").notNull(),
    bodyEn: text("body_en"),
    imageUrl: text("image_url"),
    /** Where tapping it takes the visitor (a product, category, custom page or web address), if anywhere. */
    ...linkTargetColumns(),
    audience: text("audience", { enum: PUSH_AUDIENCES }).notNull(),
    status: text("status", { enum: PUSH_NOTIFICATION_STATUSES }).notNull().default("draft"),
    sendAt: text("send_at"),
    /** When a run took it from scheduled to sending. */
    claimedAt: text("claimed_at"),
    sentAt: text("sent_at"),
    recipientCount: integer("recipient_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    removedCount: integer("removed_count").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("push_notification_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("push_notification_store_send_at_idx").on(table.applicationKey, table.sendAt, table.id),
    index("push_notification_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    // The minute job's look for due and unfinished pushes across stores.
    index("push_notification_due_idx").on(table.status, table.sendAt),
    check("push_notification_scheduled_has_time", sql`${table.status} <> 'scheduled' or ${table.sendAt} is not null`),
    linkKindCheck("push_notification_link_kind", table.linkKind),
    // Deleting a product, category or custom page sets its links to NULL: found through these.
    index("push_notification_link_product_idx").on(table.linkProductId),
    index("push_notification_link_category_idx").on(table.linkCategoryId),
    index("push_notification_link_custom_page_idx").on(table.linkCustomPageId),
  ],
);

/** The members a push of audience `specific` goes to. */
export const pushNotificationMembers = sqliteTable(
  "push_notification_member",
  {
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("push_notification_member_pair").on(table.notificationId, table.memberId),
    index("push_notification_member_by_member_idx").on(table.memberId),
  ],
);

/**
 * One message of a push to one subscription: inserted once per pair (the unique index), then taken by
 * exactly one run (pending → sending) before it is sent, so nothing goes twice.
 */
export const pushDeliveries = sqliteTable(
  "push_delivery",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => pushSubscriptions.id, { onDelete: "set null" }),
    status: text("status", { enum: PUSH_DELIVERY_STATUSES }).notNull().default("pending"),
    claimedAt: text("claimed_at"),
    finishedAt: text("finished_at"),
  },
  (table) => [
    uniqueIndex("push_delivery_pair").on(table.notificationId, table.subscriptionId),
    index("push_delivery_notification_status_idx").on(table.notificationId, table.status),
    index("push_delivery_subscription_idx").on(table.subscriptionId),
    // The push job's look for messages a stopped run left taken.
    index("push_delivery_status_claimed_idx").on(table.status, table.claimedAt),
  ],
);

/**
 * Every push message sent (deliveries and tests), as email_outbox keeps e-mails: locally the outbox is
 * the browser; with Web Push on, the push service's answer is kept too.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    notificationId: integer("notification_id"),
    endpoint: text("endpoint").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "expired"] }).notNull(),
    responseStatus: integer("response_status"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("push_outbox_store_idx").on(table.applicationKey, table.id)],
);

/**
 * The versions of a store's slide list and menu (module `layout`): a move is saved only over the version
 * the page showed, and every change to the list's order or the menu's shape takes it one further. No row
 * yet: both are 0.
 */
export const storeLayouts = sqliteTable("store_layout", {
  applicationKey: text("application_key")
    .primaryKey()
    .references(() => storeAccounts.applicationKey),
  bannerListVersion: integer("banner_list_version").notNull().default(0),
  menuVersion: integer("menu_version").notNull().default(0),
});

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

/**
 * An item of the store website's menu: a tree at most three deep. `depth` is 1 at the top and its
 * parent's + 1 below (a CHECK and the triggers of migration 0031); deleting an item deletes its children.
 */
export const menuItems = sqliteTable(
  "menu_item",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    parentId: integer("parent_id").references((): AnySQLiteColumn => menuItems.id, { onDelete: "cascade" }),
    depth: integer("depth").notNull(),
    position: integer("position").notNull(),
    labelZhHk: text("label_zh_hk").notNull(),
    labelEn: text("label_en").notNull().default(""),
    ...linkTargetColumns(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("menu_item_store_tree_idx").on(table.applicationKey, table.depth, table.position, table.id),
    index("menu_item_parent_idx")
      .on(table.parentId)
      .where(sql`${table.parentId} IS NOT NULL`),
    index("menu_item_link_product_idx")
      .on(table.linkProductId)
      .where(sql`${table.linkProductId} IS NOT NULL`),
    index("menu_item_link_category_idx")
      .on(table.linkCategoryId)
      .where(sql`${table.linkCategoryId} IS NOT NULL`),
    index("menu_item_link_custom_page_idx")
      .on(table.linkCustomPageId)
      .where(sql`${table.linkCustomPageId} IS NOT NULL`),
    linkKindCheck("menu_item_link_kind", table.linkKind),
    check("menu_item_has_link", sql`${table.linkKind} IS NOT NULL`),
    check("menu_item_depth", sql`${table.depth} BETWEEN 1 AND 3`),
    check("menu_item_top_level", sql`(${table.parentId} IS NULL) = (${table.depth} = 1)`),
  ],
);

/** A coach who teaches a store's courses (spec "yoga coach"); an inactive one is kept for past sessions. */
export const courseCoaches = sqliteTable(
  "course_coach",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    photoUrl: text("photo_url"),
    bio: text("bio").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_coach_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("course_coach_store_name_idx").on(table.applicationKey, sql`${table.nameEn} COLLATE NOCASE`, table.id),
    index("course_coach_store_active_idx").on(table.applicationKey, table.active, table.createdAt, table.id),
  ],
);

/** A kind of class (spec "yoga course type"): hatha, yin, spinning…, with the colour the timetable shows it in. */
export const courseTypes = sqliteTable(
  "course_type",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    /** #rrggbb, lower case. */
    colour: text("colour").notNull(),
    description: text("description").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_type_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("course_type_store_name_idx").on(table.applicationKey, sql`${table.nameEn} COLLATE NOCASE`, table.id),
    check("course_type_colour", sql`${table.colour} GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'`),
  ],
);

/**
 * What a member buys to book courses (spec "credit package"): credits valid for some days from the purchase
 * or from the first booking, for the course types of `credit_package_course_type`. A package once sold is
 * never deleted (its credits point at it): it goes off sale instead.
 */
export const creditPackages = sqliteTable(
  "credit_package",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    credits: integer("credits").notNull(),
    priceCents: integer("price_cents").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    onSale: flag("on_sale"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("credit_package_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("credit_package_store_price_idx").on(table.applicationKey, table.priceCents, table.id),
    index("credit_package_store_on_sale_idx").on(table.applicationKey, table.onSale, table.createdAt, table.id),
    check("credit_package_credits", sql`${table.credits} >= 1`),
    check("credit_package_price", sql`${table.priceCents} >= 0`),
    check("credit_package_validity_days", sql`${table.validityDays} >= 1`),
    check("credit_package_validity_starts", sql`${table.validityStarts} IN ${known(CREDIT_VALIDITY_STARTS)}`),
  ],
);

/** The course types a credit package pays for (at least one, the form requires it). */
export const creditPackageCourseTypes = sqliteTable(
  "credit_package_course_type",
  {
    applicationKey: text("application_key").notNull(),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id, { onDelete: "cascade" }),
    courseTypeId: integer("course_type_id")
      .notNull()
      .references(() => courseTypes.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("credit_package_course_type_unique").on(table.packageId, table.courseTypeId),
    index("credit_package_course_type_type_idx").on(table.courseTypeId),
  ],
);

/**
 * One class on the timetable (spec "yoga course"). Sessions added as a weekly series share `series_key`,
 * so an edit can apply to this session and the following ones. `booked_places` counts its booked
 * bookings (the triggers of course_booking keep it) and never exceeds `max_places`: that CHECK is what
 * makes a full session refuse the next booking, however many arrive at once.
 */
export const courseSessions = sqliteTable(
  "course_session",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    courseTypeId: integer("course_type_id")
      .notNull()
      .references(() => courseTypes.id),
    coachId: integer("coach_id")
      .notNull()
      .references(() => courseCoaches.id),
    seriesKey: text("series_key"),
    location: text("location").notNull().default(""),
    /** UTC instants; the timetable shows them in Hong Kong time. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    creditsNeeded: integer("credits_needed").notNull(),
    maxPlaces: integer("max_places").notNull(),
    bookedPlaces: integer("booked_places").notNull().default(0),
    status: text("status", { enum: COURSE_SESSION_STATUSES }).notNull().default("scheduled"),
    note: text("note").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("course_session_store_start_idx").on(table.applicationKey, table.startsAt, table.id),
    index("course_session_store_coach_idx").on(table.applicationKey, table.coachId, table.startsAt, table.id),
    index("course_session_store_type_idx").on(table.applicationKey, table.courseTypeId, table.startsAt, table.id),
    index("course_session_series_idx")
      .on(table.applicationKey, table.seriesKey, table.startsAt)
      .where(sql`${table.seriesKey} IS NOT NULL`),
    check("course_session_ends_after_start", sql`${table.endsAt} >= ${table.startsAt}`),
    check("course_session_credits_needed", sql`${table.creditsNeeded} >= 0`),
    check("course_session_max_places", sql`${table.maxPlaces} >= 1`),
    check("course_session_within_places", sql`${table.bookedPlaces} BETWEEN 0 AND ${table.maxPlaces}`),
    check("course_session_status", sql`${table.status} IN ${known(COURSE_SESSION_STATUSES)}`),
  ],
);

/**
 * A member's purchase of a credit package (spec "credit order"), at the counter or on the store's website.
 * It keeps the package's name, credits and validity as sold; paying it grants the credits (member_credit)
 * in the same batch, once.
 */
export const creditOrders = sqliteTable(
  "credit_order",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The client's id for one submission: a replay finds the first order (unique per store). */
    idempotencyKey: text("idempotency_key").notNull(),
    channel: text("channel", { enum: CREDIT_ORDER_CHANNELS }).notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id),
    packageNameZhHk: text("package_name_zh_hk").notNull(),
    packageNameEn: text("package_name_en").notNull(),
    credits: integer("credits").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: CREDIT_ORDER_STATUSES }).notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    proofImageUrls: jsonList("proof_image_urls"),
    note: text("note"),
    /** Staff's e-mail for counter sales and each later change; null for the website's. */
    actorEmail: text("actor_email"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    refundedAt: text("refunded_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_order_idempotency_unique").on(table.applicationKey, table.idempotencyKey),
    index("credit_order_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("credit_order_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("credit_order_store_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("credit_order_store_price_idx").on(table.applicationKey, table.priceCents, table.id),
    index("credit_order_package_idx").on(table.packageId),
    check("credit_order_status", sql`${table.status} IN ${known(CREDIT_ORDER_STATUSES)}`),
    check("credit_order_payment_status", sql`${table.paymentStatus} IN ${known(PAYMENT_STATUSES)}`),
    check("credit_order_channel", sql`${table.channel} IN ${known(CREDIT_ORDER_CHANNELS)}`),
    check(
      "credit_order_amounts",
      sql`${table.priceCents} >= 0 AND ${table.credits} >= 1 AND ${table.validityDays} >= 1`,
    ),
    check("credit_order_paid_at", sql`${table.status} NOT IN ('paid', 'refunded') OR ${table.paidAt} IS NOT NULL`),
  ],
);

/**
 * The credits a paid credit order granted a member (spec "credit"): what is left of them, and until when.
 * `expires_at` is NULL until the first booking when the package counts from the first use. A refund takes
 * what is left (`status` refunded, remaining 0). The remaining credits never go below 0 or above the
 * credits granted: a booking that would take more fails on that CHECK.
 */
export const memberCredits = sqliteTable(
  "member_credit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    creditOrderId: integer("credit_order_id")
      .notNull()
      .references(() => creditOrders.id),
    packageId: integer("package_id")
      .notNull()
      .references(() => creditPackages.id),
    creditsGranted: integer("credits_granted").notNull(),
    creditsRemaining: integer("credits_remaining").notNull(),
    validityDays: integer("validity_days").notNull(),
    validityStarts: text("validity_starts", { enum: CREDIT_VALIDITY_STARTS }).notNull(),
    status: text("status", { enum: ["active", "refunded"] })
      .notNull()
      .default("active"),
    grantedAt: text("granted_at").notNull(),
    expiresAt: text("expires_at"),
  },
  (table) => [
    uniqueIndex("member_credit_order_unique").on(table.creditOrderId),
    index("member_credit_member_idx").on(table.applicationKey, table.memberId, table.expiresAt),
    index("member_credit_package_idx").on(table.packageId),
    check("member_credit_not_negative", sql`${table.creditsRemaining} BETWEEN 0 AND ${table.creditsGranted}`),
    check("member_credit_status", sql`${table.status} IN ('active', 'refunded')`),
    check("member_credit_refunded_empty", sql`${table.status} = 'active' OR ${table.creditsRemaining} = 0`),
    check("member_credit_expiry", sql`${table.validityStarts} = 'first_use' OR ${table.expiresAt} IS NOT NULL`),
  ],
);

/**
 * A member's place in a session (spec "yoga course record"), paid by one of their credits. One booked
 * booking per member and session; attendance is marked on booked ones. The triggers of migration 0035
 * keep the session's `booked_places`, take the credits when it is made and give back `credits_returned`
 * once when it is cancelled.
 */
export const courseBookings = sqliteTable(
  "course_booking",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => courseSessions.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    /** NULL only for a session that needs no credits. */
    creditId: integer("credit_id").references(() => memberCredits.id),
    creditsSpent: integer("credits_spent").notNull(),
    status: text("status", { enum: COURSE_BOOKING_STATUSES }).notNull().default("booked"),
    attendance: text("attendance", { enum: ATTENDANCES }).notNull().default("pending"),
    /** What a cancellation gave back: all, or nothing when it came too late. */
    creditsReturned: integer("credits_returned").notNull().default(0),
    cancelledAt: text("cancelled_at"),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("course_booking_one_per_member")
      .on(table.sessionId, table.memberId)
      .where(sql`${table.status} = 'booked'`),
    index("course_booking_session_idx").on(table.sessionId, table.status, table.id),
    index("course_booking_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("course_booking_credit_idx")
      .on(table.creditId)
      .where(sql`${table.creditId} IS NOT NULL`),
    check("course_booking_status", sql`${table.status} IN ${known(COURSE_BOOKING_STATUSES)}`),
    check("course_booking_attendance", sql`${table.attendance} IN ${known(ATTENDANCES)}`),
    check(
      "course_booking_credits",
      sql`${table.creditsSpent} >= 0 AND ${table.creditsReturned} BETWEEN 0 AND ${table.creditsSpent}`,
    ),
    check("course_booking_paid", sql`${table.creditId} IS NOT NULL OR ${table.creditsSpent} = 0`),
    check(
      "course_booking_cancelled_before_attending",
      sql`${table.status} = 'booked' OR ${table.attendance} = 'pending'`,
    ),
  ],
);

/** A member's credit ledger, append-only: each change of a credit's remaining credits and why. */
export const creditMovements = sqliteTable(
  "credit_movement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    creditId: integer("credit_id")
      .notNull()
      .references(() => memberCredits.id),
    bookingId: integer("booking_id").references(() => courseBookings.id),
    reason: text("reason", { enum: CREDIT_MOVEMENT_REASONS }).notNull(),
    /** + granted or given back, − spent or taken back; never 0. */
    change: integer("change").notNull(),
    remainingAfter: integer("remaining_after").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_movement_member_idx").on(table.applicationKey, table.memberId, table.createdAt, table.id),
    index("credit_movement_credit_idx").on(table.creditId),
    index("credit_movement_booking_idx")
      .on(table.bookingId)
      .where(sql`${table.bookingId} IS NOT NULL`),
    check("credit_movement_reason", sql`${table.reason} IN ${known(CREDIT_MOVEMENT_REASONS)}`),
    check("credit_movement_change", sql`${table.change} <> 0`),
  ],
);

const variant = () => text("variant", { enum: APPOINTMENT_VARIANTS }).notNull();
const variantCheck = (name: string, column: SQLiteColumn) =>
  check(name, sql`${column} IN ${known(APPOINTMENT_VARIANTS)}`);

/**
 * Who gives an appointment: one of the store's staff accounts or a named practitioner. A provider is
 * booked once at a time across all their services (buffers included).
 */
export const appointmentProviders = sqliteTable(
  "appointment_provider",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    /** The store staff account this provider is, or NULL for a practitioner without an account. */
    staffId: integer("staff_id").references(() => storeStaff.id, { onDelete: "set null" }),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_provider_store_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_provider_staff_idx")
      .on(table.staffId)
      .where(sql`${table.staffId} IS NOT NULL`),
    variantCheck("appointment_provider_variant", table.variant),
  ],
);

/** Spec "appointment category": groups services; a stopped one takes no new bookings. */
export const appointmentCategories = sqliteTable(
  "appointment_category",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    imageUrl: text("image_url"),
    description: text("description").notNull().default(""),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("accept"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_category_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_category_store_name_idx").on(
      table.applicationKey,
      table.variant,
      sql`${table.nameEn} COLLATE NOCASE`,
      table.id,
    ),
    variantCheck("appointment_category_variant", table.variant),
    check("appointment_category_status", sql`${table.status} IN ${known(APPOINTMENT_STATUSES)}`),
  ],
);

/** Spec "appointment" (setting): what a customer books, how long it takes, when and with whom. */
export const appointmentServices = sqliteTable(
  "appointment_service",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => appointmentCategories.id),
    providerId: integer("provider_id")
      .notNull()
      .references(() => appointmentProviders.id),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    priceCents: money("price_cents").notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    /** Bookings one slot holds (1: one to one; more: a group at the same start). */
    capacity: integer("capacity").notNull().default(1),
    minNoticeHours: integer("min_notice_hours").notNull().default(0),
    bookingWindowDays: integer("booking_window_days").notNull().default(60),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("accept"),
    /** The store website's order (the sorting page), smallest first. */
    sortOrder: integer("sort_order").notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_service_store_sort_idx").on(table.applicationKey, table.variant, table.sortOrder, table.id),
    index("appointment_service_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_service_category_idx").on(table.categoryId, table.sortOrder, table.id),
    index("appointment_service_provider_idx").on(table.providerId),
    variantCheck("appointment_service_variant", table.variant),
    check("appointment_service_status", sql`${table.status} IN ${known(APPOINTMENT_STATUSES)}`),
    check("appointment_service_duration", sql`${table.durationMinutes} BETWEEN 5 AND 720`),
    check("appointment_service_price", sql`${table.priceCents} >= 0`),
    check(
      "appointment_service_buffers",
      sql`${table.bufferBeforeMinutes} BETWEEN 0 AND 240 AND ${table.bufferAfterMinutes} BETWEEN 0 AND 240`,
    ),
    check("appointment_service_capacity", sql`${table.capacity} BETWEEN 1 AND 100`),
    check(
      "appointment_service_notice_window",
      sql`${table.minNoticeHours} BETWEEN 0 AND 720 AND ${table.bookingWindowDays} BETWEEN 1 AND 365`,
    ),
  ],
);

/**
 * One opening of a service, Hong Kong time: a time range (HH:MM, end after start) every day, on one
 * weekday or on one date; several rows of one type and day are several ranges. A date row may instead
 * close the day. The most specific type present for a day wins (date, then weekday, then every day).
 */
export const appointmentSchedules = sqliteTable(
  "appointment_schedule",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => appointmentServices.id, { onDelete: "cascade" }),
    scheduleType: text("schedule_type", { enum: SCHEDULE_TYPES }).notNull(),
    /** YYYY-MM-DD, only for specific_date. */
    specificDate: text("specific_date"),
    closed: flag("closed"),
    /** HH:MM, NULL only on a closed date. */
    startTime: text("start_time"),
    endTime: text("end_time"),
  },
  (table) => [
    index("appointment_schedule_service_idx").on(table.serviceId, table.scheduleType, table.specificDate),
    check("appointment_schedule_type", sql`${table.scheduleType} IN ${known(SCHEDULE_TYPES)}`),
    check(
      "appointment_schedule_date",
      sql`(${table.scheduleType} = 'specific_date') = (${table.specificDate} IS NOT NULL)
        AND (${table.specificDate} IS NULL OR ${table.specificDate} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')`,
    ),
    check(
      "appointment_schedule_times",
      sql`CASE WHEN ${table.closed} THEN ${table.scheduleType} = 'specific_date'
          AND ${table.startTime} IS NULL AND ${table.endTime} IS NULL
        ELSE ${table.startTime} GLOB '[0-2][0-9]:[0-5][0-9]' AND ${table.endTime} GLOB '[0-2][0-9]:[0-5][0-9]'
          AND ${table.startTime} < ${table.endTime} AND ${table.endTime} <= '24:00' END`,
    ),
  ],
);

/**
 * Spec "appointment record": one booking of a service with its provider. `blocked_from`..`blocked_until`
 * is the time it takes from the provider, buffers included; the triggers of migration 0036 refuse a
 * booking whose blocked time overlaps another of the provider's (a group slot of one service and start
 * is shared up to its capacity) and a new booking of a stopped category or service.
 */
export const appointmentRecords = sqliteTable(
  "appointment_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    variant: variant(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => appointmentServices.id),
    providerId: integer("provider_id")
      .notNull()
      .references(() => appointmentProviders.id),
    /** The member who booked, or NULL for a guest; the customer fields are filled either way. */
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    /** UTC instants; pages show them in Hong Kong time. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    blockedFrom: text("blocked_from").notNull(),
    blockedUntil: text("blocked_until").notNull(),
    priceCents: money("price_cents").notNull(),
    status: text("status", { enum: APPOINTMENT_RECORD_STATUSES }).notNull().default("success"),
    channel: text("channel", { enum: APPOINTMENT_CHANNELS }).notNull(),
    /** A website booking's client-made id: a replay answers the first booking. */
    idempotencyKey: text("idempotency_key"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    cancelledAt: text("cancelled_at"),
    completedAt: text("completed_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("appointment_record_store_start_idx").on(table.applicationKey, table.variant, table.startsAt, table.id),
    index("appointment_record_store_created_idx").on(table.applicationKey, table.variant, table.createdAt, table.id),
    index("appointment_record_store_status_idx").on(
      table.applicationKey,
      table.variant,
      table.status,
      table.startsAt,
      table.id,
    ),
    index("appointment_record_service_idx").on(table.serviceId, table.startsAt, table.status),
    index("appointment_record_provider_idx").on(table.providerId, table.blockedFrom, table.status),
    index("appointment_record_member_idx")
      .on(table.applicationKey, table.memberId, table.startsAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    uniqueIndex("appointment_record_idempotency_idx")
      .on(table.applicationKey, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    variantCheck("appointment_record_variant", table.variant),
    check("appointment_record_status", sql`${table.status} IN ${known(APPOINTMENT_RECORD_STATUSES)}`),
    check("appointment_record_channel", sql`${table.channel} IN ${known(APPOINTMENT_CHANNELS)}`),
    check("appointment_record_price", sql`${table.priceCents} >= 0`),
    check(
      "appointment_record_times",
      sql`${table.startsAt} < ${table.endsAt} AND ${table.blockedFrom} <= ${table.startsAt}
        AND ${table.blockedUntil} >= ${table.endsAt}
        AND julianday(${table.blockedUntil}) - julianday(${table.blockedFrom}) <= 1`,
    ),
  ],
);

/**
 * A medical appointment's patient details, beside its record so that they can be read, left out and
 * erased on their own: only roles with the patient-details permission see them (docs/modules.md).
 */
export const appointmentPatients = sqliteTable(
  "appointment_patient",
  {
    recordId: integer("record_id")
      .primaryKey()
      .references(() => appointmentRecords.id, { onDelete: "cascade" }),
    applicationKey: text("application_key").notNull(),
    /** YYYY-MM-DD. */
    dateOfBirth: text("date_of_birth"),
    gender: text("gender", { enum: PATIENT_GENDERS }),
    /** The last four characters of the HKID card only, never the whole number. */
    hkidLastFour: text("hkid_last_four"),
    allergies: text("allergies").notNull().default(""),
    medicalNotes: text("medical_notes").notNull().default(""),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("appointment_patient_gender", sql`${table.gender} IS NULL OR ${table.gender} IN ${known(PATIENT_GENDERS)}`),
    check("appointment_patient_hkid", sql`${table.hkidLastFour} IS NULL OR length(${table.hkidLastFour}) = 4`),
  ],
);

/** Spec "monthly plan": what a member pays for a number of days. */
export const monthlyFeePlans = sqliteTable(
  "monthly_fee_plan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    days: integer("days").notNull(),
    priceCents: money("price_cents").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("monthly_fee_plan_store_idx").on(table.applicationKey, table.createdAt, table.id),
    check("monthly_fee_plan_days", sql`${table.days} BETWEEN 1 AND 366`),
    check("monthly_fee_plan_price", sql`${table.priceCents} >= 0`),
  ],
);

/**
 * Spec "monthly fee record": one member's fee for one period (HKT dates, both included), with the plan's
 * days and price as charged (a trigger holds them to the plan's). One per member and period start.
 */
export const monthlyFeeRecords = sqliteTable(
  "monthly_fee_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => monthlyFeePlans.id),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    days: integer("days").notNull(),
    amountCents: money("amount_cents").notNull(),
    status: text("status", { enum: MONTHLY_FEE_STATUSES }).notNull().default("pending"),
    /** The renewal job makes the next period's record when this one renews. */
    renews: integer("renews", { mode: "boolean" }).notNull().default(true),
    paymentMethod: text("payment_method"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    remindedAt: text("reminded_at"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("monthly_fee_record_period_idx").on(table.applicationKey, table.memberId, table.periodStart),
    index("monthly_fee_record_store_start_idx").on(table.applicationKey, table.periodStart, table.id),
    index("monthly_fee_record_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("monthly_fee_record_store_status_idx").on(table.applicationKey, table.status, table.periodStart, table.id),
    index("monthly_fee_record_plan_idx").on(table.applicationKey, table.planId, table.periodStart, table.id),
    index("monthly_fee_record_renewal_idx")
      .on(table.periodEnd)
      .where(sql`${table.renews} AND ${table.status} <> 'cancelled'`),
    check("monthly_fee_record_status", sql`${table.status} IN ${known(MONTHLY_FEE_STATUSES)}`),
    check(
      "monthly_fee_record_period",
      sql`${table.periodStart} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'
        AND ${table.periodEnd} = date(${table.periodStart}, '+' || (${table.days} - 1) || ' days')`,
    ),
    check(
      "monthly_fee_record_paid",
      sql`${table.status} <> 'paid' OR (${table.paidAt} IS NOT NULL AND ${table.paymentMethod} IS NOT NULL)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Renting, quotations and product booking (docs/modules.md).

/** Spec "renting product": what the store lends out, how many it owns, and what a rental costs. */
export const rentingProducts = sqliteTable(
  "renting_product",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    descriptionZhHk: text("description_zh_hk").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    images: jsonList("images"),
    unitsOwned: integer("units_owned").notNull(),
    pricePerDayCents: money("price_per_day_cents").notNull(),
    /** Optional: a week or a month, when cheaper, is charged instead of its days (backend/renting-price.ts). */
    pricePerWeekCents: money("price_per_week_cents"),
    pricePerMonthCents: money("price_per_month_cents"),
    depositCents: money("deposit_cents").notNull().default(0),
    lateFeePerDayCents: money("late_fee_per_day_cents").notNull().default(0),
    status: text("status", { enum: RENTING_PRODUCT_STATUSES }).notNull().default("rentable"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("renting_product_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("renting_product_store_name_idx").on(table.applicationKey, sql`${table.nameZhHk} COLLATE NOCASE`, table.id),
    index("renting_product_store_price_idx").on(table.applicationKey, table.pricePerDayCents, table.id),
    index("renting_product_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    check("renting_product_status", sql`${table.status} IN ${known(RENTING_PRODUCT_STATUSES)}`),
    check("renting_product_units", sql`${table.unitsOwned} BETWEEN 0 AND 100000`),
    check(
      "renting_product_money",
      sql`${table.pricePerDayCents} >= 0 AND coalesce(${table.pricePerWeekCents}, 0) >= 0
        AND coalesce(${table.pricePerMonthCents}, 0) >= 0 AND ${table.depositCents} >= 0
        AND ${table.lateFeePerDayCents} >= 0`,
    ),
  ],
);

/**
 * Spec "renting record": units of one renting product lent over the half-open range [starts_at, ends_at)
 * (UTC instants; pages show Hong Kong time). The triggers of migration 0038 keep the units that booked
 * and rented records hold at any moment within the product's units owned, so back-to-back rentals fit
 * and overlapping ones beyond the stock are refused, however many arrive at once.
 */
export const rentingRecords = sqliteTable(
  "renting_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    productId: integer("product_id")
      .notNull()
      .references(() => rentingProducts.id),
    /** The member who rents, or NULL for a guest; the customer fields are filled either way. */
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    units: integer("units").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    /** The rent charged (the cheapest combination of day, week and month prices) and the deposit taken. */
    rentCents: money("rent_cents").notNull(),
    depositCents: money("deposit_cents").notNull().default(0),
    /** Charged on a late return: the late fee per day for each day or part of a day after `ends_at`. */
    lateFeeCents: money("late_fee_cents").notNull().default(0),
    /** What of the deposit went back on return, and why any of it was kept. */
    depositRefundedCents: money("deposit_refunded_cents"),
    depositDeductionNote: text("deposit_deduction_note").notNull().default(""),
    status: text("status", { enum: RENTING_RECORD_STATUSES }).notNull().default("success"),
    pickedUpAt: text("picked_up_at"),
    returnedAt: text("returned_at"),
    completedAt: text("completed_at"),
    cancelledAt: text("cancelled_at"),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("renting_record_store_start_idx").on(table.applicationKey, table.startsAt, table.id),
    index("renting_record_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("renting_record_store_status_idx").on(table.applicationKey, table.status, table.startsAt, table.id),
    index("renting_record_store_product_idx").on(table.applicationKey, table.productId, table.startsAt, table.id),
    index("renting_record_product_units_idx").on(table.productId, table.status, table.startsAt, table.endsAt),
    index("renting_record_member_idx")
      .on(table.applicationKey, table.memberId, table.startsAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    check("renting_record_status", sql`${table.status} IN ${known(RENTING_RECORD_STATUSES)}`),
    check("renting_record_units", sql`${table.units} >= 1`),
    check("renting_record_range", sql`${table.startsAt} < ${table.endsAt}`),
    check(
      "renting_record_money",
      sql`${table.rentCents} >= 0 AND ${table.depositCents} >= 0 AND ${table.lateFeeCents} >= 0
        AND (${table.depositRefundedCents} IS NULL OR ${table.depositRefundedCents} BETWEEN 0 AND ${table.depositCents})`,
    ),
  ],
);

/**
 * Spec "quotation": a price offer to a member or a company, with its lines. `revision` counts the
 * edits sent after the first; `quotation_history` keeps each status change and each revision. Once
 * approved it turns into one order (`order_id`, unique).
 */
export const quotations = sqliteTable(
  "quotation",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** The store's own sequence from 1001, shown as Q1001. */
    quotationNumber: integer("quotation_number").notNull(),
    memberId: integer("member_id").references(() => members.id),
    companyName: text("company_name").notNull().default(""),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    subtotalCents: money("subtotal_cents").notNull().default(0),
    discountCents: money("discount_cents").notNull().default(0),
    deliveryCents: money("delivery_cents").notNull().default(0),
    totalCents: money("total_cents").notNull().default(0),
    /** The last Hong Kong day it can be approved (YYYY-MM-DD). */
    validUntil: text("valid_until").notNull(),
    terms: text("terms").notNull().default(""),
    note: text("note").notNull().default(""),
    status: text("status", { enum: QUOTATION_STATUSES }).notNull().default("pending"),
    revision: integer("revision").notNull().default(1),
    /** The request from the store's website it answers, if any. */
    requestId: integer("request_id"),
    orderId: integer("order_id").references(() => orders.id),
    sentAt: text("sent_at"),
    decidedAt: text("decided_at"),
    actorEmail: text("actor_email"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("quotation_number_unique").on(table.applicationKey, table.quotationNumber),
    uniqueIndex("quotation_order_unique")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    index("quotation_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("quotation_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("quotation_store_valid_idx").on(table.applicationKey, table.validUntil, table.id),
    index("quotation_store_total_idx").on(table.applicationKey, table.totalCents, table.id),
    index("quotation_member_idx")
      .on(table.applicationKey, table.memberId, table.createdAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    index("quotation_request_idx")
      .on(table.requestId)
      .where(sql`${table.requestId} IS NOT NULL`),
    check("quotation_status", sql`${table.status} IN ${known(QUOTATION_STATUSES)}`),
    check("quotation_valid_until", sql`${table.validUntil} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
    check(
      "quotation_money",
      sql`${table.subtotalCents} >= 0 AND ${table.discountCents} BETWEEN 0 AND ${table.subtotalCents}
        AND ${table.deliveryCents} >= 0
        AND ${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.deliveryCents}`,
    ),
    check("quotation_revision", sql`${table.revision} >= 1`),
  ],
);

/** A quotation's lines: a product of the store at a quoted price, or a free line (no product). */
export const quotationLines = sqliteTable(
  "quotation_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** NULL for a free line, or once the product is deleted: the line keeps its name and price. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    unitPriceCents: money("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: money("line_total_cents").notNull(),
  },
  (table) => [
    uniqueIndex("quotation_line_position_unique").on(table.quotationId, table.position),
    index("quotation_line_product_idx")
      .on(table.productId)
      .where(sql`${table.productId} IS NOT NULL`),
    check("quotation_line_quantity", sql`${table.quantity} >= 1`),
    check(
      "quotation_line_amounts",
      sql`${table.unitPriceCents} >= 0 AND ${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`,
    ),
  ],
);

/**
 * Each status change and each revision of a quotation: who (NULL: the customer through the link), when,
 * from, to, the revision it made or decided, and what changed (the fields' names, for a revision).
 */
export const quotationHistory = sqliteTable(
  "quotation_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    fromStatus: text("from_status", { enum: QUOTATION_STATUSES }),
    toStatus: text("to_status", { enum: QUOTATION_STATUSES }).notNull(),
    changes: jsonList("changes"),
    actorEmail: text("actor_email"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("quotation_history_quotation_idx").on(table.quotationId, table.createdAt, table.id)],
);

/** A customer's request for a quotation, sent from the store's website; staff quote it or close it. */
export const quotationRequests = sqliteTable(
  "quotation_request",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    companyName: text("company_name").notNull().default(""),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    message: text("message").notNull().default(""),
    status: text("status", { enum: QUOTATION_REQUEST_STATUSES }).notNull().default("new"),
    quotationId: integer("quotation_id"),
    /** The website's client-made id: a replay answers the first request. */
    idempotencyKey: text("idempotency_key"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("quotation_request_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("quotation_request_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    uniqueIndex("quotation_request_idempotency_idx")
      .on(table.applicationKey, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    check("quotation_request_status", sql`${table.status} IN ${known(QUOTATION_REQUEST_STATUSES)}`),
  ],
);

/** The products and quantities a request asks about, with their names as they were. */
export const quotationRequestLines = sqliteTable(
  "quotation_request_line",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    requestId: integer("request_id")
      .notNull()
      .references(() => quotationRequests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    uniqueIndex("quotation_request_line_position_unique").on(table.requestId, table.position),
    check("quotation_request_line_quantity", sql`${table.quantity} >= 1`),
  ],
);

/**
 * A product's pre-order setting: whether it takes bookings, how many units (the quota), the deposit per
 * unit and when stock is expected. `booked_units` is kept by the triggers of migration 0038 (the units
 * of its bookings that are not cancelled) and never exceeds the quota: that CHECK is what refuses the
 * booking past it, however many arrive at once.
 */
export const productBookingSettings = sqliteTable(
  "product_booking_setting",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    applicationKey: text("application_key").notNull(),
    open: flag("open"),
    quota: integer("quota").notNull(),
    depositCents: money("deposit_cents").notNull().default(0),
    /** The Hong Kong day stock is expected (YYYY-MM-DD), shown to customers. */
    expectedArrivalDate: text("expected_arrival_date"),
    bookedUnits: integer("booked_units").notNull().default(0),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("product_booking_setting_store_idx").on(table.applicationKey, table.open, table.productId),
    check("product_booking_setting_quota", sql`${table.bookedUnits} BETWEEN 0 AND ${table.quota}`),
    check("product_booking_setting_deposit", sql`${table.depositCents} >= 0`),
    check(
      "product_booking_setting_arrival",
      sql`${table.expectedArrivalDate} IS NULL OR ${table.expectedArrivalDate} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`,
    ),
  ],
);

/**
 * Spec "product booking": a member's (or guest's) pre-order of a product. Bookings are converted to
 * orders in the order they were made (`id`), each once (`order_id`, unique).
 */
export const productBookings = sqliteTable(
  "product_booking",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    memberId: integer("member_id").references(() => members.id),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    quantity: integer("quantity").notNull(),
    depositCents: money("deposit_cents").notNull().default(0),
    depositPaid: flag("deposit_paid"),
    status: text("status", { enum: PRODUCT_BOOKING_STATUSES }).notNull().default("booked"),
    channel: text("channel", { enum: PRODUCT_BOOKING_CHANNELS }).notNull(),
    /** A website booking's client-made id: a replay answers the first booking. */
    idempotencyKey: text("idempotency_key"),
    orderId: integer("order_id").references(() => orders.id),
    note: text("note").notNull().default(""),
    actorEmail: text("actor_email"),
    notifiedAt: text("notified_at"),
    convertedAt: text("converted_at"),
    cancelledAt: text("cancelled_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("product_booking_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("product_booking_store_status_idx").on(table.applicationKey, table.status, table.createdAt, table.id),
    index("product_booking_store_product_idx").on(table.applicationKey, table.productId, table.createdAt, table.id),
    // Conversion takes a product's open bookings in booking order.
    index("product_booking_queue_idx").on(table.productId, table.status, table.id),
    index("product_booking_member_idx")
      .on(table.applicationKey, table.memberId, table.createdAt, table.id)
      .where(sql`${table.memberId} IS NOT NULL`),
    uniqueIndex("product_booking_order_unique")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    uniqueIndex("product_booking_idempotency_idx")
      .on(table.applicationKey, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    check("product_booking_status", sql`${table.status} IN ${known(PRODUCT_BOOKING_STATUSES)}`),
    check("product_booking_channel", sql`${table.channel} IN ${known(PRODUCT_BOOKING_CHANNELS)}`),
    check("product_booking_quantity", sql`${table.quantity} >= 1`),
    check("product_booking_deposit", sql`${table.depositCents} >= 0`),
    check("product_booking_converted", sql`(${table.status} = 'converted') = (${table.orderId} IS NOT NULL)`),
  ],
);
