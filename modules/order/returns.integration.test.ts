import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import {
  giftCardEntries,
  giftCards,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  products,
  storeCreditEntries,
  storeCredits,
  storeSettings,
} from "../../backend/db/schema";
import { createGiftCard } from "../gift-card/factories";
import { createMember, createProduct } from "../../tests/helpers/factories";
import { db, expectFailure, merchant } from "../../tests/integration/wire";

/** A store that sells at the counter: cash and card (no card fee). */
async function counter() {
  const seller = await merchant("embedded", { sells: true });
  await db()
    .update(storeSettings)
    .set({ paymentMethods: { cash: { enabled: true }, credit_card: { enabled: true } }, cardFeeBasisPoints: 0 })
    .where(eq(storeSettings.applicationKey, seller.store.applicationKey));
  const product = (priceCents: number) => createProduct(db(), seller.key.application_key, { priceCents, stock: 10 });
  return { ...seller, product };
}

type Seller = Awaited<ReturnType<typeof counter>>;

/** A counter sale, paid in cash, of these products (one each unless said), for the member when named. */
async function sell(
  { client, key }: Seller,
  items: { code: string; quantity?: number }[],
  cashCents: number,
  memberId?: number,
) {
  const { data } = await client.add_pos_order_data({
    ...key,
    lines: items.map((item) => ({ product_code: item.code, quantity: item.quantity ?? 1 })),
    member_id: memberId,
    payments: [{ method: "cash", amount_cents: cashCents }],
    idempotency_key: crypto.randomUUID(),
  });
  const lines = await db()
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, data.id))
    .orderBy(orderLines.position);
  return { sale: data, lines };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const refundsOf = (orderId: number) => db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const stockOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0].stock;
const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

