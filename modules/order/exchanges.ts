import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { giftCards, orderLines, orderRefunds, orders } from "../../backend/db/schema";
import type { OrderExchange } from "./contract";
import type { RefundDestination } from "./options";

/**
 * An exchange seen from its sale: the return whose refund row names the sale (`exchange_order_id`; a sale takes at
 * most one). Its value paid the sale up to the sale's total (the sale's `exchange` payment), the rest went back by
 * `refund_to`, as the sale was made (modules/checkout/actions/pos-sale.ts).
 */

type LineRow = typeof orderLines.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** The return's row as exchangeRefundOf reads it. */
type ExchangeRefund = Pick<RefundRow, "orderId" | "amountCents" | "refundTo" | "lines"> & {
  orderNumber: number;
  saleTotalCents: number;
};

/** The return a sale was exchanged for, with the returned sale's number. */
export const exchangeRefundOf = (store: StoreScope, saleId: number) =>
  store
    .selectFields(
      orderRefunds,
      {
        orderId: orderRefunds.orderId,
        orderNumber: sql<number>`(select ${orders.orderNumber} from ${orders} where ${store.where(orders, eq(orders.id, orderRefunds.orderId))})`,
        saleTotalCents: sql<number>`(select ${orders.totalCents} from ${orders} where ${store.where(orders, eq(orders.id, saleId))})`,
        amountCents: orderRefunds.amountCents,
        refundTo: orderRefunds.refundTo,
        lines: orderRefunds.lines,
      },
      eq(orderRefunds.exchangeOrderId, saleId),
    )
    .limit(1);

/** The lines of the sale a sale's exchange returned goods from, for their names and prices. */
export const exchangedLinesOf = (store: StoreScope, saleId: number) =>
  store
    .select(
      orderLines,
      inArray(
        orderLines.orderId,
        store.selectFields(orderRefunds, { id: orderRefunds.orderId }, eq(orderRefunds.exchangeOrderId, saleId)),
      ),
    )
    .orderBy(asc(orderLines.position));

/** The part of the returned value that paid the sale: all of it up to the sale's total. */
const paidCents = (returnedCents: number, saleTotalCents: number) => Math.min(returnedCents, saleTotalCents);

/** What a sale's detail and receipt read of its exchange, in the caller's batch (last: toOrderExchange takes the rest). */
export const saleExchangeReads = (store: StoreScope, saleId: number) =>
  [exchangeRefundOf(store, saleId), exchangedLinesOf(store, saleId)] as const;

/** A sale's exchange for its detail and receipt, from what saleExchangeReads read. */
export function toOrderExchange([[refund], lines]: [ExchangeRefund[], LineRow[]]): OrderExchange | null {
  if (!refund) return null;
  const byId = new Map(lines.map((line) => [line.id, line]));
  const paid = paidCents(refund.amountCents, refund.saleTotalCents);
  return {
    order_id: refund.orderId,
    order_number: refund.orderNumber,
    returned_cents: refund.amountCents,
    paid_cents: paid,
    refund_to: refund.refundTo,
    refunded_cents: refund.amountCents - paid,
    lines: refund.lines.flatMap(({ line_id, quantity }) => {
      const line = byId.get(line_id);
      return line
        ? [
            {
              line_id,
              kind: line.kind,
              name_zh_hk: line.nameZhHk,
              name_en: line.nameEn,
              variant_name_zh_hk: line.variantNameZhHk,
              variant_name_en: line.variantNameEn,
              unit_price_cents: line.unitPriceCents,
              quantity,
            },
          ]
        : [];
    }),
  };
}

/**
 * A sale's exchange as columns beside the sale's own row (`sale` is its id, `store_order.id` in a select from the
 * orders): the sale's replay reads it with the sale, in the same statement.
 */
export function saleExchangeFields(store: StoreScope, sale: SQL<number> | typeof orders.id) {
  const ofRefund = <T>(column: SQLWrapper) =>
    sql<T | null>`(select ${column} from ${orderRefunds} where ${store.where(orderRefunds, eq(orderRefunds.exchangeOrderId, sale))})`;
  return {
    exchangeReturnedCents: ofRefund<number>(orderRefunds.amountCents),
    exchangeRefundTo: ofRefund<RefundDestination>(orderRefunds.refundTo),
    exchangeGiftCardCode: sql<
      string | null
    >`(select ${giftCards.code} from ${giftCards} where ${store.where(giftCards, eq(giftCards.id, ofRefund<number>(orderRefunds.giftCardId)))})`,
  };
}

/** The exchange of a sale read with saleExchangeFields, as the sale's submission answered it. */
export function toSaleExchange(row: {
  totalCents: number;
  exchangeReturnedCents: number | null;
  exchangeRefundTo: RefundDestination | null;
  exchangeGiftCardCode: string | null;
}) {
  if (row.exchangeReturnedCents === null || row.exchangeRefundTo === null) return null;
  const paid = paidCents(row.exchangeReturnedCents, row.totalCents);
  return {
    returned_cents: row.exchangeReturnedCents,
    paid_cents: paid,
    refund_to: row.exchangeRefundTo,
    refunded_cents: row.exchangeReturnedCents - paid,
    gift_card_code: row.exchangeGiftCardCode,
  };
}
