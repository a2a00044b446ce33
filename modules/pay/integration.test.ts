import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import {
  creditOrders,
  giftCards,
  orderPayments,
  orderStatusHistory,
  orders,
  rateLimitHits,
  storeCredits,
  storeSettings,
} from "../../backend/db/schema";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import {
  createCourseType,
  createCreditPackage,
  createGiftCard,
  createMember,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createOrderRow,
  createPaidCreditOrder,
  createProduct,
  createRentingProduct,
  createRentingRecord,
} from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  fillRateLimitBucket,
  merchant,
  postRaw,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";
import { PAY_PROOFS_PER_LINK, PAY_PROOFS_PER_STORE, PAY_VIEWS_PER_LINK } from "./actions";
import { payLinkToken } from "./factories";

const ONE_PIXEL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: number) => db().select().from(orderPayments).where(eq(orderPayments.orderId, id));

/** A store taking FPS (FPS ID 1234567, with a proof) and PayMe, with an order of HK$120.50 awaiting payment. */
async function shop(transport: TransportName, order: Parameters<typeof createOrderRow>[2] = {}) {
  const owner = await merchant(transport, { sells: true });
  const applicationKey = owner.store.applicationKey;
  await db()
    .update(storeSettings)
    .set({
      paymentMethods: {
        cash: { enabled: true },
        fps: { enabled: true, account_id: "1234567", requires_proof: true, instructions_en: "Pay to our FPS ID." },
        payme: { enabled: true, account_id: "https://payme.hsbc/example", qr_image_url: null },
        wechat_pay: { enabled: false },
      },
    })
    .where(eq(storeSettings.applicationKey, applicationKey));
  const product = await createProduct(db(), applicationKey);
  const { order: made } = await createOrderRow(db(), applicationKey, {
    paymentMethod: "fps",
    paymentStatus: "no_payment_record",
    proofImageUrls: [],
    lines: [{ productId: product.id, unitPriceCents: 120_50, quantity: 1 }],
    ...order,
  });
  const token = await payLinkToken(env.SESSION_SECRET, {
    applicationKey,
    kind: "order",
    id: made.id,
    amountCents: made.totalCents,
  });
  return { ...owner, applicationKey, order: made, token, visitor: clientOver(transport) };
}

describe.each(TRANSPORT_NAMES)("the payment link over the %s transport", (transport) => {
  it("shows an order awaiting payment with the store's FPS QR code, takes the proof, then shows it paid once verified", async () => {
    const s = await shop(transport);
    const { data: page } = await s.visitor.get_pay_data_by_token({ token: s.token });
    expect(page).toMatchObject({
      kind: "order",
      number: `#${s.order.orderNumber}`,
      reference: String(s.order.orderNumber),
      amount_cents: 120_50,
      status: "awaiting_payment",
      takes_proof: true,
      payment_method: "fps",
      period: null,
      store: { name: s.store.storeName },
      lines: [{ name_en: "Item 1", quantity: 1, amount_cents: 120_50 }],
    });
    expect(page.methods.map((method) => [method.method, method.account_id, method.instructions_en])).toEqual([
      ["fps", "1234567", "Pay to our FPS ID."],
      ["payme", "https://payme.hsbc/example", null],
    ]);
    const qr = parseEmvTlv(page.fps_qr!.payload);
    expect({ amount: qr.get("54"), reference: readTlv(qr.get("62")!).get("05") }).toEqual({
      amount: "120.50",
      reference: String(s.order.orderNumber),
    });

    expect(
      (
        await s.visitor.update_pay_proof_data_by_token({
          token: s.token,
          payment_method: "fps",
          proof_images: [ONE_PIXEL_PNG],
        })
      ).data,
    ).toEqual({
      status: "proof_received",
    });
    const order = await orderRow(s.order.id);
    expect(order).toMatchObject({ status: "unverified_payment", paymentMethod: "fps", version: s.order.version + 1 });
    const [payment, ...more] = await paymentsOf(s.order.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ method: "fps", status: "no_payment_record" });
    expect(payment.proofImageUrls).toEqual([expect.stringMatching(new RegExp(`^/uploads/${s.applicationKey}/`))]);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, s.order.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.actorEmail])).toEqual([
      [null, "awaiting_payment", null],
      ["awaiting_payment", "unverified_payment", null],
    ]);
    const { data: checking } = await s.visitor.get_pay_data_by_token({ token: s.token });
    expect(checking).toMatchObject({ status: "proof_received", takes_proof: false, fps_qr: null });
    await expectFailure(
      s.visitor.update_pay_proof_data_by_token({
        token: s.token,
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      }),
      409,
      "pay-not-awaiting-payment",
    );

    await s.client.update_order_status_data_by_application_key_and_id({
      ...s.key,
      id: s.order.id,
      version: order.version,
      to: "paid",
    });
    expect((await s.visitor.get_pay_data_by_token({ token: s.token })).data).toMatchObject({
      status: "paid",
      takes_proof: false,
      fps_qr: null,
    });
  });
});

