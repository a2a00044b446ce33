import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { isSoldGiftCardRefused, orderGiftCardsQuery, soldGiftCardRefundStatements } from "../gift-card/sold";
import { asc, desc, eq, exists, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { OrderStatus } from "../../contract/order-states";
import { EXCHANGE_PAYMENT_METHOD } from "../../contract/options";
import type { OrderRefundPreview, PosReturnData } from "./contract";
import { POS_RETURN_MATCHES } from "./options";
import type { RefundDestination } from "./options";
import type { Caller } from "../../backend/caller";
import { cashDollarSettingQuery, cashDollarStatements, cashDollarTakeBackStatements } from "../../backend/cash-dollar";
import { databaseNow } from "../../backend/db/columns";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  giftCardEntries,
  giftCards,
  members,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  posCarts,
  stockLevels,
} from "../../backend/db/schema";
import { defaultLocationFor, levelOfLimitedVariant, updateStockAt } from "../product/stock-levels";
import { ActionError, found } from "../../backend/errors";
import { historyStatement, orderMoveStatement, rethrowOrderChanged, type OrderRow } from "../../backend/order-workflow";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { giftCardMoveStatements, hongKongToday, rethrowGiftCardRefused } from "../gift-card/ledger";
import { newGiftCardCode } from "../gift-card/actions";
import { storeCreditMoveStatements } from "../member/store-credit";

/**
 * Refunds and returns (the order detail's refund, the POS's return and exchange): what refunding lines gives
 * back, where the money goes (`refund_to`), and the statements of one refund batch over the order's version.
 */

type LineRow = typeof orderLines.$inferSelect;
type PaymentRow = typeof orderPayments.$inferSelect;
type ReturnedLines = Payload<"add_order_refund_data">["lines"];

/** A refund returns what was paid. */
export const REFUNDABLE: readonly OrderStatus[] = ["paid", "preparing", "delivering", "completed"];

export const orderById = (store: StoreScope, id: number) => store.select(orders, eq(orders.id, id)).limit(1);
export const paymentsOf = (store: StoreScope, id: number) =>
  store.select(orderPayments, eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id));
