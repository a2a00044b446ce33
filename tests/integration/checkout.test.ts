import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure, createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { ONLINE_ORDERS_PER_CLIENT, ONLINE_ORDERS_PER_STORE } from "../../modules/checkout/actions";
import {
  addOnProducts,
  cashDollarRecords,
  couponRedemptions,
  members,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  productAddOns,
  products,
  rateLimitHits,
  storeSettings,
} from "../../backend/db/schema";
import { DECLINED_TEST_CARD, type PaymentGateway } from "../../backend/payment-gateway";
import type { PayloadInput } from "../../contract/actions";
import { createAddOn, createCoupon, createMember, createProduct, type StoreOptions } from "../helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "./wire";

const uuid = () => crypto.randomUUID();
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const DISTRICT_CHARGES = { hk: 30_00, kln: 35_00, nt: 40_00, island: 60_00 };
const PICKUP = "Shop 1, 1 Example Street";

/**
 * A store that sells: cash, card (3.5 % fee), FPS (with proof) and PayPal on; shop delivery (free from
 * HK$500) and self pickup on; VIP and cash dollar on at the given redeem rate.
 */
async function shop(
  transport: TransportName,
  { redeemRate = 100, ...options }: StoreOptions & { redeemRate?: number } = {},
) {
  const seller = await merchant(transport, { hasVip: true, hasCashDollar: true, cashDollarEnabled: true, ...options });
  await db()
    .update(storeSettings)
    .set({
      paymentMethods: {
        cash: { enabled: true },
        credit_card: { enabled: true },
        fps: { enabled: true, account_id: "12345678", requires_proof: true },
        paypal: { enabled: true, account_id: "shop@example.com" },
      },
      cardFeeBasisPoints: 350,
      deliveryMethods: {
        shop_delivery: { enabled: true, charge_cents: DISTRICT_CHARGES, free_delivery_amount_cents: 500_00 },
        self_pickup: { enabled: true, pickup_addresses: [PICKUP] },
      },
      vipEnabled: true,
      cashDollarRedeemRate: redeemRate,
    })
    .where(eq(storeSettings.applicationKey, seller.store.applicationKey));
  const key = seller.key;
  const product = (overrides: Parameters<typeof createProduct>[2] = {}) =>
    createProduct(db(), key.application_key, { stock: 100, ...overrides });
  return { ...seller, product };
}

const line = (product: { productCode: string }, quantity = 1, add_on_product_ids: number[] = []) => ({
  product_code: product.productCode,
  quantity,
  add_on_product_ids,
});

const toKln = {
  method: "shop_delivery",
  receiver_name: "Chan",
  receiver_phone: "91234567",
  address: "1 Nathan Road",
  district: "kln",
} as const;

async function addOnFor(applicationKey: string, productId: number, priceCents: number) {
  const addOn = await createAddOn(db(), applicationKey);
  await db().update(addOnProducts).set({ priceCents, unlimitedInventory: true }).where(eq(addOnProducts.id, addOn.id));
  await db().insert(productAddOns).values({ applicationKey, productId, addOnProductId: addOn.id });
  return addOn;
}

/** Gives a member cash dollar the way staff do, so the ledger holds it. */
async function giveCashDollar(client: ActionClient, applicationKey: string, memberId: number, amountCents: number) {
  await client.add_cash_dollar_record_data({
    application_key: applicationKey,
    member_id: memberId,
    amount_cents: amountCents,
    reason: "Test",
  });
}

/** The store's website calling in-process from one address, its cards charged through this gateway. */
const websiteAt = (clientAddress: string, paymentGateway?: PaymentGateway) =>
  createActionClient((request) => handleActionRequest(request, env, { clientAddress, paymentGateway }));

/**
 * A gateway that records its charges and refunds. It answers the charges once `together` of them are asked,
 * so that many submissions are past their reads before any of them writes.
 */
function recordingGateway(together = 1) {
  const charged: string[] = [];
  const refunded: string[] = [];
  let allAsked = () => {};
  const asked = new Promise<void>((resolve) => (allAsked = resolve));
  const gateway: PaymentGateway = {
    async charge() {
      const reference = `charge_${charged.length + 1}`;
      charged.push(reference);
      if (charged.length === together) allAsked();
      await asked;
      return { ok: true, reference };
    },
    async refund({ reference }) {
      refunded.push(reference);
    },
  };
  return { gateway, charged, refunded };
}

