// The checkout engine over the store website's calls: its orders, payments as they are made, a submission
// sent again, and concurrency (the engine's amounts, refusals and orders per transport: integration.test.ts).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ONLINE_ORDERS_PER_CLIENT, ONLINE_ORDERS_PER_STORE } from "./actions/website-orders";
import {
  cashDollarRecords,
  couponRedemptions,
  members,
  orderLines,
  orderPayments,
  orders,
  products,
  rateLimitHits,
  storeSettings,
} from "../../backend/db/schema";
import { createCoupon, createMember } from "../../tests/helpers/factories";
import { clientOver, db, merchant, storeD1 } from "../../tests/integration/wire";
import {
  uuid,
  PICKUP,
  shop,
  line,
  giveCashDollar,
  websiteAt,
  recordingGateway,
  ledgerOf,
  outcomeOf,
  tally,
} from "./shop.integration";

describe("website orders and the store", () => {
  it("refuses a store without a plan, one whose plan does not sell, and beyond the store's hourly limit", async () => {
    const website = clientOver("embedded");
    const order = (application_key: string, code = "P") => ({
      application_key,
      lines: [{ product_code: code, quantity: 1 }],
      customer_name: "Guest",
      customer_email: "guest@example.com",
      customer_phone: "61234567",
      payment_method: "fps" as const,
      idempotency_key: uuid(),
    });
    const { key: noPlan } = await merchant("embedded", { withPlan: false });
    const { key: enquiry } = await merchant("embedded", { modules: ["enquiry"] });
    const busy = await shop("embedded");
    const item = await busy.product();
    await storeD1()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO rate_limit_hit (bucket, created_at) SELECT ?, ? FROM n`,
      )
      .bind(ONLINE_ORDERS_PER_STORE, `online_order:store:${busy.key.application_key}`, new Date().toISOString())
      .run();

    expect(
      await Promise.all([
        outcomeOf(website.add_online_order_data(order(noPlan.application_key))),
        outcomeOf(website.add_online_order_data(order(enquiry.application_key))),
        outcomeOf(
          website.add_online_order_data({
            ...order(busy.key.application_key, item.productCode),
            delivery: {
              method: "self_pickup",
              receiver_name: "Chan",
              receiver_phone: "91234567",
              pickup_address: PICKUP,
            },
          }),
        ),
      ]),
    ).toEqual(["409 store-has-no-purchased-plan", "409 order-cannot-finish", "429 try-again-after-minutes:60"]);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, busy.key.application_key))).toEqual([]);
  });

  it("refuses an address beyond its hourly limit at the store, and takes the next address's order", async () => {
    const { key, product } = await shop("embedded");
    const item = await product();
    await storeD1()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO rate_limit_hit (bucket, created_at) SELECT ?, ? FROM n`,
      )
      .bind(
        ONLINE_ORDERS_PER_CLIENT,
        `online_order:client:${key.application_key}:203.0.113.7`,
        new Date().toISOString(),
      )
      .run();
    const order = () => ({
      ...key,
      lines: [line(item)],
      delivery: {
        method: "self_pickup" as const,
        receiver_name: "Chan",
        receiver_phone: "91234567",
        pickup_address: PICKUP,
      },
      customer_name: "Guest",
      customer_email: "guest@example.com",
      customer_phone: "61234567",
      payment_method: "fps" as const,
      idempotency_key: uuid(),
    });

    expect(await outcomeOf(websiteAt("203.0.113.7").add_online_order_data(order()))).toBe(
      "429 try-again-after-minutes:60",
    );
    expect(await outcomeOf(websiteAt("203.0.113.8").add_online_order_data(order()))).toBe("ok");
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toHaveLength(1);
  });
});

