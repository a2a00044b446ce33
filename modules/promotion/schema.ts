import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version } from "../../backend/db/columns";
import { COUPON_DISCOUNT_TYPES } from "../../contract/options";
import { members } from "../member/schema";
import { storeAccounts } from "../store/schema";

/**
 * A store's coupons (module `promotion`). Percentage coupons keep percent off in basis points (1–10000:
 * 12.5 % is 1250), cash ones cents off in `discount_value`. A birthday coupon (source 'birthday') is issued for one member and one month
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
    discountType: text("discount_type", { enum: COUPON_DISCOUNT_TYPES }).notNull(),
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
      sql`(${table.discountType} = 'percentage' AND ${table.discountValue} BETWEEN 1 AND 10000) OR (${table.discountType} = 'cash' AND ${table.discountValue} > 0)`,
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
