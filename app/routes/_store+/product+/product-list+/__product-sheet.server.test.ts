import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { ProductRecord } from "#modules/product/contract";
import { resources } from "~/locales.generated.server";
import {
  parseProductSheet,
  productsToCsv,
  productsToXlsx,
  productTemplate,
  refusedRows,
  type ExportProduct,
  type SheetCategory,
} from "./__product-sheet.server";

const EN = resources.en.product.sheet.headers;
const ZH = resources["zh-HK"].product.sheet.headers;

const categories: SheetCategory[] = [
  { id: 7, name_zh_hk: "飲品", name_en: "Drinks" },
  { id: 9, name_zh_hk: "熱飲", name_en: "Hot drinks" },
];

type Cell = string | number | boolean | null;

function xlsx(rows: Cell[][]): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx" }));
}

function readSheet(bytes: Uint8Array) {
  const workbook = XLSX.read(bytes, { type: "array" });
  const name = workbook.SheetNames[0];
  return { name, rows: XLSX.utils.sheet_to_json<Cell[]>(workbook.Sheets[name], { header: 1, raw: true }) };
}

const parse = (bytes: Uint8Array, locale: "en" | "zh-HK" = "en") => parseProductSheet(bytes, { categories, locale });

/** The three required columns plus whatever a test looks at. */
const REQUIRED = [EN.product_code, EN.name_zh_hk, EN.price];

function rowErrorsOf(result: ReturnType<typeof parse>) {
  if (!("rowErrors" in result)) throw new Error(`expected row errors, got ${JSON.stringify(result)}`);
  return result.rowErrors;
}

