import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runHourlyJobs } from "../../backend";
import {
  addOnProducts,
  cashDollarRecords,
  couponRedemptions,
  coupons,
  members,
  orderLines,
  orderPayments,
  orderRefunds,
  orderStatusHistory,
  orders,
  products,
  storeSettings,
} from "../../backend/db/schema";
import { ORDER_STATUSES } from "../../contract/options";
import { ORDER_TRANSITIONS, type OrderStatus } from "../../contract/order-states";
import {
  createAddOn,
  createCoupon,
  createMember,
  createOrderRow,
  createProduct,
  createStoreStaff,
  waitForEmailTo,
  type OrderOptions,
} from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, logOf, merchant, signIn } from "../../tests/integration/wire";

const HOUR = 3_600_000;

/** A store with cash dollar and VIP in its plan and on in its setting: 1 cash dollar earned and redeemed per HK$1. */
async function shop() {
  const shop = await merchant("embedded", { hasCashDollar: true, cashDollarEnabled: true, hasVip: true });
  await db()
    .update(storeSettings)
    .set({ vipEnabled: true, cashDollarEarnRate: 100, cashDollarRedeemRate: 100 })
    .where(eq(storeSettings.applicationKey, shop.store.applicationKey));
  const order = (options: OrderOptions = {}) => createOrderRow(db(), shop.store.applicationKey, options);
  return { ...shop, order };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: number) =>
  db()
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      actor: orderStatusHistory.actorEmail,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.id);
const stockOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0].stock;
const memberRow = async (id: number) => (await db().select().from(members).where(eq(members.id, id)))[0];
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

/** Moves staff make with the status action; `unverified_payment` is the customer's proof, `refunded` the refund action. */
const staffMove = (from: OrderStatus, to: OrderStatus) =>
  ORDER_TRANSITIONS[from].includes(to) && to !== "unverified_payment" && to !== "refunded";
const REFUNDABLE: OrderStatus[] = ["paid", "preparing", "delivering", "completed"];

describe("order status moves", () => {
  it("makes every move of the transition table and refuses every other, writing a history row for each", async () => {
    const { client, key, order, store } = await shop();
    const cases = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => to !== from).map((to) => ({ from, to })),
    );
    const outcomes = await Promise.all(
      cases.map(async ({ from, to }) => {
        const { order: row } = await order({ status: from, deliveryMethod: "self_pickup" });
        const outcome = await client
          .update_order_status_data_by_application_key_and_id({ ...key, id: row.id, version: 1, to, note: "checked" })
          .then(
            () => "ok",
            (error: { status: number; messageKey: string }) => `${error.status} ${error.messageKey}`,
          );
        const after = await orderRow(row.id);
        const history = await historyOf(row.id);
        return { from, to, outcome, status: after.status, moves: history.length - 1, last: history.at(-1) };
      }),
    );
    for (const { from, to, outcome, status, moves, last } of outcomes) {
      if (staffMove(from, to)) {
        expect({ from, to, outcome, status, moves }).toEqual({ from, to, outcome: "ok", status: to, moves: 1 });
        expect(last).toEqual({ from, to, actor: store.email, note: "checked" });
      } else {
        expect({ from, to, outcome, status, moves }).toEqual({
          from,
          to,
          outcome: "409 order-transition-not-allowed",
          status: from,
          moves: 0,
        });
      }
    }
  });

  it("refunds from the paid states only, and the detail offers exactly the table's moves", async () => {
    const { client, key, order } = await shop();
    for (const status of ORDER_STATUSES) {
      const { order: row, lines } = await order({ status });
      const detail = (await client.get_order_data_by_application_key_and_id({ ...key, id: row.id })).data;
      expect(detail.allowed_transitions.sort()).toEqual(
        ORDER_TRANSITIONS[status].filter((to) => to !== "unverified_payment").sort(),
      );
      const refund = client.add_order_refund_data({
        ...key,
        id: row.id,
        version: 1,
        lines: [{ line_id: lines[0].id, quantity: 1, restock: false }],
      });
      if (REFUNDABLE.includes(status)) {
        await refund;
        expect((await orderRow(row.id)).status).toBe("refunded");
      } else {
        await expectFailure(refund, 409, "order-transition-not-allowed");
      }
    }
  });

  it("lets one of two staff moving the same order at once succeed; the other gets 409 and nothing is written twice", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key);
    const { order: row } = await order({ status: "unverified_payment", memberId: member.id });
    const verify = () =>
      client.update_order_status_data_by_application_key_and_id({ ...key, id: row.id, version: 1, to: "paid" }).then(
        () => "ok",
        (error: { status: number; messageKey: string }) => `${error.status} ${error.messageKey}`,
      );
    const outcomes = await Promise.all([verify(), verify(), verify()]);
    expect(outcomes.sort()).toEqual(["409 order-status-changed", "409 order-status-changed", "ok"]);
    expect((await historyOf(row.id)).filter((entry) => entry.to === "paid")).toHaveLength(1);
    expect(await ledgerOf(member.id)).toEqual([{ action: "order", amount: 10_000, order: row.id }]);
  });

  it("answers 409 for a move over a version the order has left", async () => {
    const { client, key, order } = await shop();
    const { order: row } = await order({ status: "paid" });
    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: row.id,
      version: 1,
      to: "preparing",
    });
    await expectFailure(
      client.update_order_status_data_by_application_key_and_id({ ...key, id: row.id, version: 1, to: "completed" }),
      409,
      "order-status-changed",
    );
    expect((await orderRow(row.id)).status).toBe("preparing");
  });
});

