import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  salesCsv,
  salesRange,
  salesReport,
  salesXlsx,
  sheetName,
} from "../../app/routes/_store+/__sales-report.server";
import type { AppTFunction } from "../../app/i18n";
import { createActionClient } from "../../app/server/action-client.server";
import { translations } from "../../app/server/i18n.server";
import { handleActionRequest } from "../../backend";
import { giftCards, orderLines, orderRefunds, orders, products, storeSettings } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { hongKongDate } from "../../contract/dates";
import { createMember, createOrderRow, createProduct, type OrderOptions } from "../../tests/helpers/factories";
import { shop as checkoutShop } from "../checkout/shop.integration";
import { createGiftCard } from "../gift-card/factories";
import { createProductWithVariants } from "../product/factories";
import { newRecording, recordingEnv } from "../../tests/integration/recording-d1";
import {
  db,
  expectFailure,
  merchant,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";
import { createLocation } from "../location/factories";

const DAY = 86_400_000;

type Payment = NonNullable<PayloadInput<"add_pos_order_data">["payments"]>[number];

async function shop(transport: TransportName = "embedded") {
  const seller = await merchant(transport);
  const key = seller.key;
  const product = () => createProduct(db(), key.application_key, { stock: 100 });
  const order = (options: OrderOptions) => createOrderRow(db(), key.application_key, options);
  const report = async (from: string, to = from) =>
    (await seller.client.get_order_sales_report_data_by_application_key({ ...key, from, to })).data;
  return { ...seller, product, order, report };
}

const paidAtOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0].paidAt;

const noSales = {
  orders: 0,
  gross_sales_cents: 0,
  discounts_cents: 0,
  refunds_cents: 0,
  net_sales_cents: 0,
  gift_cards_sold_cents: 0,
  stored_value_paid_cents: 0,
  delivery_cents: 0,
  card_fees_cents: 0,
  total_collected_cents: 0,
  average_order_cents: 0,
};

describe.each(TRANSPORT_NAMES)("the daily sales report over the %s transport", (transport) => {
  it("adds up a range's sales exactly to the cent, per day, method, channel and product", async () => {
    const { order, product, report } = await shop(transport);
    const [cup, tea, cake, bag] = await Promise.all([product(), product(), product(), product()]);
    await order({
      channel: "pos",
      status: "completed",
      paymentStatus: "succeeded",
      paymentMethod: "credit_card",
      paidAt: "2026-03-10T02:00:00.000Z",
      lines: [{ productId: cup.id, unitPriceCents: 100_00, quantity: 2 }],
      cardFeeCents: 7_00,
      totalCents: 207_00,
    });
    await order({
      status: "paid",
      paymentStatus: "succeeded",
      paymentMethod: "fps",
      paidAt: "2026-03-10T04:00:00.000Z",
      lines: [{ productId: tea.id, unitPriceCents: 150_00, quantity: 1 }],
      couponDiscountCents: 15_00,
      deliveryChargeCents: 30_00,
      totalCents: 165_00,
    });
    await order({
      status: "preparing",
      paymentStatus: "succeeded",
      paymentMethod: "payme",
      paidAt: "2026-03-11T01:00:00.000Z",
      lines: [
        { productId: cake.id, unitPriceCents: 80_00, quantity: 1 },
        { productId: bag.id, unitPriceCents: 20_00, quantity: 1 },
      ],
      cashDollarSpentCents: 10_00,
      cashDollarDiscountCents: 10_00,
      totalCents: 90_00,
    });
    // Cancelled before it was paid: never a sale.
    await order({ status: "cancelled", createdAt: "2026-03-10T05:00:00.000Z" });

    const data = await report("2026-03-09", "2026-03-11");
    expect(data.totals).toEqual({
      orders: 3,
      gross_sales_cents: 450_00,
      discounts_cents: 25_00,
      refunds_cents: 0,
      net_sales_cents: 425_00,
      gift_cards_sold_cents: 0,
      stored_value_paid_cents: 0,
      delivery_cents: 30_00,
      card_fees_cents: 7_00,
      total_collected_cents: 462_00,
      average_order_cents: 141_67,
    });
    expect(data.days).toEqual([
      { date: "2026-03-09", ...noSales },
      {
        date: "2026-03-10",
        orders: 2,
        gross_sales_cents: 350_00,
        discounts_cents: 15_00,
        refunds_cents: 0,
        net_sales_cents: 335_00,
        gift_cards_sold_cents: 0,
        stored_value_paid_cents: 0,
        delivery_cents: 30_00,
        card_fees_cents: 7_00,
        total_collected_cents: 372_00,
        average_order_cents: 167_50,
      },
      {
        date: "2026-03-11",
        orders: 1,
        gross_sales_cents: 100_00,
        discounts_cents: 10_00,
        refunds_cents: 0,
        net_sales_cents: 90_00,
        gift_cards_sold_cents: 0,
        stored_value_paid_cents: 0,
        delivery_cents: 0,
        card_fees_cents: 0,
        total_collected_cents: 90_00,
        average_order_cents: 90_00,
      },
    ]);
    expect(data.by_payment_method).toEqual([
      { method: "credit_card", orders: 1, amount_cents: 207_00 },
      { method: "fps", orders: 1, amount_cents: 165_00 },
      { method: "payme", orders: 1, amount_cents: 90_00 },
    ]);
    expect(data.by_channel).toEqual([
      { channel: "online", orders: 2, gross_sales_cents: 250_00, total_cents: 255_00 },
      { channel: "pos", orders: 1, gross_sales_cents: 200_00, total_cents: 207_00 },
    ]);
    expect(
      data.top_products.map(({ product_id, quantity, amount_cents }) => [product_id, quantity, amount_cents]),
    ).toEqual([
      [cup.id, 2, 200_00],
      [tea.id, 1, 150_00],
      [cake.id, 1, 80_00],
      [bag.id, 1, 20_00],
    ]);
  });
});

