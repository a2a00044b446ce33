import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hongKongDate } from "../../contract/dates";
import { chunks } from "../../backend/db/chunks";
import { databaseNow } from "../../backend/db/columns";
import type { StoreScope } from "../../backend/db/scope";
import { giftCardEntries, giftCards, orderLines, orders } from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import type { Mailer } from "../../backend/mail";
import { errorText } from "../../backend/unique";
import { giftCardEmail, newGiftCardCode } from "./actions";
import type { OrderGiftCard } from "./contract";
import { maskedGiftCardCode, type GIFT_CARD_LANGUAGES } from "./options";

/**
 * Gift cards sold as products (a gift-card product's line, modules/checkout): once the order is paid, each
 * unit of the line issues a card of its unit price, in the batch that records the payment. The unique
 * (order line, unit) index lets a card be issued once, however often a paid move is replayed.
 */

export interface SoldGiftCardLine {
  /** The line's id, or a subquery finding it in the batch that inserts it. */
  lineId: number | SQL;
  unitPriceCents: number;
  quantity: number;
  validMonths: number | null;
}

export interface SoldGiftCardRecipient {
  name: string;
  email: string;
  language: (typeof GIFT_CARD_LANGUAGES)[number];
}

/** A card to issue, its code drawn before the batch. */
export interface SoldGiftCard {
  code: string;
  cents: number;
  expiryDate: string | null;
  recipient: SoldGiftCardRecipient;
}

/** The last Hong Kong day of a card valid `months` from `now` (the same day of the month, or its month's last). */
export function soldCardExpiry(now: Date, months: number | null): string | null {
  if (months === null) return null;
  const [year, month, day] = hongKongDate(now).split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Gift-card rows (and their ledger entries) per insert: D1 binds at most 100 values a statement. */
const CARDS_PER_INSERT = 5;

/**
 * The statements issuing a paid order's cards, for its paid batch, and the cards (with their codes, for the
 * e-mail and the page). `orderId` may be a subquery (an order made paid in the same batch).
 */
export function issueSoldGiftCards(
  store: StoreScope,
  actorEmail: string,
  {
    orderId,
    lines,
    recipient,
    now,
  }: {
    orderId: number | SQL;
    lines: SoldGiftCardLine[];
    recipient: SoldGiftCardRecipient;
    now: Date;
  },
): { cards: SoldGiftCard[]; statements: BatchItem<"sqlite">[] } {
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      line,
      unit: index + 1,
      card: {
        code: newGiftCardCode(),
        cents: line.unitPriceCents,
        expiryDate: soldCardExpiry(now, line.validMonths),
        recipient,
      },
    })),
  );
  const cardId = (code: string) =>
    sql`(select ${giftCards.id} from ${giftCards} where ${store.where(giftCards, eq(giftCards.code, code))})`;
  const statements = chunks(rows, CARDS_PER_INSERT).flatMap((part) => [
    store.insert(
      giftCards,
      part.map(({ line, unit, card }) => ({
        code: card.code,
        initialCents: card.cents,
        balanceCents: card.cents,
        expiryDate: card.expiryDate,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        recipientLanguage: recipient.language,
        orderId,
        orderLineId: line.lineId,
        unit,
      })),
    ),
    store.insert(
      giftCardEntries,
      part.map(({ card }) => ({
        giftCardId: cardId(card.code),
        kind: "issue" as const,
        amountCents: card.cents,
        balanceAfterCents: card.cents,
        reason: null,
        orderId,
        actorEmail,
        createdAt: databaseNow,
      })),
    ),
  ]);
  return { cards: rows.map((row) => row.card), statements };
}

/** The gift-card lines of an order as read (order_line rows), for a move that pays it. */
export const soldLinesOf = (
  lines: Pick<
    typeof orderLines.$inferSelect,
    "id" | "giftCard" | "unitPriceCents" | "quantity" | "giftCardValidMonths"
  >[],
): SoldGiftCardLine[] =>
  lines
    .filter((line) => line.giftCard)
    .map((line) => ({
      lineId: line.id,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      validMonths: line.giftCardValidMonths,
    }));

/**
 * What an order read from the database issues as it is paid (staff marking it paid, a pay link paying it in
 * full): its cards for the paid batch, to its customer, and the order as it earns (gift cards earn nothing:
 * the money is spent when the card is).
 */
export function paidOrderGiftCards<Order extends PaidOrderRow>(
  store: StoreScope,
  actorEmail: string,
  order: Order,
  lines: Parameters<typeof soldLinesOf>[0],
  now: Date,
) {
  const soldLines = soldLinesOf(lines);
  const giftCardCents = soldLines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const sold = issueSoldGiftCards(store, actorEmail, {
    orderId: order.id,
    lines: soldLines,
    recipient: { name: order.customerName, email: order.customerEmail ?? "", language: order.customerLanguage },
    now,
  });
  return { ...sold, earning: { ...order, totalCents: order.totalCents - giftCardCents } };
}