describe("orders paid as they are made", () => {
  it("earn cash dollar at the earn rate and upgrade to VIP as a verified payment does; a refund takes it back", async () => {
    const { client, key, store, product } = await shop("embedded");
    await db()
      .update(storeSettings)
      .set({ cashDollarEarnRate: 50, vipUpgradeSpendCents: 100_00, vipUpgradeDays: 30 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    const [dear, cheap] = [await product({ priceCents: 120_00 }), await product({ priceCents: 40_00 })];
    const atCounter = await createMember(db(), store.applicationKey);
    const byCard = await createMember(db(), store.applicationKey);
    const unpaid = await createMember(db(), store.applicationKey);
    const website = clientOver("embedded");
    const online = (member: typeof byCard, item: typeof cheap, payment: { payment_method: "fps" | "credit_card" }) =>
      website.add_online_order_data({
        ...key,
        lines: [line(item)],
        delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address: PICKUP },
        member_id: member.id,
        customer_email: member.email!,
        ...payment,
        card_token: payment.payment_method === "credit_card" ? "tok_visa" : undefined,
        idempotency_key: uuid(),
      });

    const sale = await client.add_pos_order_data({
      ...key,
      lines: [line(dear)],
      member_id: atCounter.id,
      payments: [{ method: "cash", amount_cents: 120_00 }],
      idempotency_key: uuid(),
    });
    // HK$40 and the 3.5 % card fee: HK$41.40 paid, half a cash dollar earned per HK$1.
    const card = await online(byCard, cheap, { payment_method: "credit_card" });
    const waiting = await online(unpaid, dear, { payment_method: "fps" });

    const earned = async (id: number) =>
      (await db().select().from(orders).where(eq(orders.id, id)))[0].cashDollarEarnedCents;
    expect([await earned(sale.data.id), await earned(card.data.id), await earned(waiting.data.id)]).toEqual([
      60_00, 20_70, 0,
    ]);
    const standing = async (id: number) =>
      (
        await db()
          .select({ level: members.level, balance: members.cashDollarCents })
          .from(members)
          .where(eq(members.id, id))
      )[0];
    // HK$120 paid reaches the HK$100 the setting asks within 30 days; HK$41.40 does not, nor an unpaid order.
    expect(await standing(atCounter.id)).toEqual({ level: "vip", balance: 60_00 });
    expect(await standing(byCard.id)).toEqual({ level: "general", balance: 20_70 });
    expect(await standing(unpaid.id)).toEqual({ level: "general", balance: 0 });
    expect(await ledgerOf(byCard.id)).toEqual([{ action: "order", amount: 20_70, order: card.data.id }]);
    expect(await ledgerOf(unpaid.id)).toEqual([]);

    const [saleLine] = await db().select().from(orderLines).where(eq(orderLines.orderId, sale.data.id));
    await client.add_order_refund_data({
      ...key,
      id: sale.data.id,
      version: 1,
      lines: [{ line_id: saleLine.id, quantity: 1, restock: true }],
    });
    expect(await ledgerOf(atCounter.id)).toEqual([
      { action: "order", amount: 60_00, order: sale.data.id },
      { action: "refund_order", amount: -60_00, order: sale.data.id },
    ]);
    expect((await standing(atCounter.id)).balance).toBe(0);
  });
});

describe("a website order submitted again", () => {
  const cardOrder = (key: { application_key: string }, item: { productCode: string }) => ({
    ...key,
    lines: [line(item)],
    delivery: {
      method: "self_pickup" as const,
      receiver_name: "Chan",
      receiver_phone: "91234567",
      pickup_address: PICKUP,
    },
    customer_name: "Guest",
    customer_email: "guest@example.com",
    customer_phone: "61234567",
    payment_method: "credit_card" as const,
    card_token: "tok_visa",
    idempotency_key: uuid(),
  });
  const stockOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0].stock;
  const hitsOf = async (applicationKey: string) =>
    db()
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, `online_order:store:${applicationKey}`));

  it("answers the first order and changes nothing: no charge, no stock, no count against the limits", async () => {
    const { key, product } = await shop("embedded");
    const item = await product({ stock: 5 });
    const { gateway, charged } = recordingGateway();
    const website = websiteAt("203.0.113.9", gateway);
    const payload = cardOrder(key, item);

    const first = await website.add_online_order_data(payload);
    const again = await website.add_online_order_data({ ...payload, lines: [line(item, 2)] });
    expect(again.data).toEqual(first.data);
    expect(charged).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(4);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toHaveLength(1);
    expect(await db().select().from(orderPayments).where(eq(orderPayments.orderId, first.data.id))).toHaveLength(1);
    expect(await hitsOf(key.application_key)).toHaveLength(1);
  });

  it("gives back the card charge of a replay that raced the first submission", async () => {
    const { key, product } = await shop("embedded");
    const item = await product({ stock: 5 });
    const { gateway, charged, refunded } = recordingGateway(2);
    const website = websiteAt("203.0.113.9", gateway);
    const payload = cardOrder(key, item);

    const [one, other] = await Promise.all([
      website.add_online_order_data(payload),
      website.add_online_order_data(payload),
    ]);
    expect(other.data).toEqual(one.data);
    const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, one.data.id));
    expect(charged).toHaveLength(2);
    expect(refunded).toEqual(charged.filter((reference) => reference !== payment.gatewayReference));
    expect(refunded).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(4);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toHaveLength(1);
  });
});