describe("payments", () => {
  it("verifies a payment: paid, payment succeeded, the customer e-mailed, cash dollar earned and the VIP upgrade", async () => {
    const { client, key, order, store } = await shop();
    await db()
      .update(storeSettings)
      .set({ vipUpgradeSpendCents: 15_000, vipUpgradeDays: 30 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    const member = await createMember(db(), key.application_key);
    await order({ status: "completed", memberId: member.id });
    const { order: row } = await order({
      status: "unverified_payment",
      memberId: member.id,
      paymentStatus: "no_payment_record",
      proofImageUrls: [`/uploads/${key.application_key}/proof.png`],
    });

    await client.update_order_status_data_by_application_key_and_id({ ...key, id: row.id, version: 1, to: "paid" });

    expect(await orderRow(row.id)).toMatchObject({
      status: "paid",
      paymentStatus: "succeeded",
      cashDollarEarnedCents: 10_000,
      version: 2,
    });
    const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, row.id));
    expect(payment.status).toBe("succeeded");
    expect(await memberRow(member.id)).toMatchObject({ level: "vip", cashDollarCents: 10_000, version: 2 });
    const mail = await waitForEmailTo(db(), row.customerEmail!);
    expect(mail.subject).toContain(`#${row.orderNumber}`);
    expect(mail.subject).toContain(store.storeName);
    expect(mail.body).toContain("received and confirmed");
    const [entry] = (await logOf(key.application_key)).filter((log) => log.data_type === "order_data");
    expect(entry).toMatchObject({ action: "edit", record_id: String(row.id), record_name_en: `#${row.orderNumber}` });
    expect(entry.changes).toMatchObject({
      status: ["unverified_payment", "paid"],
      payment_status: ["no_payment_record", "succeeded"],
    });
  });

  it("does not upgrade below the setting's spend, and earns nothing for a guest", async () => {
    const { client, key, order } = await shop();
    await db()
      .update(storeSettings)
      .set({ vipUpgradeSpendCents: 50_000, vipUpgradeDays: 30 })
      .where(eq(storeSettings.applicationKey, key.application_key));
    const member = await createMember(db(), key.application_key);
    const { order: mine } = await order({ status: "awaiting_payment", memberId: member.id });
    const { order: guest } = await order({ status: "awaiting_payment" });
    await client.update_order_status_data_by_application_key_and_id({ ...key, id: mine.id, version: 1, to: "paid" });
    await client.update_order_status_data_by_application_key_and_id({ ...key, id: guest.id, version: 1, to: "paid" });
    expect(await memberRow(member.id)).toMatchObject({ level: "general", cashDollarCents: 10_000 });
    expect((await orderRow(guest.id)).cashDollarEarnedCents).toBe(0);
  });

  it("rejects a payment only with a reason, and e-mails it to the customer", async () => {
    const { client, key, order } = await shop();
    const { order: row } = await order({ status: "unverified_payment" });
    await expectFailure(
      client.update_order_status_data_by_application_key_and_id({
        ...key,
        id: row.id,
        version: 1,
        to: "awaiting_payment",
      }),
      400,
      "invalid-payload",
    );
    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: row.id,
      version: 1,
      to: "awaiting_payment",
      note: "The amount on the proof is HK$90",
    });
    expect((await orderRow(row.id)).status).toBe("awaiting_payment");
    const mail = await waitForEmailTo(db(), row.customerEmail!);
    expect(mail.body).toContain("The amount on the proof is HK$90");
  });
});

