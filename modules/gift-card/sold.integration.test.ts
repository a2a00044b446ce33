// Gift cards sold as products: priced by the checkout engine, issued once per unit when the order is paid
// (a counter sale, a website order marked paid), and refunded only while unused.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCardEntries, giftCards, orderLines, orders, products, productVariants } from "../../backend/db/schema";
import { createMember, waitForEmailTo } from "../../tests/helpers/factories";
import { createGiftCard } from "./factories";
import { clientOver, db, expectFailure } from "../../tests/integration/wire";
import { payLinkToken } from "../pay/factories";
import { outcomeOf, PICKUP, shop, tally, uuid, websiteAt } from "../checkout/shop.integration";
import { soldCardExpiry } from "./sold";

const selfPickup = {
  method: "self_pickup",
  receiver_name: "Chan",
  receiver_phone: "91234567",
  pickup_address: PICKUP,
} as const;

async function giftShop() {
  const seller = await shop("embedded");
  const fixed = await seller.product({ priceCents: 200_00, unlimitedInventory: true, stock: 0 });
  await db().update(products).set({ giftCardKind: "fixed", giftCardValidMonths: 12 }).where(eq(products.id, fixed.id));
  const open = await seller.product({ priceCents: 100_00, stock: 0 });
  await db()
    .update(products)
    .set({ giftCardKind: "open", giftCardMinCents: 100_00, giftCardMaxCents: 1_000_00 })
    .where(eq(products.id, open.id));
  const mug = await seller.product({ priceCents: 50_00 });
  return { ...seller, fixed, open, mug };
}

const cardsOf = (orderId: number) =>
  db().select().from(giftCards).where(eq(giftCards.orderId, orderId)).orderBy(giftCards.orderLineId, giftCards.unit);

const entriesOf = (cardId: number) =>
  db()
    .select({
      kind: giftCardEntries.kind,
      amount: giftCardEntries.amountCents,
      after: giftCardEntries.balanceAfterCents,
    })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.giftCardId, cardId))
    .orderBy(giftCardEntries.id);

