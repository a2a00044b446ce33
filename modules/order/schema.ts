import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, flag, version, known, jsonList } from "../../backend/db/columns";
import {
  DELIVERY_METHODS,
  DISTRICTS,
  LANGUAGES,
  ORDER_CHANNELS,
  ORDER_LINE_KINDS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from "../../contract/options";
import { addOnProducts } from "../add-on-product/schema";
import { giftCards } from "../gift-card/schema";
import { locations } from "../location/schema";
import { members } from "../member/schema";
import { products, productVariants } from "../product/schema";
import { coupons } from "../promotion/schema";
import { storeAccounts } from "../store/schema";
import { REFUND_DESTINATIONS } from "./options";

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
    paymentMethod: text("payment_method", { enum: ORDER_PAYMENT_METHODS }),
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
    /** The language the customer ordered in (the website's), for the e-mails no staff write: the payment reminder. */
    customerLanguage: text("customer_language", { enum: LANGUAGES }).notNull().default("zh-HK"),
    /** When the customer was sent the one payment reminder an unpaid order gets (backend/payment-reminder.ts). */
    paymentRemindedAt: text("payment_reminded_at"),
    /**
     * Where the order was sold or is collected: the counter's location for a POS sale, the pickup point for a
     * website order collected; NULL for one shipped (its lines say where each was taken from).
     */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
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
    index("store_order_location_paid_idx").on(table.applicationKey, table.locationId, table.paidAt),
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
    check("store_order_customer_language_known", sql`${table.customerLanguage} IN ${known(LANGUAGES)}`),
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
    /** The variant sold on a product line; NULL once deleted. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's option values as they read when ordered ("M / 黑色"); NULL for a product without options. */
    variantNameZhHk: text("variant_name_zh_hk"),
    variantNameEn: text("variant_name_en"),
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
    /** A gift card sold: each unit issues a card of the unit price once the order is paid (modules/gift-card). */
    giftCard: flag("gift_card"),
    /** How many months the cards it issues stay usable, as the product said when sold; NULL: no expiry. */
    giftCardValidMonths: integer("gift_card_valid_months"),
    /** The location a product line's stock was taken from (cancellations and returns give it back there). */
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("order_line_position_unique").on(table.orderId, table.position),
    // A store's read of an order's lines names the store too: without its key first, SQLite would rather
    // range over the store's lines by product.
    index("order_line_store_order_idx").on(table.applicationKey, table.orderId),
    index("order_line_product_idx").on(table.applicationKey, table.productId),
    index("order_line_variant_idx")
      .on(table.variantId)
      .where(sql`${table.variantId} IS NOT NULL`),
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
    method: text("method", { enum: ORDER_PAYMENT_METHODS }).notNull(),
    /** The gift card a `gift_card` payment redeemed. */
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    amountCents: integer("amount_cents").notNull(),
    /** Cash only: what the customer handed over when it was more than the amount; the difference was their change. */
    tenderedCents: integer("tendered_cents"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    proofImageUrls: jsonList("proof_image_urls"),
    /** The gateway's reference for a card payment. */
    gatewayReference: text("gateway_reference"),
    /** What staff found received when they verified a transfer's proof, when they said (it may differ from the amount). */
    receivedCents: integer("received_cents"),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_payment_order_idx").on(table.applicationKey, table.orderId),
    check("order_payment_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "order_payment_tendered_covers_amount",
      sql`${table.tenderedCents} IS NULL OR ${table.tenderedCents} > ${table.amountCents}`,
    ),
    check("order_payment_status_known", sql`${table.status} IN ${known(PAYMENT_STATUSES)}`),
    check("order_payment_gift_card_named", sql`(${table.method} = 'gift_card') = (${table.giftCardId} IS NOT NULL)`),
    check("order_payment_received_not_negative", sql`${table.receivedCents} IS NULL OR ${table.receivedCents} >= 0`),
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
    /** Where the money went (modules/order/refund-destination.ts). */
    refundTo: text("refund_to", { enum: REFUND_DESTINATIONS }).notNull().default("original"),
    /** The part given back in cash, out of the drawer of the shift open then (modules/pos-shift). */
    cashCents: integer("cash_cents").notNull().default(0),
    /** The part that stays with the store as value: store credit, a gift card (new or paid from) or an exchange. */
    storedValueCents: integer("stored_value_cents").notNull().default(0),
    /** The part that refunds gift cards sold (their face value): a liability given back, not a refund of sales. */
    giftCardsReturnedCents: integer("gift_cards_returned_cents").notNull().default(0),
    /** The gift card issued for it (`refund_to` gift_card). */
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    /** What it returned, for its receipt: the order's lines by id, how many of each, and whether restocked. */
    lines: text("lines", { mode: "json" })
      .$type<{ line_id: number; quantity: number; restock: boolean }[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The POS sale this return was exchanged for: the part of the amount that paid it is its `exchange` payment. */
    exchangeOrderId: integer("exchange_order_id").references((): AnySQLiteColumn => orders.id),
    actorEmail: text("actor_email").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_refund_order_idx").on(table.applicationKey, table.orderId),
    index("order_refund_created_idx").on(table.applicationKey, table.createdAt),
    // An exchange's sale finds its return (its receipt lists the goods returned; a replay answers the exchange).
    index("order_refund_exchange_idx").on(table.applicationKey, table.exchangeOrderId),
    check("order_refund_amount_not_negative", sql`${table.amountCents} >= 0`),
    check("order_refund_to_known", sql`${table.refundTo} IN ${known(REFUND_DESTINATIONS)}`),
    check("order_refund_cash_within_amount", sql`${table.cashCents} BETWEEN 0 AND ${table.amountCents}`),
  ],
);
