import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import type { Payload } from "../../contract/actions";
import { createProduct, createProductWithVariants } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, storeD1 } from "../../tests/integration/wire";

/** A T-shirt in two sizes and two colours: S/黑 3, S/白 0, M/黑 5 (M/白 not made). */
const TEE = {
  options: [
    { nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M"] },
    { nameZhHk: "顏色", nameEn: "Colour", values: ["黑色", "白色"], valuesEn: ["Black", "White"] },
  ],
  variants: [
    { values: [0, 0], sku: "S-BLK", stock: 3 },
    { values: [0, 1], sku: "S-WHT", stock: 0 },
    { values: [1, 0], sku: "M-BLK", stock: 5 },
  ],
};

const inventory = (
  overrides: Partial<Payload<"get_product_variant_data_and_total_number_by_sorting_and_limit">> = {},
) => ({ sorting: "stock" as const, direction: "ASC" as const, limit: 50, page: 1, ...overrides });

const stockOf = async (productId: number) =>
  storeD1()
    .prepare("SELECT stock, short_variant_count FROM product WHERE id = ?")
    .bind(productId)
    .first<{ stock: number; short_variant_count: number }>();

// One transport: the stock actions' wire is covered over both by the product module's own tests.
describe("stock per variant", () => {
  it("adjusts the variant named, leaves its sibling alone, and keeps a history per variant", async () => {
    const { store, client, key } = await merchant("embedded");
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, TEE);
    const [small, , medium] = variants;
    const code = { ...key, product_code: product.productCode };

    await expectFailure(
      client.add_inventory_adjustment_data({ ...code, change: 1, reason: "count" }),
      400,
      "variant-required",
    );
    expect(
      (await client.add_inventory_adjustment_data({ ...code, variant_id: small.id, change: 4, reason: "count" })).data,
    ).toEqual({ before: 3, after: 7 });
    expect(
      (await client.add_inventory_adjustment_data({ ...code, variant_id: medium.id, change: -5, reason: "damaged" }))
        .data,
    ).toEqual({ before: 5, after: 0 });
    // The product's summary follows: 7 + 0 + 0 in stock, two variants short.
    expect(await stockOf(product.id)).toEqual({ stock: 7, short_variant_count: 2 });

    // Another product's variant, or one of no product, is not this product's.
    const other = await createProduct(db(), store.applicationKey);
    for (const variant_id of [other.variantId, 999_999_999]) {
      await expectFailure(
        client.add_inventory_adjustment_data({ ...code, variant_id, change: 1, reason: "count" }),
        404,
        "not-found",
      );
      await expectFailure(
        client.get_inventory_adjustment_data_list_by_application_key_and_product_code({ ...code, variant_id }),
        404,
        "not-found",
      );
    }

    const history = async (variant_id?: number) =>
      (
        await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({ ...code, variant_id })
      ).data.map((entry) => [entry.variant_id, entry.label_zh_hk, entry.label_en, entry.before, entry.after]);
    expect(await history(small.id)).toEqual([[small.id, "S / 黑色", "S / Black", 3, 7]]);
    expect(await history(medium.id)).toEqual([[medium.id, "M / 黑色", "M / Black", 5, 0]]);
    expect(await history()).toEqual([
      [medium.id, "M / 黑色", "M / Black", 5, 0],
      [small.id, "S / 黑色", "S / Black", 3, 7],
    ]);
    const [, logged] = await logOf(store.applicationKey);
    expect(logged).toMatchObject({
      data_type: "product_stock",
      record_id: product.productCode,
      changes: { variant: [null, "M / 黑色"], stock: [5, 0], reason: [null, "damaged"] },
    });
  });

  it("never oversells a variant: of 20 concurrent adjustments of −1 from a stock of 5, exactly 5 are made", async () => {
    const { store, client, key } = await merchant("embedded");
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, {
      options: [{ nameZhHk: "尺碼", values: ["S", "M"] }],
      variants: [
        { values: [0], stock: 5 },
        { values: [1], stock: 9 },
      ],
    });
    const [small, medium] = variants;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        client
          .add_inventory_adjustment_data({
            ...key,
            product_code: product.productCode,
            variant_id: small.id,
            change: -1,
            reason: "sale",
          })
          .then(
            () => "made",
            (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "made")).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome !== "made")).toEqual(Array(15).fill("inventory-not-enough"));
    const {
      data: { variants: rows },
    } = await client.get_product_variant_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...inventory({ keyword: product.productCode }),
    });
    expect(rows.map((row) => [row.id, row.stock])).toEqual([
      [small.id, 0],
      [medium.id, 9],
    ]);
    expect(await stockOf(product.id)).toEqual({ stock: 9, short_variant_count: 1 });
  });

  it("lists a row per variant by stock, the short ones alone with the shortage filter, found by the product search", async () => {
    const { store, client, key } = await merchant("embedded");
    // Its code has letters no other product's (hex) code has: the short keyword finds it alone.
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, {
      ...TEE,
      variants: [...TEE.variants, { values: [1, 1], sku: "M-WHT", stock: 0, sellable: false }],
      productCode: `TX-${crypto.randomUUID().slice(0, 8)}`,
    });
    const [small, smallWhite, medium, mediumWhite] = variants;
    const plain = await createProduct(db(), store.applicationKey, { stock: 2, sku: "PLAIN-1" });
    const unlimited = await createProduct(db(), store.applicationKey, { stock: 0, unlimitedInventory: true });

    const {
      data: { variants: rows },
      extra,
    } = await client.get_product_variant_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...inventory(),
    });
    // Limited variants from the lowest stock, then the unlimited ones.
    expect(rows.map((row) => [row.id, row.stock, row.stock_status])).toEqual([
      [smallWhite.id, 0, "shortage"],
      [mediumWhite.id, 0, "selling"],
      [plain.variantId, 2, "selling"],
      [small.id, 3, "selling"],
      [medium.id, 5, "selling"],
      [unlimited.variantId, 0, "selling"],
    ]);
    expect(extra.total_number).toBe(6);
    expect(rows[0]).toEqual({
      id: smallWhite.id,
      product_code: product.productCode,
      name_zh_hk: product.nameZhHk,
      name_en: product.nameEn,
      label_zh_hk: "S / 白色",
      label_en: "S / White",
      sku: "S-WHT",
      barcode: null,
      unlimited_inventory: false,
      stock: 0,
      sellable: true,
      stock_status: "shortage",
      variant_count: 4,
    });
    expect(rows[2]).toMatchObject({ label_zh_hk: "", label_en: "", sku: "PLAIN-1", variant_count: 1 });

    // Short: limited, sellable, out of stock; the unsellable M/白 and the unlimited product are not.
    const short = await client.get_product_variant_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...inventory({ stock_status: "shortage" }),
    });
    expect(short.data.variants.map((row) => row.id)).toEqual([smallWhite.id]);
    expect(short.extra.total_number).toBe(1);
    const selling = await client.get_product_variant_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...inventory({ stock_status: "selling", direction: "DESC", limit: 2, page: 1 }),
    });
    expect(selling.data.variants.map((row) => row.id)).toEqual([unlimited.variantId, medium.id]);
    expect(selling.extra.total_number).toBe(5);

    // The product search: a name, any variant's SKU (trigram index) or a short keyword find every variant.
    for (const keyword of [product.productCode, "M-WHT", "TX"]) {
      const found = await client.get_product_variant_data_and_total_number_by_sorting_and_limit({
        ...key,
        ...inventory({ keyword }),
      });
      expect(found.data.variants.map((row) => row.id).sort(), keyword).toEqual(
        variants.map((variant) => variant.id).sort(),
      );
      expect(found.extra.total_number).toBe(4);
    }

    // The product list counts the product short while any variant is.
    const products = await client.get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity({
      ...key,
      sorting: "create_date",
      direction: "DESC",
      limit: 20,
      page: 1,
      filter_additional_product: true,
      merge_with_quantity: false,
      include_pos: true,
      stock_status: "shortage",
    });
    expect(products.data.map((row) => [row.product_code, row.stock_status, row.short_variant_count])).toEqual([
      [product.productCode, "shortage", 1],
    ]);
  });

  it("keeps the short count in step with every change of a variant's stock, limit and sale", async () => {
    const { store } = await merchant("embedded");
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, {
      options: [{ nameZhHk: "尺碼", values: ["S", "M", "L"] }],
      variants: [
        { values: [0], stock: 0 },
        { values: [1], stock: 0, unlimitedInventory: true },
        { values: [2], stock: 1 },
      ],
    });
    const [small, medium, large] = variants;
    const short = async () => (await stockOf(product.id))!.short_variant_count;
    expect(await short()).toBe(1);
    const run = (statement: string, ...values: unknown[]) =>
      storeD1()
        .prepare(statement)
        .bind(...values)
        .run();
    // A variant's stock is its levels' total (migration 0069): a level changing changes it.
    await run("UPDATE stock_level SET stock = 0 WHERE variant_id = ?", large.id);
    expect(await short()).toBe(2);
    await run("UPDATE product_variant SET unlimited_inventory = 0 WHERE id = ?", medium.id);
    expect(await short()).toBe(3);
    await run("UPDATE product_variant SET sellable = 0 WHERE id = ?", small.id);
    expect(await short()).toBe(2);
    await run("UPDATE product_variant SET price_cents = 1 WHERE id = ?", large.id);
    await run("UPDATE stock_level SET stock = 4 WHERE variant_id = ?", large.id);
    expect(await short()).toBe(1);
    await run("DELETE FROM product_variant WHERE id = ?", medium.id);
    expect(await short()).toBe(0);
    await run(
      "INSERT INTO product_variant (application_key, product_id, position, price_cents, stock) VALUES (?, ?, 9, 100, 0)",
      store.applicationKey,
      product.id,
    );
    expect(await short()).toBe(1);
  });
});