describe("refund destinations", () => {
  it("refunds to the member's store credit, the ledger entry naming the order; refused for an order without a member", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const member = await createMember(db(), key.application_key);
    const shirt = await seller.product(300_00);
    const { sale, lines } = await sell(seller, [{ code: shirt.productCode, quantity: 2 }], 600_00, member.id);

    const { data } = await client.add_order_refund_data({
      ...key,
      id: sale.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 1, restock: true }],
      refund_to: "store_credit",
    });
    expect(data).toMatchObject({ amount_cents: 300_00, gift_card_code: null });
    const [credit] = await db().select().from(storeCredits).where(eq(storeCredits.memberId, member.id));
    expect(credit.balanceCents).toBe(300_00);
    expect(await db().select().from(storeCreditEntries).where(eq(storeCreditEntries.memberId, member.id))).toEqual([
      expect.objectContaining({ kind: "refund", amountCents: 300_00, balanceAfterCents: 300_00, orderId: sale.id }),
    ]);
    expect(await refundsOf(sale.id)).toEqual([
      expect.objectContaining({
        refundTo: "store_credit",
        cashCents: 0,
        amountCents: 300_00,
        storedValueCents: 300_00,
      }),
    ]);
    expect(await stockOf(shirt.id)).toBe(9);
    // The member's ledger names the order by the number it goes by.
    const { data: ledger } = await client.get_store_credit_entry_data_and_total_number_by_sorting_and_limit({
      ...key,
      member_id: member.id,
    });
    expect(ledger.entries.map(({ kind, order_id, order_number }) => ({ kind, order_id, order_number }))).toEqual([
      { kind: "refund", order_id: sale.id, order_number: sale.order_number },
    ]);

    const guest = await sell(seller, [{ code: shirt.productCode }], 300_00);
    const refused = client.add_order_refund_data({
      ...key,
      id: guest.sale.id,
      version: 1,
      lines: [{ line_id: guest.lines[0].id, quantity: 1, restock: true }],
      refund_to: "store_credit",
    });
    await expectFailure(refused, 400, "invalid-payload");
    expect(await refundsOf(guest.sale.id)).toEqual([]);
  });

  it("gives a gift card's part back onto the card and the rest as cash (stored value first), then the rest by the last refund", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const card = await createGiftCard(db(), key.application_key, { initialCents: 100_00, balanceCents: 0 });
    const shirt = await seller.product(100_00);
    // HK$300 paid: HK$100 by the card, HK$200 in cash (a checkout taking cards writes these rows the same way).
    const { sale, lines } = await sell(seller, [{ code: shirt.productCode, quantity: 3 }], 300_00);
    await db().update(orderPayments).set({ amountCents: 200_00 }).where(eq(orderPayments.orderId, sale.id));
    await db().insert(orderPayments).values({
      applicationKey: key.application_key,
      orderId: sale.id,
      method: "gift_card",
      giftCardId: card.id,
      amountCents: 100_00,
      status: "succeeded",
    });

    const refund = (quantity: number, version: number) =>
      client.add_order_refund_data({
        ...key,
        id: sale.id,
        version,
        lines: [{ line_id: lines[0].id, quantity, restock: true }],
      });
    // HK$150 of it back: the card's HK$100 first, HK$50 from the drawer.
    await refund(1, 1);
    await refund(1, 2);
    await refund(1, 3);
    const cardRow = (await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0];
    expect(cardRow.balanceCents).toBe(100_00);
    expect(
      (await db().select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card.id))).filter(
        (entry) => entry.kind === "refund",
      ),
    ).toEqual([expect.objectContaining({ amountCents: 100_00, balanceAfterCents: 100_00, orderId: sale.id })]);
    expect(
      (await refundsOf(sale.id)).map((row) => [row.refundTo, row.amountCents, row.cashCents, row.storedValueCents]),
    ).toEqual([
      ["original", 100_00, 0, 100_00],
      ["original", 100_00, 100_00, 0],
      ["original", 100_00, 100_00, 0],
    ]);
    expect(await orderRow(sale.id)).toMatchObject({ status: "refunded", refundedCents: 300_00 });
  });

  it("refuses to give money back onto a gift card that has expired or been disabled since it paid, beside the destination", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const expired = await createGiftCard(db(), key.application_key, { balanceCents: 0, expiryDate: "2020-01-31" });
    const shirt = await seller.product(100_00);
    const { sale, lines } = await sell(seller, [{ code: shirt.productCode }], 100_00);
    await db().delete(orderPayments).where(eq(orderPayments.orderId, sale.id));
    await db().insert(orderPayments).values({
      applicationKey: key.application_key,
      orderId: sale.id,
      method: "gift_card",
      giftCardId: expired.id,
      amountCents: 100_00,
      status: "succeeded",
    });
    const refund = (refundTo?: "cash") =>
      client.add_order_refund_data({
        ...key,
        id: sale.id,
        version: 1,
        lines: [{ line_id: lines[0].id, quantity: 1, restock: true }],
        refund_to: refundTo,
      });

    const refused = await expectFailure(refund(), 400, "invalid-payload");
    expect(refused.fields).toEqual({ refund_to: ["gift-card-refund-closed"] });
    expect(await refundsOf(sale.id)).toEqual([]);
    await refund("cash");
    expect((await refundsOf(sale.id)).map((row) => [row.refundTo, row.cashCents, row.storedValueCents])).toEqual([
      ["cash", 100_00, 0],
    ]);
    expect((await db().select().from(giftCards).where(eq(giftCards.id, expired.id)))[0].balanceCents).toBe(0);
  });

  it("issues a new gift card of the amount refunded, its code answered once", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const shirt = await seller.product(120_00);
    const { sale, lines } = await sell(seller, [{ code: shirt.productCode }], 120_00);
    const { data } = await client.add_order_refund_data({
      ...key,
      id: sale.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 1, restock: false }],
      refund_to: "gift_card",
    });
    expect(data.gift_card_code).toMatch(/^[A-Z2-9]{16}$/);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.code, data.gift_card_code!));
    expect(card).toMatchObject({ initialCents: 120_00, balanceCents: 120_00 });
    expect(await refundsOf(sale.id)).toEqual([expect.objectContaining({ refundTo: "gift_card", giftCardId: card.id })]);
    expect(await stockOf(shirt.id)).toBe(9);
  });

  it("never returns more than was sold under two concurrent returns of the same line", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const shirt = await seller.product(100_00);
    const { sale, lines } = await sell(seller, [{ code: shirt.productCode, quantity: 2 }], 200_00);
    // Both read version 1 with 2 returnable; one of them is refused by the order's version, so 2 are returned, not 4.
    const giveBack = (refundTo: "cash" | "original") =>
      outcomeOf(
        client.add_order_refund_data({
          ...key,
          id: sale.id,
          version: 1,
          lines: [{ line_id: lines[0].id, quantity: 2, restock: true }],
          refund_to: refundTo,
        }),
      );
    expect((await Promise.all([giveBack("cash"), giveBack("original")])).sort()).toEqual([
      "409 order-status-changed",
      "ok",
    ]);
    const [line] = await db().select().from(orderLines).where(eq(orderLines.id, lines[0].id));
    expect(line.refundedQuantity).toBe(2);
    expect(await refundsOf(sale.id)).toHaveLength(1);
    expect(await stockOf(shirt.id)).toBe(10);
  });
});

