import { and, eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  giftCardEntries,
  giftCards,
  orderPayments,
  products,
  storeCreditEntries,
  storeCredits,
} from "../../backend/db/schema";
import { groupedGiftCardCode } from "../gift-card/options";
import { createGiftCard } from "../gift-card/factories";
import { createMember } from "../../tests/helpers/factories";
import { db, expectFailure } from "../../tests/integration/wire";
import type { PayloadInput } from "../../contract/actions";
import { line, outcomeOf, PICKUP, recordingGateway, shop, tally, uuid, websiteAt } from "./shop.integration";

type Payment = NonNullable<PayloadInput<"add_pos_order_data">["payments"]>[number];

/** A counter sale of `product` paid by these payments. */
const sale = (applicationKey: string, product: { productCode: string }, payments: Payment[], memberId?: number) => ({
  application_key: applicationKey,
  idempotency_key: uuid(),
  lines: [line(product)],
  member_id: memberId,
  payments,
});

const cardOf = async (id: number) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];
const ledgerSum = async (id: number) =>
  Number(
    (
      await db()
        .select({ total: sum(giftCardEntries.amountCents) })
        .from(giftCardEntries)
        .where(eq(giftCardEntries.giftCardId, id))
    )[0].total,
  );

describe("gift cards and store credit pay at the counter", () => {
  it("splits a sale between a gift card (code typed with spaces, lower case) and cash, the card's ledger naming the order", async () => {
    const { client, key, product } = await shop("embedded");
    const mug = await product({ priceCents: 300_00 });
    const card = await createGiftCard(db(), key.application_key, { initialCents: 200_00 });
    const typed = groupedGiftCardCode(card.code).toLowerCase();
    const { data } = await client.add_pos_order_data(
      sale(key.application_key, mug, [
        { method: "gift_card", gift_card_code: typed, amount_cents: 200_00 },
        { method: "cash", amount_cents: 150_00 },
      ]),
    );
    expect(data).toMatchObject({ total_cents: 300_00, change_cents: 50_00 });
    expect((await cardOf(card.id)).balanceCents).toBe(0);
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, data.id));
    expect(payments.map(({ method, amountCents, giftCardId }) => ({ method, amountCents, giftCardId }))).toEqual([
      { method: "gift_card", amountCents: 200_00, giftCardId: card.id },
      { method: "cash", amountCents: 100_00, giftCardId: null },
    ]);
    const [redeemed] = await db()
      .select()
      .from(giftCardEntries)
      .where(and(eq(giftCardEntries.giftCardId, card.id), eq(giftCardEntries.kind, "redeem")));
    expect(redeemed).toMatchObject({ amountCents: -200_00, balanceAfterCents: 0, orderId: data.id });
    // The card's page names the order by the number it goes by.
    const { data: detail } = await client.get_gift_card_data_by_application_key_and_id({ ...key, id: card.id });
    expect(detail.entries.map(({ kind, order_id, order_number }) => ({ kind, order_id, order_number }))).toEqual([
      { kind: "issue", order_id: null, order_number: null },
      { kind: "redeem", order_id: data.id, order_number: data.order_number },
    ]);
  });

  it("refuses unknown, disabled, expired and short cards, and store credit without a member, every field at once", async () => {
    const { client, key, product } = await shop("embedded");
    const mug = await product({ priceCents: 100_00 });
    const disabled = await createGiftCard(db(), key.application_key, {
      disabledAt: new Date().toISOString(),
      disabledReason: "Lost",
    });
    const expired = await createGiftCard(db(), key.application_key, { expiryDate: "2020-01-31" });
    const small = await createGiftCard(db(), key.application_key, { initialCents: 10_00 });
    const other = await shop("embedded");
    const elsewhere = await createGiftCard(db(), other.key.application_key);
    const failure = await expectFailure(
      client.add_pos_order_data(
        sale(key.application_key, mug, [
          { method: "gift_card", gift_card_code: elsewhere.code, amount_cents: 10_00 },
          { method: "gift_card", gift_card_code: disabled.code, amount_cents: 10_00 },
          { method: "gift_card", gift_card_code: expired.code, amount_cents: 10_00 },
          { method: "gift_card", gift_card_code: small.code, amount_cents: 20_00 },
          { method: "store_credit", amount_cents: 50_00 },
        ]),
      ),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "payments.0.gift_card_code": ["gift-card-unknown"],
      "payments.1.gift_card_code": ["gift-card-not-usable"],
      "payments.2.gift_card_code": ["gift-card-expired:2020-01-31"],
      "payments.3.amount_cents": ["gift-card-balance-short:HK$10.00"],
      "payments.4.method": ["store-credit-needs-member"],
    });
    expect((await cardOf(small.id)).balanceCents).toBe(10_00);
  });

  it("takes a member's store credit, and refuses more than their balance", async () => {
    const { client, key, product } = await shop("embedded");
    const mug = await product({ priceCents: 80_00 });
    const member = await createMember(db(), key.application_key);
    await client.add_store_credit_entry_data({
      application_key: key.application_key,
      member_id: member.id,
      amount_cents: 100_00,
      reason: "Goodwill",
    });
    const short = await expectFailure(
      client.add_pos_order_data(
        sale(
          key.application_key,
          mug,
          [
            { method: "store_credit", amount_cents: 80_00 },
            { method: "store_credit", amount_cents: 30_00 },
          ],
          member.id,
        ),
      ),
      400,
      "invalid-payload",
    );
    expect(short.fields).toEqual({ "payments.1.amount_cents": ["store-credit-balance-short:HK$100.00"] });
    const { data } = await client.add_pos_order_data(
      sale(key.application_key, mug, [{ method: "store_credit", amount_cents: 80_00 }], member.id),
    );
    const [credit] = await db().select().from(storeCredits).where(eq(storeCredits.memberId, member.id));
    expect(credit.balanceCents).toBe(20_00);
    const entries = await db().select().from(storeCreditEntries).where(eq(storeCreditEntries.memberId, member.id));
    expect(entries.map(({ kind, amountCents, orderId }) => ({ kind, amountCents, orderId }))).toEqual([
      { kind: "adjust", amountCents: 100_00, orderId: null },
      { kind: "redeem", amountCents: -80_00, orderId: data.id },
    ]);
  });

  it("never overdraws a card under 20 concurrent sales, and its ledger sums to its balance", async () => {
    const { client, key, product } = await shop("embedded");
    const mug = await product({ priceCents: 30_00 });
    const card = await createGiftCard(db(), key.application_key, { initialCents: 100_00 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcomeOf(
          client.add_pos_order_data(
            sale(key.application_key, mug, [{ method: "gift_card", gift_card_code: card.code, amount_cents: 30_00 }]),
          ),
        ),
      ),
    );
    const after = await cardOf(card.id);
    const sold = tally(outcomes).ok ?? 0;
    expect(sold).toBeGreaterThanOrEqual(1);
    expect(sold).toBeLessThanOrEqual(3);
    expect(after.balanceCents).toBe(100_00 - sold * 30_00);
    expect(await ledgerSum(card.id)).toBe(after.balanceCents);
    for (const outcome of outcomes.filter((each) => each !== "ok")) {
      expect(["409 stored-value-changed", "400 invalid-payload"]).toContain(outcome);
    }
  });

  it("refuses a gift card paying for gift cards", async () => {
    const { client, key, product } = await shop("embedded");
    const voucher = await product({ priceCents: 200_00 });
    await db().update(products).set({ giftCardKind: "fixed" }).where(eq(products.id, voucher.id));
    const card = await createGiftCard(db(), key.application_key);
    const refused = await expectFailure(
      client.add_pos_order_data(
        sale(key.application_key, voucher, [{ method: "gift_card", gift_card_code: card.code, amount_cents: 200_00 }]),
      ),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ "payments.0.method": ["gift-card-buys-gift-card"] });
    expect((await cardOf(card.id)).balanceCents).toBe(500_00);
  });

  it("refuses a gift card where the store's plan has no gift cards", async () => {
    const { client, key, product } = await shop("embedded", { modules: ["order", "pos", "member"] });
    const mug = await product({ priceCents: 30_00 });
    const card = await createGiftCard(db(), key.application_key);
    const refused = await expectFailure(
      client.add_pos_order_data(
        sale(key.application_key, mug, [{ method: "gift_card", gift_card_code: card.code, amount_cents: 30_00 }]),
      ),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ "payments.0.method": ["invalid-payment-method"] });
  });
});

