import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, known, version } from "../../backend/db/columns";
import { orderLines, orders } from "../order/schema";
import { storeAccounts } from "../store/schema";
import { GIFT_CARD_ENTRY_KINDS, GIFT_CARD_LANGUAGES } from "./options";

/**
 * A store's gift cards (module `gift_card`). The balance is the database's: every change is
 * `balance_cents = balance_cents + ?` in one batch with its `gift_card_entry`, and the CHECK keeps it at 0 or
 * more, so concurrent debits cannot overdraw and the ledger always sums to the balance.
 */
export const giftCards = sqliteTable(
  "gift_card",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key")
      .notNull()
      .references(() => storeAccounts.applicationKey),
    /** 16 characters of GIFT_CARD_CODE_ALPHABET; a secret, shown masked but on the card itself. */
    code: text("code").notNull(),
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    /** The last Hong Kong day it can be used (YYYY-MM-DD), or none. */
    expiryDate: text("expiry_date"),
    recipientName: text("recipient_name").notNull().default(""),
    recipientEmail: text("recipient_email").notNull().default(""),
    recipientLanguage: text("recipient_language", { enum: GIFT_CARD_LANGUAGES }).notNull().default("zh-HK"),
    note: text("note"),
    disabledAt: text("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** The card issued in its place when it was lost (reissued). */
    replacedById: integer("replaced_by_id").references((): AnySQLiteColumn => giftCards.id),
    /** The lost card this one replaces. */
    replacesId: integer("replaces_id").references((): AnySQLiteColumn => giftCards.id),
    /** The order that sold it, its gift-card line, and which unit of that line it is (1, 2…). */
    orderId: integer("order_id").references(() => orders.id),
    orderLineId: integer("order_line_id").references(() => orderLines.id),
    unit: integer("unit"),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    // One card per unit sold: a paid move replayed cannot issue a second.
    uniqueIndex("gift_card_order_line_unit_idx").on(table.orderLineId, table.unit),
    index("gift_card_store_order_idx")
      .on(table.applicationKey, table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    uniqueIndex("gift_card_store_code_idx").on(table.applicationKey, table.code),
    index("gift_card_store_created_idx").on(table.applicationKey, table.createdAt, table.id),
    index("gift_card_store_balance_idx").on(table.applicationKey, table.balanceCents, table.id),
    index("gift_card_store_expiry_idx").on(table.applicationKey, table.expiryDate, table.id),
    index("gift_card_store_disabled_idx").on(table.applicationKey, table.disabledAt, table.id),
    // The daily expiry's pass over every store (expiry.ts): only cards it may still expire, in expiry order.
    index("gift_card_expiring_idx")
      .on(table.expiryDate, table.id)
      .where(sql`${table.balanceCents} > 0 AND ${table.disabledAt} IS NULL AND ${table.expiryDate} IS NOT NULL`),
    check("gift_card_code_length", sql`length(${table.code}) = 16`),
    check("gift_card_initial_positive", sql`${table.initialCents} > 0`),
    check("gift_card_balance_not_negative", sql`${table.balanceCents} >= 0`),
    check("gift_card_language_known", sql`${table.recipientLanguage} IN ${known(GIFT_CARD_LANGUAGES)}`),
    check(
      "gift_card_sold_unit",
      sql`(${table.orderLineId} IS NULL) = (${table.unit} IS NULL) AND (${table.orderLineId} IS NULL OR ${table.orderId} IS NOT NULL)`,
    ),
    check("gift_card_disabled_reason", sql`${table.disabledAt} IS NULL OR ${table.disabledReason} IS NOT NULL`),
  ],
);

/** A card's ledger, append-only: every change of its balance with the balance it left. */
export const giftCardEntries = sqliteTable(
  "gift_card_entry",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationKey: text("application_key").notNull(),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    kind: text("kind", { enum: GIFT_CARD_ENTRY_KINDS }).notNull(),
    /** Cents, + added, − taken; never 0. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    reason: text("reason"),
    /** The order a redemption paid or a refund gave back. */
    orderId: integer("order_id"),
    actorEmail: text("actor_email").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("gift_card_entry_card_idx").on(table.applicationKey, table.giftCardId, table.id),
    check("gift_card_entry_kind_known", sql`${table.kind} IN ${known(GIFT_CARD_ENTRY_KINDS)}`),
    check("gift_card_entry_amount_not_zero", sql`${table.amountCents} <> 0`),
    check("gift_card_entry_balance_not_negative", sql`${table.balanceAfterCents} >= 0`),
  ],
);
