import * as XLSX from "@e965/xlsx";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import type { PayloadInput } from "../../contract/actions";
import { productCategories, products, productVariants } from "../../backend/db/schema";
import { productsForExport } from "../../app/routes/_store+/product+/product-list+/__product-export.server";
import { productListQuery } from "../../app/routes/_store+/product+/product-list+/__product-list-query.server";
import {
  parseProductSheet,
  productsToXlsx,
  updatedFields,
  type SheetCategory,
} from "../../app/routes/_store+/product+/product-list+/__product-sheet.server";
import { resources } from "../../app/locales.generated.server";
import { createCategory, createProduct, createProductWithVariants, unique } from "../../tests/helpers/factories";
import { newRecording, recordingEnv } from "../../tests/integration/recording-d1";
import { db, expectFailure, logOf, merchant, signIn, storeD1 } from "../../tests/integration/wire";

type Row = PayloadInput<"add_product_data_in_batch">["rows"][number];
type Cell = string | number | boolean | null;

const REASON = "Spreadsheet import";
const HEADERS = resources.en.product.sheet.headers;
const IMAGE = (applicationKey: string) => `/uploads/${applicationKey}/${"b".repeat(64)}.png`;

/**
 * A store with a T-shirt in two sizes and two colours (three variants, one with an image, one not for sale), a
 * cap in two sizes and a plain product.
 */
async function catalogue(applicationKey: string) {
  const category = await createCategory(db(), applicationKey);
  const shirt = await createProductWithVariants(db(), applicationKey, {
    productCode: `tee-${unique()}`,
    nameEn: "T-shirt",
    descriptionZhHk: "純棉。\n可機洗。",
    descriptiveUrl: `tee-${unique()}`,
    purchaseLimit: 5,
    images: [IMAGE(applicationKey)],
    options: [
      { nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] },
      { nameZhHk: "顏色", values: ["黑", "白"], valuesEn: ["Black", ""] },
    ],
    variants: [
      { values: [0, 0], sku: `TEE-S-B-${unique()}`, barcode: "4890000000011", priceCents: 9900, stock: 3 },
      { values: [0, 1], sku: `TEE-S-W-${unique()}`, priceCents: 9950, stock: 0, sellable: false },
      { values: [1, 1], priceCents: 10_900, unlimitedInventory: true },
    ],
  });
  await db()
    .update(productVariants)
    .set({ imageUrl: IMAGE(applicationKey), costCents: 4000, vipPriceCents: 9000 })
    .where(eq(productVariants.id, shirt.variants[0].id));
  // Its variants' order is not its values' (M before S): the sheet's rows meet the values in another order.
  await createProductWithVariants(db(), applicationKey, {
    productCode: `cap-${unique()}`,
    options: [{ nameZhHk: "尺碼", values: ["S", "M"] }],
    variants: [
      { values: [1], priceCents: 5000 },
      { values: [0], priceCents: 4000 },
    ],
  });
  const plain = await createProduct(db(), applicationKey, {
    productCode: `tea-${unique()}`,
    nameEn: "Tea",
    priceCents: 1250,
    originalPriceCents: 1500,
    sku: `TEA-${unique()}`,
    stock: 9,
    bestseller: true,
  });
  await db()
    .insert(productCategories)
    .values([
      { applicationKey, productId: plain.id, categoryId: category.id },
      { applicationKey, productId: shirt.id, categoryId: category.id },
    ]);
  const categories: SheetCategory[] = [{ id: category.id, name_zh_hk: category.nameZhHk, name_en: category.nameEn }];
  return { shirt, plain, categories };
}

/** Everything the store holds of its products, row by row (updated_at and versions too), to tell any write. */
async function storeState(applicationKey: string) {
  const rows = async (table: string) =>
    (
      await storeD1()
        .prepare(`SELECT * FROM ${table} WHERE application_key = ? ORDER BY rowid`)
        .bind(applicationKey)
        .all()
    ).results;
  return {
    products: await rows("product"),
    options: await rows("product_option"),
    values: await rows("product_option_value"),
    variants: await rows("product_variant"),
    categories: await rows("product_category"),
    adjustments: await rows("inventory_adjustment"),
  };
}