describe("the payment link's kinds", () => {
  it("adds the payment of an order staff made to pay later, by the method the customer paid with", async () => {
    // A converted quotation's or a booking's order: no payment row and no method until the customer pays.
    const s = await shop("embedded", { channel: "pos", paymentMethod: null, proofImageUrls: undefined });
    expect((await s.visitor.get_pay_data_by_token({ token: s.token })).data.payment_method).toBeNull();
    await s.visitor.update_pay_proof_data_by_token({
      token: s.token,
      payment_method: "payme",
      proof_images: [ONE_PIXEL_PNG],
    });
    expect(await orderRow(s.order.id)).toMatchObject({ status: "unverified_payment", paymentMethod: "payme" });
    expect(await paymentsOf(s.order.id)).toMatchObject([
      { method: "payme", amountCents: 120_50, status: "no_payment_record", proofImageUrls: [expect.any(String)] },
    ]);
  });

  it("takes a new proof after staff rejected the last: a new payment beside the failed one", async () => {
    const s = await shop("embedded");
    const send = () =>
      s.visitor.update_pay_proof_data_by_token({
        token: s.token,
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      });
    await send();
    await s.client.update_order_status_data_by_application_key_and_id({
      ...s.key,
      id: s.order.id,
      version: (await orderRow(s.order.id)).version,
      to: "awaiting_payment",
      note: "The screenshot shows another amount.",
    });
    expect((await s.visitor.get_pay_data_by_token({ token: s.token })).data.status).toBe("awaiting_payment");
    await send();
    expect((await paymentsOf(s.order.id)).map((row) => [row.status, row.amountCents])).toEqual([
      ["failed", 120_50],
      ["no_payment_record", 120_50],
    ]);
    expect(await orderRow(s.order.id)).toMatchObject({
      status: "unverified_payment",
      paymentStatus: "no_payment_record",
    });
  });

  it("takes a credit order's proof, and shows it paid once staff verify it", async () => {
    const s = await shop("embedded");
    const type = await createCourseType(db(), s.applicationKey);
    const pack = await createCreditPackage(db(), s.applicationKey, [type.id], { credits: 5, priceCents: 800_00 });
    const member = await createMember(db(), s.applicationKey);
    const { order } = await createPaidCreditOrder(db(), s.applicationKey, member.id, pack, {
      status: "awaiting_payment",
      paymentStatus: "no_payment_record",
      paymentMethod: "cash",
      paidAt: null,
    });
    const token = await payLinkToken(env.SESSION_SECRET, {
      applicationKey: s.applicationKey,
      kind: "credit-order",
      id: order.id,
      amountCents: 800_00,
    });
    const { data: page } = await s.visitor.get_pay_data_by_token({ token });
    expect(page).toMatchObject({
      kind: "credit-order",
      number: `#${order.id}`,
      reference: `C${order.id}`,
      amount_cents: 800_00,
      status: "awaiting_payment",
      takes_proof: true,
      lines: [{ name_zh_hk: pack.nameZhHk, quantity: 1, amount_cents: 800_00 }],
    });
    expect(readTlv(parseEmvTlv(page.fps_qr!.payload).get("62")!).get("05")).toBe(`C${order.id}`);

    await s.visitor.update_pay_proof_data_by_token({ token, payment_method: "fps", proof_images: [ONE_PIXEL_PNG] });
    const [proven] = await db().select().from(creditOrders).where(eq(creditOrders.id, order.id));
    expect(proven).toMatchObject({ status: "unverified_payment", paymentMethod: "fps", version: order.version + 1 });
    expect(proven.proofImageUrls).toHaveLength(1);
    expect((await s.visitor.get_pay_data_by_token({ token })).data.status).toBe("proof_received");

    await s.client.update_credit_order_status_data_by_application_key_and_id({
      ...s.key,
      id: order.id,
      version: proven.version,
      to: "paid",
    });
    expect((await s.visitor.get_pay_data_by_token({ token })).data.status).toBe("paid");
  });

  it("shows a monthly fee and a rental's deposit to pay by transfer, without a proof upload", async () => {
    const s = await shop("embedded");
    const member = await createMember(db(), s.applicationKey);
    const plan = await createMonthlyFeePlan(db(), s.applicationKey, { priceCents: 650_00 });
    const [pending, paid, cancelled] = await Promise.all([
      createMonthlyFeeRecord(db(), s.applicationKey, member.id, plan, { periodStart: "2026-03-01" }),
      createMonthlyFeeRecord(db(), s.applicationKey, member.id, plan, {
        periodStart: "2026-04-01",
        status: "paid",
        paymentMethod: "fps",
        paidAt: new Date().toISOString(),
      }),
      createMonthlyFeeRecord(db(), s.applicationKey, member.id, plan, {
        periodStart: "2026-05-01",
        status: "cancelled",
      }),
    ]);
    const feeToken = (id: number) =>
      payLinkToken(env.SESSION_SECRET, {
        applicationKey: s.applicationKey,
        kind: "monthly-fee",
        id,
        amountCents: 650_00,
      });
    const { data: fee } = await s.visitor.get_pay_data_by_token({ token: await feeToken(pending.id) });
    expect(fee).toMatchObject({
      kind: "monthly-fee",
      reference: `M${pending.id}`,
      amount_cents: 650_00,
      status: "awaiting_payment",
      takes_proof: false,
      period: { from: "2026-03-01", to: pending.periodEnd },
      lines: [{ name_zh_hk: plan.nameZhHk, amount_cents: 650_00 }],
    });
    expect(parseEmvTlv(fee.fps_qr!.payload).get("54")).toBe("650.00");
    await expectFailure(
      s.visitor.update_pay_proof_data_by_token({
        token: await feeToken(pending.id),
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      }),
      409,
      "pay-proof-not-taken",
    );
    expect((await s.visitor.get_pay_data_by_token({ token: await feeToken(paid.id) })).data.status).toBe("paid");
    await expectFailure(
      s.visitor.get_pay_data_by_token({ token: await feeToken(cancelled.id) }),
      404,
      "pay-link-out-of-date",
    );

    const tent = await createRentingProduct(db(), s.applicationKey, { depositCents: 300_00 });
    const [booked, rented, dropped] = await Promise.all([
      createRentingRecord(db(), s.applicationKey, tent, { units: 2, startsAt: "2030-06-10T02:00:00.000Z" }),
      createRentingRecord(db(), s.applicationKey, tent, { startsAt: "2030-07-10T02:00:00.000Z", status: "rented" }),
      createRentingRecord(db(), s.applicationKey, tent, { startsAt: "2030-08-10T02:00:00.000Z", status: "cancelled" }),
    ]);
    const rentalToken = (row: typeof booked) =>
      payLinkToken(env.SESSION_SECRET, {
        applicationKey: s.applicationKey,
        kind: "rental",
        id: row.id,
        amountCents: row.depositCents,
      });
    expect((await s.visitor.get_pay_data_by_token({ token: await rentalToken(booked) })).data).toMatchObject({
      kind: "rental",
      reference: `R${booked.id}`,
      amount_cents: 600_00,
      status: "awaiting_payment",
      takes_proof: false,
      period: { from: booked.startsAt, to: booked.endsAt },
      lines: [{ name_en: tent.nameEn, quantity: 2, amount_cents: 600_00 }],
    });
    expect((await s.visitor.get_pay_data_by_token({ token: await rentalToken(rented) })).data.status).toBe("paid");
    await expectFailure(
      s.visitor.get_pay_data_by_token({ token: await rentalToken(dropped) }),
      404,
      "pay-link-out-of-date",
    );
  });
});

