import { hongKongDate } from "../../contract/dates";
import { addDays, DEMO_STAFF, quote } from "../../scripts/demo-sql";
import { hoursLater, VARIANT_SALES, type DemoOrderDraft } from "./demo-data";

/** A counter sale refunded 72 hours after it was made (the demo's order path), as an exchange is. */
const EXCHANGE_AFTER_HOURS = 72;

const EXCHANGED = "demo-order-exchange-sold";
const EXCHANGE_SALE = "demo-order-exchange-new";
const RETURNED_TO_CREDIT = "demo-order-return-credit";
const EXCHANGE_MEMBER = "member-3@demo-shop.example";
const CREDIT_MEMBER = "member-5@demo-shop.example";

/** Two variants of one product at one price: a size bought, and the size it was exchanged for. */
function sizes() {
  for (const bought of VARIANT_SALES) {
    const other = VARIANT_SALES.find(
      (row) => row.code === bought.code && row.price === bought.price && row.variant?.sku !== bought.variant?.sku,
    );
    if (other) return [bought, other] as const;
  }
  throw new Error("The demo catalogue has no product with two variants at one price.");
}

/**
 * A past exchange (a size for another: the sale refunded, the new sale paid by the exchanged goods) and a line of
 * a counter sale returned to the member's store credit, as the order workflow would have left them.
 */
export function returnDrafts(now: Date): DemoOrderDraft[] {
  const today = hongKongDate(now);
  const [bought, swapped] = sizes();
  const sold = new Date(Date.parse(`${addDays(today, -12)}T14:00:00+08:00`)).toISOString();
  const base = { channel: "pos", delivery: null, coupon: null, spendsCashDollar: false } as const;
  return [
    {
      ...base,
      key: EXCHANGED,
      n: 2001,
      createdAt: sold,
      status: "refunded",
      memberEmail: EXCHANGE_MEMBER,
      method: "cash",
      lines: [{ product: bought, quantity: 1 }],
      partlyRefunded: false,
    },
    {
      ...base,
      key: EXCHANGE_SALE,
      n: 2002,
      createdAt: hoursLater(sold, EXCHANGE_AFTER_HOURS),
      status: "completed",
      memberEmail: EXCHANGE_MEMBER,
      method: "exchange",
      lines: [{ product: swapped, quantity: 1 }],
      partlyRefunded: false,
    },
    {
      ...base,
      key: RETURNED_TO_CREDIT,
      n: 2003,
      createdAt: new Date(Date.parse(`${addDays(today, -9)}T16:00:00+08:00`)).toISOString(),
      status: "completed",
      memberEmail: CREDIT_MEMBER,
      method: "cash",
      lines: [
        { product: bought, quantity: 1 },
        { product: swapped, quantity: 1 },
      ],
      partlyRefunded: true,
    },
  ];
}

/**
 * What the refunds of those orders record beyond the amount: the exchange's link to its sale and the returned
 * line; the return's store credit with its ledger entry naming the order. Once each (seeding again skips them).
 */
export function returnsSql(): string {
  const key = quote("demo-shop");
  const orderOf = (orderKey: string) =>
    `(SELECT id FROM store_order WHERE application_key = ${key} AND idempotency_key = ${quote(orderKey)})`;
  const returnedLines = (orderKey: string, position: number) =>
    `(SELECT json_array(json_object('line_id', l.id, 'quantity', 1, 'restock', json('true'))) FROM order_line l
        WHERE l.order_id = ${orderOf(orderKey)} AND l.position = ${position})`;
  const member = `(SELECT id FROM member WHERE application_key = ${key} AND email = ${quote(CREDIT_MEMBER)})`;
  const refund = `(SELECT amount_cents FROM order_refund WHERE order_id = ${orderOf(RETURNED_TO_CREDIT)})`;
  const entered = `EXISTS (SELECT 1 FROM store_credit_entry WHERE application_key = ${key} AND order_id = ${orderOf(RETURNED_TO_CREDIT)})`;
  return [
    `UPDATE order_refund SET exchange_order_id = ${orderOf(EXCHANGE_SALE)}, note = '換貨：另一尺碼',
        stored_value_cents = amount_cents,
        lines = ${returnedLines(EXCHANGED, 1)}
      WHERE order_id = ${orderOf(EXCHANGED)} AND exchange_order_id IS NULL AND ${orderOf(EXCHANGE_SALE)} IS NOT NULL;`,
    `UPDATE order_refund SET refund_to = 'store_credit', stored_value_cents = amount_cents, lines = ${returnedLines(RETURNED_TO_CREDIT, 2)}
      WHERE order_id = ${orderOf(RETURNED_TO_CREDIT)} AND refund_to = 'original';`,
    `INSERT INTO store_credit (application_key, member_id, balance_cents)
      SELECT ${key}, ${member}, 0 WHERE ${refund} IS NOT NULL
      ON CONFLICT (application_key, member_id) DO NOTHING;`,
    `UPDATE store_credit SET balance_cents = balance_cents + ${refund}
      WHERE application_key = ${key} AND member_id = ${member} AND ${refund} IS NOT NULL AND NOT ${entered};`,
    `INSERT INTO store_credit_entry (application_key, member_id, kind, amount_cents, balance_after_cents, order_id,
        actor_email, created_at)
      SELECT ${key}, c.member_id, 'refund', ${refund}, c.balance_cents, ${orderOf(RETURNED_TO_CREDIT)}, ${quote(DEMO_STAFF)},
        (SELECT created_at FROM order_refund WHERE order_id = ${orderOf(RETURNED_TO_CREDIT)})
      FROM store_credit c WHERE c.application_key = ${key} AND c.member_id = ${member} AND ${refund} IS NOT NULL
        AND NOT ${entered};`,
  ].join("\n");
}