async function exportOf(client: ActionClient, applicationKey: string, locale: "en" | "zh-HK") {
  const listed = await productsForExport(
    client,
    applicationKey,
    productListQuery(new URL("http://localhost/product/product-list")),
    { locale } as AppLoadContext,
  );
  return productsToXlsx(listed, locale);
}

/** The sheet as a table of cells (row 1 the headers), and back. */
function tableOf(bytes: Uint8Array): Cell[][] {
  const book = XLSX.read(bytes, { type: "array" });
  return XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
}
function xlsxOf(table: Cell[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), "Products");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}
const columnOf = (table: Cell[][], key: keyof typeof HEADERS) => table[0].indexOf(HEADERS[key]);

async function importSheet(
  client: ActionClient,
  key: { application_key: string },
  bytes: Uint8Array,
  categories: SheetCategory[],
) {
  const sheet = parseProductSheet(bytes, { categories, locale: "en" });
  if (!sheet.ok) throw new Error(`the sheet does not read: ${JSON.stringify(sheet)}`);
  return client.add_product_data_in_batch({
    ...key,
    rows: sheet.rows,
    mode: "add_and_update",
    updated_fields: updatedFields(sheet),
    stock_reason: REASON,
  });
}

describe("a product sheet with a row per variant", () => {
  it.each(["en", "zh-HK"] as const)("export → import (%s) changes nothing", async (locale) => {
    const { store, client, key } = await merchant("embedded");
    const { shirt, categories } = await catalogue(store.applicationKey);
    const before = await storeState(store.applicationKey);
    const bytes = await exportOf(client, store.applicationKey, locale);
    // A row per variant: the T-shirt's three, the cap's two, the tea's one.
    expect(tableOf(bytes).filter((row) => row[0] === shirt.productCode)).toHaveLength(3);
    expect(tableOf(bytes)).toHaveLength(7);

    expect((await importSheet(client, key, bytes, categories)).data).toEqual({ added: 0, updated: 0 });
    expect(await storeState(store.applicationKey)).toEqual(before);
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("imports an edited export: a variant's price and stock, a new variant, a removed one, a new product with options", async () => {
    const { store, client, key } = await merchant("embedded");
    const { shirt, plain, categories } = await catalogue(store.applicationKey);
    const table = tableOf(await exportOf(client, store.applicationKey, "en"));
    const [smallBlack, smallWhite, mediumWhite] = table.filter((row) => row[0] === shirt.productCode);
    const plainRow = table.find((row) => row[0] === plain.productCode)!;
    const at = (key: keyof typeof HEADERS) => columnOf(table, key);
    smallBlack[at("price")] = 95;
    mediumWhite[at("stock")] = 12;
    mediumWhite[at("unlimited_inventory")] = "N";
    const mediumBlack = table[0].map((_, index) => (index === 0 ? shirt.productCode : null));
    Object.assign(mediumBlack, {
      [at("option1_value_zh_hk")]: "中",
      [at("option1_value_en")]: "M",
      [at("option2_value_zh_hk")]: "黑",
      [at("price")]: 109,
      [at("sku")]: "TEE-M-B-NEW",
      [at("stock")]: 4,
    });
    const newCode = `cup-${unique()}`;
    const cup = (size: string, sku: string, price: number) =>
      Object.assign(
        table[0].map(() => null as Cell),
        {
          [at("product_code")]: newCode,
          [at("option1_value_zh_hk")]: size,
          [at("price")]: price,
          [at("sku")]: sku,
          [at("stock")]: 2,
        },
      );
    const cupRows = [
      Object.assign(cup("細", `CUP-S-${unique()}`, 30), {
        [at("name_zh_hk")]: "杯",
        [at("option1_name_zh_hk")]: "容量",
        [at("option1_name_en")]: "Size",
      }),
      cup("大", `CUP-L-${unique()}`, 40),
    ];
    const edited = [table[0], smallBlack, mediumBlack, mediumWhite, plainRow, ...cupRows];
    expect(smallWhite[at("sku")]).toBe(shirt.variants[1].sku);

    const recording = newRecording();
    const recorded = createActionClient(
      (request) => handleActionRequest(request, recordingEnv(env, recording)),
      await signIn("embedded", store.email, store.password),
    );
    expect((await importSheet(recorded, key, xlsxOf(edited), categories)).data).toEqual({ added: 1, updated: 1 });
    expect(recording.roundTrips).toBe(2);

    const product = async (code: string) =>
      (await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: code })).data;
    const tee = await product(shirt.productCode);
    expect(tee.version).toBe(shirt.version + 1);
    expect(tee.options).toEqual([
      expect.objectContaining({
        name_zh_hk: "尺碼",
        values: [expect.objectContaining({ value_zh_hk: "細" }), expect.objectContaining({ value_zh_hk: "中" })],
      }),
      expect.objectContaining({
        name_zh_hk: "顏色",
        values: [expect.objectContaining({ value_zh_hk: "黑" }), expect.objectContaining({ value_zh_hk: "白" })],
      }),
    ]);
    expect(
      tee.variants.map(({ id, option_values, sku, price_cents, stock, unlimited_inventory }) => ({
        id,
        option_values,
        sku,
        price_cents,
        stock,
        unlimited_inventory,
      })),
    ).toEqual([
      {
        id: shirt.variants[0].id,
        option_values: [0, 0],
        sku: shirt.variants[0].sku,
        price_cents: 9500,
        stock: 3,
        unlimited_inventory: false,
      },
      {
        id: expect.any(Number),
        option_values: [1, 0],
        sku: "TEE-M-B-NEW",
        price_cents: 10_900,
        stock: 4,
        unlimited_inventory: false,
      },
      {
        id: shirt.variants[2].id,
        option_values: [1, 1],
        sku: null,
        price_cents: 10_900,
        stock: 12,
        unlimited_inventory: false,
      },
    ]);
    const history = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: shirt.productCode,
    });
    expect(
      history.data.map(({ label_zh_hk, before, after, reason }) => ({ label_zh_hk, before, after, reason })),
    ).toEqual([{ label_zh_hk: "中 / 白", before: 5, after: 12, reason: REASON }]);
    expect(await product(plain.productCode)).toMatchObject({ version: plain.version, price_cents: 1250, stock: 9 });
    expect(await product(newCode)).toMatchObject({
      name_zh_hk: "杯",
      options: [{ name_zh_hk: "容量", name_en: "Size", values: [{ value_zh_hk: "細" }, { value_zh_hk: "大" }] }],
      variants: [
        expect.objectContaining({ price_cents: 3000, stock: 2 }),
        expect.objectContaining({ price_cents: 4000, stock: 2 }),
      ],
      category_ids: [],
    });
    const logged = await logOf(store.applicationKey);
    expect(logged.map(({ action, data_type, record_id }) => [action, data_type, record_id])).toEqual([
      ["add", "product_data", newCode],
      ["edit", "product_stock", shirt.productCode],
      ["edit", "product_data", shirt.productCode],
    ]);
    expect(logged[1].changes).toEqual({ variant: [null, "中 / 白"], stock: [5, 12], reason: [null, REASON] });
    expect(Object.keys(logged[2].changes)).toEqual(["variants"]);

    // The same file again: nothing left to change.
    expect((await importSheet(client, key, xlsxOf(edited), categories)).data).toEqual({ added: 0, updated: 0 });
  });

  it("refuses by row a SKU or barcode of another product, an image not the product's and a product edited since", async () => {
    const { store, client, key } = await merchant("embedded");
    const { shirt, plain } = await catalogue(store.applicationKey);
    const variant = (overrides: Partial<Row>): Row => ({
      product_code: shirt.productCode,
      name_zh_hk: shirt.nameZhHk,
      option1_name_zh_hk: "尺碼",
      option1_value_zh_hk: "細",
      option2_name_zh_hk: "顏色",
      option2_value_zh_hk: "黑",
      price_cents: 9900,
      // As exported before an edit saved since.
      version: shirt.version + 7,
      ...overrides,
    });
    const failure = await expectFailure(
      client.add_product_data_in_batch({
        ...key,
        mode: "add_and_update",
        stock_reason: REASON,
        rows: [
          variant({ price_cents: 1 }),
          variant({ option2_value_zh_hk: "白", sku: plain.sku! }),
          variant({
            option1_value_zh_hk: "中",
            barcode: "4890000000011",
            image_url: `/uploads/${store.applicationKey}/${"c".repeat(64)}.png`,
          }),
          { product_code: `new-${unique()}`, name_zh_hk: "新", price_cents: 100, sku: shirt.variants[0].sku! },
        ],
      }),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "rows.0.version": ["edited-since-export"],
      "rows.1.sku": ["sku-used"],
      "rows.2.image_url": ["image-not-of-product"],
      "rows.3.sku": ["sku-used"],
    });
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("refuses rows that do not make products, by row, over the wire too", async () => {
    const { store, client, key } = await merchant("embedded");
    const code = `tee-${unique()}`;
    const row = (overrides: Partial<Row>): Row => ({
      product_code: code,
      name_zh_hk: "T 恤",
      option1_name_zh_hk: "尺碼",
      option1_value_zh_hk: "細",
      price_cents: 9900,
      ...overrides,
    });
    const failure = await expectFailure(
      client.add_product_data_in_batch({
        ...key,
        rows: [
          row({}),
          row({ name_zh_hk: "恤衫" }),
          row({ option1_value_zh_hk: "細", sku: "X" }),
          row({ option1_value_zh_hk: "中", sku: "X" }),
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "rows.1.name_zh_hk": ["differs-from-earlier-row"],
      "rows.1.option1_value_zh_hk": ["variant-combination-repeated"],
      "rows.2.option1_value_zh_hk": ["variant-combination-repeated"],
      "rows.3.sku": ["sku-repeated"],
    });
    expect(
      await storeD1()
        .prepare("SELECT count(*) AS n FROM product WHERE application_key = ?")
        .bind(store.applicationKey)
        .first("n"),
    ).toBe(0);
  });

  it("without option columns, updates a product with one variant and refuses to change one with several", async () => {
    const { store, client, key } = await merchant("embedded");
    const { shirt, plain } = await catalogue(store.applicationKey);
    const failure = await expectFailure(
      client.add_product_data_in_batch({
        ...key,
        mode: "add_and_update",
        updated_fields: ["name_zh_hk", "price_cents"],
        rows: [
          { product_code: shirt.productCode, name_zh_hk: shirt.nameZhHk, price_cents: 100 },
          { product_code: plain.productCode, name_zh_hk: plain.nameZhHk, price_cents: 1300 },
        ],
      }),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ "rows.0.product_code": ["variant-required"] });
    const { data } = await client.add_product_data_in_batch({
      ...key,
      mode: "add_and_update",
      updated_fields: ["name_zh_hk", "price_cents"],
      rows: [
        { product_code: shirt.productCode, name_zh_hk: "新 T 恤", price_cents: 9900 },
        { product_code: plain.productCode, name_zh_hk: plain.nameZhHk, price_cents: 1300 },
      ],
    });
    expect(data).toEqual({ added: 0, updated: 2 });
    const [tee] = await db().select().from(products).where(eq(products.id, shirt.id));
    expect(tee).toMatchObject({ nameZhHk: "新 T 恤", variantCount: 3 });
    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, plain.id));
    expect(variants.map((variant) => variant.priceCents)).toEqual([1300]);
  });
});
