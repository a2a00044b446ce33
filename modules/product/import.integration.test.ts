import * as XLSX from "@e965/xlsx";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import type { PayloadInput } from "../../contract/actions";
import { productCategories } from "../../backend/db/schema";
import { productsForExport } from "../../app/routes/_store+/product+/product-list+/__product-export.server";
import { productListQuery } from "../../app/routes/_store+/product+/product-list+/__product-list-query.server";
import {
  parseProductSheet,
  productsToXlsx,
  updatedFields,
} from "../../app/routes/_store+/product+/product-list+/__product-sheet.server";
import { resources } from "../../app/locales.generated.server";
import { createCategory, createProduct, createStoreStaff } from "../../tests/helpers/factories";
import { newRecording, recordingEnv } from "../../tests/integration/recording-d1";
import {
  clientOver,
  db,
  expectFailure,
  logOf,
  merchant,
  signIn,
  storeD1,
  TRANSPORT_NAMES,
} from "../../tests/integration/wire";

/** The sheet import with "add and update" (or "add only"), as the import page sends it. */
type Import = PayloadInput<"add_product_data_in_batch">;
type Row = Import["rows"][number];

const REASON = "Spreadsheet import";
const unique = () => crypto.randomUUID().slice(0, 8);
const newRow = (overrides: Partial<Row> = {}): Row => ({
  product_code: `new-${unique()}`,
  name_zh_hk: "新產品",
  price_cents: 500,
  stock: 2,
  ...overrides,
});

async function productOf(client: ActionClient, key: { application_key: string }, code: string) {
  return (await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: code })).data;
}

async function historyOf(client: ActionClient, key: { application_key: string }, code: string) {
  const { data } = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
    ...key,
    product_code: code,
  });
  return data.map(({ before, after, reason }) => ({ before, after, reason }));
}

const countProducts = async (applicationKey: string) =>
  (await storeD1().prepare("SELECT count(*) AS n FROM product WHERE application_key = ?").bind(applicationKey).first<{
    n: number;
  }>())!.n;

