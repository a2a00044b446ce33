import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, version, known } from "../../backend/db/columns";
import { QUOTATION_REQUEST_STATUSES } from "../../contract/options";
import { products, productVariants } from "../product/schema";
import { storeAccounts } from "../store/schema";

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

/**
 * The products and quantities a request asks about, with their names as they were, and the variant when the
 * customer named one (its option values as they were; NULL: none named, or a product without options).
 */
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
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    variantNameZhHk: text("variant_name_zh_hk"),
    variantNameEn: text("variant_name_en"),
    nameZhHk: text("name_zh_hk").notNull(),
    nameEn: text("name_en").notNull().default(""),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    uniqueIndex("quotation_request_line_position_unique").on(table.requestId, table.position),
    index("quotation_request_line_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
    check("quotation_request_line_quantity", sql`${table.quantity} >= 1`),
  ],
);
