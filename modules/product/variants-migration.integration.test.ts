import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../backend/db/client";
import { createStore } from "../../tests/helpers/factories";

// Migration 0046 turns every product into a product with one variant. A database of its own, migrated up
// to the one before, then holds a store's products, stock history and an order line as they were.
const VARIANTS_MIGRATION = "0046_product_variants.sql";

async function legacyStore() {
  const d1 = env.MIGRATION_DB;
  await applyD1Migrations(
    d1,
    env.TEST_MIGRATIONS.filter((migration) => migration.name < VARIANTS_MIGRATION),
  );
  const { applicationKey: key } = await createStore(createDb(d1));
  const product = (code: string, columns: string, values: string) =>
    d1
      .prepare(
        `INSERT INTO product (application_key, product_code, name_zh_hk, name_en, ${columns}) VALUES (?, ?, ?, ?, ${values})`,
      )
      .bind(key, code, `產品 ${code}`, `Product ${code}`)
      .run();
  await product(
    "TEA",
    "price_cents, original_price_cents, discount_price_cents, vip_price_cents, cost_cents, sku, barcode, stock, heavy",
    "3000, 3500, 2800, 2500, 1200, 'SKU-1', '4890001', 7, 1",
  );
  // A second product with the same SKU and barcode, and one without either.
  await product("CUP", "price_cents, sku, barcode, unlimited_inventory", "1500, 'SKU-1', '4890001', 1");
  await product("BAG", "price_cents, sku, stock", "500, '  ', 0");
  await d1.batch([
    d1.prepare(
      `INSERT INTO inventory_adjustment (application_key, product_id, before, after, reason, actor_email, created_at)
         SELECT application_key, id, 2, 7, 'count', 'a@example.com', '2026-01-01T00:00:00.000Z' FROM product WHERE product_code = 'TEA'`,
    ),
    d1
      .prepare(
        `INSERT INTO store_order (application_key, order_number, idempotency_key, channel, customer_name, customer_email,
           customer_phone, subtotal_cents, total_cents, payment_method, status, payment_status)
         VALUES (?, 1001, 'legacy-order', 'pos', 'Customer', 'c@example.com', '98765432', 6000, 6000, 'cash', 'paid', 'succeeded')`,
      )
      .bind(key),
    d1.prepare(
      `INSERT INTO order_line (application_key, order_id, kind, product_id, position, name_zh_hk, name_en, unit_price_cents,
         quantity, line_total_cents)
       SELECT p.application_key, o.id, 'product', p.id, 1, p.name_zh_hk, p.name_en, 3000, 2, 6000
       FROM product p JOIN store_order o ON o.application_key = p.application_key WHERE p.product_code = 'TEA'`,
    ),
  ]);
  await applyD1Migrations(d1, env.TEST_MIGRATIONS);
  return { d1, key };
}

const rows = async <T>(d1: D1Database, query: string, ...values: unknown[]) =>
  (
    await d1
      .prepare(query)
      .bind(...values)
      .all<T>()
  ).results;