function rowsOf(result: ReturnType<typeof parse>) {
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result)}`);
  return result.rows;
}

/** The template with its example row's product code replaced, and rows added below it. */
function fillTemplate(template: Uint8Array, exampleCode: string, rows: Cell[][] = []): Uint8Array {
  const {
    rows: [headers, example],
  } = readSheet(template);
  return xlsx([headers, [exampleCode, ...example.slice(1)], ...rows]);
}

describe("the template", () => {
  it("has a header row and an example row in English", () => {
    const { name, rows } = readSheet(productTemplate("en"));
    expect(name).toBe("Products");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveLength(25);
    expect(rows[0].slice(0, 6)).toEqual([
      "Product code",
      "Name (Chinese)",
      "Name (English)",
      "Description (Chinese)",
      "Description (English)",
      "Price (HK$)",
    ]);
    expect(rows[0].slice(-2)).toEqual(["Categories (separated by commas)", "Version (keep as exported)"]);
    expect(rows[1].slice(0, 3)).toEqual(["EXAMPLE", "茉莉綠茶（500 毫升）", "Jasmine green tea (500 ml)"]);
    expect(rows[1][5]).toBe(28.5);
    expect(rows[1].at(-1)).toBe("Drinks");
  });

  it("has a header row and an example row in Chinese", () => {
    const { name, rows } = readSheet(productTemplate("zh-HK"));
    expect(name).toBe("產品");
    expect(rows[0]).toEqual(Object.values(ZH));
    expect(rows[0].slice(0, 2)).toEqual(["產品編號", "產品名稱（中文）"]);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe("範例");
    expect(rows[1].at(-1)).toBe("飲品");
  });

  it("notes on the example's product code that the import skips it", () => {
    const sheet = XLSX.read(productTemplate("en"), { type: "array" }).Sheets.Products;
    expect(sheet.A2.c?.[0].t).toContain("skips");
  });

  it("imports nothing untouched", () => {
    expect(parse(productTemplate("en"))).toEqual({ ok: false, error: "no-data-need-to-update" });
    expect(parse(productTemplate("zh-HK"))).toEqual({ ok: false, error: "no-data-need-to-update" });
  });

  it.each(["en", "zh-HK"] as const)("has a valid product as its example (%s)", (locale) => {
    expect(rowsOf(parse(fillTemplate(productTemplate(locale), "jasmine-01")))).toEqual([
      expect.objectContaining({
        product_code: "jasmine-01",
        name_en: "Jasmine green tea (500 ml)",
        price_cents: 2850,
        cost_cents: 1280,
        stock: 120,
        publish: true,
        category_ids: [7],
      }),
    ]);
  });

  it("skips the example row, in either language and any case, but imports the rows under it", () => {
    for (const code of ["EXAMPLE", "example", "範例"]) {
      const bytes = fillTemplate(productTemplate("en"), code, [["tea-01", "綠茶", "", "", "", 12]]);
      const result = parse(bytes);
      expect(rowsOf(result)).toEqual([expect.objectContaining({ product_code: "tea-01", price_cents: 1200 })]);
      expect(result.ok && result.rowNumbers).toEqual([3]);
    }
  });

  it("leaves the version blank, so the template's rows carry none", () => {
    const bytes = fillTemplate(productTemplate("zh-HK"), "jasmine-01");
    expect(rowsOf(parse(bytes))[0].version).toBeUndefined();
  });
});

describe("reading rows", () => {
  it("reads English headers: dollars to cents, Y/N to booleans, category names to ids", () => {
    const bytes = xlsx([
      [...REQUIRED, EN.cost, EN.publish, EN.bestseller, EN.heavy, EN.unlimited_inventory, EN.categories, EN.stock],
      ["tea-01", "綠茶", 12.5, "19.99", "Y", "no", true, "1", "drinks, 熱飲", 30],
    ]);
    expect(rowsOf(parse(bytes))).toEqual([
      {
        product_code: "tea-01",
        name_zh_hk: "綠茶",
        price_cents: 1250,
        cost_cents: 1999,
        publish: true,
        bestseller: false,
        heavy: true,
        unlimited_inventory: true,
        category_ids: [7, 9],
        stock: 30,
        minimum_order_quantity: 1,
        images: [],
        add_on_product_ids: [],
      },
    ]);
  });

  it("reads Chinese headers in any order, trimming text and leaving blank optional cells out", () => {
    const bytes = xlsx([
      [ZH.price, ZH.name_en, ZH.product_code, ZH.name_zh_hk, ZH.publish, ZH.vip_price, ZH.purchase_limit, ZH.barcode],
      [100, "  Green tea ", "tea-01", "綠茶", "是", null, "", 4891234567890],
      [0.5, "", "tea-02", "紅茶", "否", 0.3, 5, "A1B2"],
    ]);
    const [first, second] = rowsOf(parse(bytes));
    expect(first).toMatchObject({ price_cents: 10_000, name_en: "Green tea", publish: true, barcode: "4891234567890" });
    expect(first.vip_price_cents).toBeUndefined();
    expect(first.purchase_limit).toBeUndefined();
    expect(second).toMatchObject({ price_cents: 50, publish: false, vip_price_cents: 30, purchase_limit: 5 });
    expect(second.name_en).toBeUndefined();
  });

  it("accepts every spelling of yes and no", () => {
    const answers = ["Y", "n", "Yes", "NO", "是", "否", "TRUE", "false", 1, 0, true, false];
    const bytes = xlsx([[...REQUIRED, EN.publish], ...answers.map((answer, i) => [`p${i}`, "名", 1, answer])]);
    expect(rowsOf(parse(bytes)).map((row) => row.publish)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it("matches category names in either language, ignoring case, separated by any comma", () => {
    const bytes = xlsx([
      [...REQUIRED, EN.categories],
      ["a", "名", 1, "HOT DRINKS，飲品、drinks"],
      ["b", "名", 1, ""],
    ]);
    expect(rowsOf(parse(bytes)).map((row) => row.category_ids)).toEqual([[9, 7], []]);
  });

  it("skips blank rows but keeps the spreadsheet's row numbers", () => {
    const bytes = xlsx([REQUIRED, ["a", "名", 1], [null, "  ", null], ["b", "名", "x"]]);
    expect(rowErrorsOf(parse(bytes))).toEqual([
      { row: 4, column: "Price (HK$)", letter: "C", message: "format-not-match" },
    ]);
  });
});

describe("row errors", () => {
  const errorsFor = (header: string, value: Cell) =>
    rowErrorsOf(
      parse(
        xlsx([
          [...REQUIRED, header],
          ["a", "名", 1, value],
        ]),
      ),
    );

  it.each([
    [EN.name_en, "x".repeat(71), "max-length:70"],
    [EN.seo_title, "x".repeat(71), "max-length:70"],
    [EN.descriptive_url, "summer sale", "url-invalid"],
    [EN.barcode, "12-34", "format-not-match"],
    [EN.original_price, "12.345", "format-not-match"],
    [EN.discount_price, "about 10", "format-not-match"],
    [EN.cost, -1, "number-at-least:0"],
    [EN.vip_price, 1_000_001, "number-at-most:1000000"],
    [EN.stock, 1.5, "format-not-match"],
    [EN.stock, -2, "number-range:0:1000000"],
    [EN.minimum_order_quantity, 0, "number-range:1:1000000"],
    [EN.purchase_limit, "ten", "format-not-match"],
    [EN.publish, "maybe", "format-not-match"],
    [EN.heavy, 2, "format-not-match"],
    [EN.categories, "Drinks, Snacks", "category-not-found:Snacks"],
  ])("%s = %j → %s", (header, value, message) => {
    expect(errorsFor(header, value)).toEqual([{ row: 2, column: header, letter: "D", message }]);
  });

  it("names a column by its header as the sheet writes it", () => {
    const bytes = xlsx([
      [ZH.product_code, "  售價（港幣） ", ZH.name_zh_hk],
      ["a", "十", "名"],
    ]);
    expect(rowErrorsOf(parse(bytes))).toEqual([
      { row: 2, column: "售價（港幣）", letter: "B", message: "format-not-match" },
    ]);
  });

  it("gives the field rules' keys for required fields, by row and then column", () => {
    const bytes = xlsx([
      [...REQUIRED, EN.name_en],
      ["", " ", null, "Tea"],
      ["bad code!", "名", 2],
      ["ok", "x".repeat(71), null],
    ]);
    expect(rowErrorsOf(parse(bytes))).toEqual([
      { row: 2, column: EN.product_code, letter: "A", message: "force-input" },
      { row: 2, column: EN.name_zh_hk, letter: "B", message: "force-input" },
      { row: 2, column: EN.price, letter: "C", message: "force-input" },
      { row: 3, column: EN.product_code, letter: "A", message: "url-invalid" },
      { row: 4, column: EN.name_zh_hk, letter: "B", message: "max-length:70" },
      { row: 4, column: EN.price, letter: "C", message: "force-input" },
    ]);
  });

  it("refuses a product code or descriptive URL used twice in the sheet", () => {
    const bytes = xlsx([
      [...REQUIRED, EN.descriptive_url],
      ["tea", "名", 1, "Summer-Sale"],
      ["coffee", "名", 1, "summer-sale"],
      ["tea", "名", 1, null],
      ["Tea", "名", 1, "winter"],
    ]);
    expect(rowErrorsOf(parse(bytes))).toEqual([
      { row: 3, column: EN.descriptive_url, letter: "D", message: "descriptive-url-repeated" },
      { row: 4, column: EN.product_code, letter: "A", message: "product-code-repeated" },
    ]);
  });

  it("reports an unknown, a repeated or a missing required header on row 1", () => {
    const headerErrors = (headers: string[], locale: "en" | "zh-HK" = "en") =>
      rowErrorsOf(parse(xlsx([headers, headers.map(() => "1")]), locale));
    expect(headerErrors([...REQUIRED, "Colour"])).toEqual([
      { row: 1, column: "Colour", letter: "D", message: "column-unknown" },
    ]);
    expect(headerErrors([...REQUIRED, ZH.price])).toEqual([
      { row: 1, column: ZH.price, letter: "D", message: "column-repeated" },
    ]);
    expect(headerErrors([EN.product_code, EN.name_en])).toEqual([
      { row: 1, column: EN.name_zh_hk, message: "column-missing" },
      { row: 1, column: EN.price, message: "column-missing" },
    ]);
  });

  it("names a missing column in the language of the sheet's headers, else of the page", () => {
    const missingPrice = (headers: string[], locale: "en" | "zh-HK") =>
      rowErrorsOf(parse(xlsx([headers, headers.map(() => "1")]), locale)).map((error) => error.column);
    expect(missingPrice([ZH.product_code, ZH.name_zh_hk], "en")).toEqual([ZH.price]);
    expect(missingPrice([EN.product_code, EN.name_zh_hk], "zh-HK")).toEqual([EN.price]);
    expect(missingPrice([ZH.product_code, EN.name_zh_hk], "zh-HK")).toEqual([ZH.price]);
    expect(missingPrice([ZH.product_code, EN.name_zh_hk], "en")).toEqual([EN.price]);
  });

  it("names the columns of the backend's refusals as the sheet does", () => {
    const sheet = parse(
      xlsx([
        [EN.descriptive_url, ...REQUIRED],
        ["tea", "tea-01", "綠茶", 1],
        ["", "tea-02", "紅茶", 1],
      ]),
    );
    if (!sheet.ok) throw new Error("expected rows");
    expect(
      refusedRows(sheet, {
        "rows.1.product_code": ["product-code-used"],
        "rows.0.descriptive_url": ["descriptive-url-used"],
      }),
    ).toEqual([
      { row: 3, column: EN.product_code, letter: "B", message: "product-code-used" },
      { row: 2, column: EN.descriptive_url, letter: "A", message: "descriptive-url-used" },
    ]);
  });

  it("reads an exported version, and refuses one that is not a whole number above 0", () => {
    const result = parse(
      xlsx([
        [...REQUIRED, EN.version],
        ["tea-01", "綠茶", 1, 7],
        ["tea-02", "紅茶", 1, ""],
        ["tea-03", "白茶", 1, "v2"],
        ["tea-04", "黃茶", 1, 0],
      ]),
    );
    expect(rowErrorsOf(result)).toEqual([
      { row: 4, column: EN.version, letter: "D", message: "format-not-match" },
      { row: 5, column: EN.version, letter: "D", message: "format-not-match" },
    ]);
    const good = parse(
      xlsx([
        [...REQUIRED, EN.version],
        ["tea-01", "綠茶", 1, 7],
        ["tea-02", "紅茶", 1, ""],
      ]),
    );
    expect(rowsOf(good).map((row) => row.version)).toEqual([7, undefined]);
  });

  it("matches headers regardless of case, spacing and full-width brackets", () => {
    const bytes = xlsx([
      ["  product CODE", "產品名稱(中文)", "price  (hk$)"],
      ["a", "名", 3],
    ]);
    expect(rowsOf(parse(bytes))[0]).toMatchObject({ product_code: "a", price_cents: 300 });
  });
});

describe("files that hold no products", () => {
  it("calls an empty file or an empty sheet excel-empty", () => {
    expect(parse(new Uint8Array())).toEqual({ ok: false, error: "excel-empty" });
    expect(parse(xlsx([]))).toEqual({ ok: false, error: "excel-empty" });
    expect(parse(xlsx([[null, "  "]]))).toEqual({ ok: false, error: "excel-empty" });
  });

  it("calls anything but an .xlsx excel-error", () => {
    expect(parse(new TextEncoder().encode("product_code,price\r\na,1\r\n"))).toEqual({
      ok: false,
      error: "excel-error",
    });
    expect(parse(crypto.getRandomValues(new Uint8Array(256)))).toEqual({ ok: false, error: "excel-error" });
    const archive = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(archive, "notes.txt", new TextEncoder().encode("not a workbook"));
    const zip = new Uint8Array(XLSX.CFB.write(archive, { fileType: "zip", type: "array" }));
    expect(parse(zip)).toEqual({ ok: false, error: "excel-error" });
    expect(parse(productTemplate("en").slice(0, 200))).toEqual({ ok: false, error: "excel-error" });
  });

  it("calls headers without data rows no-data-need-to-update", () => {
    expect(parse(xlsx([REQUIRED]))).toEqual({ ok: false, error: "no-data-need-to-update" });
    expect(parse(xlsx([REQUIRED, [null, null, null], ["", " ", ""]]))).toEqual({
      ok: false,
      error: "no-data-need-to-update",
    });
  });
});

function record(overrides: Partial<ExportProduct> = {}): ExportProduct {
  const base: ProductRecord = {
    id: 1,
    product_code: "tea-01",
    name_zh_hk: "綠茶",
    name_en: "Green tea",
    description_zh_hk: "清香，回甘。\n第二行",
    description_en: 'Say "hello", then sip',
    price_cents: 123_450,
    price_max_cents: 123_450,
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
  return { ...base, category_names: ["Drinks", "熱飲"], ...overrides };
}

describe("export", () => {
  it.each(["en", "zh-HK"] as const)("writes an .xlsx (%s) that imports back as the same products", (locale) => {
    const products = [record(), record({ product_code: "tea-02", descriptive_url: null, category_names: [] })];
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

  it("writes money as numbers in dollars with two decimals and flags as Y/N", () => {
    const workbook = XLSX.read(productsToXlsx([record()], "en"), { type: "array", cellNF: true });
    const sheet = workbook.Sheets.Products;
    expect(sheet.F2).toMatchObject({ t: "n", v: 1234.5, z: "0.00" });
    expect(sheet.S2).toMatchObject({ t: "s", v: "Y" });
    expect(sheet.X2).toMatchObject({ t: "s", v: "Drinks, 熱飲" });
  });

  it("writes CSV with a byte order mark, CRLF lines and RFC 4180 quoting", () => {
    const row = [
      "tea-01",
      "綠茶",
      "Green tea",
      '"清香，回甘。\n第二行"',
      '"Say ""hello"", then sip"',
      "1234.50",
      "1500.00",
      "",
      "0.99",
      "0.00",
      "SKU-1",
      "",
      "N",
      "12",
      "",
      "2",
      "Y",
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