describe("the daily sales report's top products", () => {
  it("ranks the ten products sold for the most, each with its variants' share, most sold first", async () => {
    const { order, product, report, key } = await shop();
    const tee = await createProductWithVariants(db(), key.application_key, {
      options: [
        { nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] },
        { nameZhHk: "顏色", nameEn: "Colour", values: ["黑"], valuesEn: ["Black"] },
      ],
      variants: [{ values: [0, 0] }, { values: [1, 0] }],
    });
    const [small, medium] = tee.variants;
    const plain = await Promise.all(Array.from({ length: 10 }, () => product()));
    const paid = { status: "completed", paymentStatus: "succeeded", paidAt: "2026-04-01T02:00:00.000Z" } as const;
    await order({ ...paid, lines: [{ productId: tee.id, variantId: small.id, unitPriceCents: 30_00, quantity: 1 }] });
    await order({ ...paid, lines: [{ productId: tee.id, variantId: medium.id, unitPriceCents: 30_00, quantity: 3 }] });
    // Ten plain products sold for less, each one more than the one before: the first drops out of the ten.
    for (const [index, { id }] of plain.entries())
      await order({ ...paid, lines: [{ productId: id, unitPriceCents: 10_00, quantity: index + 1 }] });

    const { top_products } = await report("2026-04-01");
    expect(top_products).toHaveLength(10);
    expect(top_products[0]).toMatchObject({
      product_id: tee.id,
      quantity: 4,
      amount_cents: 120_00,
      variants: [
        { variant_name_zh_hk: "中 / 黑", variant_name_en: "M / Black", quantity: 3, amount_cents: 90_00 },
        { variant_name_zh_hk: "細 / 黑", variant_name_en: "S / Black", quantity: 1, amount_cents: 30_00 },
      ],
    });
    expect(top_products.slice(1).map((row) => [row.product_id, row.amount_cents, row.variants])).toEqual(
      plain
        .slice(1)
        .reverse()
        .map(({ id }, index) => [id, (10 - index) * 10_00, []]),
    );
  });
});