describe("delivery", () => {
  it("needs a delivery number to deliver by courier, and keeps it", async () => {
    const { client, key, order } = await shop();
    const { order: row } = await order({ status: "preparing", deliveryMethod: "sf_store" });
    const refused = await expectFailure(
      client.update_order_status_data_by_application_key_and_id({ ...key, id: row.id, version: 1, to: "delivering" }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ delivery_number: ["force-input"] });
    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: row.id,
      version: 1,
      to: "delivering",
      delivery_number: "SF1234567890",
    });
    expect(await orderRow(row.id)).toMatchObject({ status: "delivering", deliveryNumber: "SF1234567890" });
  });

  it("edits the delivery data over its version; a stale save is 409 and a completed order's is refused", async () => {
    const { client, key, order } = await shop();
    const { order: row } = await order({ status: "preparing", deliveryMethod: "shop_delivery" });
    const edit = (version: number) =>
      client.update_order_delivery_data_by_application_key_and_id({
        ...key,
        id: row.id,
        version,
        receiver_name: "陳大文",
        receiver_phone: "91234567",
        delivery_address: "中環皇后大道中 1 號",
        delivery_district: "hk",
      });
    await edit(1);
    await expectFailure(edit(1), 409, "edited-elsewhere");
    expect(await orderRow(row.id)).toMatchObject({ receiverName: "陳大文", deliveryDistrict: "hk", version: 2 });
    const { order: done } = await order({ status: "completed" });
    await expectFailure(
      client.update_order_delivery_data_by_application_key_and_id({ ...key, id: done.id, version: 1 }),
      409,
      "order-not-editable",
    );
  });
});