type PaidOrderRow = Pick<
  typeof orders.$inferSelect,
  "id" | "customerName" | "customerEmail" | "customerLanguage" | "totalCents"
>;

/** Each card's code to its recipient in their language, through the outbox, once the reply has gone. */
export async function mailSoldGiftCards(
  { mailer, afterReply }: { mailer: Mailer; afterReply: (work: () => Promise<void>) => Promise<void> },
  cards: SoldGiftCard[],
  storeName: string,
) {
  const mailed = cards.filter((card) => card.recipient.email !== "");
  if (mailed.length === 0) return;
  await afterReply(async () => {
    for (const card of mailed) {
      await mailer.send(
        giftCardEmail(
          {
            code: card.code,
            balanceCents: card.cents,
            expiryDate: card.expiryDate,
            recipientName: card.recipient.name,
            recipientEmail: card.recipient.email,
            recipientLanguage: card.recipient.language,
          },
          storeName,
        ),
      );
    }
  });
}

/** The cards an order issued, as its page and the POS's sold view list them (codes masked). */
export const orderGiftCardsQuery = (store: StoreScope, orderId: number) =>
  store
    .selectFields(
      giftCards,
      {
        id: giftCards.id,
        code: giftCards.code,
        orderLineId: giftCards.orderLineId,
        initialCents: giftCards.initialCents,
        balanceCents: giftCards.balanceCents,
        disabledAt: giftCards.disabledAt,
      },
      eq(giftCards.orderId, orderId),
    )
    .orderBy(giftCards.orderLineId, giftCards.unit);

export const toOrderGiftCard = (row: Awaited<ReturnType<typeof orderGiftCardsQuery>>[number]): OrderGiftCard => ({
  id: row.id,
  masked_code: maskedGiftCardCode(row.code),
  order_line_id: row.orderLineId,
  initial_cents: row.initialCents,
  balance_cents: row.balanceCents,
  disabled: row.disabledAt !== null,
});

/**
 * Refunding gift-card lines: each unit refunded takes one of the line's cards issued, unused (its balance its
 * initial amount, not disabled), to 0 and disabled, with a `refund` ledger entry. Checked here against the
 * cards as read (409 `gift-card-sold-used`), and held in the batch: the entry's amount reads the card still
 * unused, so a card spent since leaves it NULL and aborts the refund (`rethrowSoldGiftCardRefund`).
 */
export function soldGiftCardRefundStatements(
  store: StoreScope,
  actorEmail: string,
  {
    orderId,
    cards,
    refunds,
    reason,
  }: {
    orderId: number;
    cards: Awaited<ReturnType<typeof orderGiftCardsQuery>>;
    /** The lines refunded, by id, with the units refunded now. */
    refunds: { lineId: number; quantity: number }[];
    reason: string;
  },
): BatchItem<"sqlite">[] {
  const taken = refunds.flatMap(({ lineId, quantity }) => {
    const unused = cards.filter(
      (card) => card.orderLineId === lineId && card.disabledAt === null && card.balanceCents === card.initialCents,
    );
    const issued = cards.some((card) => card.orderLineId === lineId);
    if (issued && unused.length < quantity) throw new ActionError(409, "gift-card-sold-used");
    return unused.slice(0, quantity);
  });
  if (taken.length === 0) return [];
  const ids = taken.map((card) => card.id);
  const unusedBalance = (id: SQL) =>
    sql`(select ${giftCards.balanceCents} from ${giftCards} where ${store.where(
      giftCards,
      eq(giftCards.id, id),
      isNull(giftCards.disabledAt),
      eq(giftCards.balanceCents, giftCards.initialCents),
    )})`;
  return [
    store.insert(
      giftCardEntries,
      taken.map((card) => ({
        giftCardId: card.id,
        kind: "refund" as const,
        amountCents: sql`-${unusedBalance(sql`${card.id}`)}`,
        balanceAfterCents: 0,
        reason,
        orderId,
        actorEmail,
        createdAt: databaseNow,
      })),
    ),
    store.update(
      giftCards,
      {
        balanceCents: 0,
        disabledAt: databaseNow,
        disabledReason: reason,
        version: sql`${giftCards.version} + 1`,
      },
      and(inArray(giftCards.id, ids), isNull(giftCards.disabledAt))!,
    ),
  ];
}

/** A refund's batch refused because a card it disables was spent or disabled meanwhile. */
export function isSoldGiftCardRefused(error: unknown) {
  return /NOT NULL constraint failed: gift_card_entry\.amount_cents/.test(errorText(error));
}
