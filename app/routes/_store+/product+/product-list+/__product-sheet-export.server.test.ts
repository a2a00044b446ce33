import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { ProductRecord } from "#modules/product/contract";
import { productsToCsv, productsToXlsx, type ExportProduct } from "./__product-sheet.server";
import { EN, IMAGE, letterOf, parse, readSheet, rowsOf, ZH } from "./__product-sheet.test-helpers";

/** The one variant of a product without options, from the product's own fields. */
const variantOf = (product: ProductRecord): ExportProduct["variants"][number] => ({
  option_values: [],
  sku: product.sku,
  barcode: product.barcode,
  price_cents: product.price_cents,
  original_price_cents: product.original_price_cents,
  discount_price_cents: product.discount_price_cents,
  vip_price_cents: product.vip_price_cents,
  cost_cents: product.cost_cents,
  unlimited_inventory: product.unlimited_inventory,
  stock: product.stock,
  heavy: product.heavy,
  image_url: null,
  sellable: true,
});

function record(overrides: Partial<ProductRecord & Pick<ExportProduct, "category_names">> = {}): ExportProduct {
  const base: ProductRecord = {
    id: 1,
    product_code: "tea-01",
    name_zh_hk: "綠茶",
    name_en: "Green tea",
    description_zh_hk: "清香，回甘。\n第二行",
    description_en: 'Say "hello", then sip',
    price_cents: 123_450,
    price_max_cents: 123_450,
    gift_card_kind: null,
    gift_card_min_cents: null,
    gift_card_max_cents: null,
    gift_card_valid_months: null,
    variant_count: 1,
    original_price_cents: 150_000,
    discount_price_cents: null,
    vip_price_cents: 99,
    cost_cents: 0,
    profit_cents: 123_450,
    sku: "SKU-1",
    barcode: null,
    unlimited_inventory: false,
    stock: 12,
    stock_status: "selling",
    short_variant_count: 0,
    purchase_limit: null,
    minimum_order_quantity: 2,
    heavy: true,
    bestseller: false,
    publish: true,
    seo_title: "Tea",
    seo_keyword: "",
    seo_description: "",
    descriptive_url: "green-tea",
    images: ["/uploads/app/1.png"],
    sold_quantity: 3,
    create_date: "2026-01-01T00:00:00.000Z",
    version: 1,
  };
  const product = { ...base, ...overrides };
  return { category_names: ["Drinks", "熱飲"], ...product, options: [], variants: [variantOf(product)] };
}

/** A T-shirt in two sizes and two colours, three of the four combinations kept. */
function shirt(): ExportProduct {
  const base = record({ product_code: "tee", name_zh_hk: "T 恤", name_en: "T-shirt", descriptive_url: "tee" });
  const variant = (option_values: number[], sku: string, price_cents: number, stock: number) => ({
    ...base.variants[0],
    option_values,
    sku,
    barcode: null,
    price_cents,
    stock,
  });
  return {
    ...base,
    version: 3,
    options: [
      {
        name_zh_hk: "尺碼",
        name_en: "Size",
        values: [
          { value_zh_hk: "細", value_en: "S" },
          { value_zh_hk: "中", value_en: "M" },
        ],
      },
      {
        name_zh_hk: "顏色",
        name_en: "",
        values: [
          { value_zh_hk: "黑", value_en: "" },
          { value_zh_hk: "白", value_en: "" },
        ],
      },
    ],
    variants: [
      variant([0, 0], "TEE-S-B", 9900, 3),
      { ...variant([0, 1], "TEE-S-W", 9900, 0), sellable: false, image_url: IMAGE },
      variant([1, 1], "TEE-M-W", 10_900, 7),
    ],
  };
}

