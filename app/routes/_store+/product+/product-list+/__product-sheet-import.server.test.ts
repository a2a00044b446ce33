import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { productTemplate, refusedRows, updatedFields } from "./__product-sheet.server";
import { EN, IMAGE, parse, readSheet, rowsOf, ZH, type Cell } from "./__product-sheet.test-helpers";

function xlsx(rows: Cell[][]): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx" }));
}

/** The three required columns plus whatever a test looks at. */
const REQUIRED = [EN.product_code, EN.name_zh_hk, EN.price];

function rowErrorsOf(result: ReturnType<typeof parse>) {
  if (!("rowErrors" in result)) throw new Error(`expected row errors, got ${JSON.stringify(result)}`);
  return result.rowErrors;
}

/** A row in the template's columns, its cells by their header's key. */
const templateRow = (cells: Partial<Record<keyof typeof EN, Cell>>): Cell[] =>
  Object.keys(EN).map((key) => cells[key as keyof typeof EN] ?? null);

/** The template with its example rows' product code replaced, and rows added below them. */
function fillTemplate(template: Uint8Array, exampleCode: string, rows: Cell[][] = []): Uint8Array {
  const {
    rows: [headers, ...examples],
  } = readSheet(template);
  return xlsx([headers, ...examples.map((example) => [exampleCode, ...example.slice(1)]), ...rows]);
}