describe("migration 0046: every product gets one variant", () => {
  it("moves each product's codes, prices, stock and weight to its one variant and keeps its history and orders", async () => {
    const { d1, key } = await legacyStore();
    const variants = await rows<Record<string, unknown>>(
      d1,
      `SELECT p.product_code, v.id, v.sku, v.barcode, v.price_cents, v.original_price_cents, v.discount_price_cents,
         v.vip_price_cents, v.cost_cents, v.stock, v.unlimited_inventory, v.heavy, v.sellable,
         v.option_value_1_id, p.stock AS product_stock, p.variant_count, p.price_max_cents
       FROM product p JOIN product_variant v ON v.product_id = p.id WHERE p.application_key = ? ORDER BY p.id`,
      key,
    );
    expect(variants.map(({ id: _id, ...variant }) => variant)).toEqual([
      {
        product_code: "TEA",
        sku: "SKU-1",
        barcode: "4890001",
        price_cents: 3000,
        original_price_cents: 3500,
        discount_price_cents: 2800,
        vip_price_cents: 2500,
        cost_cents: 1200,
        stock: 7,
        unlimited_inventory: 0,
        heavy: 1,
        sellable: 1,
        option_value_1_id: null,
        product_stock: 7,
        variant_count: 1,
        price_max_cents: 3000,
      },
      // The oldest product keeps a shared SKU and barcode; the blank SKU becomes none.
      expect.objectContaining({ product_code: "CUP", sku: null, barcode: null, unlimited_inventory: 1, stock: 0 }),
      expect.objectContaining({ product_code: "BAG", sku: null, barcode: null, stock: 0, price_max_cents: 500 }),
    ]);
    const [tea] = variants;

    const cleared = await rows<{ record_id: string; changes: string }>(
      d1,
      "SELECT record_id, changes FROM log WHERE application_key = ? AND data_type = 'product_data'",
      key,
    );
    expect(cleared.map((row) => [row.record_id, JSON.parse(row.changes)])).toEqual([
      ["CUP", { sku: ["SKU-1", null], barcode: ["4890001", null] }],
    ]);

    const [line] = await rows<{ variant_id: number }>(
      d1,
      "SELECT variant_id FROM order_line WHERE application_key = ?",
      key,
    );
    const [adjustment] = await rows<{ variant_id: number }>(
      d1,
      "SELECT variant_id FROM inventory_adjustment WHERE application_key = ?",
      key,
    );
    expect([line.variant_id, adjustment.variant_id]).toEqual([tea.id, tea.id]);

    const found = await rows<{ product_code: string }>(
      d1,
      `SELECT p.product_code FROM product_search s JOIN product p ON p.id = s.rowid
       WHERE product_search MATCH '"4890001"' AND p.application_key = ?`,
      key,
    );
    expect(found.map((row) => row.product_code)).toEqual(["TEA"]);
  });

  it("keeps the product's summary in step as its variants are added, sold, edited and removed", async () => {
    const { d1, key } = await legacyStore();
    const summary = async () =>
      (
        await rows<Record<string, unknown>>(
          d1,
          `SELECT stock, unlimited_inventory, price_cents, price_max_cents, variant_count, sku, barcode, variant_codes
           FROM product WHERE application_key = ? AND product_code = 'TEA'`,
          key,
        )
      )[0];
    const teaId = `(SELECT id FROM product WHERE application_key = '${key}' AND product_code = 'TEA')`;
    await d1.exec(
      `INSERT INTO product_option (application_key, product_id, position, name_zh_hk) VALUES ('${key}', ${teaId}, 1, '尺寸');`,
    );
    await d1.exec(
      `INSERT INTO product_option_value (application_key, option_id, position, value_zh_hk) SELECT '${key}', id, 1, '大' FROM product_option WHERE product_id = ${teaId};`,
    );
    await d1.exec(
      `INSERT INTO product_variant (application_key, product_id, position, option_value_1_id, sku, barcode, price_cents, stock) SELECT '${key}', ${teaId}, 2, id, 'SKU-2', '4890002', 4500, 3 FROM product_option_value WHERE value_zh_hk = '大' AND application_key = '${key}';`,
    );
    expect(await summary()).toEqual({
      stock: 10,
      unlimited_inventory: 0,
      price_cents: 3000,
      price_max_cents: 4500,
      variant_count: 2,
      sku: "SKU-1",
      barcode: "4890001",
      variant_codes: "SKU-1 4890001\nSKU-2 4890002",
    });

    // A sale takes a location's stock (migration 0069), which the variant's total follows.
    await d1.exec(
      `UPDATE stock_level SET stock = stock - 3 WHERE variant_id = (SELECT id FROM product_variant WHERE sku = 'SKU-2' AND application_key = '${key}') AND stock >= 3;`,
    );
    await d1.exec(`UPDATE product_variant SET sellable = 0 WHERE sku = 'SKU-1' AND application_key = '${key}';`);
    expect(await summary()).toMatchObject({ stock: 7, price_cents: 4500, price_max_cents: 4500 });

    await d1.exec(
      `UPDATE product_variant SET unlimited_inventory = 1 WHERE sku = 'SKU-1' AND application_key = '${key}';`,
    );
    expect(await summary()).toMatchObject({ stock: 0, unlimited_inventory: 0 });

    await d1.exec(`DELETE FROM product_variant WHERE sku = 'SKU-2' AND application_key = '${key}';`);
    expect(await summary()).toMatchObject({
      stock: 0,
      unlimited_inventory: 1,
      variant_count: 1,
      price_cents: 3000,
      variant_codes: "SKU-1 4890001",
    });
    const refused = d1.exec(
      `UPDATE stock_level SET stock = -1 WHERE variant_id = (SELECT id FROM product_variant WHERE sku = 'SKU-1' AND application_key = '${key}');`,
    );
    await expect(refused).rejects.toThrow(/stock_level_stock_not_negative/);
  });
});