describe("cancelling", () => {
  it("restocks limited products and add-ons, releases the coupon and gives back the cash dollar spent, once", async () => {
    const { client, key, order } = await shop();
    const product = await createProduct(db(), key.application_key, { stock: 5 });
    const unlimited = await createProduct(db(), key.application_key, { stock: 0, unlimitedInventory: true });
    const addOn = await createAddOn(db(), key.application_key);
    const coupon = await createCoupon(db(), key.application_key, { timesUsed: 1 });
    const member = await createMember(db(), key.application_key);
    const { order: withCoupon } = await order({
      status: "awaiting_payment",
      couponId: coupon.id,
      couponCode: coupon.code,
      lines: [
        { productId: product.id, unitPriceCents: 5_000, quantity: 2 },
        { productId: unlimited.id, unitPriceCents: 1_000, quantity: 3 },
        { addOnProductId: addOn.id, kind: "order_add_on", unitPriceCents: 1_000, quantity: 4 },
      ],
    });
    await db().insert(couponRedemptions).values({
      applicationKey: key.application_key,
      couponId: coupon.id,
      orderId: withCoupon.id,
      discountCents: 1_000,
    });
    const { order: withCashDollar } = await order({
      status: "unverified_payment",
      memberId: member.id,
      cashDollarSpentCents: 300,
      cashDollarDiscountCents: 300,
    });

    const cancel = (id: number, version: number) =>
      client.update_order_status_data_by_application_key_and_id({ ...key, id, version, to: "cancelled" });
    await cancel(withCoupon.id, 1);
    await cancel(withCashDollar.id, 1);
    await expectFailure(cancel(withCoupon.id, 1), 409, "order-status-changed");
    await expectFailure(cancel(withCoupon.id, 2), 409, "order-transition-not-allowed");

    expect(await stockOf(product.id)).toBe(7);
    expect(await stockOf(unlimited.id)).toBe(0);
    expect((await db().select().from(addOnProducts).where(eq(addOnProducts.id, addOn.id)))[0].stock).toBe(14);
    expect((await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0].timesUsed).toBe(0);
    expect(await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, withCoupon.id))).toEqual([]);
    expect(await ledgerOf(member.id)).toEqual([{ action: "refund_order", amount: 300, order: withCashDollar.id }]);
    expect((await memberRow(member.id)).cashDollarCents).toBe(300);
    expect((await orderRow(withCoupon.id)).status).toBe("cancelled");
  });

  it("cancels unpaid online orders past the store's hours, hourly, with the stock back and an 'auto' history row", async () => {
    const { key, order } = await shop();
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
    const product = await createProduct(db(), key.application_key, { stock: 1 });
    const line = [{ productId: product.id, unitPriceCents: 1_000, quantity: 2 }];
    const { order: due } = await order({ status: "awaiting_payment", createdAt: ago(49), lines: line });
    const { order: recent } = await order({ status: "awaiting_payment", createdAt: ago(47) });
    const { order: counter } = await order({ status: "awaiting_payment", channel: "pos", createdAt: ago(49) });
    const { order: proof } = await order({ status: "unverified_payment", createdAt: ago(49) });
    const patient = await shop();
    await db()
      .update(storeSettings)
      .set({ unpaidOrderCancelHours: 72 })
      .where(eq(storeSettings.applicationKey, patient.key.application_key));
    const { order: elsewhere } = await patient.order({ status: "awaiting_payment", createdAt: ago(49) });

    await runHourlyJobs(env, now);
    await runHourlyJobs(env, now);

    expect((await orderRow(due.id)).status).toBe("cancelled");
    expect(await historyOf(due.id)).toEqual([
      { from: null, to: "awaiting_payment", actor: null, note: null },
      { from: "awaiting_payment", to: "cancelled", actor: null, note: "auto" },
    ]);
    expect(await stockOf(product.id)).toBe(3);
    for (const kept of [recent, counter, proof, elsewhere]) {
      expect((await orderRow(kept.id)).status).toBe(kept.status);
    }
  });
});