describe("the template", () => {
  it("has a header row and the example product's two rows in English", () => {
    const { name, rows } = readSheet(productTemplate("en"));
    expect(name).toBe("Products");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveLength(39);
    expect(rows[0].slice(0, 9)).toEqual([
      "Product code",
      "Name (Chinese)",
      "Name (English)",
      "Description (Chinese)",
      "Description (English)",
      "Option 1 name (Chinese)",
      "Option 1 name (English)",
      "Option 1 value (Chinese)",
      "Option 1 value (English)",
    ]);
    expect(rows[0].slice(-2)).toEqual(["Categories (separated by commas)", "Version (keep as exported)"]);
    expect(rows[1].slice(0, 9)).toEqual([
      "EXAMPLE",
      "茉莉綠茶",
      "Jasmine green tea",
      expect.any(String),
      expect.any(String),
      "容量",
      "Size",
      "500 毫升",
      "500 ml",
    ]);
    expect(rows[1][Object.keys(EN).indexOf("price")]).toBe(28.5);
    expect(rows[1].at(-1)).toBe("Drinks");
    // The second variant's row: its code, its value and its own fields, no product fields.
    expect(rows[2].slice(0, 9)).toEqual([
      "EXAMPLE",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      "1 公升",
      "1 litre",
    ]);
    expect(rows[2][Object.keys(EN).indexOf("price")]).toBe(48);
    expect(rows[2]).toHaveLength(Object.keys(EN).indexOf("image"));
  });

  it("has a header row and the example's rows in Chinese", () => {
    const { name, rows } = readSheet(productTemplate("zh-HK"));
    expect(name).toBe("產品");
    expect(rows[0]).toEqual(Object.values(ZH));
    expect(rows[0].slice(0, 2)).toEqual(["產品編號", "產品名稱（中文）"]);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["範例", "範例"]);
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

  it.each(["en", "zh-HK"] as const)("has a valid product with options as its example (%s)", (locale) => {
    const rows = rowsOf(parse(fillTemplate(productTemplate(locale), "jasmine-01")));
    expect(rows).toEqual([
      expect.objectContaining({
        product_code: "jasmine-01",
        name_en: "Jasmine green tea",
        option1_name_zh_hk: "容量",
        option1_value_zh_hk: "500 毫升",
        price_cents: 2850,
        cost_cents: 1280,
        stock: 120,
        publish: true,
        category_ids: [7],
      }),
      // The second row takes the product's fields of the first.
      expect.objectContaining({
        product_code: "jasmine-01",
        name_en: "Jasmine green tea",
        option1_name_zh_hk: "容量",
        option1_value_zh_hk: "1 公升",
        price_cents: 4800,
        stock: 60,
        publish: true,
        category_ids: [7],
      }),
    ]);
  });

  it("skips the example rows, in either language and any case, but imports the rows under them", () => {
    for (const code of ["EXAMPLE", "example", "範例"]) {
      const bytes = fillTemplate(productTemplate("en"), code, [
        templateRow({ product_code: "tea-01", name_zh_hk: "綠茶", price: 12 }),
      ]);
      const result = parse(bytes);
      expect(rowsOf(result)).toEqual([expect.objectContaining({ product_code: "tea-01", price_cents: 1200 })]);
      expect(result.ok && result.rowNumbers).toEqual([4]);
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
        sellable: true,
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

describe("a product's rows", () => {
  const HEADERS = [
    EN.product_code,
    EN.name_zh_hk,
    EN.publish,
    EN.option1_name_zh_hk,
    EN.option1_value_zh_hk,
    EN.option1_value_en,
    EN.option2_name_zh_hk,
    EN.option2_value_zh_hk,
    EN.price,
    EN.sku,
  ];
  const errorsOf = (rows: Cell[][]) =>
    rowErrorsOf(parse(xlsx([HEADERS, ...rows]))).map(({ row, column, message }) => [row, column, message]);

  it("reads a row per variant, a later row taking the product's fields and option names from its first row", () => {
    const rows = rowsOf(
      parse(
        xlsx([
          HEADERS,
          ["tee", "T 恤", "N", "尺碼", "細", "S", "顏色", "黑", 99, "TEE-S-B"],
          ["tee", null, null, null, "細", null, null, "白", 99, "TEE-S-W"],
          ["tee", "T 恤", "否", "尺碼", "中", "M", null, "白", 109, null],
          ["tea", "茶", "Y", null, null, null, null, null, 5, "TEA"],
        ]),
      ),
    );
    const product = { product_code: "tee", name_zh_hk: "T 恤", publish: false, option1_name_zh_hk: "尺碼" };
    expect(rows).toEqual([
      expect.objectContaining({
        ...product,
        option2_name_zh_hk: "顏色",
        option1_value_zh_hk: "細",
        option1_value_en: "S",
      }),
      expect.objectContaining({
        ...product,
        option2_name_zh_hk: "顏色",
        option1_value_zh_hk: "細",
        option2_value_zh_hk: "白",
      }),
      expect.objectContaining({
        ...product,
        option2_name_zh_hk: "顏色",
        option1_value_zh_hk: "中",
        price_cents: 10_900,
      }),
      expect.objectContaining({ product_code: "tea", name_zh_hk: "茶", publish: true, sku: "TEA" }),
    ]);
    expect(rows[1].option1_value_en).toBeUndefined();
    expect(rows[3].option1_name_zh_hk).toBeUndefined();
  });

  it("names each problem of a product's rows by row and column", () => {
    expect(
      errorsOf([
        ["tee", "T 恤", "Y", "尺碼", "細", "S", "顏色", "黑", 99, "TEE-1"],
        ["tee", null, null, null, "細", null, null, "黑", 99, "TEE-2"],
        ["tee", "T-shirt", null, "Size", "中", "S", null, null, 99, "TEE-1"],
        ["tee", null, null, null, "大", "L", null, "白", 99, null],
        ["tee", null, null, null, "細", "Small", null, "白", 99, null],
        ["tea", "茶", "Y", null, null, null, null, null, 5, null],
        ["tea", null, null, null, null, null, null, null, 5, null],
        ["tee", "T 恤", "Y", "尺碼", "特大", null, "顏色", "白", 99, null],
        ["cup", "杯", "Y", null, "大", null, null, null, 5, null],
      ]),
    ).toEqual([
      [3, EN.option1_value_zh_hk, "variant-combination-repeated"],
      [4, EN.name_zh_hk, "differs-from-earlier-row"],
      [4, EN.option1_name_zh_hk, "differs-from-earlier-row"],
      [4, EN.option1_value_en, "option-value-repeated:S"],
      [4, EN.option2_value_zh_hk, "force-input"],
      [4, EN.sku, "sku-repeated"],
      [6, EN.option1_value_en, "differs-from-earlier-row"],
      [8, EN.product_code, "product-code-repeated"],
      [9, EN.product_code, "product-code-repeated"],
      [10, EN.option1_name_zh_hk, "force-input"],
    ]);
  });

  it("names an option's name column the sheet lacks in the sheet's language", () => {
    const bytes = xlsx([
      [ZH.product_code, ZH.name_zh_hk, ZH.price, ZH.option1_value_zh_hk],
      ["tee", "T 恤", 99, "細"],
    ]);
    expect(rowErrorsOf(parse(bytes))).toEqual([{ row: 2, column: ZH.option1_name_zh_hk, message: "force-input" }]);
  });

  it("gives an image or 'not for sale' only to a variant of a product with options", () => {
    const bytes = xlsx([
      [...REQUIRED, EN.sellable, EN.image],
      ["tea", "茶", 5, "N", IMAGE],
      ["tee", "T 恤", 5, "Y", null],
    ]);
    expect(rowErrorsOf(parse(bytes))).toEqual([
      { row: 2, column: EN.sellable, letter: "D", message: "needs-options" },
      { row: 2, column: EN.image, letter: "E", message: "needs-options" },
    ]);
  });

  it("keeps a product to 100 variants and an option to 20 values", () => {
    const sizes = Array.from({ length: 21 }, (_, index) => `S${index}`);
    const colours = Array.from({ length: 5 }, (_, index) => `C${index}`);
    const rows = sizes.flatMap((size) =>
      colours.map((colour) => ["tee", "T 恤", "Y", "尺碼", size, null, "顏色", colour, 10, null]),
    );
    expect(errorsOf(rows)).toEqual([
      [102, EN.product_code, "too-many-variants:100"],
      [102, EN.option1_value_zh_hk, "too-many-option-values:20"],
    ]);
  });

  it("sets a product's options and variants from a sheet with option columns, and leaves them without", () => {
    const withOptions = parse(xlsx([HEADERS, ["tee", "T 恤", "Y", "尺碼", "細", null, null, null, 99, null]]));
    if (!withOptions.ok) throw new Error("expected rows");
    expect(updatedFields(withOptions)).toContain("options");
    const without = parse(xlsx([REQUIRED, ["tee", "T 恤", 99]]));
    if (!without.ok) throw new Error("expected rows");
    expect(updatedFields(without)).toEqual(["name_zh_hk", "price_cents"]);
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
