import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import type { Payload } from "../../contract/actions";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import {
  createAddOn,
  createCategory,
  createProduct,
  createStore,
  createStoreStaff,
} from "../../tests/helpers/factories";
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

const unique = () => crypto.randomUUID().slice(0, 8);
/** A 1×1 PNG. */
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function newProduct(overrides: Partial<Payload<"add_product_data">> = {}) {
  const id = unique();
  return {
    product_code: `code-${id}`,
    name_zh_hk: `茶杯 ${id}`,
    name_en: `Cup ${id}`,
    price_cents: 12000,
    cost_cents: 5000,
    sku: `SKU-${id}`,
    stock: 3,
    publish: true,
    descriptive_url: `cup-${id}`,
    ...overrides,
  };
}

const list = (
  overrides: Partial<Payload<"get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity">> = {},
) => ({
  sorting: "create_date" as const,
  direction: "DESC" as const,
  limit: 20,
  page: 1,
  filter_additional_product: true,
  merge_with_quantity: true,
  include_pos: true,
  ...overrides,
});

describe.each(TRANSPORT_NAMES)("product actions over the %s transport", (transport) => {
  it("adds a product with its categories and add-ons, derives profit, and logs it", async () => {
    const { store, client, key } = await merchant(transport);
    const category = await createCategory(db(), store.applicationKey);
    const addOn = await createAddOn(db(), store.applicationKey);
    const input = newProduct({ category_ids: [category.id], add_on_product_ids: [addOn.id] });
    await client.add_product_data({ ...key, ...input });

    const { data } = await client.get_product_data_by_application_key_and_product_code({
      ...key,
      product_code: input.product_code,
    });
    expect(data).toMatchObject({
      name_zh_hk: input.name_zh_hk,
      profit_cents: 7000,
      stock_status: "selling",
      category_ids: [category.id],
      add_on_product_ids: [addOn.id],
    });
    const [row] = (
      await storeD1()
        .prepare("SELECT action, data_type, record_id FROM log WHERE application_key = ?")
        .bind(store.applicationKey)
        .all()
    ).results;
    expect(row).toEqual({ action: "add", data_type: "product_data", record_id: input.product_code });
  });

  it("refuses a used product code and a used descriptive URL (any case), beside their fields", async () => {
    const { client, key } = await merchant(transport);
    const first = newProduct();
    await client.add_product_data({ ...key, ...first });
    const code = await expectFailure(
      client.add_product_data({ ...key, ...newProduct({ product_code: first.product_code }) }),
      409,
      "product-code-used",
    );
    expect(code.fields).toEqual({ product_code: ["product-code-used"] });
    const url = await expectFailure(
      client.add_product_data({ ...key, ...newProduct({ descriptive_url: first.descriptive_url.toUpperCase() }) }),
      409,
      "descriptive-url-used",
    );
    expect(url.fields).toEqual({ descriptive_url: ["descriptive-url-used"] });
  });

  it("answers bad fields with the field rules' keys", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_product_data({ ...key, ...newProduct({ name_zh_hk: " ", seo_title: "x".repeat(71), stock: -1 }) }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toMatchObject({
      name_zh_hk: ["force-input"],
      seo_title: ["max-length:70"],
      stock: ["number-range:0:1000000"],
    });
  });

  it("refuses hidden characters in single-line fields and keeps line breaks in descriptions", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_product_data({
        ...key,
        ...newProduct({ name_zh_hk: "abc\u202Egnp.exe", sku: "SKU\u0000", seo_title: "a\nb" }),
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      name_zh_hk: ["invalid-characters"],
      sku: ["invalid-characters"],
      seo_title: ["invalid-characters"],
    });
    const failed = await expectFailure(
      client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
        ...key,
        ...list({ keyword: "tea\u0000" }),
      }),
      400,
      "invalid-payload",
    );
    expect(failed.fields).toEqual({ keyword: ["invalid-characters"] });

    const input = newProduct({ description_en: "Brewed slowly.\r\nServe hot.", name_en: "Tea 🍵" });
    await client.add_product_data({ ...key, ...input });
    const { data } = await client.get_product_data_by_application_key_and_product_code({
      ...key,
      product_code: input.product_code,
    });
    expect(data).toMatchObject({ description_en: "Brewed slowly.\r\nServe hot.", name_en: "Tea 🍵" });
  });

  it("refuses numbers beyond their range", async () => {
    const { client, key } = await merchant(transport);
    const failure = await expectFailure(
      client.add_product_data({
        ...key,
        ...newProduct({ price_cents: 100_000_001, stock: 1_000_001, minimum_order_quantity: 2 ** 53 - 1 }),
      }),
      400,
      "invalid-payload",
    );
    expect(failure.fields).toEqual({
      price_cents: ["number-at-most:1000000"],
      stock: ["number-range:0:1000000"],
      minimum_order_quantity: ["number-range:1:1000000"],
    });
  });

  it("lists with search, filters, sorting and the total in one answer", async () => {
    const { store, client, key } = await merchant(transport);
    const category = await createCategory(db(), store.applicationKey);
    const cheap = await createProduct(db(), store.applicationKey, {
      priceCents: 100,
      nameZhHk: "Apple tea",
      stock: 0,
      soldQuantity: 7,
    });
    const dear = await createProduct(db(), store.applicationKey, {
      priceCents: 9900,
      sku: "TEA-9",
      bestseller: true,
      publish: false,
    });
    await db()
      .insert((await import("../../backend/db/schema")).productCategories)
      .values({
        applicationKey: store.applicationKey,
        productId: dear.id,
        categoryId: category.id,
      });

    const all = await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...key,
      ...list({ sorting: "price", direction: "ASC" }),
    });
    expect(all.data.map((product) => product.product_code)).toEqual([cheap.productCode, dear.productCode]);
    expect(all.extra.total_number).toBe(2);
    expect(all.data[0]).toMatchObject({ sold_quantity: 7, stock_status: "shortage", category_ids: [] });
    expect(all.data[1].category_ids).toEqual([category.id]);

    const codes = async (filters: Parameters<typeof list>[0]) =>
      (
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list(filters),
        })
      ).data.map((product) => product.product_code);
    expect(await codes({ keyword: "apple" })).toEqual([cheap.productCode]);
    expect(await codes({ keyword: "tea-" })).toEqual([dear.productCode]);
    expect(await codes({ category_id: category.id })).toEqual([dear.productCode]);
    expect(await codes({ publish: "unpublished" })).toEqual([dear.productCode]);
    expect(await codes({ include_pos: false })).toEqual([cheap.productCode]);
    expect(await codes({ stock_status: "shortage" })).toEqual([cheap.productCode]);
    expect(await codes({ bestseller: true })).toEqual([dear.productCode]);
    const withoutSold = await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...key,
      ...list({ merge_with_quantity: false }),
    });
    expect(withoutSold.data[0]).not.toHaveProperty("sold_quantity");
  });

  it("edits, bulk-updates and deletes only the caller's own products", async () => {
    const { store, client, key } = await merchant(transport);
    const other = await createStore(db());
    const mine = await createProduct(db(), store.applicationKey);
    const second = await createProduct(db(), store.applicationKey);
    const theirs = await createProduct(db(), other.applicationKey);
    const category = await createCategory(db(), store.applicationKey);
    const theirCategory = await createCategory(db(), other.applicationKey);

    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      ...newProduct({ product_code: mine.productCode, name_zh_hk: "新名" }),
      version: 1,
    });
    expect(
      (await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: mine.productCode }))
        .data.name_zh_hk,
    ).toBe("新名");

    await expectFailure(
      client.get_product_data_by_application_key_and_product_code({ ...key, product_code: theirs.productCode }),
      404,
      "not-found",
    );
    await expectFailure(
      client.delete_product_data_by_application_key_and_product_code({ ...key, product_code: theirs.productCode }),
      404,
      "not-found",
    );
    await expectFailure(
      client.add_product_data({ ...key, ...newProduct({ category_ids: [theirCategory.id] }) }),
      404,
      "not-found",
    );

    const bulk = (
      operation: Payload<"update_product_data_in_bulk_by_application_key_and_product_codes">["operation"],
      extra = {},
    ) =>
      client.update_product_data_in_bulk_by_application_key_and_product_codes({
        ...key,
        product_codes: [mine.productCode, second.productCode, theirs.productCode],
        operation,
        ...extra,
      });
    expect((await bulk("unpublish")).data.updated).toBe(2);
    expect((await bulk("set_category", { category_id: category.id })).data.updated).toBe(2);
    const filtered = await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...key,
      ...list({ category_id: category.id, publish: "unpublished" }),
    });
    expect(filtered.extra.total_number).toBe(2);
    expect((await bulk("delete")).data.updated).toBe(2);
    expect(
      (
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list(),
        })
      ).data,
    ).toEqual([]);
    const survivor = await storeD1().prepare("SELECT publish FROM product WHERE id = ?").bind(theirs.id).first();
    expect(survivor).toEqual({ publish: 1 });
  });

  it("saves an edit only over the version it was loaded with: of 20 at once, one wins and 19 are 409", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey);
    const categories = [
      await createCategory(db(), store.applicationKey),
      await createCategory(db(), store.applicationKey),
    ];
    const code = { ...key, product_code: product.productCode };
    const { data: loaded } = await client.get_product_data_by_application_key_and_product_code(code);
    const edits = Array.from({ length: 20 }, (_, index) =>
      newProduct({ product_code: product.productCode, category_ids: [categories[index % 2].id] }),
    );

    const outcomes = await Promise.allSettled(
      edits.map((edit) =>
        client.update_product_data_by_application_key_and_product_code({ ...key, ...edit, version: loaded.version }),
      ),
    );

    const winners = edits.filter((_, index) => outcomes[index].status === "fulfilled");
    expect(winners).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [`${outcome.reason.status} ${outcome.reason.messageKey}`] : [],
    );
    expect(refusals).toEqual(Array(19).fill("409 edited-elsewhere"));
    const [winner] = winners;
    expect((await client.get_product_data_by_application_key_and_product_code(code)).data).toMatchObject({
      name_zh_hk: winner.name_zh_hk,
      sku: winner.sku,
      category_ids: winner.category_ids,
      version: loaded.version + 1,
    });
    const edited = (await logOf(store.applicationKey)).filter((entry) => entry.action === "edit");
    expect(edited.map((entry) => entry.record_name_zh_hk)).toEqual([winner.name_zh_hk]);

    // A bulk change moves the version on too, so an edit form opened before it cannot undo it unseen.
    await client.update_product_data_in_bulk_by_application_key_and_product_codes({
      ...key,
      product_codes: [product.productCode],
      operation: "unpublish",
    });
    await expectFailure(
      client.update_product_data_by_application_key_and_product_code({
        ...key,
        ...newProduct({ product_code: product.productCode }),
        version: loaded.version + 1,
      }),
      409,
      "edited-elsewhere",
    );
    expect((await client.get_product_data_by_application_key_and_product_code(code)).data).toMatchObject({
      name_zh_hk: winner.name_zh_hk,
      publish: false,
    });
  });

  it("adjusts stock atomically, never below zero, and records every adjustment", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey, { stock: 5 });
    const adjust = (change: number) =>
      client.add_inventory_adjustment_data({
        ...key,
        product_code: product.productCode,
        change,
        reason: "count",
      });
    expect((await adjust(3)).data).toEqual({ before: 5, after: 8 });
    await expectFailure(adjust(-9), 409, "inventory-not-enough");
    for (const change of [2 ** 53 - 1, -(2 ** 53 - 1), 1_000_001, -1_000_001]) {
      const failure = await expectFailure(adjust(change), 400, "invalid-payload");
      expect(failure.fields).toEqual({ change: ["number-range:-1000000:1000000"] });
    }
    await expectFailure(adjust(1_000_000), 409, "inventory-over-maximum:1000000");
    expect((await adjust(-8)).data).toEqual({ before: 8, after: 0 });
    const history = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: product.productCode,
    });
    expect(history.data.map((entry) => [entry.before, entry.after])).toEqual([
      [8, 0],
      [5, 8],
    ]);
    const [logged] = await logOf(store.applicationKey);
    expect(logged).toMatchObject({
      data_type: "product_stock",
      record_id: product.productCode,
      record_name_zh_hk: product.nameZhHk,
      changes: { stock: [5, 8], reason: [null, "count"] },
    });
  });

  it("never oversells: of 20 concurrent sales of 1 from a stock of 5, exactly 5 are made", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey, { stock: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        client
          .add_inventory_adjustment_data({ ...key, product_code: product.productCode, change: -1, reason: "sale" })
          .then(
            () => "made",
            (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "made")).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome !== "made")).toEqual(Array(15).fill("inventory-not-enough"));
    const history = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: product.productCode,
    });
    expect(history.data.map((entry) => [entry.before, entry.after]).sort()).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    expect(
      (await client.get_product_data_by_application_key_and_product_code({ ...key, product_code: product.productCode }))
        .data.stock,
    ).toBe(0);
  });

  it("refuses another store's upload as an image, in a batch import as everywhere", async () => {
    const { client, key } = await merchant(transport);
    const other = await merchant(transport);
    const { data: otherUpload } = await other.client[UPLOAD_ACTION]({
      application_key: other.store.applicationKey,
      base64: PNG_DATA_URL,
      file_type: "image",
      module: "product",
    });
    const rows = [newProduct(), newProduct({ images: [otherUpload[0].filename] })];
    const failure = await expectFailure(client.add_product_data_in_batch({ ...key, rows }), 400, "invalid-payload");
    expect(failure.fields).toEqual({ "rows.1.images.0": ["invalid-file"] });
    expect(
      (
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list(),
        })
      ).extra.total_number,
    ).toBe(0);
  });

  it("imports rows all together, or none when one conflicts", async () => {
    const { store, client, key } = await merchant(transport);
    const existing = await createProduct(db(), store.applicationKey);
    const rows = [newProduct(), newProduct({ product_code: existing.productCode }), newProduct()];
    const failure = await expectFailure(client.add_product_data_in_batch({ ...key, rows }), 409, "invalid-payload");
    expect(failure.fields).toEqual({ "rows.1.product_code": ["product-code-used"] });
    expect(
      (
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list(),
        })
      ).extra.total_number,
    ).toBe(1);

    expect((await client.add_product_data_in_batch({ ...key, rows: [rows[0], rows[2]] })).data.added).toBe(2);
    expect(
      (
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list(),
        })
      ).extra.total_number,
    ).toBe(3);
  });

  it("lets sales staff read the catalog but not change it, and stores without the module nothing", async () => {
    const { store, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey);
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const salesClient = clientOver(transport, await signIn(transport, sales.email, sales.password));
    expect(
      (
        await salesClient.get_product_data_by_application_key_and_product_code({
          ...key,
          product_code: product.productCode,
        })
      ).data.id,
    ).toBe(product.id);
    await expectFailure(salesClient.add_product_data({ ...key, ...newProduct() }), 403, "forbidden");
    await expectFailure(
      salesClient.add_inventory_adjustment_data({
        ...key,
        product_code: product.productCode,
        change: 1,
        reason: "x",
      }),
      403,
      "forbidden",
    );

    const noCatalog = await merchant(transport, { modules: ["order"] });
    await expectFailure(
      noCatalog.client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
        ...noCatalog.key,
        ...list(),
      }),
      403,
      "module-not-in-plan",
    );
  });
});