const ledgerOf = (memberId: number) =>
  db()
    .select({
      action: cashDollarRecords.action,
      amount: cashDollarRecords.amountCents,
      order: cashDollarRecords.orderId,
    })
    .from(cashDollarRecords)
    .where(eq(cashDollarRecords.memberId, memberId))
    .orderBy(cashDollarRecords.id);

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  );

describe("the checkout engine's amounts, to the cent", () => {
  it("prices VIP, discount and plain prices, add-ons, coupons, cash dollar at two rates, delivery and the card fee", async () => {
    const { client, key, store, product } = await shop("embedded");
    const at150 = await shop("embedded", { redeemRate: 150 });
    const plain = await product({ priceCents: 123_45 });
    const discounted = await product({ priceCents: 100_00, discountPriceCents: 80_00, vipPriceCents: 70_00 });
    const big = await product({ priceCents: 520_00 });
    const extraShot = await addOnFor(store.applicationKey, plain.id, 10_00);
    const giftBox = await createAddOn(db(), store.applicationKey);
    const vip = await createMember(db(), store.applicationKey, { level: "vip" });
    const general = await createMember(db(), store.applicationKey);
    await giveCashDollar(client, store.applicationKey, general.id, 50_00);
    const percent = await createCoupon(db(), store.applicationKey, { discountValue: 15 });
    const cash = await createCoupon(db(), store.applicationKey, { discountType: "cash", discountValue: 30_00 });
    const big150 = await at150.product({ priceCents: 100_00 });
    const member150 = await createMember(db(), at150.store.applicationKey, { cashDollarCents: 50_00 });

    type Quote = Omit<PayloadInput<"get_order_amount_data_by_application_key">, "application_key">;
    const cases: [string, Quote, Record<string, number | boolean>, typeof at150?][] = [
      ["the price", { lines: [line(plain, 2)] }, { subtotal_cents: 246_90, total_cents: 246_90 }],
      ["the discount price", { lines: [line(discounted)] }, { subtotal_cents: 80_00, total_cents: 80_00 }],
      [
        "a general member: the discount price",
        { lines: [line(discounted)], member_id: general.id },
        { total_cents: 80_00 },
      ],
      ["a VIP member: the VIP price", { lines: [line(discounted, 3)], member_id: vip.id }, { total_cents: 210_00 }],
      [
        "an add-on once per unit of its line, and order add-ons",
        { lines: [line(plain, 2, [extraShot.id])], order_add_ons: [{ add_on_product_id: giftBox.id, quantity: 3 }] },
        { subtotal_cents: 246_90 + 20_00 + 30_00, total_cents: 296_90 },
      ],
      [
        "a 15 % coupon, rounded to the cent",
        { lines: [line(plain)], coupon_code: percent.code.toLowerCase() },
        { coupon_discount_cents: 18_52, total_cents: 104_93 },
      ],
      [
        "a cash coupon",
        { lines: [line(plain)], coupon_code: cash.code },
        { coupon_discount_cents: 30_00, total_cents: 93_45 },
      ],
      [
        "cash dollar at 100: CD$10 takes HK$10 off",
        { lines: [line(plain)], member_id: general.id, cash_dollar_cents: 10_00 },
        { cash_dollar_spent_cents: 10_00, cash_dollar_discount_cents: 10_00, total_cents: 113_45 },
      ],
      [
        "cash dollar at 150: CD$10 takes HK$6.66 off and costs CD$9.99",
        { lines: [line(big150)], member_id: member150.id, cash_dollar_cents: 10_00 },
        { cash_dollar_spent_cents: 9_99, cash_dollar_discount_cents: 6_66, total_cents: 93_34 },
        at150,
      ],
      [
        "the district's delivery charge",
        { lines: [line(plain)], delivery: toKln },
        {
          delivery_charge_cents: 35_00,
          free_delivery: false,
          free_delivery_amount_cents: 500_00,
          free_delivery_left_cents: 500_00 - 123_45,
          total_cents: 158_45,
        },
      ],
      [
        "free delivery from the free-delivery amount",
        { lines: [line(big)], delivery: toKln },
        { delivery_charge_cents: 0, free_delivery: true, free_delivery_left_cents: 0, total_cents: 520_00 },
      ],
      [
        "the free-delivery amount counts the subtotal after the discount",
        { lines: [line(big)], delivery: toKln, coupon_code: cash.code },
        { delivery_charge_cents: 35_00, free_delivery: false, free_delivery_left_cents: 10_00, total_cents: 525_00 },
      ],
      [
        "self pickup is free",
        {
          lines: [line(plain)],
          delivery: {
            method: "self_pickup",
            receiver_name: "Chan",
            receiver_phone: "61234567",
            pickup_address: PICKUP,
          },
        },
        { delivery_charge_cents: 0, total_cents: 123_45 },
      ],
      [
        "the card fee on what the card pays, delivery included",
        { lines: [line(plain)], delivery: toKln, payment_method: "credit_card" },
        { card_fee_cents: 5_55, total_cents: 164_00 },
      ],
      [
        "no card fee for cash",
        { lines: [line(plain)], payment_method: "cash" },
        { card_fee_cents: 0, total_cents: 123_45 },
      ],
    ];

    const results = await Promise.all(
      cases.map(
        async ([, quote, , seller = { client, key }]) =>
          (await seller.client.get_order_amount_data_by_application_key({ ...seller.key, ...quote })).data,
      ),
    );
    for (const [index, [name, , expected]] of cases.entries()) {
      expect({ name, ...results[index] }).toMatchObject({ name, ...expected });
    }
    // Every line is its unit price times its quantity, and a line add-on names its product line.
    expect(
      results[4].lines.map(({ kind, position, parent_position, unit_price_cents, quantity, line_total_cents }) => ({
        kind,
        position,
        parent_position,
        unit_price_cents,
        quantity,
        line_total_cents,
      })),
    ).toEqual([
      {
        kind: "product",
        position: 1,
        parent_position: null,
        unit_price_cents: 123_45,
        quantity: 2,
        line_total_cents: 246_90,
      },
      {
        kind: "line_add_on",
        position: 2,
        parent_position: 1,
        unit_price_cents: 10_00,
        quantity: 2,
        line_total_cents: 20_00,
      },
      {
        kind: "order_add_on",
        position: 3,
        parent_position: null,
        unit_price_cents: 10_00,
        quantity: 3,
        line_total_cents: 30_00,
      },
    ]);
  });
});