describe("gift cards and store credit pay on the store's website", () => {
  const guest = { customer_name: "Chan", customer_email: "chan@example.com", customer_phone: "91234567" };
  const pickup = {
    method: "self_pickup",
    receiver_name: "Chan",
    receiver_phone: "91234567",
    pickup_address: PICKUP,
  } as const;

  it("pays an order in full by a gift card (paid at once), or in part with the card charged only the rest, its fee on that share", async () => {
    const { key, product } = await shop("embedded");
    const mug = await product({ priceCents: 100_00 });
    const card = await createGiftCard(db(), key.application_key, { initialCents: 160_00 });
    const gateway = recordingGateway();
    const website = websiteAt("203.0.113.20", gateway.gateway);
    const order = (amountCents: number, payment: object) =>
      website.add_online_order_data({
        ...key,
        ...guest,
        ...payment,
        lines: [line(mug)],
        delivery: pickup,
        idempotency_key: uuid(),
        stored_value: [{ method: "gift_card", gift_card_code: card.code, amount_cents: amountCents }],
      });

    const whole = await order(100_00, {});
    expect(whole.data).toMatchObject({ status: "paid", payment_status: "succeeded", total_cents: 100_00 });
    // HK$60 on the card, HK$40 charged with its 3.5 % fee (HK$1.40): the total is HK$101.40.
    const part = await order(60_00, { payment_method: "credit_card", card_token: "tok_visa" });
    expect(part.data).toMatchObject({ status: "paid", total_cents: 101_40 });
    expect(gateway.charged).toHaveLength(1);
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, part.data.id));
    expect(payments.map(({ method, amountCents, status }) => [method, amountCents, status])).toEqual([
      ["gift_card", 60_00, "succeeded"],
      ["credit_card", 41_40, "succeeded"],
    ]);
    expect((await cardOf(card.id)).balanceCents).toBe(0);

    const beyond = await expectFailure(order(1_00, {}), 400, "invalid-payload");
    expect(beyond.fields).toEqual({ "stored_value.0.amount_cents": ["gift-card-balance-short:HK$0.00"] });
    const transfer = await website
      .add_online_order_data({
        ...key,
        ...guest,
        lines: [line(mug)],
        delivery: pickup,
        idempotency_key: uuid(),
        payment_method: "fps",
        stored_value: [{ method: "store_credit", amount_cents: 10_00 }],
      })
      .then(
        () => "ok",
        (error: { fields?: unknown }) => error.fields,
      );
    expect(transfer).toEqual({ "stored_value.0.method": ["store-credit-needs-member"] });
  });
});