describe("the daily sales report's days", () => {
  it("counts a sale paid at 23:30 in Hong Kong on that day and one at 00:30 on the next", async () => {
    const { order, report } = await shop();
    await order({ status: "paid", paymentStatus: "succeeded", paidAt: "2026-03-10T15:30:00.000Z" });
    await order({ status: "paid", paymentStatus: "succeeded", paidAt: "2026-03-10T16:30:00.000Z" });

    expect((await report("2026-03-10", "2026-03-11")).days.map(({ date, orders }) => [date, orders])).toEqual([
      ["2026-03-10", 1],
      ["2026-03-11", 1],
    ]);
    expect((await report("2026-03-11")).totals.orders).toBe(1);
  });

  it("counts a refund on the day it is made and leaves the day of the sale as it was; its delivery is no sale", async () => {
    const { client, key, order, report } = await shop();
    const yesterday = hongKongDate(new Date(Date.now() - DAY));
    const today = hongKongDate(new Date());
    const { order: sold, lines } = await order({
      status: "paid",
      paymentStatus: "succeeded",
      deliveryChargeCents: 30_00,
      totalCents: 130_00,
      paidAt: new Date(Date.now() - DAY).toISOString(),
    });
    const before = await report(yesterday);

    await client.add_order_refund_data({
      ...key,
      id: sold.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 1, restock: false }],
    });

    expect(await report(yesterday)).toEqual(before);
    expect(before.totals).toMatchObject({
      orders: 1,
      gross_sales_cents: 100_00,
      delivery_cents: 30_00,
      refunds_cents: 0,
      total_collected_cents: 130_00,
    });
    // The whole order came back: HK$100 of goods and its HK$30 delivery.
    expect((await report(today)).totals).toEqual({
      ...noSales,
      refunds_cents: 100_00,
      net_sales_cents: -100_00,
      gift_cards_sold_cents: 0,
      stored_value_paid_cents: 0,
      total_collected_cents: -130_00,
    });
  });

  it("counts an online order once its payment is verified, on the day of verifying, with the database's clock", async () => {
    const { client, key, order, report } = await shop();
    const today = hongKongDate(new Date());
    const { order: waiting } = await order({
      status: "unverified_payment",
      createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
      proofImageUrls: [],
    });
    expect((await report(today)).totals.orders).toBe(0);
    expect(await paidAtOf(waiting.id)).toBeNull();

    await client.update_order_status_data_by_application_key_and_id({ ...key, id: waiting.id, version: 1, to: "paid" });

    const data = await report(hongKongDate(new Date(Date.now() - 3 * DAY)), today);
    expect(data.days.map(({ orders }) => orders)).toEqual([0, 0, 0, 1]);
    expect(data.by_payment_method).toEqual([{ method: "cash", orders: 1, amount_cents: 100_00 }]);
    expect(hongKongDate(new Date(Date.parse((await paidAtOf(waiting.id))!)))).toBe(today);
  });

  it("stamps a counter sale paid when the checkout makes it", async () => {
    const { client, key, store, product, report } = await shop();
    await db()
      .update(storeSettings)
      .set({ paymentMethods: { cash: { enabled: true } } })
      .where(eq(storeSettings.applicationKey, store.applicationKey));
    const item = await product();
    const { data } = await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: item.productCode, quantity: 1, add_on_product_ids: [] }],
      payments: [{ method: "cash", amount_cents: item.priceCents }],
      idempotency_key: crypto.randomUUID(),
      expected_total_cents: item.priceCents,
    });

    expect(hongKongDate(new Date(Date.parse((await paidAtOf(data.id))!)))).toBe(hongKongDate(new Date()));
    expect((await report(hongKongDate(new Date()))).totals).toMatchObject({
      orders: 1,
      gross_sales_cents: item.priceCents,
    });
  });

  it("refuses a range that ends before it starts or spans more than 366 days", async () => {
    const { client, key } = await shop();
    const refused = await expectFailure(
      client.get_order_sales_report_data_by_application_key({ ...key, from: "2026-03-10", to: "2026-03-09" }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({ to: ["end-date-before-start"] });
    const tooLong = await expectFailure(
      client.get_order_sales_report_data_by_application_key({ ...key, from: "2025-01-01", to: "2026-01-02" }),
      400,
      "invalid-payload",
    );
    expect(tooLong.fields).toEqual({ to: ["date-range-too-long"] });
    const yearAndDay = await client.get_order_sales_report_data_by_application_key({
      ...key,
      from: "2024-01-01",
      to: "2024-12-31",
    });
    expect(yearAndDay.data.days).toHaveLength(366);
  });
});

