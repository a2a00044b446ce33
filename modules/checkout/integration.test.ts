import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addOnProducts,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  products,
} from "../../backend/db/schema";
import { DECLINED_TEST_CARD } from "../../backend/payment-gateway";
import { ONLINE_ORDERS_PER_STORE } from "./actions/website-orders";
import type { PayloadInput } from "../../contract/actions";
import { createAddOn, createCoupon, createMember, createProduct } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  fillRateLimitBucket,
  logOf,
  merchant,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";
import { uuid, PNG_DATA_URL, PICKUP, shop, line, toKln, addOnFor, giveCashDollar, outcomeOf } from "./shop.integration";

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
    const percent = await createCoupon(db(), store.applicationKey, { discountValue: 15_00 });
    const half = await createCoupon(db(), store.applicationKey, { discountValue: 12_50 });
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
        "a 12.5 % coupon (1250 basis points), rounded to the cent",
        { lines: [line(plain)], coupon_code: half.code },
        { coupon_discount_cents: 15_43, total_cents: 108_02 },
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
      exchange: null,
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
    // The customer paid HK$100 and got HK$17.50 back: the payment is what the order kept, beside what was handed over.
    expect(
      (await db().select().from(orderPayments).where(eq(orderPayments.orderId, data.id))).map((row) => [
        row.method,
        row.amountCents,
        row.tenderedCents,
        row.status,
      ]),
    ).toEqual([["cash", 82_50, 100_00, "succeeded"]]);
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
      "400 cash-not-enough",
      "400 invalid-payment-amount",
      "400 invalid-payment-amount",
      "409 totals-not-matching",
      "400 invalid-payment-method",
    ]);
    // Cash short of what the other methods leave is the cash's own refusal, beside its amount.
    const short = await expectFailure(
      client.add_pos_order_data({
        ...base,
        payments: [
          { method: "fps", amount_cents: 20_00 },
          { method: "cash", amount_cents: 29_99 },
        ],
        idempotency_key: uuid(),
      }),
      400,
      "cash-not-enough",
    );
    expect(short.fields).toEqual({ "payments.1.amount_cents": ["cash-not-enough"] });
    expect(await db().select().from(orders).where(eq(orders.applicationKey, key.application_key))).toEqual([]);
  });

  it("takes a website order: a guest waits for payment, a card pays at once, a declined card's waits with its payment failed", async () => {
    const { key, store, product } = await shop(transport);
    const item = await product({ stock: 4, priceCents: 40_00 });
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

    const declined = await website.add_online_order_data({
      ...base,
      payment_method: "credit_card",
      card_token: DECLINED_TEST_CARD,
      idempotency_key: uuid(),
      language: "en",
    });
    expect(declined.data).toMatchObject({ status: "awaiting_payment", payment_status: "failed", total_cents: 41_40 });
    expect(await db().select().from(orderPayments).where(eq(orderPayments.orderId, declined.data.id))).toEqual([
      expect.objectContaining({ method: "credit_card", amountCents: 41_40, status: "failed", gatewayReference: null }),
    ]);
    expect((await db().select().from(orders).where(eq(orders.id, declined.data.id)))[0].customerLanguage).toBe("en");

    const refused = await Promise.all([
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

  it("refuses a proof for a guessable key, and one past the rate limit before storing its image", async () => {
    const { key, product } = await shop(transport);
    const item = await product({ priceCents: 40_00 });
    const website = clientOver(transport);
    const idempotency_key = uuid();
    await website.add_online_order_data({
      ...key,
      lines: [line(item)],
      delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address: PICKUP },
      customer_name: "Guest",
      customer_email: "guest@example.com",
      customer_phone: "61234567",
      payment_method: "fps",
      idempotency_key,
    });
    const proof = (idempotency_key: string) =>
      website.update_order_payment_proof_data_by_application_key_and_idempotency_key({
        ...key,
        idempotency_key,
        proof_images: [PNG_DATA_URL],
      });
    const short = await expectFailure(proof("order-1"), 400, "invalid-payload");
    expect(Object.keys(short.fields ?? {})).toEqual(["idempotency_key"]);

    const uploads = async () =>
      (await env.UPLOADS.list({ prefix: `uploads/${key.application_key}/` })).objects.map((object) => object.key);
    const before = await uploads();
    await fillRateLimitBucket(`online_order:store:${key.application_key}`, ONLINE_ORDERS_PER_STORE);
    await expectFailure(proof(idempotency_key), 429, "try-again-after-minutes:60");
    expect(await uploads()).toEqual(before);
  });
});
