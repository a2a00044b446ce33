import { describe, expect, it } from "vitest";
import { createProduct, createProductWithVariants } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, storeD1 } from "../../tests/integration/wire";

const supplier = { name: "Tee Works", phone: "23456789" };

// One transport: the supplier actions' wire is covered over both by the module's own tests.
describe("a supplier's products are variants", () => {
  it("sells two variants of one product, each named with its own stock; a product with several needs one named", async () => {
    const { store, client, key } = await merchant("embedded");
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, {
      options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
      variants: [
        { values: [0], sku: "TEE-S", stock: 2 },
        { values: [1], sku: "TEE-M", stock: 7 },
      ],
    });
    const [small, medium] = variants;
    const plain = await createProduct(db(), store.applicationKey, { stock: 4 });
    const line = (fields: { product_code: string; variant_id?: number; supplier_code?: string }) => ({
      cost_cents: 5_00,
      minimum_order_quantity: 6,
      reorder_point: 3,
      ...fields,
    });

    const required = await expectFailure(
      client.add_supplier_data({ ...key, ...supplier, products: [line({ product_code: product.productCode })] }),
      400,
      "invalid-payload",
    );
    expect(required.fields).toEqual({ "products.0.variant_id": ["variant-required"] });
    // Another product's variant is not this product's.
    const foreign = await expectFailure(
      client.add_supplier_data({
        ...key,
        ...supplier,
        products: [line({ product_code: product.productCode, variant_id: plain.variantId })],
      }),
      404,
      "not-found",
    );
    expect(foreign.fields).toEqual({ "products.0.variant_id": ["variant-not-found"] });
    // One variant twice: named twice, or named once beside its product's only variant left unnamed.
    const twice = await expectFailure(
      client.add_supplier_data({
        ...key,
        ...supplier,
        products: [
          line({ product_code: product.productCode, variant_id: small.id }),
          line({ product_code: product.productCode, variant_id: small.id }),
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(twice.fields).toEqual({ "products.1.product_code": ["line-repeated"] });
    const unnamed = await expectFailure(
      client.add_supplier_data({
        ...key,
        ...supplier,
        products: [
          line({ product_code: plain.productCode }),
          line({ product_code: plain.productCode, variant_id: plain.variantId }),
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(unnamed.fields).toEqual({ "products.1.product_code": ["line-repeated"] });

    const { data: added } = await client.add_supplier_data({
      ...key,
      ...supplier,
      products: [
        line({ product_code: product.productCode, variant_id: medium.id, supplier_code: "W-M" }),
        line({ product_code: product.productCode, variant_id: small.id, supplier_code: "W-S" }),
        line({ product_code: plain.productCode }),
      ],
    });
    const { data } = await client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data.product_count).toBe(3);
    expect(
      data.products.map((row) => [
        row.variant_id,
        row.label_zh_hk,
        row.label_en,
        row.sku,
        row.variant_count,
        row.stock,
      ]),
    ).toEqual([
      [medium.id, "中", "M", "TEE-M", 2, 7],
      [small.id, "細", "S", "TEE-S", 2, 2],
      [plain.variantId, "", "", null, 1, 4],
    ]);
    const [logged] = await logOf(store.applicationKey);
    expect(logged.changes.products[1]).toBe(
      `${product.productCode} (中) W-M 500 ×6 ≤3; ${product.productCode} (細) W-S 500 ×6 ≤3; ${plain.productCode} - 500 ×6 ≤3`,
    );

    // The edit keeps the variants it names; a variant deleted later takes its line with it.
    await client.update_supplier_data_by_application_key_and_id({
      ...key,
      ...supplier,
      id: added.id,
      version: 1,
      products: [line({ product_code: product.productCode, variant_id: small.id })],
    });
    const { data: edited } = await client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    expect(edited.products.map((row) => row.variant_id)).toEqual([small.id]);
  });

  it("lists the variants of the products a form names, for its choices", async () => {
    const { store, client, key } = await merchant("embedded");
    const { variants, ...product } = await createProductWithVariants(db(), store.applicationKey, {
      options: [
        { nameZhHk: "尺碼", values: ["S", "M"] },
        { nameZhHk: "顏色", values: ["黑", "白"], valuesEn: ["Black", ""] },
      ],
      variants: [
        { values: [1, 1], sku: "M-W" },
        { values: [0, 0], sku: "S-B" },
      ],
    });
    const plain = await createProduct(db(), store.applicationKey);
    const unknown = await expectFailure(
      client.get_product_variant_data_list_by_application_key_and_product_codes({
        ...key,
        product_codes: [plain.productCode, "no-such-code"],
      }),
      404,
      "not-found",
    );
    expect(unknown.fields).toEqual({ "product_codes.1": ["product-not-found"] });
    const { data } = await client.get_product_variant_data_list_by_application_key_and_product_codes({
      ...key,
      product_codes: [plain.productCode, product.productCode],
    });
    // By product code, each product's variants in its order; an English value falls back to the Chinese.
    const rows = data.map((row) => [row.product_code, row.id, row.label_zh_hk, row.label_en, row.sku]);
    expect(rows.filter(([code]) => code === product.productCode)).toEqual([
      [product.productCode, variants[0].id, "M / 白", "M / 白", "M-W"],
      [product.productCode, variants[1].id, "S / 黑", "S / Black", "S-B"],
    ]);
    expect(rows.filter(([code]) => code === plain.productCode)).toEqual([
      [plain.productCode, plain.variantId, "", "", plain.sku],
    ]);
  });

  it("saves and orders many lines in statements under D1's 100 bound parameters", async () => {
    const { store, client, key } = await merchant("embedded");
    const prefix = `MANY-${crypto.randomUUID().slice(0, 6)}-`;
    await storeD1().batch([
      storeD1()
        .prepare(
          `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 60)
         INSERT INTO product (application_key, product_code, name_zh_hk, price_cents) SELECT ?, ? || n, '產品 ' || n, 100 FROM seq`,
        )
        .bind(store.applicationKey, prefix),
      storeD1()
        .prepare(
          "INSERT INTO product_variant (application_key, product_id, price_cents, stock) SELECT application_key, id, 100, 1 FROM product WHERE application_key = ?",
        )
        .bind(store.applicationKey),
    ]);
    const codes = Array.from({ length: 60 }, (_, index) => `${prefix}${index + 1}`);
    const { data: choices } = await client.get_product_variant_data_list_by_application_key_and_product_codes({
      ...key,
      product_codes: codes,
    });
    expect(choices).toHaveLength(60);
    const { data: added } = await client.add_supplier_data({
      ...key,
      ...supplier,
      products: codes
        .slice(0, 45)
        .map((product_code) => ({ product_code, cost_cents: 1_00, minimum_order_quantity: 1 })),
    });
    const { data } = await client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data.products.map((line) => line.product_code)).toEqual(codes.slice(0, 45));
    const { data: order } = await client.add_purchase_order_data({
      ...key,
      supplier_id: added.id,
      lines: codes.slice(0, 13).map((product_code) => ({ product_code, quantity: 2 })),
    });
    const { data: ordered } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(ordered.lines.map((line) => line.product_code)).toEqual(codes.slice(0, 13));
    expect(ordered.ordered_quantity).toBe(26);
  });
});
