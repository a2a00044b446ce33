import { describe, expect, it } from "vitest";
import type { OrderDetail } from "#modules/order/contract";
import { orderTotals, printableOrder } from "./order-print.server";
import { qrSvg } from "./qr.server";

const order = {
  id: 7,
  order_number: 1042,
  create_date: "2026-03-01T16:30:00.000Z",
  status: "paid",
  payment_status: "succeeded",
  payment_method: "fps",
  customer_name: "陳大文",
  customer_phone: "91234567",
  customer_email: null,
  delivery_method: null,
  receiver_name: null,
  receiver_phone: null,
  delivery_address: null,
  delivery_number: null,
  subtotal_cents: 123_450,
  coupon_discount_cents: 1_000,
  cash_dollar_discount_cents: 0,
  delivery_charge_cents: 0,
  card_fee_cents: 5,
  total_cents: 122_455,
  refunded_cents: 0,
  member: null,
  store: { name: "Demo Shop", logo_img_url: null, address: null, phone: null, email: null },
  lines: [
    {
      id: 1,
      kind: "product",
      name_zh_hk: "奶茶",
      name_en: "Milk tea",
      variant_name_zh_hk: "大杯 / 凍",
      variant_name_en: "Large / Iced",
      quantity: 2,
      unit_price_cents: 3_800,
      line_total_cents: 7_600,
    },
    {
      id: 2,
      kind: "line_add_on",
      name_zh_hk: "走甜",
      name_en: "",
      variant_name_zh_hk: null,
      variant_name_en: null,
      quantity: 1,
      unit_price_cents: 0,
      line_total_cents: 0,
    },
  ],
  payments: [
    { id: 1, method: "fps", amount_cents: 122_455, tendered_cents: null, status: "succeeded" },
    { id: 2, method: "payme", amount_cents: 122_455, tendered_cents: null, status: "failed" },
    { id: 3, method: "cash", amount_cents: 82_50, tendered_cents: 100_00, status: "succeeded" },
  ],
} as unknown as OrderDetail;

describe("the printed order", () => {
  it("lists the subtotal and only the charges and discounts the order has", () => {
    expect(orderTotals(order)).toEqual([
      { key: "subtotal", amount: "HK$1,234.50" },
      { key: "coupon", amount: "-HK$10.00" },
      { key: "card-fee", amount: "HK$0.05" },
    ]);
  });

  it("names lines and their variants in the page's language (Chinese when the English is blank), in Hong Kong time, without failed payments", () => {
    const english = printableOrder(order, "en", { qr: "QR", fpsQr: null, district: null });
    expect(english.lines.map((line) => [line.name, line.addOn, line.total])).toEqual([
      ["Milk tea – Large / Iced", false, "HK$76.00"],
      ["走甜", true, "HK$0.00"],
    ]);
    expect(printableOrder(order, "zh-HK", { qr: "QR", fpsQr: null, district: null }).lines[0].name).toBe(
      "奶茶 – 大杯 / 凍",
    );
    expect(english.createdAt).toBe("2026-03-02 00:30");
    // Cash handed over beyond the amount is printed with the change it made.
    expect(english.payments).toEqual([
      { id: 1, method: "fps", amount: "HK$1,224.55", cash: null },
      { id: 3, method: "cash", amount: "HK$82.50", cash: { tendered: "HK$100.00", change: "HK$17.50" } },
    ]);
  });

  it("draws the order number's QR code as an SVG image with its label escaped", () => {
    const svg = qrSvg("#1042", 'Order "#1042" <QR>');
    expect(svg).toMatch(/^<svg role="img" aria-label="Order &quot;#1042&quot; &lt;QR&gt;" class="print-qr" /);
    expect(svg).toContain("<path");
    expect(qrSvg("#1043", "QR")).not.toBe(qrSvg("#1042", "QR"));
  });
});
