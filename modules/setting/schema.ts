import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag } from "../../backend/db/columns";
import { storeAccounts } from "../store/schema";

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
    /** Method → its setting (modules/setting/contract.ts); a method not in it is off. */
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
    /** The hourly job e-mails each unpaid order's customer once this many hours after it was made; null: never. */
    unpaidOrderReminderHours: integer("unpaid_order_reminder_hours"),
    /** A course booking cancelled less than this many hours before its session forfeits its credits. */
    courseCancelHours: integer("course_cancel_hours").notNull().default(12),
    courseVersion: integer("course_version").notNull().default(1),
    /** Appointments, class bookings and rentals due back are reminded this many hours before (backend/booking-reminders.ts). */
    bookingReminderHours: integer("booking_reminder_hours").notNull().default(24),
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
    check(
      "store_setting_unpaid_order_reminder_hours",
      sql`${table.unpaidOrderReminderHours} IS NULL OR (${table.unpaidOrderReminderHours} >= 1 AND ${table.unpaidOrderReminderHours} < ${table.unpaidOrderCancelHours})`,
    ),
    check("store_setting_course_cancel_hours", sql`${table.courseCancelHours} BETWEEN 0 AND 168`),
    check("store_setting_booking_reminder_hours", sql`${table.bookingReminderHours} BETWEEN 1 AND 168`),
    check("store_setting_monthly_fee_reminder_days", sql`${table.monthlyFeeReminderDays} BETWEEN 0 AND 30`),
    check(
      "store_setting_vip_upgrade",
      sql`(${table.vipUpgradeSpendCents} IS NULL) = (${table.vipUpgradeDays} IS NULL)`,
    ),
  ],
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

/**
 * The store website's key (docs/architecture.md, "What store websites call"): the SHA-256 (hex) of the
 * secret the website's server sends in `X-Website-Key`, never the secret itself. With it the backend
 * trusts the visitor's address the server forwards. One per store; a new key replaces the old one.
 */
export const websiteKeys = sqliteTable("website_key", {
  applicationKey: text("application_key")
    .primaryKey()
    .references(() => storeAccounts.applicationKey),
  keyHash: text("key_hash").notNull(),
  createdAt: text("created_at").notNull(),
});
