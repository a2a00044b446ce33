import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known, jsonList, money } from "../../backend/db/columns";
import { QUOTATION_STATUSES } from "../../contract/options";
import { members } from "../member/schema";
import { orders } from "../order/schema";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";

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

/** A quotation's lines: a product's variant at a quoted price, or a free line (no product). */
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
    /** The variant quoted (NULL on a free line, or once deleted). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** Its option values as they read when quoted ("M / 黑色"); NULL for a product without options. */
    variantNameZhHk: text("variant_name_zh_hk"),
    variantNameEn: text("variant_name_en"),
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
    index("quotation_line_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
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