describe.each(TRANSPORT_NAMES)("the product sheet import over the %s transport", (transport) => {
  it("with add only, refuses a row whose product code the store has, by row, and writes nothing", async () => {
    const { store, client, key } = await merchant(transport);
    const existing = await createProduct(db(), store.applicationKey, { priceCents: 1000, stock: 5 });
    const rows = [newRow(), newRow({ product_code: existing.productCode, price_cents: 2000, stock: 9, version: 1 })];

    for (const mode of [undefined, "add_only"] as const) {
      const failure = await expectFailure(
        client.add_product_data_in_batch({ ...key, rows, mode, stock_reason: REASON }),
        409,
        "invalid-payload",
      );
      expect(failure.fields).toEqual({ "rows.1.product_code": ["product-code-used"] });
    }
    expect(await countProducts(store.applicationKey)).toBe(1);
    expect(await productOf(client, key, existing.productCode)).toMatchObject({
      price_cents: 1000,
      stock: 5,
      version: 1,
    });
    expect(await historyOf(client, key, existing.productCode)).toEqual([]);
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("with add and update, updates a matched product's price and stock (in the stock history) and adds a new code", async () => {
    const { store, client, key } = await merchant(transport);
    const category = await createCategory(db(), store.applicationKey);
    const existing = await createProduct(db(), store.applicationKey, {
      priceCents: 1000,
      stock: 5,
      sku: "KEEP-1",
      nameEn: "Kept name",
      images: [`/uploads/${store.applicationKey}/kept.png`],
    });
    await db()
      .insert(productCategories)
      .values({ applicationKey: store.applicationKey, productId: existing.id, categoryId: category.id });
    const added = newRow();

    const { data } = await client.add_product_data_in_batch({
      ...key,
      mode: "add_and_update",
      // A sheet of three columns but the code: the product's other fields are not the sheet's to change.
      updated_fields: ["name_zh_hk", "price_cents", "stock"],
      stock_reason: REASON,
      rows: [
        { product_code: existing.productCode, name_zh_hk: existing.nameZhHk, price_cents: 1250, stock: 8, version: 1 },
        added,
      ],
    });

    expect(data).toEqual({ added: 1, updated: 1 });
    expect(await productOf(client, key, existing.productCode)).toMatchObject({
      price_cents: 1250,
      stock: 8,
      version: 2,
      name_zh_hk: existing.nameZhHk,
      name_en: "Kept name",
      sku: "KEEP-1",
      images: [`/uploads/${store.applicationKey}/kept.png`],
      category_ids: [category.id],
    });
    expect(await productOf(client, key, added.product_code)).toMatchObject({ price_cents: 500, stock: 2, version: 1 });
    expect(await historyOf(client, key, existing.productCode)).toEqual([{ before: 5, after: 8, reason: REASON }]);
    const logged = await logOf(store.applicationKey);
    expect(logged.filter((entry) => entry.record_id === existing.productCode)).toEqual([
      expect.objectContaining({
        action: "edit",
        data_type: "product_stock",
        changes: { stock: [5, 8], reason: [null, REASON] },
      }),
      expect.objectContaining({ action: "edit", data_type: "product_data", changes: { price_cents: [1000, 1250] } }),
    ]);
    expect(logged.filter((entry) => entry.record_id === added.product_code)).toEqual([
      expect.objectContaining({ action: "add", data_type: "product_data" }),
    ]);
  });
});

describe("the product sheet import with add and update", () => {
  const update = (key: { application_key: string }, rows: Row[], fields?: Import["updated_fields"]) => ({
    ...key,
    mode: "add_and_update" as const,
    updated_fields: fields,
    stock_reason: REASON,
    rows,
  });

  it("refuses a row whose product was edited since its export; rows equal to their product write nothing", async () => {
    const { store, client, key } = await merchant("embedded");
    const edited = await createProduct(db(), store.applicationKey, { priceCents: 1000, stock: 5, version: 2 });
    const same = await createProduct(db(), store.applicationKey, { priceCents: 3000, stock: 1 });
    const sheetRow = (product: typeof edited, overrides: Partial<Row>): Row => ({
      product_code: product.productCode,
      name_zh_hk: product.nameZhHk,
      price_cents: product.priceCents,
      stock: product.stock,
      publish: product.publish,
      version: 1,
      ...overrides,
    });
    const fields: Import["updated_fields"] = ["name_zh_hk", "price_cents", "stock", "publish"];

    const failure = await expectFailure(
      client.add_product_data_in_batch(
        update(key, [sheetRow(edited, { price_cents: 1100 }), sheetRow(same, { price_cents: 3300 })], fields),
      ),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ "rows.0.version": ["edited-since-export"] });
    expect(await productOf(client, key, same.productCode)).toMatchObject({ price_cents: 3000, version: 1 });

    // As exported: nothing to change, so nothing is written, whatever the version says.
    const unchanged = await client.add_product_data_in_batch(
      update(key, [sheetRow(edited, {}), sheetRow(same, {})], fields),
    );
    expect(unchanged.data).toEqual({ added: 0, updated: 0 });
    expect(await productOf(client, key, edited.productCode)).toMatchObject({ price_cents: 1000, version: 2 });
    expect(await logOf(store.applicationKey)).toEqual([]);

    // A new stock alone is a stock adjustment: no field a form edits changes, so the version stays.
    const restocked = await client.add_product_data_in_batch(update(key, [sheetRow(edited, { stock: 7 })], fields));
    expect(restocked.data).toEqual({ added: 0, updated: 1 });
    expect(await productOf(client, key, edited.productCode)).toMatchObject({ price_cents: 1000, stock: 7, version: 2 });
    expect(await historyOf(client, key, edited.productCode)).toEqual([{ before: 5, after: 7, reason: REASON }]);
  });

  it("of 8 concurrent imports changing one product from the same version, exactly one is saved", async () => {
    const { store, client, key } = await merchant("embedded");
    const product = await createProduct(db(), store.applicationKey, { priceCents: 1000 });
    const prices = Array.from({ length: 8 }, (_, index) => 2000 + index);
    const outcomes = await Promise.allSettled(
      prices.map((price) =>
        client.add_product_data_in_batch(
          update(
            key,
            [{ product_code: product.productCode, name_zh_hk: product.nameZhHk, price_cents: price, version: 1 }],
            ["price_cents"],
          ),
        ),
      ),
    );
    const saved = prices.filter((_, index) => outcomes[index].status === "fulfilled");
    expect(saved).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") continue;
      // Refused by its row when it read the new version, else by the write's condition.
      expect(outcome.reason.status).toBe(409);
      expect(
        outcome.reason.messageKey === "products-changed-during-import" ||
          JSON.stringify(outcome.reason.fields) === JSON.stringify({ "rows.0.version": ["edited-since-export"] }),
      ).toBe(true);
    }
    expect(await productOf(client, key, product.productCode)).toMatchObject({ price_cents: saved[0], version: 2 });
    const edits = (await logOf(store.applicationKey)).filter((entry) => entry.data_type === "product_data");
    expect(edits.map((entry) => entry.changes)).toEqual([{ price_cents: [1000, saved[0]] }]);
  });

  it("reads, then adds, updates and records stock in one batch: two database round trips", async () => {
    const { store, key } = await merchant("embedded");
    const products = await Promise.all(
      [1, 2, 3].map(() => createProduct(db(), store.applicationKey, { priceCents: 1000, stock: 5 })),
    );
    const category = await createCategory(db(), store.applicationKey);
    const recording = newRecording();
    const recordedEnv = recordingEnv(env, recording);
    const client = createActionClient(
      (request) => handleActionRequest(request, recordedEnv),
      await signIn("embedded", store.email, store.password),
    );
    const { data } = await client.add_product_data_in_batch(
      update(key, [
        ...products.map((product, index) => ({
          product_code: product.productCode,
          name_zh_hk: product.nameZhHk,
          price_cents: 1000 + index,
          stock: 5 + index,
          category_ids: [category.id],
        })),
        newRow({ category_ids: [category.id] }),
      ]),
    );
    expect(data).toEqual({ added: 1, updated: 3 });
    expect(recording.roundTrips).toBe(2);
    expect(await historyOf(client, key, products[2].productCode)).toEqual([{ before: 5, after: 7, reason: REASON }]);
  });

  it("changes stock only for staff who may adjust it: others' stock changes are refused by row", async () => {
    const { store, key } = await merchant("embedded");
    const product = await createProduct(db(), store.applicationKey, { priceCents: 1000, stock: 5 });
    const staff = await createStoreStaff(db(), store.applicationKey, {
      role: "admin",
      permissions: { product: "write", product_inventory: "read" },
    });
    const client = clientOver("embedded", await signIn("embedded", staff.email, staff.password));
    const row = { product_code: product.productCode, name_zh_hk: product.nameZhHk, price_cents: 1200 };
    const failure = await expectFailure(
      client.add_product_data_in_batch(update(key, [{ ...row, stock: 9 }], ["price_cents", "stock"])),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({ "rows.0.stock": ["forbidden"] });
    // The stock as it is: nothing to adjust, so the price alone goes through.
    const { data } = await client.add_product_data_in_batch(
      update(key, [{ ...row, stock: 5 }], ["price_cents", "stock"]),
    );
    expect(data).toEqual({ added: 0, updated: 1 });
    expect(await productOf(client, key, product.productCode)).toMatchObject({ price_cents: 1200, stock: 5 });
  });

  it("keeps descriptive URLs unique: a product keeps its own, another's is refused by row", async () => {
    const { store, client, key } = await merchant("embedded");
    const first = await createProduct(db(), store.applicationKey, { descriptiveUrl: "first-url" });
    const second = await createProduct(db(), store.applicationKey, { descriptiveUrl: "second-url" });
    const row = (product: typeof first, url: string): Row => ({
      product_code: product.productCode,
      name_zh_hk: product.nameZhHk,
      price_cents: product.priceCents,
      descriptive_url: url,
    });
    const failure = await expectFailure(
      client.add_product_data_in_batch(
        update(key, [row(second, "First-Url"), newRow({ descriptive_url: "second-url" })]),
      ),
      409,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      "rows.0.descriptive_url": ["descriptive-url-used"],
      "rows.1.descriptive_url": ["descriptive-url-used"],
    });
    // Twice in the file, whatever the case: the payload's own check.
    const repeated = await expectFailure(
      client.add_product_data_in_batch(
        update(key, [row(first, "FIRST-URL"), newRow({ descriptive_url: "first-url" })]),
      ),
      400,
      "invalid-payload",
    );
    expect(repeated.fields).toEqual({ "rows.1.descriptive_url": ["descriptive-url-repeated"] });
    const { data } = await client.add_product_data_in_batch(update(key, [row(first, "first-url-2")]));
    expect(data).toEqual({ added: 0, updated: 1 });
    expect((await productOf(client, key, first.productCode)).descriptive_url).toBe("first-url-2");
  });
});