describe("the sales report's exports", () => {
  it("write a row per Hong Kong day of the range and the total, refunds on their day, in dollars", async () => {
    const { client, key, order, product } = await shop();
    const [teapot, tea] = await Promise.all([product(), product()]);
    // 23:59 in Hong Kong on 8 March: the day before the range.
    await order({ status: "completed", paymentStatus: "succeeded", paidAt: "2026-03-08T15:59:00.000Z" });
    // 23:30 in Hong Kong on 9 March, by card: HK$1,234.50 on the page, 1234.50 in the CSV (a comma would split the cell).
    await order({
      channel: "pos",
      status: "completed",
      paymentStatus: "succeeded",
      paymentMethod: "credit_card",
      paidAt: "2026-03-09T15:30:00.000Z",
      lines: [{ productId: teapot.id, unitPriceCents: 617_25, quantity: 2 }],
      cardFeeCents: 30_86,
      totalCents: 1265_36,
    });
    // Paid on 10 March with a coupon and delivery; its goods refunded on 11 March.
    const { order: refunded } = await order({
      status: "completed",
      paymentStatus: "succeeded",
      paymentMethod: "fps",
      paidAt: "2026-03-10T02:00:00.000Z",
      lines: [{ productId: tea.id, unitPriceCents: 100_00, quantity: 1, refundedQuantity: 1 }],
      couponDiscountCents: 10_00,
      deliveryChargeCents: 25_00,
      totalCents: 115_00,
      refundedCents: 90_00,
    });
    await db().insert(orderRefunds).values({
      applicationKey: key.application_key,
      orderId: refunded.id,
      amountCents: 90_00,
      actorEmail: "owner@example.test",
      createdAt: "2026-03-11T03:00:00.000Z",
    });

    const range = salesRange(
      new URL("http://app.test/my-store/sales-report.csv?from=2026-03-09&to=2026-03-11"),
      new Date(),
    );
    expect(range).toEqual({ from: "2026-03-09", to: "2026-03-11" });
    expect([sheetName(range, "csv"), sheetName({ from: "2026-03-09", to: "2026-03-09" }, "xlsx")]).toEqual([
      "sales-2026-03-09-2026-03-11.csv",
      "sales-2026-03-09.xlsx",
    ]);
    const report = await salesReport(client, key.application_key, range);
    const t = translations("en").i18n.getFixedT("en") as AppTFunction;

    const csv = salesCsv(report, t);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).trimEnd().split("\r\n")).toEqual([
      "Date,Gross sales,Discounts,Refunds,Net sales,Gift cards sold,Paid with gift cards and store credit,Delivery,Card fees,Total collected,Orders,Average order",
      "2026-03-09,1234.50,0.00,0.00,1234.50,0.00,0.00,0.00,30.86,1265.36,1,1234.50",
      "2026-03-10,100.00,10.00,0.00,90.00,0.00,0.00,25.00,0.00,115.00,1,90.00",
      "2026-03-11,0.00,0.00,90.00,-90.00,0.00,0.00,0.00,0.00,-90.00,0,0.00",
      "Total,1334.50,10.00,90.00,1234.50,0.00,0.00,25.00,30.86,1290.36,2,662.25",
    ]);

    const workbook = XLSX.read(salesXlsx(report, t), { type: "array", cellNF: true });
    expect(workbook.SheetNames).toEqual(["Sales"]);
    const sheet = workbook.Sheets.Sales;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true })).toEqual([
      [
        "Date",
        "Gross sales",
        "Discounts",
        "Refunds",
        "Net sales",
        "Gift cards sold",
        "Paid with gift cards and store credit",
        "Delivery",
        "Card fees",
        "Total collected",
        "Orders",
        "Average order",
      ],
      ["2026-03-09", 1234.5, 0, 0, 1234.5, 0, 0, 0, 30.86, 1265.36, 1, 1234.5],
      ["2026-03-10", 100, 10, 0, 90, 0, 0, 25, 0, 115, 1, 90],
      ["2026-03-11", 0, 0, 90, -90, 0, 0, 0, 0, -90, 0, 0],
      ["Total", 1334.5, 10, 90, 1234.5, 0, 0, 25, 30.86, 1290.36, 2, 662.25],
    ]);
    // Money cells are numbers shown with two decimals; the order count is a plain number.
    expect([sheet.J5.z, sheet.K5.z]).toEqual(["0.00", "General"]);
  });
});