describe("refunds", () => {
  it("refunds lines with a restock choice per line, then the rest as a full refund", async () => {
    const { client, key, order } = await shop();
    const [a, b] = [await createProduct(db(), key.application_key), await createProduct(db(), key.application_key)];
    const { order: row, lines } = await order({
      status: "completed",
      paymentStatus: "succeeded",
      deliveryChargeCents: 3_000,
      totalCents: 16_000,
      lines: [
        { productId: a.id, unitPriceCents: 5_000, quantity: 2 },
        { productId: b.id, unitPriceCents: 3_000, quantity: 1 },
      ],
    });
    const [lineA, lineB] = lines;

    const first = await client.add_order_refund_data({
      ...key,
      id: row.id,
      version: 1,
      lines: [
        { line_id: lineA.id, quantity: 1, restock: true },
        { line_id: lineB.id, quantity: 1, restock: false },
      ],
    });
    expect(first.data.amount_cents).toBe(8_000);
    expect(await orderRow(row.id)).toMatchObject({
      status: "completed",
      paymentStatus: "succeeded",
      refundedCents: 8_000,
    });
    expect(await stockOf(a.id)).toBe(6);
    expect(await stockOf(b.id)).toBe(5);
    await expectFailure(
      client.add_order_refund_data({
        ...key,
        id: row.id,
        version: 2,
        lines: [{ line_id: lineB.id, quantity: 1, restock: false }],
      }),
      400,
      "invalid-payload",
    );

    // The last unit: a full refund returns the rest of the total, delivery included.
    const rest = await client.add_order_refund_data({
      ...key,
      id: row.id,
      version: 2,
      lines: [{ line_id: lineA.id, quantity: 1, restock: false }],
      note: "Damaged",
    });
    expect(rest.data.amount_cents).toBe(8_000);
    expect(await orderRow(row.id)).toMatchObject({
      status: "refunded",
      paymentStatus: "refunded",
      refundedCents: 16_000,
    });
    expect(
      (await db().select().from(orderLines).where(eq(orderLines.orderId, row.id))).map((line) => line.refundedQuantity),
    ).toEqual([2, 1]);
    expect((await historyOf(row.id)).at(-1)).toMatchObject({ from: "completed", to: "refunded", note: "Damaged" });
    const refunds = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, row.id));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([8_000, 8_000]);
  });

  it("reclaims the cash dollar earned; what the member spent is deducted from the money, shown before confirming", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key, { cashDollarCents: 4_000 });
    const { order: row, lines } = await order({
      status: "paid",
      paymentStatus: "succeeded",
      memberId: member.id,
      cashDollarEarnedCents: 10_000,
    });
    const request = { ...key, id: row.id, lines: [{ line_id: lines[0].id, quantity: 1, restock: false }] };

    const preview = await client.get_order_refund_data_by_application_key_and_id(request);
    expect(preview.data).toEqual({
      full: true,
      lines_amount_cents: 10_000,
      cash_dollar_reclaim_cents: 10_000,
      unrecoverable_cash_dollar_cents: 6_000,
      deduction_cents: 6_000,
      amount_cents: 4_000,
      cash_dollar_restored_cents: 0,
    });
    const refund = await client.add_order_refund_data({ ...request, version: 1 });
    expect(refund.data.amount_cents).toBe(4_000);
    expect((await memberRow(member.id)).cashDollarCents).toBe(0);
    expect(await ledgerOf(member.id)).toEqual([{ action: "refund_order", amount: -4_000, order: row.id }]);
    expect((await orderRow(row.id)).refundedCents).toBe(4_000);
  });

  it("gives back the cash dollar the order spent", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key);
    const { order: row, lines } = await order({
      status: "paid",
      memberId: member.id,
      cashDollarSpentCents: 2_000,
      cashDollarDiscountCents: 2_000,
      totalCents: 8_000,
    });
    await client.add_order_refund_data({
      ...key,
      id: row.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 1, restock: false }],
    });
    expect(await ledgerOf(member.id)).toEqual([{ action: "refund_order", amount: 2_000, order: row.id }]);
    expect((await orderRow(row.id)).refundedCents).toBe(8_000);
  });

  it("refunds and reclaims once when the same refund is submitted twice at once", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key, { cashDollarCents: 10_000 });
    const { order: row, lines } = await order({
      status: "completed",
      memberId: member.id,
      cashDollarEarnedCents: 10_000,
      lines: [{ productId: (await createProduct(db(), key.application_key)).id, unitPriceCents: 5_000, quantity: 2 }],
    });
    const refund = () =>
      client
        .add_order_refund_data({
          ...key,
          id: row.id,
          version: 1,
          lines: [{ line_id: lines[0].id, quantity: 1, restock: true }],
        })
        .then(
          () => "ok",
          (error: { status: number; messageKey: string }) => `${error.status} ${error.messageKey}`,
        );
    expect((await Promise.all([refund(), refund()])).sort()).toEqual(["409 order-status-changed", "ok"]);
    expect(await ledgerOf(member.id)).toEqual([{ action: "refund_order", amount: -5_000, order: row.id }]);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, row.id))).toHaveLength(1);
    expect((await orderRow(row.id)).refundedCents).toBe(5_000);
  });

  it("is refused to sales staff, who still work orders; admin staff refund", async () => {
    const { key, order } = await shop();
    const sales = await createStoreStaff(db(), key.application_key, { role: "sales" });
    const admin = await createStoreStaff(db(), key.application_key, { role: "admin" });
    const salesClient = clientOver("embedded", await signIn("embedded", sales.email, sales.password));
    const adminClient = clientOver("embedded", await signIn("embedded", admin.email, admin.password));
    const { order: row, lines } = await order({ status: "paid" });
    const refund = { ...key, id: row.id, version: 1, lines: [{ line_id: lines[0].id, quantity: 1, restock: false }] };

    const detail = (await salesClient.get_order_data_by_application_key_and_id({ ...key, id: row.id })).data;
    expect(detail).toMatchObject({ can_refund: false, allowed_transitions: ["preparing", "completed"] });
    await expectFailure(salesClient.add_order_refund_data(refund), 403, "forbidden");
    await expectFailure(salesClient.get_order_refund_data_by_application_key_and_id(refund), 403, "forbidden");
    await salesClient.update_order_status_data_by_application_key_and_id({
      ...key,
      id: row.id,
      version: 1,
      to: "preparing",
    });

    expect((await adminClient.get_order_data_by_application_key_and_id({ ...key, id: row.id })).data.can_refund).toBe(
      true,
    );
    await adminClient.add_order_refund_data({ ...refund, version: 2 });
    expect((await orderRow(row.id)).status).toBe("refunded");
  });
});