describe("exchanges at the counter", () => {
  it("returns a size and sells another in one sale: the returned value pays, the customer pays the difference", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const small = await seller.product(200_00);
    const large = await seller.product(250_00);
    const { sale: first, lines } = await sell(seller, [{ code: small.productCode }], 200_00);

    const { data: exchange } = await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: large.productCode, quantity: 1 }],
      payments: [{ method: "cash", amount_cents: 100_00 }],
      idempotency_key: crypto.randomUUID(),
      exchange: { order_id: first.id, version: 1, lines: [{ line_id: lines[0].id, quantity: 1, restock: true }] },
    });
    expect(exchange).toMatchObject({
      total_cents: 250_00,
      cash_tendered_cents: 100_00,
      change_cents: 50_00,
      exchange: { returned_cents: 200_00, paid_cents: 200_00, refunded_cents: 0 },
    });
    expect(
      (await db().select().from(orderPayments).where(eq(orderPayments.orderId, exchange.id))).map((row) => [
        row.method,
        row.amountCents,
      ]),
    ).toEqual([
      ["exchange", 200_00],
      ["cash", 50_00],
    ]);
    expect(await orderRow(first.id)).toMatchObject({ status: "refunded", refundedCents: 200_00 });
    expect(await refundsOf(first.id)).toEqual([
      expect.objectContaining({ amountCents: 200_00, cashCents: 0, exchangeOrderId: exchange.id }),
    ]);
    expect([await stockOf(small.id), await stockOf(large.id)]).toEqual([10, 9]);
  });

  it("gives back what the returned goods are worth beyond the new sale, by the destination chosen", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const member = await createMember(db(), key.application_key);
    const coat = await seller.product(500_00);
    const scarf = await seller.product(120_00);
    const { sale: first, lines } = await sell(seller, [{ code: coat.productCode }], 500_00, member.id);

    const { data: exchange } = await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: scarf.productCode, quantity: 1 }],
      member_id: member.id,
      payments: [],
      idempotency_key: crypto.randomUUID(),
      exchange: {
        order_id: first.id,
        version: 1,
        lines: [{ line_id: lines[0].id, quantity: 1, restock: false }],
        refund_to: "cash",
      },
    });
    expect(exchange.exchange).toEqual({
      returned_cents: 500_00,
      paid_cents: 120_00,
      refund_to: "cash",
      refunded_cents: 380_00,
      gift_card_code: null,
    });
    expect(await orderRow(exchange.id)).toMatchObject({ paymentMethod: "exchange", totalCents: 120_00 });
    expect(await refundsOf(first.id)).toEqual([
      expect.objectContaining({
        amountCents: 500_00,
        cashCents: 380_00,
        storedValueCents: 120_00,
        refundTo: "cash",
        exchangeOrderId: exchange.id,
      }),
    ]);
    expect(await stockOf(coat.id)).toBe(9);

    // The same return again: the sold order moved on, so nothing is sold or given twice.
    const again = client.add_pos_order_data({
      ...key,
      lines: [{ product_code: scarf.productCode, quantity: 1 }],
      payments: [],
      idempotency_key: crypto.randomUUID(),
      exchange: { order_id: first.id, version: 1, lines: [{ line_id: lines[0].id, quantity: 1, restock: false }] },
    });
    await expectFailure(again, 409, "order-status-changed");
    expect(await stockOf(scarf.id)).toBe(9);
  });

  it("answers a replayed exchange as the first time, and neither refunds nor restocks twice, also when they race", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const member = await createMember(db(), key.application_key);
    const coat = await seller.product(500_00);
    const scarf = await seller.product(120_00);
    const { sale: first, lines } = await sell(seller, [{ code: coat.productCode }], 500_00, member.id);
    const submission = {
      ...key,
      lines: [{ product_code: scarf.productCode, quantity: 1 }],
      member_id: member.id,
      payments: [],
      idempotency_key: crypto.randomUUID(),
      exchange: {
        order_id: first.id,
        version: 1,
        lines: [{ line_id: lines[0].id, quantity: 1, restock: true }],
        refund_to: "store_credit" as const,
      },
    };

    const racing = await Promise.all([client.add_pos_order_data(submission), client.add_pos_order_data(submission)]);
    const { data: replayed } = await client.add_pos_order_data(submission);
    expect(racing[0].data.exchange).toEqual({
      returned_cents: 500_00,
      paid_cents: 120_00,
      refund_to: "store_credit",
      refunded_cents: 380_00,
      gift_card_code: null,
    });
    expect([racing[1].data, replayed]).toEqual([racing[0].data, racing[0].data]);
    expect(await refundsOf(first.id)).toHaveLength(1);
    expect(await orderRow(first.id)).toMatchObject({ status: "refunded", refundedCents: 500_00 });
    expect([await stockOf(coat.id), await stockOf(scarf.id)]).toEqual([10, 9]);
    const credit = await db().select().from(storeCreditEntries).where(eq(storeCreditEntries.orderId, first.id));
    expect(credit.map((entry) => entry.amountCents)).toEqual([380_00]);

    // The sale's detail (its receipt) lists the goods returned, as the first sale sold them.
    const { data: detail } = await client.get_order_data_by_application_key_and_id({ ...key, id: replayed.id });
    expect(detail.exchange).toEqual({
      order_id: first.id,
      order_number: first.order_number,
      returned_cents: 500_00,
      paid_cents: 120_00,
      refund_to: "store_credit",
      refunded_cents: 380_00,
      lines: [
        expect.objectContaining({
          line_id: lines[0].id,
          name_en: lines[0].nameEn,
          unit_price_cents: 500_00,
          quantity: 1,
        }),
      ],
    });
    const { data: pos } = await client.get_pos_data_by_application_key({ ...key, sold_order_id: replayed.id });
    expect(pos.sold_exchange).toEqual(detail.exchange);
    const { data: plain } = await client.get_order_data_by_application_key_and_id({ ...key, id: first.id });
    expect(plain.exchange).toBeNull();
  });
});