describe("the inventory list's queries", () => {
  const plan = async (query: string) =>
    (await storeD1().prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
      .map((row) => row.detail)
      .join("\n");
  const join = "FROM product_variant JOIN product ON product.id = product_variant.product_id";
  const where = "product_variant.application_key = 'k'";

  it("read the variants along the store's stock index, in its order, each product by its id", async () => {
    const order = (direction: string) =>
      `ORDER BY product_variant.unlimited_inventory ${direction}, product_variant.stock ${direction}, product_variant.id ${direction} LIMIT 50`;
    for (const query of [
      `SELECT * ${join} WHERE ${where} ${order("ASC")}`,
      `SELECT * ${join} WHERE ${where} ${order("DESC")}`,
    ]) {
      const detail = await plan(query);
      expect(detail, query).toMatch(
        /SEARCH product_variant USING (COVERING )?INDEX product_variant_stock_idx \(application_key=\?\)/,
      );
      expect(detail, query).not.toMatch(/SCAN|USE TEMP B-TREE/);
    }
    // The count needs no order: any index of the store's variants that holds it alone.
    expect(await plan(`SELECT count(*) FROM product_variant WHERE ${where}`)).toMatch(
      /^SEARCH product_variant USING COVERING INDEX product_variant_\w+_idx \(application_key=\?\)$/,
    );
    const short = await plan(
      `SELECT * ${join} WHERE ${where} AND product_variant.unlimited_inventory = 0 AND product_variant.stock = 0 AND product_variant.sellable = 1 ${order("ASC")}`,
    );
    expect(short).toMatch(
      /SEARCH product_variant USING INDEX product_variant_stock_idx \(application_key=\? AND unlimited_inventory=\? AND stock=\?\)/,
    );
    expect(short).toMatch(/SEARCH product USING INTEGER PRIMARY KEY/);
    expect(short).not.toMatch(/SCAN|USE TEMP B-TREE/);
  });

  it("search from the trigram index's matches, then each product's variants", async () => {
    const from = `FROM product JOIN product_search ON product_search.rowid = product.id AND product_search MATCH '"abc"'
      JOIN product_variant ON product_variant.product_id = product.id WHERE product.application_key = 'k'`;
    const order = "ORDER BY product_variant.unlimited_inventory, product_variant.stock, product_variant.id LIMIT 50";
    const short =
      "AND product_variant.unlimited_inventory = 0 AND product_variant.stock = 0 AND product_variant.sellable = 1";
    for (const query of [
      `SELECT * ${from} ${order}`,
      `SELECT * ${from} ${short} ${order}`,
      `SELECT count(*) ${from}`,
      `SELECT count(*) ${from} ${short}`,
    ]) {
      expect(await plan(query), query).toMatch(
        /^SCAN product_search VIRTUAL TABLE INDEX \S+\nSEARCH product USING INTEGER PRIMARY KEY \(rowid=\?\)\nSEARCH product_variant USING (COVERING )?INDEX product_variant_product_idx \(product_id=\?\)/,
      );
    }
  });

  it("answer the product list's shortage filter from its partial index", async () => {
    const detail = await plan(
      "SELECT * FROM product WHERE application_key = 'k' AND short_variant_count > 0 ORDER BY created_at DESC, id DESC LIMIT 20",
    );
    expect(detail).toMatch(/SEARCH product USING INDEX product_store_shortage_idx \(application_key=\?\)/);
    expect(detail).not.toMatch(/SCAN|USE TEMP B-TREE/);
  });
});