describe("the payment link's validity", () => {
  it("is 404 when tampered with, signed by another secret, expired, of another store's record or missing", async () => {
    const [a, b] = await Promise.all([shop("embedded"), shop("embedded")]);
    const { visitor } = a;
    const owed = { applicationKey: a.applicationKey, kind: "order" as const, id: a.order.id, amountCents: 120_50 };
    const last = a.token.at(-1) === "A" ? "B" : "A";
    const forged = [
      `${a.token.slice(0, -1)}${last}`,
      a.token.replace(`.${a.order.id}.`, `.${b.order.id}.`),
      await payLinkToken("another-secret", owed),
      await payLinkToken(env.SESSION_SECRET, { ...owed, expires: Math.floor(Date.now() / 1000) - 1 }),
      // Signed for store A, naming store B's order: A has no such order.
      await payLinkToken(env.SESSION_SECRET, { ...owed, id: b.order.id }),
      await payLinkToken(env.SESSION_SECRET, { ...owed, id: 999_999_999 }),
      "not-a-token",
    ];
    for (const token of forged) {
      await expectFailure(visitor.get_pay_data_by_token({ token }), 404, "pay-link-invalid");
      await expectFailure(
        visitor.update_pay_proof_data_by_token({ token, payment_method: "fps", proof_images: [ONE_PIXEL_PNG] }),
        404,
        "pay-link-invalid",
      );
    }
    expect(await orderRow(b.order.id)).toMatchObject({ status: "awaiting_payment", version: b.order.version });
    expect((await orderRow(a.order.id)).status).toBe("awaiting_payment");
  });

  it("is out of date once the amount differs from the link's, or the order is cancelled", async () => {
    const s = await shop("embedded");
    const other = await payLinkToken(env.SESSION_SECRET, {
      applicationKey: s.applicationKey,
      kind: "order",
      id: s.order.id,
      amountCents: 100_00,
    });
    await expectFailure(s.visitor.get_pay_data_by_token({ token: other }), 404, "pay-link-out-of-date");
    await s.client.update_order_status_data_by_application_key_and_id({
      ...s.key,
      id: s.order.id,
      version: s.order.version,
      to: "cancelled",
    });
    await expectFailure(s.visitor.get_pay_data_by_token({ token: s.token }), 404, "pay-link-out-of-date");
    await expectFailure(
      s.visitor.update_pay_proof_data_by_token({
        token: s.token,
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      }),
      404,
      "pay-link-out-of-date",
    );
  });

  it("refuses a method the store has not switched on and a file that is not an image, storing nothing", async () => {
    const s = await shop("embedded");
    await expectFailure(
      s.visitor.update_pay_proof_data_by_token({
        token: s.token,
        payment_method: "wechat_pay",
        proof_images: [ONE_PIXEL_PNG],
      }),
      400,
      "invalid-payment-method",
    );
    await expectFailure(
      s.visitor.update_pay_proof_data_by_token({
        token: s.token,
        payment_method: "fps",
        proof_images: [`data:application/pdf;base64,${btoa("%PDF-1.4 not an image")}`],
      }),
      400,
      "accept-types-only:png, jpeg, jpg",
    );
    expect(await orderRow(s.order.id)).toMatchObject({ status: "awaiting_payment", version: s.order.version });
    expect((await env.UPLOADS.list({ prefix: `uploads/${s.applicationKey}/` })).objects).toEqual([]);
  });
});