describe("the checkout engine's refusals", () => {
  it("answers each of its message keys", async () => {
    const { client, key, store, product } = await shop("embedded");
    const cashDollarOff = await merchant("embedded", { hasCashDollar: true });
    const selling = await product();
    const unpublished = await product({ publish: false });
    const limited = await product({ purchaseLimit: 2 });
    const minimum = await product({ minimumOrderQuantity: 3 });
    const scarce = await product({ stock: 1 });
    const offered = await addOnFor(store.applicationKey, selling.id, 5_00);
    const notOffered = await createAddOn(db(), store.applicationKey);
    const hidden = await addOnFor(store.applicationKey, selling.id, 5_00);
    await db().update(addOnProducts).set({ publish: false }).where(eq(addOnProducts.id, hidden.id));
    const disabledMember = await createMember(db(), store.applicationKey, { disabled: true });
    const member = await createMember(db(), store.applicationKey);
    const coupon = await createCoupon(db(), store.applicationKey, { minimumSubtotalCents: 1_000_00 });
    const offProduct = await createProduct(db(), cashDollarOff.key.application_key);
    const one = [line(selling)];

    type Quote = Omit<PayloadInput<"get_order_amount_data_by_application_key">, "application_key">;
    const refusals: [Quote, string, typeof cashDollarOff?][] = [
      [{ lines: [] }, "400 no-product"],
      [{ lines: [{ product_code: "NO-SUCH", quantity: 1 }] }, "404 not-found"],
      [{ lines: [line(unpublished)] }, "409 product-unavailable"],
      [{ lines: [line(selling, 1, [hidden.id])] }, "409 add-on-unavailable"],
      [{ lines: [line(selling, 1, [notOffered.id])] }, "400 add-on-not-offered"],
      [
        { lines: [line(selling, 1, [offered.id])], order_add_ons: [{ add_on_product_id: 999_999, quantity: 1 }] },
        "404 not-found",
      ],
      [{ lines: [line(limited, 2), line(limited, 1)] }, "400 over-purchase-limit:2"],
      [{ lines: [line(minimum, 2)] }, "400 under-minimum-order-quantity:3"],
      [{ lines: [line(scarce, 2)] }, "409 inventory-not-enough"],
      [{ lines: one, member_id: disabledMember.id }, "404 user-not-found-or-disabled"],
      [{ lines: one, coupon_code: "ZZZZZ" }, "404 coupon-not-found"],
      [
        { lines: one, member_id: member.id, coupon_code: coupon.code, cash_dollar_cents: 1 },
        "409 coupon-or-cash-dollar-only",
      ],
      [{ lines: one, coupon_code: coupon.code }, "409 minimum-subtotal-not-met"],
      [{ lines: one, member_id: member.id, cash_dollar_cents: 1 }, "409 not-enough-cash-dollar"],
      [{ lines: [line(offProduct)], cash_dollar_cents: 1 }, "409 cash-dollar-not-enabled", cashDollarOff],
      [{ lines: one, delivery: { ...toKln, method: "alfred" } }, "400 invalid-delivery-method"],
      [
        { lines: one, delivery: { ...toKln, method: "self_pickup", pickup_address: "Elsewhere" } },
        "400 invalid-delivery-method",
      ],
      [{ lines: one, delivery: { ...toKln, district: undefined } }, "400 missing-delivery-method"],
      [{ lines: one, delivery: { ...toKln, receiver_phone: "1234567" } }, "400 invalid-delivery-phone"],
      [{ lines: one, payment_method: "bank_transfer" }, "400 invalid-payment-method"],
      [{ lines: one, payment_method: "paypal" }, "400 paypal-unsupported"],
    ];
    const outcomes = await Promise.all(
      refusals.map(([quote, , seller = { client, key }]) =>
        outcomeOf(seller.client.get_order_amount_data_by_application_key({ ...seller.key, ...quote })),
      ),
    );
    expect(outcomes).toEqual(refusals.map(([, outcome]) => outcome));
  });
});