describe("export", () => {
  it.each(["en", "zh-HK"] as const)("writes an .xlsx (%s) that imports back as the same products", (locale) => {
    const products = [
      record(),
      record({ product_code: "tea-02", sku: "SKU-2", descriptive_url: null, category_names: [] }),
    ];
    const rows = rowsOf(parse(productsToXlsx(products, locale)));
    expect(rows).toEqual([
      {
        product_code: "tea-01",
        name_zh_hk: "綠茶",
        name_en: "Green tea",
        description_zh_hk: "清香，回甘。\n第二行",
        description_en: 'Say "hello", then sip',
        price_cents: 123_450,
        original_price_cents: 150_000,
        vip_price_cents: 99,
        cost_cents: 0,
        sku: "SKU-1",
        unlimited_inventory: false,
        stock: 12,
        minimum_order_quantity: 2,
        heavy: true,
        sellable: true,
        bestseller: false,
        publish: true,
        seo_title: "Tea",
        descriptive_url: "green-tea",
        category_ids: [7, 9],
        images: [],
        add_on_product_ids: [],
        version: 1,
      },
      expect.objectContaining({ product_code: "tea-02", category_ids: [] }),
    ]);
    expect(rows[1].descriptive_url).toBeUndefined();
  });

  it("writes a row per variant: the product's fields and option names on its first row only", () => {
    const { rows } = readSheet(productsToXlsx([shirt(), record()], "en"));
    const at = (key: keyof typeof EN) => Object.keys(EN).indexOf(key);
    expect(rows.map((row) => row[0])).toEqual(["Product code", "tee", "tee", "tee", "tea-01"]);
    expect(rows.slice(1, 4).map((row) => row.slice(at("name_zh_hk"), at("option2_value_en") + 1))).toEqual([
      [
        "T 恤",
        "T-shirt",
        "清香，回甘。\n第二行",
        'Say "hello", then sip',
        "尺碼",
        "Size",
        "細",
        "S",
        "顏色",
        "",
        "黑",
        "",
      ],
      [undefined, undefined, undefined, undefined, undefined, undefined, "細", "S", undefined, undefined, "白", ""],
      [undefined, undefined, undefined, undefined, undefined, undefined, "中", "M", undefined, undefined, "白", ""],
    ]);
    expect(
      rows.slice(1, 4).map((row) => [row[at("sku")], row[at("price")], row[at("stock")], row[at("sellable")]]),
    ).toEqual([
      ["TEE-S-B", 99, 3, "Y"],
      ["TEE-S-W", 99, 0, "N"],
      ["TEE-M-W", 109, 7, "Y"],
    ]);
    expect(rows[2][at("image")]).toBe(IMAGE);
    expect(rows.slice(1, 5).map((row) => row[at("version")])).toEqual([3, undefined, undefined, 1]);
    expect(rows[4][at("option1_name_zh_hk")]).toBeUndefined();
  });

  it.each(["en", "zh-HK"] as const)("writes variants (%s) that read back as the product's rows", (locale) => {
    const rows = rowsOf(parse(productsToXlsx([shirt()], locale)));
    const product = {
      product_code: "tee",
      name_zh_hk: "T 恤",
      name_en: "T-shirt",
      option1_name_zh_hk: "尺碼",
      option1_name_en: "Size",
      option2_name_zh_hk: "顏色",
      descriptive_url: "tee",
      category_ids: [7, 9],
      version: 3,
    };
    expect(rows).toEqual([
      expect.objectContaining({ ...product, option1_value_zh_hk: "細", option2_value_zh_hk: "黑", sku: "TEE-S-B" }),
      expect.objectContaining({
        ...product,
        option1_value_zh_hk: "細",
        option1_value_en: "S",
        option2_value_zh_hk: "白",
        sku: "TEE-S-W",
        sellable: false,
        image_url: IMAGE,
        stock: 0,
      }),
      expect.objectContaining({
        ...product,
        option1_value_zh_hk: "中",
        option2_value_zh_hk: "白",
        price_cents: 10_900,
      }),
    ]);
    expect(rows[0].option2_name_en).toBeUndefined();
    expect(rows[0].option2_value_en).toBeUndefined();
  });

  it("writes money as numbers in dollars with two decimals and flags as Y/N", () => {
    const workbook = XLSX.read(productsToXlsx([record()], "en"), { type: "array", cellNF: true });
    const sheet = workbook.Sheets.Products;
    expect(sheet[`${letterOf("price")}2`]).toMatchObject({ t: "n", v: 1234.5, z: "0.00" });
    expect(sheet[`${letterOf("publish")}2`]).toMatchObject({ t: "s", v: "Y" });
    expect(sheet[`${letterOf("categories")}2`]).toMatchObject({ t: "s", v: "Drinks, 熱飲" });
  });

  it("writes CSV with a byte order mark, CRLF lines and RFC 4180 quoting", () => {
    const row = [
      "tea-01",
      "綠茶",
      "Green tea",
      '"清香，回甘。\n第二行"',
      '"Say ""hello"", then sip"',
      ...Array<string>(12).fill(""),
      "1234.50",
      "1500.00",
      "",
      "0.99",
      "0.00",
      "SKU-1",
      "",
      "N",
      "12",
      "Y",
      "Y",
      "",
      "",
      "2",
      "N",
      "Y",
      "Tea",
      "",
      "",
      "green-tea",
      '"Drinks, 熱飲"',
      "1",
    ].join(",");
    expect(productsToCsv([record()], "en")).toBe(`\uFEFF${Object.values(EN).join(",")}\r\n${row}\r\n`);
  });

  it("writes CSV headers in Chinese", () => {
    expect(productsToCsv([], "zh-HK")).toBe(`\uFEFF${Object.values(ZH).join(",")}\r\n`);
  });

  it("keeps Excel from running exported text as a formula", () => {
    const csv = productsToCsv([record({ name_en: "=HYPERLINK(1)", seo_title: "@SUM(A1)" })], "en");
    expect(csv).toContain(",'=HYPERLINK(1),");
    expect(csv).toContain(",'@SUM(A1),");
  });
});
