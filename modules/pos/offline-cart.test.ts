import { describe, expect, it } from "vitest";
import {
  addOrderAddOn,
  addVariant,
  EMPTY_OFFLINE_CART,
  offlineSale,
  priceOfflineCart,
  scanCatalogue,
  searchCatalogue,
  setQuantity,
  toggleLineAddOn,
  type OfflineCatalogue,
} from "./offline-cart";

const variant = (
  id: number,
  price_cents: number,
  extra: Partial<OfflineCatalogue["products"][0]["variants"][0]> = {},
) => ({
  id,
  name_zh_hk: null,
  name_en: null,
  barcode: null,
  sku: null,
  price_cents,
  stock: 5,
  sellable: true,
  ...extra,
});

const catalogue: OfflineCatalogue = {
  products: [
    {
      id: 1,
      product_code: "TEA",
      name_zh_hk: "茶杯",
      name_en: "Tea cup",
      barcode: "4890000000011",
      sku: null,
      category_ids: [],
      image_url: null,
      add_on_ids: [7],
      variants: [variant(11, 5000)],
    },
    {
      id: 2,
      product_code: "SHIRT",
      name_zh_hk: "T 恤",
      name_en: "T-shirt",
      barcode: null,
      sku: null,
      category_ids: [],
      image_url: null,
      add_on_ids: [],
      variants: [
        variant(21, 12000, { name_zh_hk: "細", name_en: "S", barcode: "SHIRT-S" }),
        variant(22, 13000, { name_zh_hk: "中", name_en: "M", sku: "shirt-m", stock: null }),
      ],
    },
  ],
  next_after_id: null,
  location_id: 7,
  add_ons: [
    { id: 7, name_zh_hk: "禮盒", name_en: "Gift box", price_cents: 1000, stock: null, barcode: "BOX" },
    { id: 8, name_zh_hk: "購物袋", name_en: "Bag", price_cents: 100, stock: 3, barcode: "BAG" },
  ],
  order_add_on_ids: [8],
  categories: [],
  coupons: [
    {
      code: "TENOFF",
      discount_type: "percentage",
      discount_value: 1000,
      minimum_subtotal_cents: 10000,
      starts_at: "2026-01-01T00:00:00.000Z",
      expires_at: "2027-01-01T00:00:00.000Z",
    },
  ],
  payment_methods: ["cash", "fps"],
  refreshed_at: "2026-12-07T08:00:00.000Z",
};
const now = new Date("2026-12-07T09:00:00.000Z");

describe("the offline counter's cart", () => {
  it("finds a scan by variant barcode, SKU in any case, a one-variant product's code, or an add-on's barcode", () => {
    expect(scanCatalogue(catalogue, "SHIRT-S")).toMatchObject({ kind: "variant", variant: { id: 21 } });
    expect(scanCatalogue(catalogue, " SHIRT-M ")).toMatchObject({ kind: "variant", variant: { id: 22 } });
    expect(scanCatalogue(catalogue, "4890000000011")).toMatchObject({ kind: "variant", variant: { id: 11 } });
    expect(scanCatalogue(catalogue, "shirt")).toMatchObject({ kind: "choose", product: { id: 2 } });
    expect(scanCatalogue(catalogue, "BAG")).toMatchObject({ kind: "add_on", addOn: { id: 8 } });
    expect(scanCatalogue(catalogue, "nothing")).toEqual({ kind: "none" });
  });

  it("searches names and codes in both languages", () => {
    expect(searchCatalogue(catalogue, "茶", 10).map((product) => product.id)).toEqual([1]);
    expect(searchCatalogue(catalogue, "t-sh", 10).map((product) => product.id)).toEqual([2]);
    expect(searchCatalogue(catalogue, "", 1)).toHaveLength(1);
  });

  it("prices lines, line add-ons per unit, order add-ons and an offline coupon as the server does", () => {
    const [tea, shirt] = catalogue.products;
    let cart = addVariant(EMPTY_OFFLINE_CART, tea, tea.variants[0]);
    cart = addVariant(cart, tea, tea.variants[0]);
    cart = toggleLineAddOn(cart, 0, 7);
    cart = addVariant(cart, shirt, shirt.variants[1]);
    cart = addOrderAddOn(cart, catalogue.add_ons[1]);
    cart = { ...cart, coupon_code: "tenoff" };
    const priced = priceOfflineCart(cart, catalogue, now);
    // (50 + 10) × 2 + 130 + 1 = 251; 10% off = 25.10.
    expect(priced.lines.map((line) => line.line_total_cents)).toEqual([12000, 13000, 100]);
    expect(priced.subtotal_cents).toBe(25100);
    expect(priced.coupon).toEqual({ code: "TENOFF", discount_cents: 2510 });
    expect(priced.total_cents).toBe(22590);

    const sale = offlineSale(cart, priced, [{ method: "cash", amount_cents: 30000 }], "key-1", now, 7);
    expect(sale).toEqual({
      idempotency_key: "key-1",
      made_at: now.toISOString(),
      location_id: 7,
      lines: [
        {
          product_code: "TEA",
          variant_id: 11,
          quantity: 2,
          unit_price_cents: 5000,
          add_ons: [{ add_on_product_id: 7, unit_price_cents: 1000 }],
        },
        { product_code: "SHIRT", variant_id: 22, quantity: 1, unit_price_cents: 13000, add_ons: [] },
      ],
      order_add_ons: [{ add_on_product_id: 8, quantity: 1, unit_price_cents: 100 }],
      coupon_code: "TENOFF",
      coupon_discount_cents: 2510,
      total_cents: 22590,
      payments: [{ method: "cash", amount_cents: 30000 }],
    });
  });

  it("refuses a coupon offline when unknown, not started, expired or under its minimum", () => {
    const [tea] = catalogue.products;
    const cart = { ...addVariant(EMPTY_OFFLINE_CART, tea, tea.variants[0]), coupon_code: "TENOFF" };
    expect(priceOfflineCart(cart, catalogue, now).coupon_refusal).toBe("minimum-subtotal-not-met");
    const three = setQuantity(cart, 0, 3);
    expect(priceOfflineCart(three, catalogue, now)).toMatchObject({ coupon_refusal: null, total_cents: 13500 });
    expect(priceOfflineCart(three, catalogue, new Date("2027-02-01")).coupon_refusal).toBe("coupon-expired");
    expect(priceOfflineCart(three, catalogue, new Date("2025-02-01")).coupon_refusal).toBe("coupon-not-started");
    expect(priceOfflineCart({ ...three, coupon_code: "MEMBERS" }, catalogue, now).coupon_refusal).toBe(
      "coupon-not-offline",
    );
  });

  it("takes a line off at quantity 0 and leaves out what the refreshed catalogue no longer has", () => {
    const [tea] = catalogue.products;
    const cart = addVariant(EMPTY_OFFLINE_CART, tea, tea.variants[0]);
    expect(setQuantity(cart, 0, 0).lines).toEqual([]);
    const gone = { ...catalogue, products: catalogue.products.slice(1) };
    expect(priceOfflineCart(cart, gone, now).lines).toEqual([]);
  });
});