describe("gift cards and store credit in the sales report", () => {
  it("keeps gift cards sold apart from sales, counts what stored value paid, and says what the store owes", async () => {
    const seller = await checkoutShop("embedded");
    const { client, key } = seller;
    const giftCard = await seller.product({ priceCents: 200_00, unlimitedInventory: true, stock: 0 });
    await db().update(products).set({ giftCardKind: "fixed" }).where(eq(products.id, giftCard.id));
    const mug = await seller.product({ priceCents: 300_00 });
    const member = await createMember(db(), key.application_key);
    const sell = async (code: string, payments: Payment[], memberId?: number) => {
      const { data } = await client.add_pos_order_data({
        ...key,
        lines: [{ product_code: code, quantity: 1 }],
        member_id: memberId,
        payments,
        idempotency_key: crypto.randomUUID(),
      });
      const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, data.id));
      return { id: data.id, line };
    };
    const cardSold = async (orderId: number) =>
      (await db().select().from(giftCards).where(eq(giftCards.orderId, orderId)))[0];

    // Two HK$200 cards sold for cash; the first pays HK$150 of a HK$300 mug, the second is returned for cash.
    const spent = await sell(giftCard.productCode, [{ method: "cash", amount_cents: 200_00 }]);
    const returned = await sell(giftCard.productCode, [{ method: "cash", amount_cents: 200_00 }]);
    await sell(mug.productCode, [
      { method: "gift_card", gift_card_code: (await cardSold(spent.id)).code, amount_cents: 150_00 },
      { method: "cash", amount_cents: 150_00 },
    ]);
    await client.add_order_refund_data({
      ...key,
      id: returned.id,
      version: 1,
      lines: [{ line_id: returned.line.id, quantity: 1, restock: false }],
    });
    // A member's mug refunded to store credit: a refund of sales, but no money out.
    const credited = await sell(mug.productCode, [{ method: "cash", amount_cents: 300_00 }], member.id);
    await client.add_order_refund_data({
      ...key,
      id: credited.id,
      version: 1,
      lines: [{ line_id: credited.line.id, quantity: 1, restock: true }],
      refund_to: "store_credit",
    });
    // Staff-issued cards: one usable, one expired and one disabled, which the store no longer owes.
    await createGiftCard(db(), key.application_key, { initialCents: 100_00 });
    await createGiftCard(db(), key.application_key, { initialCents: 80_00, expiryDate: "2020-01-31" });
    await createGiftCard(db(), key.application_key, {
      initialCents: 60_00,
      disabledAt: new Date().toISOString(),
      disabledReason: "Lost",
    });

    const today = hongKongDate(new Date());
    const { data } = await client.get_order_sales_report_data_by_application_key({ ...key, from: today, to: today });
    const totals = {
      orders: 4,
      gross_sales_cents: 600_00,
      discounts_cents: 0,
      refunds_cents: 300_00,
      net_sales_cents: 300_00,
      gift_cards_sold_cents: 200_00,
      stored_value_paid_cents: 150_00,
      delivery_cents: 0,
      card_fees_cents: 0,
      // HK$850 taken in cash, HK$200 given back for the returned card.
      total_collected_cents: 650_00,
      average_order_cents: 150_00,
    };
    expect(data.totals).toEqual(totals);
    expect(data.days).toEqual([{ date: today, ...totals }]);
    expect(data.outstanding).toEqual({ gift_cards_cents: 150_00, store_credit_cents: 300_00, total_cents: 450_00 });
    expect(data.by_channel).toEqual([{ channel: "pos", orders: 4, gross_sales_cents: 600_00, total_cents: 1000_00 }]);
    expect(data.top_products.map((row) => row.product_id)).toEqual([mug.id]);
  });
});