describe("the payment link under load", () => {
  it("takes one of five proofs sent at once", async () => {
    const s = await shop("embedded");
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        outcomeOf(
          s.visitor.update_pay_proof_data_by_token({
            token: s.token,
            payment_method: "fps",
            proof_images: [ONE_PIXEL_PNG],
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    // Refused by the order's version, or read after the winner's move.
    expect(
      outcomes
        .filter((outcome) => outcome !== "ok")
        .every((outcome) => ["409 order-status-changed", "409 pay-not-awaiting-payment"].includes(outcome)),
    ).toBe(true);
    const moves = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, s.order.id));
    expect(moves).toHaveLength(2);
  });

  it(`refuses the link's proof past ${PAY_PROOFS_PER_LINK} an hour, refused ones counted, whatever the address`, async () => {
    const s = await shop("embedded");
    const statuses: number[] = [];
    for (let sent = 0; sent <= PAY_PROOFS_PER_LINK; sent++) {
      const body = new FormData();
      body.set(
        "update_pay_proof_data_by_token",
        JSON.stringify({ token: s.token, payment_method: "fps", proof_images: [ONE_PIXEL_PNG] }),
      );
      // Each from an address of its own: the link's own limit holds them.
      statuses.push((await postRaw(body, { "CF-Connecting-IP": `203.0.113.${sent + 1}` })).status);
    }
    expect(statuses).toEqual([200, ...Array(PAY_PROOFS_PER_LINK - 1).fill(409), 429]);
  });

  it(`shows the page through one link ${PAY_VIEWS_PER_LINK} times an hour, then 429; another store's page still opens`, async () => {
    const [busy, calm] = await Promise.all([shop("embedded"), shop("embedded")]);
    const link = `pay_view:link:${busy.applicationKey}:order:${busy.order.id}`;
    await fillRateLimitBucket(link, PAY_VIEWS_PER_LINK - 1);
    await busy.visitor.get_pay_data_by_token({ token: busy.token });
    await expectFailure(busy.visitor.get_pay_data_by_token({ token: busy.token }), 429, "try-again-after-minutes:60");
    expect((await calm.visitor.get_pay_data_by_token({ token: calm.token })).data.status).toBe("awaiting_payment");
  });

  it("refuses a store's proofs once its bucket is full, before storing anything, and counts none in another store", async () => {
    const [busy, calm] = await Promise.all([shop("embedded"), shop("embedded")]);
    await fillRateLimitBucket(`pay_proof:store:${busy.applicationKey}`, PAY_PROOFS_PER_STORE);
    await expectFailure(
      busy.visitor.update_pay_proof_data_by_token({
        token: busy.token,
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      }),
      429,
      "try-again-after-minutes:60",
    );
    expect((await orderRow(busy.order.id)).status).toBe("awaiting_payment");
    expect((await env.UPLOADS.list({ prefix: `uploads/${busy.applicationKey}/` })).objects).toEqual([]);
    await calm.visitor.update_pay_proof_data_by_token({
      token: calm.token,
      payment_method: "fps",
      proof_images: [ONE_PIXEL_PNG],
    });
    // A forged token counts in no store's buckets.
    const forged = `${calm.token.slice(0, -1)}${calm.token.at(-1) === "A" ? "B" : "A"}`;
    await outcomeOf(
      calm.visitor.update_pay_proof_data_by_token({
        token: forged,
        payment_method: "fps",
        proof_images: [ONE_PIXEL_PNG],
      }),
    );
    const calmHits = await db()
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, `pay_proof:store:${calm.applicationKey}`));
    expect(calmHits).toHaveLength(1);
  });
});