export const linesOf = (store: StoreScope, id: number) =>
  store.select(orderLines, eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
/** The order's member's balance (no row for a guest's order). */
export const memberOfOrder = (store: StoreScope, id: number) =>
  store
    .selectFields(
      members,
      {
        id: members.id,
        memberCode: members.memberCode,
        name: members.name,
        level: members.level,
        cashDollarCents: members.cashDollarCents,
      },
      eq(members.id, sql`(select ${orders.memberId} from ${orders} where ${store.where(orders, eq(orders.id, id))})`),
    )
    .limit(1);

/** `1001` or `#1001` is an order number; anything is also looked for in the customer's name, phone and member code. */
export function keywordMatch(store: StoreScope, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const number = /^#?(\d{1,9})$/.exec(keyword)?.[1];
  return or(
    number === undefined ? undefined : eq(orders.orderNumber, Number(number)),
    contains([orders.customerName, orders.customerPhone], keyword.replace(/^#/, "")),
    // Each order's member by its primary key: the search walks the store's orders once, as the other terms do.
    exists(
      store.selectFields(
        members,
        { id: members.id },
        eq(members.id, orders.memberId),
        contains([members.memberCode], keyword),
      ),
    ),
  );
}

/**
 * The gift cards that paid the order and can no longer take money back: disabled, or expired (the daily job would
 * take what came back on the next run).
 */
const closedCardsThatPaid = (store: StoreScope, orderId: number) =>
  store.selectFields(
    giftCards,
    { id: giftCards.id },
    inArray(
      giftCards.id,
      store.selectFields(
        orderPayments,
        { id: orderPayments.giftCardId },
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.method, "gift_card"),
      ),
    ),
    or(isNotNull(giftCards.disabledAt), lt(giftCards.expiryDate, hongKongToday)),
  );

/**
 * What a refund of the order reads: the order, its lines, member, payments, the cash-dollar setting, the gift
 * cards it sold and the closed gift cards that paid it.
 */
export const returnReads = (store: StoreScope, id: number) =>
  [
    orderById(store, id),
    linesOf(store, id),
    memberOfOrder(store, id),
    paymentsOf(store, id),
    cashDollarSettingQuery(store),
    orderGiftCardsQuery(store, id),
    closedCardsThatPaid(store, id),
  ] as const;

export type ReturnReads = BatchResponse<ReturnType<typeof returnReads>>;

/**
 * What refunding these lines returns. Lines are valued at what was paid for them (their price less their
 * share of the coupon and cash-dollar discounts); the refund that leaves nothing unrefunded returns the
 * rest of the total, delivery and card fee included. The cash dollar the order earned is taken back and
 * the cash dollar it spent given back in the same proportion (all of it by the full refund); what the
 * member has already spent of the earned part (beyond the balance and what comes back) is unrecoverable,
 * and its HK$ value at the redeem rate is taken off the money returned.
 */
export function refundPlan(
  order: OrderRow,
  lines: LineRow[],
  request: ReturnedLines,
  balanceCents: number,
  redeemRate: number,
): OrderRefundPreview {
  if (!REFUNDABLE.includes(order.status)) throw new ActionError(409, "order-transition-not-allowed");
  const byId = new Map(lines.map((line) => [line.id, line]));
  const fields: Record<string, string[]> = {};
  const asked = new Map<number, number>();
  for (const [index, { line_id, quantity }] of request.entries()) {
    const line = byId.get(line_id);
    if (!line || asked.has(line_id)) fields[`lines.${index}.line_id`] = ["format-not-match"];
    else if (quantity > line.quantity - line.refundedQuantity)
      fields[`lines.${index}.quantity`] = ["refund-quantity-exceeded"];
    else asked.set(line_id, quantity);
  }
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);

  const value = (quantityOf: (line: LineRow) => number) =>
    lines.reduce((sum, line) => sum + line.unitPriceCents * quantityOf(line), 0);
  const subtotal = value((line) => line.quantity);
  const before = value((line) => line.refundedQuantity);
  const after = value((line) => line.refundedQuantity + (asked.get(line.id) ?? 0));
  const full = lines.every((line) => line.refundedQuantity + (asked.get(line.id) ?? 0) === line.quantity);
  const remaining = order.totalCents - order.refundedCents;
  const goodsPaid = Math.max(order.totalCents - order.deliveryChargeCents - order.cardFeeCents, 0);
  const linesAmount = full
    ? remaining
    : Math.min(subtotal === 0 ? 0 : Math.floor(((after - before) * goodsPaid) / subtotal), remaining);
  /** This refund's part of an order-wide amount: the share of the refunded value after it less the share before. */
  const shareOf = (amount: number, value: number) => (subtotal === 0 ? 0 : Math.floor((amount * value) / subtotal));
  const share = (amount: number) => (full ? amount : shareOf(amount, after)) - shareOf(amount, before);
  const reclaim = order.memberId === null ? 0 : share(order.cashDollarEarnedCents);
  const restored = order.memberId === null ? 0 : share(order.cashDollarSpentCents);
  const unrecoverable = Math.max(0, reclaim - (balanceCents + restored));
  const deduction = Math.min(linesAmount, Math.floor((unrecoverable * 100) / redeemRate));
  return {
    full,
    lines_amount_cents: linesAmount,
    cash_dollar_reclaim_cents: reclaim,
    unrecoverable_cash_dollar_cents: unrecoverable,
    deduction_cents: deduction,
    amount_cents: linesAmount - deduction,
    cash_dollar_restored_cents: restored,
  };
}

/** The refund's plan from what a refund reads. */
export function planOf([rows, lines, [member], , [setting]]: ReturnReads, request: ReturnedLines) {
  return refundPlan(found(rows), lines, request, member?.cashDollarCents ?? 0, setting?.redeemRate ?? 100);
}

/** What gives a payment's money back: stored value goes back to itself; the rest by its method. */
const isStoredValue = (payment: PaymentRow) => payment.method === "gift_card" || payment.method === "store_credit";

/**
 * How the order's refunds, whatever their destination, use up its payments: gift card and store credit payments
 * first (the money stays with the store), each in the order paid, then the others in the order paid. A refund
 * takes the next stretch of that line (from what was refunded before it), so successive partial refunds of a
 * split payment give each payment back exactly what it paid by the last, and never more.
 */
function paymentParts(payments: PaymentRow[], beforeCents: number, amountCents: number) {
  const paid = payments.filter((payment) => payment.status === "succeeded" || payment.status === "refunded");
  const ordered = [...paid.filter(isStoredValue), ...paid.filter((payment) => !isStoredValue(payment))];
  let start = 0;
  const parts: { payment: PaymentRow; cents: number }[] = [];
  for (const payment of ordered) {
    const end = start + payment.amountCents;
    const cents = Math.max(0, Math.min(end, beforeCents + amountCents) - Math.max(start, beforeCents));
    if (cents > 0) parts.push({ payment, cents });
    start = end;
  }
  return parts;
}

export interface ReturnRequest {
  lines: ReturnedLines;
  note: string | null;
  refundTo: RefundDestination;
  /** Where the goods come back to (the counter's location at the POS); else where each line was taken from. */
  restockLocationId?: number;
}

/** The part of a return that pays the POS sale it was exchanged for (found by its idempotency key). */
export interface ExchangeFor {
  orderId: SQL<number>;
  cents: number;
}

/**
 * Where the money of a refund goes, for its batch: `original` gives each payment its part (paymentParts) —
 * a gift card's back onto the card and store credit's back to the member as `refund` ledger entries naming the
 * order, cash back from the drawer, the rest by the method it was paid with (recorded, paid out by staff);
 * `store_credit` all to the member; `cash` all from the drawer; `gift_card` onto a new card, whose code is
 * shown once. An exchange's part (`exchangeCents`) is the first stretch of the refund and goes to the sale.
 */
function destinationStatements(
  store: StoreScope,
  caller: Caller,
  order: OrderRow,
  payments: PaymentRow[],
  {
    amountCents,
    exchangeCents,
    refundTo,
    closedCardIds,
  }: { amountCents: number; exchangeCents: number; refundTo: RefundDestination; closedCardIds: Set<number> },
): { statements: BatchItem<"sqlite">[]; cashCents: number; storedValueCents: number; giftCardCode: string | null } {
  const cents = amountCents - exchangeCents;
  const move = { kind: "refund" as const, amountCents: cents, orderId: order.id, actorEmail: caller.email };
  if (cents === 0) return { statements: [], cashCents: 0, storedValueCents: 0, giftCardCode: null };
  switch (refundTo) {
    case "cash":
      return { statements: [], cashCents: cents, storedValueCents: 0, giftCardCode: null };
    case "store_credit":
      return {
        statements: [...storeCreditMoveStatements(store, { ...move, memberId: order.memberId! })],
        cashCents: 0,
        storedValueCents: cents,
        giftCardCode: null,
      };
    case "gift_card": {
      const code = newGiftCardCode();
      const cardId = sql<number>`(select ${giftCards.id} from ${giftCards} where ${store.where(giftCards, eq(giftCards.code, code))})`;
      return {
        statements: [
          store.insert(giftCards, [{ code, initialCents: cents, balanceCents: cents }]),
          store.insert(giftCardEntries, [
            {
              giftCardId: cardId,
              kind: "issue",
              amountCents: cents,
              balanceAfterCents: cents,
              orderId: order.id,
              actorEmail: caller.email,
              createdAt: databaseNow,
            },
          ]),
        ],
        cashCents: 0,
        storedValueCents: cents,
        giftCardCode: code,
      };
    }
    case "original": {
      const parts = paymentParts(payments, order.refundedCents + exchangeCents, cents);
      if (parts.some(({ payment }) => payment.giftCardId !== null && closedCardIds.has(payment.giftCardId))) {
        throw new ActionError(400, "invalid-payload", { refund_to: ["gift-card-refund-closed"] });
      }
      // What the payments do not cover (an order marked paid without them) is given back as it was paid.
      const cashCents = parts
        .filter(({ payment }) => payment.method === "cash" || payment.method === EXCHANGE_PAYMENT_METHOD)
        .reduce((sum, part) => sum + part.cents, 0);
      return {
        statements: parts.flatMap(({ payment, cents: partCents }): BatchItem<"sqlite">[] => {
          const back = { ...move, amountCents: partCents };
          if (payment.method === "gift_card") {
            return [...giftCardMoveStatements(store, { ...back, giftCardId: payment.giftCardId! })];
          }
          if (payment.method === "store_credit") {
            return [...storeCreditMoveStatements(store, { ...back, memberId: order.memberId! })];
          }
          return [];
        }),
        cashCents,
        storedValueCents: parts
          .filter(({ payment }) => isStoredValue(payment))
          .reduce((sum, part) => sum + part.cents, 0),
        giftCardCode: null,
      };
    }
  }
}

/**
 * A refund, one batch over the order's version: the lines' refunded quantities (and stock, line by line
 * as asked), the money (`refunded_cents`, with the refund row and where it went), the cash dollar spent given
 * back and the cash dollar earned taken back (never below 0). The money is the amount previewed: the refund
 * row's amount is NULL, refusing the batch (409), when a cash-dollar spend racing the refund changed what the
 * balance covers. The full refund makes the order and its payments `refunded`. The lines' CHECK
 * (`order_line_refunded_within_quantity`) and the order's version keep concurrent returns within what was sold.
 */
export function returnStatements(
  store: StoreScope,
  caller: Caller,
  reads: ReturnReads,
  request: ReturnRequest,
  exchange: ExchangeFor | null = null,
) {
  const [rows, lines, [member], payments, [setting], soldCards, closedCards] = reads;
  const order = found(rows);
  const redeemRate = setting?.redeemRate ?? 100;
  const plan = planOf(reads, request.lines);
  if (request.refundTo === "store_credit" && order.memberId === null) {
    throw new ActionError(400, "invalid-payload", { refund_to: ["refund-needs-member"] });
  }
  const exchangeCents = exchange ? Math.min(exchange.cents, plan.amount_cents) : 0;
  const destination = destinationStatements(store, caller, order, payments, {
    amountCents: plan.amount_cents,
    exchangeCents,
    refundTo: request.refundTo,
    closedCardIds: new Set(closedCards.map((card) => card.id)),
  });
  const balance = member
    ? sql`(select ${members.cashDollarCents} from ${members} where ${store.where(members, eq(members.id, member.id))})`
    : sql`0`;
  const deduction = sql`min(${plan.lines_amount_cents}, max(0, ${plan.cash_dollar_reclaim_cents} - (${balance} + ${plan.cash_dollar_restored_cents})) * 100 / ${redeemRate})`;
  const changed: Partial<OrderRow> = plan.full ? { status: "refunded", paymentStatus: "refunded" } : {};
  const asked = new Map(request.lines.map((line) => [line.line_id, line]));
  const refunded = lines.filter((line) => asked.has(line.id));
  const giftCardsReturnedCents = refunded
    .filter((line) => line.giftCard)
    .reduce((sum, line) => sum + line.unitPriceCents * asked.get(line.id)!.quantity, 0);
  // A gift card sold is refunded only while unused, and the refund disables it.
  const soldCardRefunds = soldGiftCardRefundStatements(store, caller.email, {
    orderId: order.id,
    cards: soldCards,
    refunds: refunded
      .filter((line) => line.giftCard)
      .map((line) => ({ lineId: line.id, quantity: asked.get(line.id)!.quantity })),
    reason: request.note || `#${order.orderNumber}`,
  });
  const restocks = refunded.flatMap((line): BatchItem<"sqlite">[] => {
    const { quantity, restock } = asked.get(line.id)!;
    if (!restock) return [];
    if (line.kind === "product") {
      return line.variantId === null
        ? []
        : [
            updateStockAt(
              store,
              line.variantId,
              request.restockLocationId ??
                line.locationId ??
                defaultLocationFor(store, order.channel === "pos" ? "counter" : "online"),
              sql`${stockLevels.stock} + ${quantity}`,
              levelOfLimitedVariant(),
            ),
          ];
    }
    return line.addOnProductId === null
      ? []
      : [
          store.update(
            addOnProducts,
            { stock: sql`${addOnProducts.stock} + ${quantity}` },
            eq(addOnProducts.id, line.addOnProductId),
            eq(addOnProducts.unlimitedInventory, false),
          ),
        ];
  });
  const before: BatchItem<"sqlite">[] = [
    orderMoveStatement(store, order, {
      ...changed,
      refundedCents: sql<number>`${orders.refundedCents} + ${plan.lines_amount_cents} - ${deduction}`,
    }),
    ...refunded.map((line) =>
      store.update(
        orderLines,
        { refundedQuantity: sql`${orderLines.refundedQuantity} + ${asked.get(line.id)!.quantity}` },
        eq(orderLines.id, line.id),
      ),
    ),
    ...restocks,
    ...soldCardRefunds,
    // Before the refund row, which names the gift card issued.
    ...destination.statements,
  ];
  const refundRow = store
    .insertFrom(orderRefunds, (qb) =>
      qb
        // Every column, in the table's order (drizzle's rule for INSERT … SELECT); the id is the table's to give.
        .select({
          id: sql`null`.as("id"),
          applicationKey: orders.applicationKey,
          orderId: orders.id,
          amountCents:
            sql`case when ${orders.refundedCents} - ${order.refundedCents} = ${plan.amount_cents} then ${plan.amount_cents} end`.as(
              "amount_cents",
            ),
          feesCents: sql`${
            plan.full
              ? sql`min(${order.deliveryChargeCents + order.cardFeeCents}, ${orders.refundedCents} - ${order.refundedCents})`
              : sql`0`
          }`.as("fees_cents"),
          refundTo: sql`${request.refundTo}`.as("refund_to"),
          cashCents: sql`${destination.cashCents}`.as("cash_cents"),
          storedValueCents: sql`${exchangeCents + destination.storedValueCents}`.as("stored_value_cents"),
          giftCardsReturnedCents: sql`${Math.min(giftCardsReturnedCents, plan.amount_cents)}`.as(
            "gift_cards_returned_cents",
          ),
          giftCardId: (destination.giftCardCode === null
            ? sql`null`
            : sql`(select ${giftCards.id} from ${giftCards} where ${store.where(giftCards, eq(giftCards.code, destination.giftCardCode))})`
          ).as("gift_card_id"),
          lines: sql`${JSON.stringify(request.lines)}`.as("lines"),
          exchangeOrderId: (exchange ? sql`${exchange.orderId}` : sql`null`).as("exchange_order_id"),
          actorEmail: sql`${caller.email}`.as("actor_email"),
          note: sql`${request.note}`.as("note"),
          createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
        })
        .from(orders)
        .where(store.where(orders, eq(orders.id, order.id))),
    )
    .returning({ id: orderRefunds.id, amountCents: orderRefunds.amountCents });
  const after: BatchItem<"sqlite">[] = [
    ...(plan.full
      ? [
          store.update(
            orderPayments,
            { status: "refunded" },
            eq(orderPayments.orderId, order.id),
            eq(orderPayments.status, "succeeded"),
          ),
          historyStatement(store, {
            orderId: order.id,
            from: order.status,
            to: "refunded",
            actorEmail: caller.email,
            note: request.note,
          }),
        ]
      : []),
    ...(plan.cash_dollar_restored_cents > 0
      ? cashDollarStatements(store, caller, {
          memberId: order.memberId!,
          amountCents: plan.cash_dollar_restored_cents,
          action: "refund_order",
          orderId: order.id,
        })
      : []),
    ...(plan.cash_dollar_reclaim_cents > 0
      ? cashDollarTakeBackStatements(store, caller, {
          memberId: order.memberId!,
          amountCents: plan.cash_dollar_reclaim_cents,
          orderId: order.id,
        })
      : []),
  ];
  return {
    order,
    plan,
    changed,
    statements: [...before, refundRow, ...after],
    refundRowAt: before.length,
    exchangeCents,
    cashCents: destination.cashCents,
    giftCardCode: destination.giftCardCode,
  };
}

/** A refund's batch refused: the order moved on (or the amount previewed no longer holds), or a card may not move. */
export function rethrowReturnRefused(error: unknown): never {
  if (error instanceof ActionError) throw error;
  if (
    /NOT NULL constraint failed: order_refund\.amount_cents|order_line_refunded_within_quantity/.test(errorText(error))
  ) {
    throw new ActionError(409, "order-status-changed");
  }
  if (isSoldGiftCardRefused(error)) throw new ActionError(409, "gift-card-sold-used");
  if (/gift_card/.test(errorText(error))) {
    rethrowGiftCardRefused(error, () => new ActionError(409, "gift-card-disabled"));
  }
  return rethrowOrderChanged(error);
}

/** The sale a return starts from: named by id, or by its number as the receipt's QR code or a person types it. */
const chosenOrderId = (store: StoreScope, { id, keyword }: { id?: number; keyword?: string }) => {
  if (id !== undefined) return sql<number>`${id}`;
  const number = /^#?(\d{1,9})$/.exec(keyword ?? "")?.[1];
  return number === undefined
    ? sql<number>`0`
    : sql<number>`(select ${orders.id} from ${orders} where ${store.where(orders, eq(orders.orderNumber, Number(number)))})`;
};

export const returnActions = [
  /**
   * The POS return's page: the sales a keyword finds (newest first) and the sale chosen (by id, or by the number
   * scanned from its receipt) with what of each line can still be returned. The refund's permission: a return
   * gives money back.
   */
  defineAction("get_pos_return_data_by_application_key", "store:order:admin", {
    reads: (input, { store, callerAccount }) => {
      const id = chosenOrderId(store, input);
      return [
        store
          .selectFields(
            orders,
            {
              id: orders.id,
              orderNumber: orders.orderNumber,
              createdAt: orders.createdAt,
              customerName: orders.customerName,
              totalCents: orders.totalCents,
              status: orders.status,
            },
            keywordMatch(store, input.keyword) ?? sql`0`,
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(POS_RETURN_MATCHES),
        store.select(orders, eq(orders.id, id)).limit(1),
        store.select(orderLines, eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
        store.select(orderPayments, eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id)),
        store
          .selectFields(
            members,
            { id: members.id, memberCode: members.memberCode, name: members.name },
            inArray(members.id, store.selectFields(orders, { id: orders.memberId }, eq(orders.id, id))),
          )
          .limit(1),
        store.selectFields(posCarts, { version: posCarts.version }, eq(posCarts.owner, callerAccount)).limit(1),
      ] as const;
    },
    handler: async (input, _context, [matches, [order], lines, payments, [member], [cart]]): Promise<PosReturnData> => {
      // A sale asked for by id is the store's or not found; a number typed that is no sale just chooses none.
      if (input.id !== undefined && !order) throw new ActionError(404, "not-found");
      return {
        pos_cart_version: cart?.version ?? 0,
        matches: matches.map((row) => ({
          id: row.id,
          order_number: row.orderNumber,
          create_date: row.createdAt,
          customer_name: row.customerName,
          total_cents: row.totalCents,
          status: row.status,
        })),
        order: order
          ? {
              id: order.id,
              order_number: order.orderNumber,
              version: order.version,
              status: order.status,
              returnable: REFUNDABLE.includes(order.status),
              create_date: order.createdAt,
              total_cents: order.totalCents,
              refunded_cents: order.refundedCents,
              member: member ? { id: member.id, member_code: member.memberCode, name: member.name } : null,
              lines: lines.map((line) => ({
                id: line.id,
                kind: line.kind,
                name_zh_hk: line.nameZhHk,
                name_en: line.nameEn,
                variant_name_zh_hk: line.variantNameZhHk,
                variant_name_en: line.variantNameEn,
                unit_price_cents: line.unitPriceCents,
                quantity: line.quantity,
                refunded_quantity: line.refundedQuantity,
              })),
              payments: payments
                .filter((payment) => payment.status === "succeeded" || payment.status === "refunded")
                .map((payment) => ({ method: payment.method, amount_cents: payment.amountCents })),
            }
          : null,
      };
    },
  }),
];
