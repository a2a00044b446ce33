import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { coupons, orderLines, orders, posShifts, products, productVariants } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createCoupon } from "../../tests/helpers/factories";
import { db, expectFailure, logOf } from "../../tests/integration/wire";
import { shop, uuid } from "../checkout/shop.integration";
import { createLocation } from "../location/factories";
import { OFFLINE_CLOCK_SKEW_MINUTES, OFFLINE_SALE_MAX_AGE_HOURS } from "./options";

type OfflineSale = PayloadInput<"add_pos_offline_order_data">;

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A cash sale of one line as the device recorded it: `quantity` of the product at `unitCents`, paid in cash. */
function saleOf(
  applicationKey: string,
  product: { productCode: string },
  { unitCents, quantity = 1, ...rest }: { unitCents: number; quantity?: number } & Partial<OfflineSale>,
): OfflineSale {
  const total = unitCents * quantity - (rest.coupon_discount_cents ?? 0);
  return {
    application_key: applicationKey,
    idempotency_key: uuid(),
    made_at: hoursAgo(1),
    lines: [{ product_code: product.productCode, quantity, unit_price_cents: unitCents }],
    total_cents: total,
    payments: [{ method: "cash", amount_cents: total }],
    ...rest,
  };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (variantId: number) =>
  (await db().select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

describe("an offline sale's replay", () => {
  it("is an ordinary counter sale at its own time when the server prices it as the device did", async () => {
    const { client, key, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00, stock: 3 });
    const madeAt = hoursAgo(5);
    const sale = saleOf(key.application_key, tea, {
      unitCents: 35_00,
      quantity: 2,
      made_at: madeAt,
      payments: [{ method: "cash", amount_cents: 100_00 }],
    });
    const { data } = await client.add_pos_offline_order_data(sale);
    expect(data).toMatchObject({
      status: "completed",
      payment_status: "succeeded",
      total_cents: 70_00,
      cash_tendered_cents: 100_00,
      change_cents: 30_00,
      flagged: false,
    });
    const order = await orderRow(data.id);
    expect({ created: order.createdAt, paid: order.paidAt, channel: order.channel }).toEqual({
      created: madeAt,
      paid: madeAt,
      channel: "pos",
    });
    expect(await stockOf(tea.variantId)).toBe(1);
    expect((await logOf(key.application_key)).at(-1)).toMatchObject({ data_type: "order_data", action: "add" });
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    expect(list).toEqual([]);
  });

  it("makes one order of a key sent twice, and of a key sent five times at once", async () => {
    const { client, key, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00, stock: 10 });
    const sale = saleOf(key.application_key, tea, { unitCents: 35_00 });
    const first = (await client.add_pos_offline_order_data(sale)).data;
    const again = (await client.add_pos_offline_order_data(sale)).data;
    expect(again).toEqual(first);

    const racing = saleOf(key.application_key, tea, { unitCents: 30_00 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.add_pos_offline_order_data(racing)));
    expect(new Set(answers.map(({ data }) => data.id)).size).toBe(1);
    expect(answers.map(({ data }) => data.flagged)).toEqual([true, true, true, true, true]);
    const made = await db().select().from(orders).where(eq(orders.applicationKey, key.application_key));
    expect(made).toHaveLength(2);
    expect(await stockOf(tea.variantId)).toBe(8);
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    expect(list.map((review) => review.order_id)).toEqual([answers[0]!.data.id]);
  });

  it("keeps the time within limits: a little ahead is now, further ahead or too old is refused", async () => {
    const { client, key, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00 });
    const before = Date.now();
    const ahead = new Date(before + 2 * 60_000).toISOString();
    const { data } = await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 35_00, made_at: ahead }),
    );
    const created = Date.parse((await orderRow(data.id)).createdAt);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThan(Date.parse(ahead));

    const refusal = (madeAt: string) =>
      client
        .add_pos_offline_order_data(saleOf(key.application_key, tea, { unitCents: 35_00, made_at: madeAt }))
        .catch((error: ActionFailure) => ({ status: error.status, message: error.messageKey, fields: error.fields }));
    expect(await refusal(new Date(Date.now() + 10 * 60_000).toISOString())).toEqual({
      status: 400,
      message: `offline-sale-in-future:${OFFLINE_CLOCK_SKEW_MINUTES}`,
      fields: { made_at: [`offline-sale-in-future:${OFFLINE_CLOCK_SKEW_MINUTES}`] },
    });
    expect(await refusal(hoursAgo(OFFLINE_SALE_MAX_AGE_HOURS + 1))).toEqual({
      status: 400,
      message: `offline-sale-too-old:${OFFLINE_SALE_MAX_AGE_HOURS}`,
      fields: { made_at: [`offline-sale-too-old:${OFFLINE_SALE_MAX_AGE_HOURS}`] },
    });
  });

  it("records a sale at the price the device charged and flags the price it differs from", async () => {
    const { client, key, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00, nameEn: "Tea cup" });
    const { data } = await client.add_pos_offline_order_data(saleOf(key.application_key, tea, { unitCents: 30_00 }));
    expect(data).toMatchObject({ total_cents: 30_00, flagged: true });
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, data.id));
    expect({ unit: line!.unitPriceCents, total: line!.lineTotalCents }).toEqual({ unit: 30_00, total: 30_00 });
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    expect(list[0]).toMatchObject({ order_id: data.id, order_number: data.order_number, total_cents: 30_00 });
    expect(list[0]!.differences).toEqual([
      {
        kind: "price",
        position: 1,
        name_zh_hk: tea.nameZhHk,
        name_en: "Tea cup",
        charged_cents: 30_00,
        now_cents: 35_00,
      },
      { kind: "total", charged_cents: 30_00, now_cents: 35_00 },
    ]);
  });

  it("flags a coupon used up since, redeeming nothing, and keeps the total the customer paid", async () => {
    const { client, key, store, product } = await shop("embedded");
    const tea = await product({ priceCents: 50_00 });
    const summer = await createCoupon(db(), store.applicationKey, { usageLimit: 1, timesUsed: 1 });
    const sale = saleOf(key.application_key, tea, {
      unitCents: 50_00,
      coupon_code: summer.code,
      coupon_discount_cents: 5_00,
    });
    const { data } = await client.add_pos_offline_order_data(sale);
    expect(data).toMatchObject({ total_cents: 45_00, flagged: true });
    expect(await orderRow(data.id)).toMatchObject({ couponId: null, couponDiscountCents: 5_00, totalCents: 45_00 });
    expect((await db().select().from(coupons).where(eq(coupons.id, summer.id)))[0]!.timesUsed).toBe(1);
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    expect(list[0]!.differences).toEqual([
      { kind: "coupon", code: summer.code, reason: "coupon-used-up" },
      { kind: "total", charged_cents: 45_00, now_cents: 50_00 },
    ]);
  });

  it("sells the last unit to two devices at once: both orders made, stock 0, the second oversold by 1", async () => {
    const { client, key, product } = await shop("embedded");
    const cup = await product({ priceCents: 35_00, stock: 1, nameEn: "Tea cup" });
    const sales = [1, 2].map(() => saleOf(key.application_key, cup, { unitCents: 35_00 }));
    const answers = await Promise.all(sales.map((sale) => client.add_pos_offline_order_data(sale)));
    expect(answers.map(({ data }) => data.flagged).sort()).toEqual([false, true]);
    expect(await stockOf(cup.variantId)).toBe(0);
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    const flagged = answers.find(({ data }) => data.flagged)!.data;
    expect(list.map(({ order_id, differences }) => ({ order_id, differences }))).toEqual([
      {
        order_id: flagged.id,
        differences: [{ kind: "stock", position: 1, name_zh_hk: cup.nameZhHk, name_en: "Tea cup", short: 1 }],
      },
    ]);
  });

  it("sells what stock there is and what was taken off sale since, flagging both", async () => {
    const { client, key, store, product } = await shop("embedded");
    const cup = await product({ priceCents: 35_00, stock: 1, nameEn: "Tea cup" });
    const pot = await product({ priceCents: 20_00, nameEn: "Tea pot" });
    await db().update(products).set({ publish: false }).where(eq(products.id, pot.id));
    const sale = saleOf(store.applicationKey, cup, { unitCents: 35_00, quantity: 3 });
    sale.lines.push({ product_code: pot.productCode, quantity: 1, unit_price_cents: 20_00 });
    sale.total_cents = 125_00;
    sale.payments = [{ method: "fps", amount_cents: 125_00 }];
    const { data } = await client.add_pos_offline_order_data(sale);
    expect(data).toMatchObject({ total_cents: 125_00, flagged: true, cash_tendered_cents: 0, change_cents: 0 });
    expect(await stockOf(cup.variantId)).toBe(0);
    const { data: list } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key);
    expect(list[0]!.differences).toEqual([
      { kind: "unavailable", position: 2, name_zh_hk: pot.nameZhHk, name_en: "Tea pot" },
      { kind: "stock", position: 1, name_zh_hk: cup.nameZhHk, name_en: "Tea cup", short: 2 },
    ]);
  });

  it("counts an offline cash sale made during a shift in the shift's expected cash", async () => {
    const { client, key, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00 });
    const { data: opened } = await client.add_pos_shift_data({ ...key, float_cents: 500_00 });
    await db()
      .update(posShifts)
      .set({ openedAt: hoursAgo(3) })
      .where(eq(posShifts.id, opened.id));
    await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, {
        unitCents: 35_00,
        made_at: hoursAgo(2),
        payments: [{ method: "cash", amount_cents: 50_00 }],
      }),
    );
    // Made before the shift opened: another shift's.
    await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 35_00, made_at: hoursAgo(4) }),
    );
    const {
      data: { report },
    } = await client.get_pos_shift_data_by_application_key(key);
    expect({ cash: report!.cash_sales_cents, expected: report!.expected_cash_cents }).toEqual({
      cash: 35_00,
      expected: 535_00,
    });
  });

  it("counts an offline cash sale in the shift it was made in, even when it reaches the server after the close", async () => {
    const { client, key, product } = await shop("embedded");
    const [tea, coffee] = await Promise.all([product({ priceCents: 35_00 }), product({ priceCents: 20_00 })]);
    const { data: opened } = await client.add_pos_shift_data({ ...key, float_cents: 500_00 });
    await db()
      .update(posShifts)
      .set({ openedAt: hoursAgo(1) })
      .where(eq(posShifts.id, opened.id));
    await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 35_00, made_at: minutesAgo(5) }),
    );
    const {
      data: { report: open },
    } = await client.get_pos_shift_data_by_application_key(key);
    expect(open!.expected_cash_cents).toBe(535_00);

    // The drawer is counted with both sales' cash in it; the second sale is still on its way.
    const { data: closed } = await client.update_pos_shift_data_by_application_key_and_id({
      ...key,
      id: opened.id,
      version: 1,
      counted_cents: 555_00,
      note: null,
    });
    expect({ expected: closed.expected_cash_cents, overShort: closed.over_short_cents }).toEqual({
      expected: 535_00,
      overShort: 20_00,
    });
    const late = saleOf(key.application_key, coffee, { unitCents: 20_00, made_at: minutesAgo(3) });
    await client.add_pos_offline_order_data(late);
    await client.add_pos_offline_order_data(late);
    // Made after the close: no closed shift's.
    await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 35_00, made_at: new Date().toISOString() }),
    );

    const { data: report } = await client.get_pos_shift_data_by_application_key_and_id({ ...key, id: opened.id });
    expect({
      cash: report.cash_sales_cents,
      expected: report.expected_cash_cents,
      overShort: report.shift.over_short_cents,
    }).toEqual({ cash: 55_00, expected: 555_00, overShort: 0 });
  });

  it("counts an offline cash sale in the closed shift of its own location, not in another's", async () => {
    const { client, key, product } = await shop("embedded");
    const bay = await createLocation(db(), key.application_key);
    const tea = await product({ priceCents: 35_00, unlimitedInventory: true });
    const [{ data: first }, { data: atBay }] = await Promise.all([
      client.add_pos_shift_data({ ...key, float_cents: 100_00 }),
      client.add_pos_shift_data({ ...key, float_cents: 200_00, location_id: bay.id }),
    ]);
    await db()
      .update(posShifts)
      .set({ openedAt: hoursAgo(1) })
      .where(eq(posShifts.applicationKey, key.application_key));
    for (const shift of [first, atBay]) {
      await client.update_pos_shift_data_by_application_key_and_id({
        ...key,
        id: shift.id,
        version: 1,
        counted_cents: 0,
        note: null,
      });
    }
    await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 35_00, made_at: minutesAgo(5), location_id: bay.id }),
    );
    const expected = async (id: number) =>
      (await client.get_pos_shift_data_by_application_key_and_id({ ...key, id })).data.expected_cash_cents;
    expect([await expected(first.id), await expected(atBay.id)]).toEqual([100_00, 235_00]);
  });

  it("marks a flagged sale reviewed once: a second mark is refused and changes nothing", async () => {
    const { client, key, store, product } = await shop("embedded");
    const tea = await product({ priceCents: 35_00 });
    const { data: sale } = await client.add_pos_offline_order_data(
      saleOf(key.application_key, tea, { unitCents: 30_00 }),
    );
    const { data: toReview } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit({
      ...key,
      state: "to_review",
    });
    const { data: marked } = await client.update_pos_offline_review_data_by_application_key_and_id({
      ...key,
      id: toReview[0]!.id,
    });
    expect(marked).toMatchObject({ order_id: sale.id, reviewed_by: store.email });
    await expectFailure(
      client.update_pos_offline_review_data_by_application_key_and_id({ ...key, id: toReview[0]!.id }),
      409,
      "offline-sale-reviewed",
    );
    const reviewed = (
      await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit({ ...key, state: "reviewed" })
    ).data;
    expect(reviewed).toEqual([marked]);
    const { data: left, extra } = await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit({
      ...key,
      state: "to_review",
    });
    expect({ left, total: extra.total_number }).toEqual({ left: [], total: 0 });
    expect((await logOf(key.application_key)).at(-1)).toMatchObject({
      action: "edit",
      data_type: "pos_offline_review",
      record_id: String(marked.id),
    });

    // Two managers marking one at once: one marks it, the other is told it is done.
    await client.add_pos_offline_order_data(saleOf(key.application_key, tea, { unitCents: 31_00 }));
    const [next] = (await client.get_pos_offline_review_data_and_total_number_by_sorting_and_limit(key)).data;
    const outcomes = await Promise.all(
      [1, 2].map(() =>
        client.update_pos_offline_review_data_by_application_key_and_id({ ...key, id: next!.id }).then(
          () => "ok",
          (error: ActionFailure) => `${error.status} ${error.messageKey}`,
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(["409 offline-sale-reviewed", "ok"]);
  });
});