describe("the order list", () => {
  it("finds by order number, customer, phone and member code; filters by status, payment, delivery and Hong Kong days; pages with a count", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key, { name: "Chan Tai Man" });
    const { order: first } = await order({
      status: "paid",
      paymentStatus: "succeeded",
      deliveryMethod: "sf_store",
      memberId: member.id,
      customerName: "Chan Tai Man",
    });
    // 23:30 on 1 March in Hong Kong is 15:30 UTC: it counts on the 1st.
    const { order: late } = await order({
      status: "awaiting_payment",
      deliveryMethod: "self_pickup",
      customerPhone: "61234567",
      createdAt: "2026-03-01T15:30:00.000Z",
      totalCents: 99_000,
    });
    const list = async (filters: Record<string, unknown>) => {
      const reply = await client.get_order_data_and_total_number_by_sorting_and_limit({ ...key, ...filters });
      return { ids: reply.data.map((row) => row.id), total: reply.extra.total_number };
    };

    expect(await list({ keyword: `#${first.orderNumber}` })).toEqual({ ids: [first.id], total: 1 });
    expect(await list({ keyword: String(late.orderNumber) })).toEqual({ ids: [late.id], total: 1 });
    expect((await list({ keyword: "tai man" })).ids).toEqual([first.id]);
    expect((await list({ keyword: member.memberCode })).ids).toEqual([first.id]);
    expect((await list({ keyword: "6123" })).ids).toEqual([late.id]);
    expect((await list({ status: "awaiting_payment" })).ids).toEqual([late.id]);
    expect((await list({ payment_status: "succeeded" })).ids).toEqual([first.id]);
    expect((await list({ payment_status: "no_payment_record" })).ids).toEqual([late.id]);
    expect((await list({ payment_status: "refunded" })).ids).toEqual([]);
    expect((await list({ delivery_method: "sf_store" })).ids).toEqual([first.id]);
    expect((await list({ delivery_method: "self_pickup" })).ids).toEqual([late.id]);
    expect((await list({ delivery_method: "shop_delivery" })).ids).toEqual([]);
    expect((await list({ created_from: "2026-03-01", created_to: "2026-03-01" })).ids).toEqual([late.id]);
    expect((await list({ created_from: "2026-03-02", created_to: "2026-03-02" })).ids).toEqual([]);
    expect(await list({ sorting: "total", direction: "DESC", limit: 1 })).toEqual({ ids: [late.id], total: 2 });
    expect((await list({ channel: "pos" })).total).toBe(0);
  });

  it("shows an order's lines, payments, history and member", async () => {
    const { client, key, order } = await shop();
    const member = await createMember(db(), key.application_key);
    const { order: row } = await order({
      status: "unverified_payment",
      memberId: member.id,
      proofImageUrls: [`/uploads/${key.application_key}/proof.png`],
    });
    const { data } = await client.get_order_data_by_application_key_and_id({ ...key, id: row.id });
    expect(data).toMatchObject({
      id: row.id,
      status: "unverified_payment",
      lines: [{ quantity: 1, unit_price_cents: 10_000, refunded_quantity: 0 }],
      payments: [{ proof_image_urls: [`/uploads/${key.application_key}/proof.png`] }],
      history: [{ from_status: null, to_status: "unverified_payment" }],
      member: { id: member.id, member_code: member.memberCode },
      allowed_transitions: ["paid", "awaiting_payment", "cancelled"],
      can_refund: false,
    });
    const other = await shop();
    await expectFailure(
      other.client.get_order_data_by_application_key_and_id({ ...other.key, id: row.id }),
      404,
      "not-found",
    );
  });
});