describe.each(TRANSPORT_NAMES)("the daily sales report at a location over the %s transport", (transport) => {
  it("counts only the orders whose location it is, and their refunds; the store's whole report counts all", async () => {
    const { order, report, key, client } = await shop(transport);
    const bay = await createLocation(db(), key.application_key);
    const elsewhere = await createLocation(db(), key.application_key);
    const paid = { status: "completed" as const, paymentStatus: "succeeded" as const, paymentMethod: "cash" as const };
    const { order: sale } = await order({
      ...paid,
      channel: "pos",
      locationId: bay.id,
      paidAt: "2026-03-10T02:00:00.000Z",
    });
    await order({ ...paid, channel: "pos", locationId: elsewhere.id, paidAt: "2026-03-10T03:00:00.000Z" });
    // Picked up at the bay: its location too; shipped: none.
    await order({ ...paid, locationId: bay.id, paidAt: "2026-03-10T04:00:00.000Z" });
    await order({ ...paid, paidAt: "2026-03-10T05:00:00.000Z" });
    await db()
      .insert(orderRefunds)
      .values([
        {
          applicationKey: key.application_key,
          orderId: sale.id,
          amountCents: 10_00,
          actorEmail: "x@example.com",
          createdAt: "2026-03-10T06:00:00.000Z",
        },
      ]);
    const atBay = (
      await client.get_order_sales_report_data_by_application_key({
        ...key,
        from: "2026-03-10",
        to: "2026-03-10",
        location_id: bay.id,
      })
    ).data;
    expect({
      location: atBay.location_id,
      orders: atBay.totals.orders,
      refunds: atBay.totals.refunds_cents,
      channels: atBay.by_channel.map((row) => [row.channel, row.orders]),
    }).toEqual({
      location: bay.id,
      orders: 2,
      refunds: 10_00,
      channels: [
        ["online", 1],
        ["pos", 1],
      ],
    });
    const whole = await report("2026-03-10");
    expect({ location: whole.location_id, orders: whole.totals.orders }).toEqual({ location: null, orders: 4 });
  });
});

describe("the daily sales report at a location's queries", () => {
  it("walk the orders along store_order_location_paid_idx", async () => {
    const { key, store } = await shop();
    const bay = await createLocation(db(), key.application_key);
    const recording = newRecording();
    const client = createActionClient(
      (request) => handleActionRequest(request, recordingEnv(env, recording)),
      await signIn("embedded", store.email, store.password),
    );
    await client.get_order_sales_report_data_by_application_key({
      ...key,
      from: "2026-03-01",
      to: "2026-03-31",
      location_id: bay.id,
    });
    const plans: string[] = [];
    for (const { sql, params } of recording.statements.filter((statement) => /"location_id" = /.test(statement.sql))) {
      const { results } = await storeD1()
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans.push(results.map((row) => row.detail).join("\n"));
    }
    // The days, the refunds' orders, the payments' orders, the channels and the top products.
    expect(plans.length).toBeGreaterThanOrEqual(5);
    for (const plan of plans) {
      expect(plan).toMatch(
        /store_order USING (COVERING )?INDEX store_order_location_paid_idx \(application_key=\? AND location_id=\?/,
      );
      expect(plan).not.toMatch(/SCAN store_order\b/);
    }
  });
});