describe("export, edit in a spreadsheet, import with add and update", () => {
  const headers = resources.en.product.sheet.headers;

  /** The sheet's cell under `header` in the row of `code`, set to `value`. */
  function edit(bytes: Uint8Array, changes: { code: string; header: string; value: number }[]) {
    const book = XLSX.read(bytes, { type: "array" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    for (const { code, header, value } of changes) {
      const row = table.findIndex((cells) => cells[0] === code);
      const column = table[0].indexOf(header);
      expect(row > 0 && column >= 0).toBe(true);
      XLSX.utils.sheet_add_aoa(sheet, [[value]], { origin: { r: row, c: column } });
    }
    return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
  }

  it("changes exactly the price and the stock edited, and the same file again changes nothing", async () => {
    const { store, client, key } = await merchant("embedded");
    const category = await createCategory(db(), store.applicationKey);
    const [plain, priced, stocked] = await Promise.all(
      ["plain", "priced", "stocked"].map((name, index) =>
        createProduct(db(), store.applicationKey, {
          productCode: `${name}-${unique()}`,
          nameEn: `Tea ${name}`,
          descriptionEn: "Brewed slowly.\nServe hot.",
          priceCents: 1050 + index,
          vipPriceCents: 990,
          sku: `SKU-${name}`,
          barcode: `489123456789${index}`,
          descriptiveUrl: `tea-${name}-${unique()}`,
          stock: 10 + index,
          purchaseLimit: 3,
          bestseller: true,
        }),
      ),
    );
    await db()
      .insert(productCategories)
      .values({ applicationKey: store.applicationKey, productId: plain.id, categoryId: category.id });
    const context = { locale: "en" } as AppLoadContext;
    const exported = await productsForExport(
      client,
      store.applicationKey,
      productListQuery(new URL("http://localhost/product/product-list")),
      context,
    );
    const categories = [{ id: category.id, name_zh_hk: category.nameZhHk, name_en: category.nameEn }];
    const bytes = edit(productsToXlsx(exported, "en"), [
      { code: priced.productCode, header: headers.price, value: 99.9 },
      { code: stocked.productCode, header: headers.stock, value: 42 },
    ]);
    const sheet = parseProductSheet(bytes, { categories, locale: "en" });
    if (!sheet.ok) throw new Error(`the edited export does not read back: ${JSON.stringify(sheet)}`);
    const importIt = (mode: Import["mode"]) =>
      client.add_product_data_in_batch({
        ...key,
        rows: sheet.rows,
        mode,
        updated_fields: updatedFields(sheet),
        stock_reason: REASON,
      });

    // Add only refuses every row: the store has them all.
    const refused = await expectFailure(importIt("add_only"), 409, "invalid-payload");
    expect(refused.fields).toMatchObject({
      "rows.0.product_code": ["product-code-used"],
      "rows.1.product_code": ["product-code-used"],
      "rows.2.product_code": ["product-code-used"],
    });

    const before = await Promise.all(
      [plain, priced, stocked].map((product) => productOf(client, key, product.productCode)),
    );
    expect((await importIt("add_and_update")).data).toEqual({ added: 0, updated: 2 });
    const after = await Promise.all(
      [plain, priced, stocked].map((product) => productOf(client, key, product.productCode)),
    );
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toEqual({
      ...before[1],
      price_cents: 9990,
      price_max_cents: 9990,
      version: 2,
      variants: [{ ...before[1].variants[0], price_cents: 9990 }],
    });
    expect(after[2]).toEqual({ ...before[2], stock: 42, variants: [{ ...before[2].variants[0], stock: 42 }] });
    expect(await historyOf(client, key, plain.productCode)).toEqual([]);
    expect(await historyOf(client, key, priced.productCode)).toEqual([]);
    expect(await historyOf(client, key, stocked.productCode)).toEqual([{ before: 12, after: 42, reason: REASON }]);
    const logged = (await logOf(store.applicationKey)).sort((a, b) => a.data_type.localeCompare(b.data_type));
    expect(logged.map(({ data_type, record_id, changes }) => ({ data_type, record_id, changes }))).toEqual([
      { data_type: "product_data", record_id: priced.productCode, changes: { price_cents: [1051, 9990] } },
      {
        data_type: "product_stock",
        record_id: stocked.productCode,
        changes: { stock: [12, 42], reason: [null, REASON] },
      },
    ]);

    expect((await importIt("add_and_update")).data).toEqual({ added: 0, updated: 0 });
    expect(await logOf(store.applicationKey)).toHaveLength(2);
  });
});