describe("gift cards and store credit through the payment link", () => {
  it("pays part of an order by a gift card (as much as it covers), leaving the rest to transfer, and refuses a guest's store credit", async () => {
    const s = await shop("embedded");
    const card = await createGiftCard(db(), s.applicationKey, { initialCents: 50_00 });
    const unknown = await expectFailure(
      s.visitor.add_pay_stored_value_data({
        token: s.token,
        method: "gift_card",
        gift_card_code: "AAAABBBBCCCCDDDD",
      }),
      400,
      "invalid-payload",
    );
    expect(unknown.fields).toEqual({ gift_card_code: ["gift-card-unknown"] });
    const above = await expectFailure(
      s.visitor.add_pay_stored_value_data({
        token: s.token,
        method: "gift_card",
        gift_card_code: card.code,
        amount_cents: 130_00,
      }),
      400,
      "invalid-payload",
    );
    expect(above.fields).toEqual({ amount_cents: ["amount-above-owed:HK$120.50"] });

    // Left out, the amount is what the card covers.
    const { data: part } = await s.visitor.add_pay_stored_value_data({
      token: s.token,
      method: "gift_card",
      gift_card_code: card.code,
    });
    expect(part).toEqual({ status: "awaiting_payment", paid_cents: 50_00, owed_cents: 70_50 });
    const { data: page } = await s.visitor.get_pay_data_by_token({ token: s.token });
    expect(page).toMatchObject({
      amount_cents: 120_50,
      owed_cents: 70_50,
      stored_value_paid: [{ method: "gift_card", amount_cents: 50_00 }],
      takes_gift_card: true,
      store_credit_cents: null,
    });
    expect(parseEmvTlv(page.fps_qr!.payload).get("54")).toBe("70.50");
    expect((await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0].balanceCents).toBe(0);
    expect((await orderRow(s.order.id)).status).toBe("awaiting_payment");
    expect(
      (await paymentsOf(s.order.id)).map(({ method, amountCents, status }) => [method, amountCents, status]),
    ).toEqual([
      ["fps", 70_50, "no_payment_record"],
      ["gift_card", 50_00, "succeeded"],
    ]);

    const guestCredit = await expectFailure(
      s.visitor.add_pay_stored_value_data({ token: s.token, method: "store_credit" }),
      400,
      "invalid-payload",
    );
    expect(guestCredit.fields).toEqual({ method: ["store-credit-needs-member"] });
  });

  it("lets the order's member pay the rest with store credit, and two racing payments of the rest pay it once", async () => {
    const s = await shop("embedded");
    const member = await createMember(db(), s.applicationKey);
    await db().update(orders).set({ memberId: member.id }).where(eq(orders.id, s.order.id));
    await s.client.add_store_credit_entry_data({
      application_key: s.applicationKey,
      member_id: member.id,
      amount_cents: 500_00,
      reason: "Goodwill",
    });
    const { data: page } = await s.visitor.get_pay_data_by_token({ token: s.token });
    expect(page.store_credit_cents).toBe(500_00);
    const outcomes = await Promise.all(
      [1, 2].map(() => outcomeOf(s.visitor.add_pay_stored_value_data({ token: s.token, method: "store_credit" }))),
    );
    expect(outcomes.sort()).toEqual(["409 order-status-changed", "ok"]);
    const order = await orderRow(s.order.id);
    expect({ status: order.status, paymentStatus: order.paymentStatus, method: order.paymentMethod }).toEqual({
      status: "paid",
      paymentStatus: "succeeded",
      method: "store_credit",
    });
    const payments = await paymentsOf(s.order.id);
    expect(payments.map(({ method, amountCents, status }) => ({ method, amountCents, status }))).toEqual([
      { method: "store_credit", amountCents: 120_50, status: "succeeded" },
    ]);
    const [credit] = await db().select().from(storeCredits).where(eq(storeCredits.memberId, member.id));
    expect(credit.balanceCents).toBe(500_00 - 120_50);
    const { data: paid } = await s.visitor.get_pay_data_by_token({ token: s.token });
    expect({ status: paid.status, owed: paid.owed_cents, credit: paid.store_credit_cents }).toEqual({
      status: "paid",
      owed: 0,
      credit: null,
    });
  });
});