describe.each(TRANSPORT_NAMES)("orders over the %s transport", (transport) => {
  it("makes a counter sale in one write: stock, lines, payments with change, history, log; a replay changes nothing", async () => {
    const { client, key, store, product } = await shop(transport);
    const coffee = await product({ stock: 5, priceCents: 30_00 });
    const endless = await product({ unlimitedInventory: true, stock: 0, priceCents: 12_50 });
    const shot = await addOnFor(store.applicationKey, coffee.id, 5_00);
    await db().update(addOnProducts).set({ unlimitedInventory: false, stock: 4 }).where(eq(addOnProducts.id, shot.id));
    const payload = {
      ...key,
      lines: [line(coffee, 2, [shot.id]), line(endless, 1)],
      payments: [{ method: "cash" as const, amount_cents: 100_00 }],
      idempotency_key: uuid(),
      expected_total_cents: 82_50,
    };

    const { data } = await client.add_pos_order_data(payload);
    expect(data).toEqual({
      id: expect.any(Number),
      order_number: 1001,
      status: "completed",
      payment_status: "succeeded",
      total_cents: 82_50,
      cash_tendered_cents: 100_00,
      change_cents: 17_50,
    });
    expect((await client.add_pos_order_data(payload)).data).toEqual(data);

    const [stock] = await db()
      .select({ stock: products.stock, sold: products.soldQuantity })
      .from(products)
      .where(eq(products.id, coffee.id));
    expect(stock).toEqual({ stock: 3, sold: 2 });
    expect((await db().select().from(products).where(eq(products.id, endless.id)))[0]).toMatchObject({
      stock: 0,
      soldQuantity: 1,
    });
    expect((await db().select().from(addOnProducts).where(eq(addOnProducts.id, shot.id)))[0].stock).toBe(2);
    expect(
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(eq(orders.applicationKey, store.applicationKey)),
    ).toEqual([{ n: 1 }]);
    expect(
      (await db().select().from(orderLines).where(eq(orderLines.orderId, data.id))).map((row) => [
        row.kind,
        row.position,
        row.parentPosition,
        row.lineTotalCents,
      ]),
    ).toEqual([
      ["product", 1, null, 60_00],
      ["line_add_on", 2, 1, 10_00],
      ["product", 3, null, 12_50],
    ]);
    // The customer paid HK$100 and got HK$17.50 back: the payment is what the order kept.
    expect(
      (await db().select().from(orderPayments).where(eq(orderPayments.orderId, data.id))).map((row) => [
        row.method,
        row.amountCents,
        row.status,
      ]),
    ).toEqual([["cash", 82_50, "succeeded"]]);
    expect(
      (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, data.id))).map((row) => [
        row.fromStatus,
        row.toStatus,
        row.actorEmail,
      ]),
    ).toEqual([[null, "completed", store.email]]);
    expect((await logOf(store.applicationKey)).filter((entry) => entry.data_type === "order_data")).toEqual([
      expect.objectContaining({ action: "add", record_id: "1001", actor_email: store.email }),
    ]);

    const delivered = await client.add_pos_order_data({
      ...key,
      lines: [line(coffee)],
      delivery: toKln,
      payment_method: "credit_card",
      payments: [{ method: "credit_card", amount_cents: 67_28 }],
      idempotency_key: uuid(),
    });
    // HK$30 and HK$35 delivery; the 3.5 % card fee on HK$65 is 227.5 cents, rounded to 228.
    expect(delivered.data).toMatchObject({ order_number: 1002, status: "preparing", total_cents: 67_28 });
  });

  it("refuses what a counter sale's payments do not cover, and a total that changed", async () => {
    const { client, key, product } = await shop(transport);
    const item = await product({ priceCents: 50_00 });
    const base = { ...key, lines: [line(item)] };
    const outcomes = await Promise.all([
      outcomeOf(client.add_pos_order_data({ ...base, idempotency_key: uuid() })),
      outcomeOf(
        client.add_pos_order_data({
          ...base,
          payments: [{ method: "cash", amount_cents: 49_99 }],
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(
        client.add_pos_order_data({
          ...base,
          payments: [{ method: "fps", amount_cents: 60_00 }],
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(
        client.add_pos_order_data({
          ...base,
          payments: [{ method: "credit_card", amount_cents: 50_00 }],
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(
        client.add_pos_order_data({
          ...base,
          payments: [{ method: "cash", amount_cents: 50_00 }],
          expected_total_cents: 45_00,
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(
        client.add_pos_order_data({
          ...base,
          payments: [{ method: "bank_transfer", amount_cents: 50_00 }],
          idempotency_key: uuid(),
        }),
      ),
    ]);
    expect(outcomes).toEqual([
      "400 missing-payment-data",
      "400 invalid-payment-amount",
      "400 invalid-payment-amount",
      "400 invalid-payment-amount",
      "409 totals-not-matching",
      "400 invalid-payment-method",
    ]);
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toEqual([]);
  });

  it("takes a website order: a guest waits for payment, a card pays at once, a declined card makes nothing", async () => {
    const { key, store, product } = await shop(transport);
    const item = await product({ stock: 3, priceCents: 40_00 });
    const member = await createMember(db(), store.applicationKey);
    const website = clientOver(transport);
    const base = {
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
    };

    const guest = await website.add_online_order_data({ ...base, payment_method: "fps", idempotency_key: uuid() });
    expect(guest.data).toMatchObject({
      order_number: 1001,
      status: "awaiting_payment",
      payment_status: "no_payment_record",
      total_cents: 40_00,
    });
    const card = await website.add_online_order_data({
      ...base,
      customer_name: undefined,
      member_id: member.id,
      customer_email: member.email!,
      payment_method: "credit_card",
      card_token: "tok_visa",
      idempotency_key: uuid(),
    });
    expect(card.data).toMatchObject({ status: "paid", payment_status: "succeeded", total_cents: 41_40 });
    const [paid] = await db().select().from(orders).where(eq(orders.id, card.data.id));
    expect(paid).toMatchObject({
      memberId: member.id,
      customerName: member.name,
      cardFeeCents: 1_40,
      channel: "online",
    });
    expect((await db().select().from(orderPayments).where(eq(orderPayments.orderId, card.data.id)))[0]).toMatchObject({
      method: "credit_card",
      amountCents: 41_40,
      status: "succeeded",
      gatewayReference: expect.stringMatching(/^test_/),
    });
    expect(
      (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, guest.data.id)))[0],
    ).toMatchObject({ toStatus: "awaiting_payment", actorEmail: null });

    const refused = await Promise.all([
      outcomeOf(
        website.add_online_order_data({
          ...base,
          payment_method: "credit_card",
          card_token: DECLINED_TEST_CARD,
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(website.add_online_order_data({ ...base, payment_method: "credit_card", idempotency_key: uuid() })),
      outcomeOf(website.add_online_order_data({ ...base, payment_method: "paypal", idempotency_key: uuid() })),
      outcomeOf(
        website.add_online_order_data({ ...base, delivery: undefined, payment_method: "fps", idempotency_key: uuid() }),
      ),
      outcomeOf(
        website.add_online_order_data({
          ...base,
          member_id: member.id,
          customer_email: "someone@example.com",
          payment_method: "fps",
          idempotency_key: uuid(),
        }),
      ),
      outcomeOf(
        website.add_online_order_data({
          ...base,
          application_key: "no-such-store",
          payment_method: "fps",
          idempotency_key: uuid(),
        }),
      ),
    ]);
    expect(refused).toEqual([
      "400 card-payment-failed",
      "400 missing-payment-data",
      "400 paypal-unsupported",
      "400 missing-delivery-method",
      "404 user-not-found-or-disabled",
      "404 store-account-not-found-or-disabled",
    ]);
    const guestWithout = (fields: Partial<typeof base>) =>
      expectFailure(
        website.add_online_order_data({ ...base, ...fields, payment_method: "fps", idempotency_key: uuid() }),
        400,
        "invalid-payload",
      );
    expect((await guestWithout({ customer_phone: undefined })).fields).toEqual({ customer_phone: ["force-input"] });
    expect((await guestWithout({ customer_name: "", customer_phone: "" })).fields).toEqual({
      customer_name: ["force-input"],
      customer_phone: ["force-input"],
    });
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0].stock).toBe(1);
  });

  it("takes the customer's proof of payment once, for a method that asks for one, and keeps the image", async () => {
    const { key, product } = await shop(transport);
    const item = await product({ priceCents: 40_00 });
    const website = clientOver(transport);
    const order = async (payment_method: "fps" | "cash") => {
      const idempotency_key = uuid();
      const created = await website.add_online_order_data({
        ...key,
        lines: [line(item)],
        delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address: PICKUP },
        customer_name: "Guest",
        customer_email: "guest@example.com",
        customer_phone: "61234567",
        payment_method,
        idempotency_key,
      });
      return { ...created.data, idempotency_key };
    };
    const proof = (idempotency_key: string, proof_images = [PNG_DATA_URL]) =>
      website.update_order_payment_proof_data_by_application_key_and_idempotency_key({
        ...key,
        idempotency_key,
        proof_images,
      });
    const fps = await order("fps");
    const cash = await order("cash");

    const refusedFirst = await Promise.all([
      outcomeOf(proof(fps.idempotency_key, ["data:image/png;base64,aGVsbG8gd29ybGQh"])),
      outcomeOf(proof(cash.idempotency_key)),
      outcomeOf(proof(uuid())),
    ]);
    expect(refusedFirst).toEqual([
      "400 accept-types-only:png, jpeg, jpg",
      "400 invalid-payment-method",
      "404 not-found",
    ]);
    expect((await db().select().from(orders).where(eq(orders.id, fps.id)))[0].status).toBe("awaiting_payment");

    expect((await proof(fps.idempotency_key)).data).toMatchObject({ id: fps.id, status: "unverified_payment" });
    const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, fps.id));
    expect(payment.proofImageUrls).toEqual([expect.stringMatching(/^\/uploads\/.+\.png$/)]);
    const stored = await env.UPLOADS.head(payment.proofImageUrls[0].slice(1));
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(
      (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, fps.id))).map((row) => [
        row.fromStatus,
        row.toStatus,
        row.actorEmail,
      ]),
    ).toEqual([
      [null, "awaiting_payment", null],
      ["awaiting_payment", "unverified_payment", null],
    ]);
    expect(await outcomeOf(proof(fps.idempotency_key))).toBe("409 order-transition-not-allowed");
  });
});

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
    await env.DB.prepare(
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
    await env.DB.prepare(
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