describe("counting returns and exchanges", () => {
  it("takes cash given back at the counter out of the shift's drawer, not store credit or gift card refunds; the day's report nets them", async () => {
    const seller = await counter();
    const { client, key } = seller;
    const member = await createMember(db(), key.application_key);
    const coat = await seller.product(500_00);
    const scarf = await seller.product(120_00);
    const cap = await seller.product(100_00);
    const { data: shift } = await client.add_pos_shift_data({ ...key, float_cents: 100_00 });
    const coatSale = await sell(seller, [{ code: coat.productCode }], 500_00, member.id);
    const capSale = await sell(seller, [{ code: cap.productCode }], 100_00, member.id);

    // The coat exchanged for a scarf, HK$380 back in cash; the cap refunded to store credit.
    await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: scarf.productCode, quantity: 1 }],
      member_id: member.id,
      payments: [],
      idempotency_key: crypto.randomUUID(),
      exchange: {
        order_id: coatSale.sale.id,
        version: 1,
        lines: [{ line_id: coatSale.lines[0].id, quantity: 1, restock: true }],
        refund_to: "cash",
      },
    });
    await client.add_order_refund_data({
      ...key,
      id: capSale.sale.id,
      version: 1,
      lines: [{ line_id: capSale.lines[0].id, quantity: 1, restock: true }],
      refund_to: "store_credit",
    });

    const expected = 100_00 + 500_00 + 100_00 - 380_00;
    const {
      data: { report: running },
    } = await client.get_pos_shift_data_by_application_key(key);
    expect(running).toMatchObject({
      cash_sales_cents: 600_00,
      cash_refunds_cents: 380_00,
      expected_cash_cents: expected,
    });
    const { data: closed } = await client.update_pos_shift_data_by_application_key_and_id({
      ...key,
      id: shift.id,
      version: 1,
      counted_cents: expected,
      note: null,
    });
    expect(closed).toMatchObject({ expected_cash_cents: expected, over_short_cents: 0 });

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const { data: report } = await client.get_order_sales_report_data_by_application_key({
      ...key,
      from: today,
      to: today,
    });
    // Three sales (HK$720) less the goods given back (HK$600): HK$120 kept, the scarf. HK$600 was taken in cash
    // and HK$380 given back: the cap's HK$100 is owed as store credit, not money out.
    expect(report.totals).toMatchObject({
      orders: 3,
      gross_sales_cents: 720_00,
      refunds_cents: 600_00,
      net_sales_cents: 120_00,
      total_collected_cents: 220_00,
    });
    expect(report.outstanding).toEqual({ gift_cards_cents: 0, store_credit_cents: 100_00, total_cents: 100_00 });
    expect(report.by_payment_method).toEqual(
      expect.arrayContaining([{ method: "exchange", orders: 1, amount_cents: 120_00 }]),
    );
  });
});