describe("product search", () => {
  const CATALOGUE = [
    { productCode: "K-1", nameZhHk: "咖啡豆", nameEn: "Coffee beans", sku: "BEAN-250G", barcode: "4891234500011" },
    { productCode: "K-2", nameZhHk: "即溶咖啡", nameEn: "Instant coffee", sku: "INST-100", barcode: "4891234500028" },
    { productCode: "K-3", nameZhHk: "冷萃咖啡", nameEn: "Cold brew", sku: "COLD-330", barcode: "4891234500035" },
    { productCode: "K-4", nameZhHk: "濾掛咖啡", nameEn: "Drip coffee", sku: "DRIP-10", barcode: "4891234500042" },
    { productCode: "K-5", nameZhHk: "烏龍茶", nameEn: "Oolong tea", sku: "TEA-OOLONG", barcode: null },
    { productCode: "K-6", nameZhHk: "特選", nameEn: 'Tea "No. 1" (OR-mix*)', sku: null, barcode: null },
  ];

  /** A store with the catalogue, another store with a copy of K-2, and the store's search. */
  async function catalogue() {
    const { store, client, key } = await merchant("embedded");
    for (const product of CATALOGUE) await createProduct(db(), store.applicationKey, product);
    const other = await createStore(db());
    await createProduct(db(), other.applicationKey, { ...CATALOGUE[1], productCode: "THEIRS" });
    const search = async (keyword: string) => {
      const { data, extra } =
        await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
          ...key,
          ...list({ keyword }),
        });
      expect(extra.total_number).toBe(data.length);
      return data.map((product) => product.product_code).sort();
    };
    return { client, key, search };
  }

  it("finds the keyword anywhere in a name, SKU, barcode or code, only in the caller's store", async () => {
    const { search } = await catalogue();
    expect(await search("咖啡")).toEqual(["K-1", "K-2", "K-3", "K-4"]);
    expect(await search("啡")).toEqual(["K-1", "K-2", "K-3", "K-4"]);
    expect(await search("溶咖")).toEqual(["K-2"]);
    expect(await search("萃咖啡")).toEqual(["K-3"]);
    expect(await search("COFF")).toEqual(["K-1", "K-2", "K-4"]);
    expect(await search("rew")).toEqual(["K-3"]);
    expect(await search("EW")).toEqual(["K-3"]);
    expect(await search("st-1")).toEqual(["K-2"]);
    expect(await search("0002")).toEqual(["K-2"]);
    expect(await search("28")).toEqual(["K-2"]);
    expect(await search("-5")).toEqual(["K-5"]);
    expect(await search("50g")).toEqual(["K-1"]);
    expect(await search("茶葉")).toEqual([]);
    expect(await search("espresso")).toEqual([]);
  });

  it("takes FTS5 and LIKE syntax as characters to find", async () => {
    const { search } = await catalogue();
    expect(await search('"No. 1"')).toEqual(["K-6"]);
    expect(await search("(OR-mix*)")).toEqual(["K-6"]);
    expect(await search("OR")).toEqual(["K-6"]);
    expect(await search("*")).toEqual(["K-6"]);
    expect(await search('"')).toEqual(["K-6"]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    for (const keyword of ['""', '"""', "coffee OR tea", "-coffee", "tea)", "(tea", "NEAR(a b)", "col:tea", "^tea"]) {
      expect(await search(keyword)).toEqual([]);
    }
  });

  it("finds products by what they are after an edit, and not after a delete", async () => {
    const { client, key, search } = await catalogue();
    await client.update_product_data_by_application_key_and_product_code({
      ...key,
      ...newProduct({ product_code: "K-5", name_zh_hk: "凍檸檬茶", name_en: "Iced lemon tea", sku: "ICED-9" }),
      version: 1,
    });
    expect(await search("Oolong")).toEqual([]);
    expect(await search("檸檬茶")).toEqual(["K-5"]);
    expect(await search("lemon")).toEqual(["K-5"]);
    expect(await search("ced-9")).toEqual(["K-5"]);
    // Short keywords follow the edit too: the old name's pieces are gone, the new ones found.
    expect(await search("龍")).toEqual([]);
    expect(await search("凍檸")).toEqual(["K-5"]);
    expect(await search("-9")).toEqual(["K-5"]);

    await client.delete_product_data_by_application_key_and_product_code({ ...key, product_code: "K-3" });
    expect(await search("Cold brew")).toEqual([]);
    expect(await search("冷萃")).toEqual([]);
    await client.update_product_data_in_bulk_by_application_key_and_product_codes({
      ...key,
      product_codes: ["K-1"],
      operation: "delete",
    });
    expect(await search("coffee")).toEqual(["K-2", "K-4"]);

    await client.add_product_data({ ...key, ...newProduct({ product_code: "K-7", name_zh_hk: "手沖咖啡" }) });
    expect(await search("沖咖啡")).toEqual(["K-7"]);
    // The index holds exactly the products' current text, nothing left over from the edits and deletes.
    await storeD1().prepare("INSERT INTO product_search(product_search, rank) VALUES ('integrity-check', 1)").run();
    const indexed = await storeD1()
      .prepare("SELECT count(*) AS n FROM product_search WHERE product_search MATCH ?")
      .bind('"Cold brew" OR "Coffee beans" OR "Oolong"')
      .first<{ n: number }>();
    expect(indexed).toEqual({ n: 0 });
    // So do the short keywords' pieces: exactly those of the products' current text, both ways.
    const strays = await storeD1()
      .prepare(
        `WITH counted AS (SELECT application_key, gram, product_id, count(*) FROM searched_text_gram GROUP BY 1, 2, 3)
      SELECT (SELECT count(*) FROM (SELECT * FROM product_gram EXCEPT SELECT * FROM counted)) AS left_over,
        (SELECT count(*) FROM (SELECT * FROM counted EXCEPT SELECT * FROM product_gram)) AS missing`,
      )
      .first();
    expect(strays).toEqual({ left_over: 0, missing: 0 });
  });
});

