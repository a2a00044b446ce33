import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { resources } from "../../app/locales.generated.server";
import {
  parseProductSheet,
  productsToCsv,
  productsToXlsx,
  productTemplate,
  type ExportProduct,
} from "../../app/routes/_store+/product+/product-list+/__product-sheet.server";

/** The spreadsheet library runs in workerd, where the BFF runs: the same calls as in node, inside the Worker runtime. */
const categories = [{ id: 3, name_zh_hk: "飲品", name_en: "Drinks" }];
const HEADERS = resources.en.product.sheet.headers;

/** A row in the template's columns, its cells by their header's key. */
const templateRow = (cells: Partial<Record<keyof typeof HEADERS, string | number>>) =>
  Object.keys(HEADERS).map((key) => cells[key as keyof typeof HEADERS] ?? "");

function fillTemplate(template: Uint8Array, rows: (string | number)[][]): Uint8Array {
  const workbook = XLSX.read(template, { type: "array" });
  XLSX.utils.sheet_add_aoa(workbook.Sheets[workbook.SheetNames[0]], rows, { origin: -1 });
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx" }));
}

/** A product as the list gives it, numbered so that every code is unique. */
function product(index: number): ExportProduct {
  return {
    id: index,
    product_code: `p-${index}`,
    name_zh_hk: `產品 ${index}`,
    name_en: `Product ${index}`,
    description_zh_hk: "描述".repeat(100),
    description_en: "A description. ".repeat(20),
    price_cents: 1000 + index,
    price_max_cents: 1000 + index,
    gift_card_kind: null,
    gift_card_min_cents: null,
    gift_card_max_cents: null,
    gift_card_valid_months: null,
    variant_count: 1,
    original_price_cents: null,
    discount_price_cents: null,
    vip_price_cents: 900,
    cost_cents: 500,
    profit_cents: 500 + index,
    sku: `SKU-${index}`,
    barcode: `${4_891_234_000_000 + index}`,
    unlimited_inventory: false,
    stock: index,
    stock_status: "selling",
    short_variant_count: 0,
    purchase_limit: null,
    minimum_order_quantity: 1,
    heavy: false,
    bestseller: index % 2 === 0,
    publish: true,
    seo_title: "",
    seo_keyword: "",
    seo_description: "",
    descriptive_url: `product-${index}`,
    images: [],
    sold_quantity: 0,
    create_date: "2026-01-01T00:00:00.000Z",
    version: 1,
    category_names: ["Drinks"],
    options: [],
    variants: [
      {
        option_values: [],
        sku: `SKU-${index}`,
        barcode: `${4_891_234_000_000 + index}`,
        price_cents: 1000 + index,
        original_price_cents: null,
        discount_price_cents: null,
        vip_price_cents: 900,
        cost_cents: 500,
        unlimited_inventory: false,
        stock: index,
        heavy: false,
        image_url: null,
        sellable: true,
      },
    ],
  };
}

describe("product spreadsheets inside workerd", () => {
  it.each(["zh-HK", "en"] as const)("fills a %s template and reads the rows below its example back", (locale) => {
    const bytes = fillTemplate(productTemplate(locale), [
      templateRow({
        product_code: "tea-01",
        name_zh_hk: "綠茶",
        name_en: "Green tea",
        price: 12.5,
        unlimited_inventory: "N",
        stock: 10,
        minimum_order_quantity: 1,
        heavy: "N",
        bestseller: "Y",
        publish: "Y",
      }),
      templateRow({
        product_code: "tea-02",
        name_zh_hk: "紅茶",
        price: "8",
        unlimited_inventory: "是",
        publish: "否",
        categories: "drinks",
      }),
    ]);
    const result = parseProductSheet(bytes, { categories, locale: "en" });
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { product_code: "tea-01", price_cents: 1250, stock: 10, bestseller: true, publish: true, category_ids: [] },
        { product_code: "tea-02", price_cents: 800, unlimited_inventory: true, publish: false, category_ids: [3] },
      ],
    });
  });

  it("reports row errors from a filled template by row and header, below its example row", () => {
    const bytes = fillTemplate(productTemplate("zh-HK"), [
      templateRow({ product_code: "tea-01", name_zh_hk: "綠茶", price: "12.345" }),
    ]);
    expect(parseProductSheet(bytes, { categories, locale: "en" })).toEqual({
      ok: false,
      rowErrors: [{ row: 4, column: "售價（港幣）", letter: "R", message: "format-not-match" }],
    });
  });

  // Past a few hundred kilobytes of sheet XML, libraries built on fflate's asynchronous zip hand the
  // work to a Web Worker, which workerd does not have; a full import (2000 rows) must not.
  it("exports and re-imports 2000 products", () => {
    const products = Array.from({ length: 2000 }, (_, index) => product(index + 1));
    const bytes = productsToXlsx(products, "zh-HK");
    const result = parseProductSheet(bytes, { categories, locale: "en" });
    expect(result.ok && result.rows.length).toBe(2000);
    expect(result.ok && result.rows[1999]).toMatchObject({ product_code: "p-2000", price_cents: 3000, stock: 2000 });
  });

  it("exports CSV", () => {
    expect(productsToCsv([product(1)], "en")).toMatch(/^\uFEFFProduct code,.*\r\np-1,產品 1,Product 1,/);
  });
});