describe("gift cards sold as products", () => {
  it("saves a product as an open-amount gift card only with its range, the minimum no more than the maximum", async () => {
    const { client, key } = await shop("embedded");
    const code = `gc-${uuid().slice(0, 8)}`;
    const product = { product_code: code, name_zh_hk: "禮品卡", price_cents: 100_00, unlimited_inventory: true };
    const missing = await expectFailure(
      client.add_product_data({ ...key, ...product, gift_card_kind: "open" }),
      400,
      "invalid-payload",
    );
    expect(missing.fields).toEqual({ gift_card_min_cents: ["force-input"], gift_card_max_cents: ["force-input"] });
    const crossed = await expectFailure(
      client.add_product_data({
        ...key,
        ...product,
        gift_card_kind: "open",
        gift_card_min_cents: 500_00,
        gift_card_max_cents: 200_00,
      }),
      400,
      "invalid-payload",
    );
    expect(crossed.fields).toEqual({ gift_card_max_cents: ["number-at-least:500"] });
    await client.add_product_data({
      ...key,
      ...product,
      gift_card_kind: "open",
      gift_card_min_cents: 100_00,
      gift_card_max_cents: 500_00,
      gift_card_valid_months: 12,
    });
    const { data } = await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: code });
    expect(data).toMatchObject({
      gift_card_kind: "open",
      gift_card_min_cents: 100_00,
      gift_card_max_cents: 500_00,
      gift_card_valid_months: 12,
    });
  });

  it("prices fixed and open amounts, holds the open amount to its range, and takes no stock or discount", async () => {
    const { client, key, fixed, open, mug } = await giftShop();
    type Line = { product_code: string; quantity: number; amount_cents?: number };
    const quote = (lines: Line[], extra: object = {}) =>
      client.get_order_amount_data_by_application_key({ ...key, lines, ...extra });
    const { data } = await quote([
      { product_code: fixed.productCode, quantity: 2 },
      { product_code: open.productCode, amount_cents: 350_00, quantity: 1 },
    ]);
    expect(data.lines.map((line) => [line.unit_price_cents, line.quantity, line.gift_card])).toEqual([
      [200_00, 2, true],
      [350_00, 1, true],
    ]);
    expect([data.subtotal_cents, data.gift_card_cents, data.total_cents]).toEqual([750_00, 750_00, 750_00]);

    for (const amount_cents of [99_99, 1_000_01, undefined]) {
      const refused = await quote([{ product_code: open.productCode, amount_cents, quantity: 1 }]).catch((e) => e);
      expect([refused.status, refused.messageKey, refused.fields]).toEqual([
        400,
        "gift-card-amount-range:HK$100.00 – HK$1,000.00",
        { amount_cents: ["gift-card-amount-range:HK$100.00 – HK$1,000.00"] },
      ]);
    }
    await expectFailure(
      quote([{ product_code: mug.productCode, amount_cents: 100_00, quantity: 1 }]),
      400,
      "invalid-payload",
    );
    await expectFailure(quote([{ product_code: fixed.productCode, quantity: 21 }]), 400, "gift-cards-per-order:20");
    // A coupon or cash dollar on gift cards alone is refused: discounts never apply to them.
    await expectFailure(
      quote([{ product_code: fixed.productCode, quantity: 1 }], { coupon_code: "ANY" }),
      409,
      "gift-card-no-discount",
    );

    // A counter sale takes no stock of the card (its variant limited at 0 stock), only the mug's.
    await db()
      .update(productVariants)
      .set({ unlimitedInventory: false, stock: 0 })
      .where(eq(productVariants.productId, open.id));
    const sale = await client.add_pos_order_data({
      ...key,
      lines: [
        { product_code: open.productCode, amount_cents: 150_00, quantity: 1 },
        { product_code: mug.productCode, quantity: 1 },
      ],
      payment_method: "cash",
      payments: [{ method: "cash", amount_cents: 200_00 }],
      idempotency_key: uuid(),
    });
    expect(sale.data.total_cents).toBe(200_00);
    const stock = await db()
      .select({ id: productVariants.productId, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, open.id));
    expect(stock).toEqual([{ id: open.id, stock: 0 }]);
  });

  it("issues one card per unit on a counter sale, e-mailed to its member, and answers a replay without issuing again", async () => {
    const { client, key, fixed, open } = await giftShop();
    const email = `buyer-${uuid().slice(0, 8)}@example.com`;
    const member = await createMember(db(), key.application_key, { name: "Chan Tai Man", email });
    const payload = {
      ...key,
      member_id: member.id,
      lines: [
        { product_code: fixed.productCode, quantity: 2 },
        { product_code: open.productCode, amount_cents: 123_00, quantity: 1 },
      ],
      payment_method: "cash" as const,
      payments: [{ method: "cash" as const, amount_cents: 523_00 }],
      idempotency_key: uuid(),
    };
    const { data: sale } = await client.add_pos_order_data(payload);
    await client.add_pos_order_data(payload);
    const cards = await cardsOf(sale.id);
    expect(cards.map((card) => [card.initialCents, card.balanceCents, card.unit, card.recipientEmail])).toEqual([
      [200_00, 200_00, 1, email],
      [200_00, 200_00, 2, email],
      [123_00, 123_00, 1, email],
    ]);
    expect(cards[0].expiryDate).toBe(soldCardExpiry(new Date(), 12));
    expect(cards[2].expiryDate).toBeNull();
    expect(new Set(cards.map((card) => card.code)).size).toBe(3);
    expect(await entriesOf(cards[2].id)).toEqual([{ kind: "issue", amount: 123_00, after: 123_00 }]);
    const mail = await waitForEmailTo(db(), email);
    expect(mail.body).toContain(cards.at(-1)!.code.slice(-4));
    // Gift cards earn no cash dollar.
    const [row] = await db().select().from(orders).where(eq(orders.id, sale.id));
    expect(row.cashDollarEarnedCents).toBe(0);
    // The order's page lists them masked.
    const { data: detail } = await client.get_order_data_by_application_key_and_id({ ...key, id: sale.id });
    expect(detail.gift_cards.map((card) => card.masked_code.slice(-4))).toEqual(
      cards.map((card) => card.code.slice(-4)),
    );
    expect(JSON.stringify(detail)).not.toContain(cards[0].code);
  });

  it("issues a website order's cards only once it is marked paid, once under concurrent moves", async () => {
    const { client, key, fixed } = await giftShop();
    const email = `guest-${uuid().slice(0, 8)}@example.com`;
    const { data: order } = await websiteAt("203.0.113.9").add_online_order_data({
      ...key,
      lines: [{ product_code: fixed.productCode, quantity: 2 }],
      delivery: selfPickup,
      payment_method: "fps",
      idempotency_key: uuid(),
      customer_name: "Guest",
      customer_email: email,
      customer_phone: "61234567",
      language: "en",
    });
    expect(await cardsOf(order.id)).toEqual([]);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        outcomeOf(
          client.update_order_status_data_by_application_key_and_id({ ...key, id: order.id, version: 1, to: "paid" }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, "409 order-status-changed": 3 });
    const cards = await cardsOf(order.id);
    expect(cards.map((card) => [card.initialCents, card.recipientName, card.recipientLanguage])).toEqual([
      [200_00, "Guest", "en"],
      [200_00, "Guest", "en"],
    ]);
    const mail = await waitForEmailTo(db(), email);
    expect(mail.subject).toMatch(/gift card/i);
  });

  it("issues a member's website order's cards when its payment link is paid in full by store credit, not in part; a gift card may not pay", async () => {
    const { client, key, fixed } = await giftShop();
    const member = await createMember(db(), key.application_key);
    const { data: order } = await websiteAt("203.0.113.10").add_online_order_data({
      ...key,
      lines: [{ product_code: fixed.productCode, quantity: 1 }],
      delivery: selfPickup,
      payment_method: "fps",
      idempotency_key: uuid(),
      member_id: member.id,
      customer_email: member.email!,
    });
    const token = await payLinkToken(env.SESSION_SECRET, {
      applicationKey: key.application_key,
      kind: "order",
      id: order.id,
      amountCents: order.total_cents,
    });
    const visitor = clientOver("embedded");
    const card = await createGiftCard(db(), key.application_key);
    const byCard = await expectFailure(
      visitor.add_pay_stored_value_data({ token, method: "gift_card", gift_card_code: card.code }),
      400,
      "invalid-payload",
    );
    expect(byCard.fields).toEqual({ method: ["gift-card-buys-gift-card"] });
    const payByCredit = async (cents: number) => {
      await client.add_store_credit_entry_data({ ...key, member_id: member.id, amount_cents: cents, reason: "Refund" });
      return visitor.add_pay_stored_value_data({ token, method: "store_credit" });
    };
    expect((await payByCredit(50_00)).data.status).toBe("awaiting_payment");
    expect(await cardsOf(order.id)).toEqual([]);
    expect((await payByCredit(150_00)).data.status).toBe("paid");
    const cards = await cardsOf(order.id);
    expect(cards.map((sold) => [sold.initialCents, sold.recipientName, sold.unit])).toEqual([[200_00, member.name, 1]]);
  });

  it("refunds a line's unused card and disables it; a used card's refund is 409 and changes nothing", async () => {
    const { client, key, fixed } = await giftShop();
    const { data: sale } = await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: fixed.productCode, quantity: 2 }],
      payment_method: "cash",
      payments: [{ method: "cash", amount_cents: 400_00 }],
      idempotency_key: uuid(),
    });
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, sale.id));
    const [first, second] = await cardsOf(sale.id);
    await client.add_gift_card_entry_data({ ...key, gift_card_id: second.id, amount_cents: -10_00, reason: "Spent" });
    await client.add_order_refund_data({
      ...key,
      id: sale.id,
      version: 1,
      lines: [{ line_id: line.id, quantity: 1, restock: false }],
      note: "Changed mind",
    });
    const [refunded] = await db().select().from(giftCards).where(eq(giftCards.id, first.id));
    expect([refunded.balanceCents, refunded.disabledReason, refunded.disabledAt !== null]).toEqual([
      0,
      "Changed mind",
      true,
    ]);
    expect(await entriesOf(first.id)).toEqual([
      { kind: "issue", amount: 200_00, after: 200_00 },
      { kind: "refund", amount: -200_00, after: 0 },
    ]);
    await expectFailure(
      client.add_order_refund_data({
        ...key,
        id: sale.id,
        version: 2,
        lines: [{ line_id: line.id, quantity: 1, restock: false }],
      }),
      409,
      "gift-card-sold-used",
    );
    const [kept] = await db()
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.id, second.id)));
    expect([kept.balanceCents, kept.disabledAt]).toEqual([190_00, null]);
    expect((await db().select().from(orderLines).where(eq(orderLines.id, line.id)))[0].refundedQuantity).toBe(1);
  });
});