describe("the product list's queries", () => {
  const plan = async (query: string) =>
    (await storeD1().prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
      .map((row) => row.detail)
      .join("\n");

  it("use a store-first index for every filter and sort, searched on the filter's columns", async () => {
    const where = "application_key = 'k'";
    const newest = "ORDER BY created_at DESC, id DESC LIMIT 20";
    const expected: [query: string, search: string][] = [
      [`SELECT * FROM product WHERE ${where} ${newest}`, "application_key=?"],
      [
        `SELECT * FROM product WHERE ${where} ORDER BY name_zh_hk COLLATE NOCASE ASC, id ASC LIMIT 20`,
        "application_key=?",
      ],
      [`SELECT * FROM product WHERE ${where} ORDER BY price_cents ASC, id ASC LIMIT 20`, "application_key=?"],
      [`SELECT * FROM product WHERE ${where} ORDER BY sold_quantity DESC, id DESC LIMIT 20`, "application_key=?"],
      [`SELECT * FROM product WHERE ${where} ORDER BY stock ASC, id ASC LIMIT 20`, "application_key=?"],
      [`SELECT * FROM product WHERE ${where} AND publish = 0 ${newest}`, "application_key=? AND publish=?"],
      [`SELECT * FROM product WHERE ${where} AND bestseller = 1 ${newest}`, "application_key=? AND bestseller=?"],
      // The shortage filter: the few products with a short variant, from the partial index.
      [`SELECT * FROM product WHERE ${where} AND short_variant_count > 0 ${newest}`, "application_key=?"],
      [`SELECT count(*) FROM product WHERE ${where}`, "application_key=?"],
      [
        `SELECT * FROM product WHERE ${where} AND id IN (SELECT product_id FROM product_category WHERE application_key = 'k' AND category_id = 1)`,
        "application_key=? AND category_id=?",
      ],
    ];
    for (const [query, search] of expected) {
      const detail = await plan(query);
      expect(detail, query).toContain(`(${search})`);
      expect(detail, query).not.toMatch(/SCAN product(?! USING)|USE TEMP B-TREE/);
    }
  });

  it("search from the trigram index's matches, or the store's pieces of a short keyword", async () => {
    const where = "application_key = 'k'";
    const byIndex = await plan(
      `SELECT count(*) FROM product JOIN product_search ON product_search.rowid = product.id AND product_search MATCH '"abc"' WHERE ${where}`,
    );
    expect(byIndex).toMatch(/^SCAN product_search VIRTUAL TABLE INDEX .*\nSEARCH product USING INTEGER PRIMARY KEY/);
    const short = await plan(
      `SELECT count(*) FROM product JOIN (SELECT product_id FROM product_gram WHERE application_key = 'k'
        AND gram = lower('ab')) matched ON matched.product_id = product.id WHERE product.${where}`,
    );
    expect(short).toContain("SEARCH product_gram USING PRIMARY KEY (application_key=? AND gram=?)");
    expect(short).not.toMatch(/SCAN product(_gram)?(?! USING)|SCAN product_gram/);
  });
});