describe("checkout under concurrency", () => {
  it("sells a stock of 10 to exactly 10 of 200 concurrent checkouts", async () => {
    const { client, key, product } = await shop("embedded");
    const item = await product({ stock: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        outcomeOf(
          client.add_pos_order_data({
            ...key,
            lines: [line(item)],
            payments: [{ method: "cash", amount_cents: 100_00 }],
            idempotency_key: uuid(),
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 10, "409 inventory-not-enough": 190 });
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0].stock).toBe(0);
    const numbers = await db()
      .select({ number: orders.orderNumber })
      .from(orders)
      .where(eq(orders.applicationKey, key.application_key));
    expect(numbers.map((row) => row.number).sort()).toEqual(Array.from({ length: 10 }, (_, index) => 1001 + index));
  });

  it("lets one member use a once-coupon on exactly 1 of 50 concurrent checkouts", async () => {
    const { client, key, store, product } = await shop("embedded");
    const item = await product({ unlimitedInventory: true });
    const member = await createMember(db(), store.applicationKey);
    const coupon = await createCoupon(db(), store.applicationKey, { usage: "once" });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcomeOf(
          client.add_pos_order_data({
            ...key,
            lines: [line(item)],
            member_id: member.id,
            coupon_code: coupon.code,
            payments: [{ method: "cash", amount_cents: 100_00 }],
            idempotency_key: uuid(),
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, "409 coupon-used": 49 });
    expect(await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(
      1,
    );
  });

  it("never overdraws a member's cash dollar over 50 concurrent spends, and the ledger adds up to the balance", async () => {
    const { client, key, store, product } = await shop("embedded");
    // Spending alone: what each sale earns would pay for the next ones.
    await db()
      .update(storeSettings)
      .set({ cashDollarEarnRate: 0 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    const item = await product({ unlimitedInventory: true, priceCents: 10_00 });
    const member = await createMember(db(), store.applicationKey);
    await giveCashDollar(client, store.applicationKey, member.id, 25_00);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcomeOf(
          client.add_pos_order_data({
            ...key,
            lines: [line(item)],
            member_id: member.id,
            cash_dollar_cents: 3_00,
            payments: [{ method: "cash", amount_cents: 10_00 }],
            idempotency_key: uuid(),
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 8, "409 not-enough-cash-dollar": 42 });
    const [{ balance }] = await db()
      .select({ balance: members.cashDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    const [{ sum }] = await db()
      .select({ sum: sql<number>`sum(${cashDollarRecords.amountCents})` })
      .from(cashDollarRecords)
      .where(eq(cashDollarRecords.memberId, member.id));
    expect({ balance, sum }).toEqual({ balance: 1_00, sum: 1_00 });
  });

  it("answers 20 concurrent replays of one submission with the one order it made", async () => {
    const { client, key, product } = await shop("embedded");
    const item = await product({ stock: 50 });
    const payload = {
      ...key,
      lines: [line(item)],
      payments: [{ method: "cash" as const, amount_cents: 100_00 }],
      idempotency_key: uuid(),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.add_pos_order_data(payload)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0].stock).toBe(49);
  });
});
