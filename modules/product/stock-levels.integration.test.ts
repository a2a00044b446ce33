import { applyD1Migrations, env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../backend/db/client";
import {
  inventoryAdjustments,
  locations,
  orderLines,
  products,
  productVariants,
  stockLevels,
} from "../../backend/db/schema";
import {
  createLocation,
  createProduct,
  createProductWithVariants,
  createPurchaseOrderRow,
  createStore,
  createSupplier,
} from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, storeD1 } from "../../tests/integration/wire";
import { line, outcomeOf, PICKUP, shop, tally, uuid } from "../checkout/shop.integration";

/** A variant's stock at each of its store's locations, by the locations' Chinese names. */
async function levelsOf(variantId: number) {
  const rows = await db()
    .select({ name: locations.nameZhHk, stock: stockLevels.stock })
    .from(stockLevels)
    .innerJoin(locations, eq(locations.id, stockLevels.locationId))
    .where(eq(stockLevels.variantId, variantId))
    .orderBy(asc(locations.position));
  return Object.fromEntries(rows.map((row) => [row.name, row.stock]));
}

const totalOf = async (variantId: number) =>
  (await db().select().from(productVariants).where(eq(productVariants.id, variantId)))[0].stock;

/**
 * A store selling at its shop (first, at the counter only), online orders shipped from its warehouse (second),
 * and checkout's pickup point; a product with 5 at the shop.
 */
/** The store's locations as answers name them, in the fulfilment order. */
const locationsOf = (applicationKey: string) =>
  db()
    .select({ id: locations.id, name_zh_hk: locations.nameZhHk, name_en: locations.nameEn })
    .from(locations)
    .where(eq(locations.applicationKey, applicationKey))
    .orderBy(asc(locations.position));

async function twoPlaces() {
  const seller = await shop("embedded");
  const { store } = seller;
  await db()
    .update(locations)
    .set({ nameZhHk: "門市", shipsOnlineOrders: false })
    .where(and(eq(locations.applicationKey, store.applicationKey), eq(locations.position, 1)));
  const warehouse = await createLocation(db(), store.applicationKey, {
    nameZhHk: "貨倉",
    sellsAtCounter: false,
    shipsOnlineOrders: true,
  });
  const [shopRow] = await db()
    .select()
    .from(locations)
    .where(and(eq(locations.applicationKey, store.applicationKey), eq(locations.position, 1)));
  const item = await seller.product({ stock: 5, priceCents: 10_00 });
  return { ...seller, warehouse, shopRow, item };
}

describe("stock per location", () => {
  it("takes sales from the counter's or the online orders' location, gives cancellations and returns back there, and keeps the totals", async () => {
    const { client, key, warehouse, shopRow, item } = await twoPlaces();
    const pickupName = (await db().select().from(locations).where(eq(locations.addressZhHk, PICKUP)))[0].nameZhHk;
    expect(await levelsOf(item.variantId)).toEqual({ 門市: 5, [pickupName]: 0, 貨倉: 0 });

    await client.add_inventory_adjustment_data({
      ...key,
      product_code: item.productCode,
      location_id: warehouse.id,
      change: 7,
      reason: "到貨",
    });
    const sale = await client.add_pos_order_data({
      ...key,
      lines: [line(item, 2)],
      payments: [{ method: "cash", amount_cents: 20_00 }],
      idempotency_key: uuid(),
    });
    const online = await clientOver("embedded").add_online_order_data({
      ...key,
      lines: [line(item, 3)],
      delivery: { method: "self_pickup", receiver_name: "Chan", receiver_phone: "91234567", pickup_address: PICKUP },
      customer_name: "Chan",
      customer_email: "chan@example.com",
      customer_phone: "61234567",
      payment_method: "fps",
      idempotency_key: uuid(),
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 門市: 3, 貨倉: 4 });

    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: online.data.id,
      version: 1,
      to: "cancelled",
    });
    const [saleLine] = await db().select().from(orderLines).where(eq(orderLines.orderId, sale.data.id));
    await client.add_order_refund_data({
      ...key,
      id: sale.data.id,
      version: 1,
      lines: [{ line_id: saleLine.id, quantity: 1, restock: true }],
      refund_to: "cash",
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 門市: 4, 貨倉: 7 });
    expect(await totalOf(item.variantId)).toBe(11);
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0].stock).toBe(11);

    // The history says where; the product page's figures are per variant and location, in the locations' order.
    const { data: history } = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: item.productCode,
    });
    expect(history).toMatchObject([{ before: 0, after: 7, location_id: warehouse.id, location_name_zh_hk: "貨倉" }]);
    const { data: levels } = await client.get_stock_level_data_list_by_application_key_and_product_code({
      ...key,
      product_code: item.productCode,
    });
    expect(levels.map((level) => [level.location_id, level.stock])).toEqual([
      [shopRow.id, 4],
      [expect.any(Number), 0],
      [warehouse.id, 7],
    ]);
  });

  it("receives a purchase order into the location chosen, else the first", async () => {
    const { client, key, store, warehouse, shopRow, item } = await twoPlaces();
    const supplier = await createSupplier(db(), store.applicationKey);
    const { order, lines } = await createPurchaseOrderRow(
      db(),
      store.applicationKey,
      supplier,
      [{ productId: item.id, quantity: 10 }],
      { status: "ordered" },
    );
    // The order's page offers the store's locations to receive into, read with the order.
    const { data: ordered } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(ordered.locations).toEqual(await locationsOf(store.applicationKey));
    expect(ordered.locations.map((location) => location.id)).toEqual(
      expect.arrayContaining([shopRow.id, warehouse.id]),
    );
    await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: order.id,
      version: 1,
      location_id: warehouse.id,
      lines: [{ line_id: lines[0].id, quantity: 6 }],
    });
    await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: order.id,
      version: 2,
      lines: [{ line_id: lines[0].id, quantity: 4 }],
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 門市: 9, 貨倉: 6 });
    const adjustments = await db()
      .select({ locationId: inventoryAdjustments.locationId, before: inventoryAdjustments.before })
      .from(inventoryAdjustments)
      .where(eq(inventoryAdjustments.productId, item.id))
      .orderBy(asc(inventoryAdjustments.id));
    expect(adjustments.map((row) => row.before)).toEqual([0, 5]);
    expect(adjustments[0].locationId).toBe(warehouse.id);

    const other = await createLocation(db(), (await createStore(db())).applicationKey);
    await expectFailure(
      client.add_purchase_order_receipt_data({
        ...key,
        purchase_order_id: order.id,
        version: 3,
        location_id: other.id,
        lines: [{ line_id: lines[0].id, quantity: 1 }],
      }),
      404,
      "not-found",
    );
  });

  it("lists the inventory at a location by its stock, its shortage being that location's", async () => {
    const { client, key, warehouse, shopRow, item } = await twoPlaces();
    const { variants } = await createProductWithVariants(db(), key.application_key, {
      options: [{ nameZhHk: "尺碼", values: ["S", "M"] }],
      variants: [
        { values: [0], stock: 2 },
        { values: [1], stock: 0 },
      ],
    });
    await client.add_inventory_adjustment_data({
      ...key,
      product_code: item.productCode,
      location_id: warehouse.id,
      change: 3,
      reason: "到貨",
    });
    const list = (location_id: number | undefined, stock_status?: "shortage") =>
      client.get_product_variant_data_and_total_number_by_sorting_and_limit({
        ...key,
        sorting: "stock",
        direction: "ASC",
        location_id,
        stock_status,
      });
    const rows = async (location_id: number | undefined, stock_status?: "shortage") =>
      (await list(location_id, stock_status)).data.variants.map((row) => [row.id, row.stock, row.stock_status]);
    expect(await rows(undefined)).toEqual([
      [variants[1].id, 0, "shortage"],
      [variants[0].id, 2, "selling"],
      [item.variantId, 8, "selling"],
    ]);
    expect(await rows(warehouse.id)).toEqual([
      [variants[0].id, 0, "shortage"],
      [variants[1].id, 0, "shortage"],
      [item.variantId, 3, "selling"],
    ]);
    expect(await rows(shopRow.id, "shortage")).toEqual([[variants[1].id, 0, "shortage"]]);
    const { data, extra } = await list(warehouse.id, "shortage");
    expect(extra.total_number).toBe(2);
    // The page's locations to read the list by come with it, in the store's order.
    expect(data.locations).toEqual(await locationsOf(key.application_key));
    expect(data.locations[0]).toMatchObject({ id: shopRow.id, name_zh_hk: "門市" });
  });

  it("refuses deleting a location holding stock; one at 0 goes with its rows", async () => {
    const { client, key, store, warehouse, item } = await twoPlaces();
    const empty = await createLocation(db(), store.applicationKey, { nameZhHk: "空倉" });
    await client.add_inventory_adjustment_data({
      ...key,
      product_code: item.productCode,
      location_id: warehouse.id,
      change: 1,
      reason: "到貨",
    });
    await expectFailure(
      client.delete_location_data_by_application_key_and_id({ ...key, id: warehouse.id }),
      409,
      "location-holds-stock",
    );
    await client.delete_location_data_by_application_key_and_id({ ...key, id: empty.id });
    expect(await db().select().from(stockLevels).where(eq(stockLevels.locationId, empty.id))).toEqual([]);
    expect(await totalOf(item.variantId)).toBe(6);
  });

  it("refuses any write of a variant's total that is not its locations' sum", async () => {
    const { item } = await twoPlaces();
    await expect(
      storeD1().prepare("UPDATE product_variant SET stock = 9 WHERE id = ?").bind(item.variantId).run(),
    ).rejects.toThrow(/stock-by-location/);
    expect(await totalOf(item.variantId)).toBe(5);
  });

  it("never takes a location below 0: of sales and adjustments racing for its last unit, exactly one is made", async () => {
    const { client, key, warehouse, item } = await twoPlaces();
    await client.add_inventory_adjustment_data({ ...key, product_code: item.productCode, change: -4, reason: "盤點" });
    await client.add_inventory_adjustment_data({
      ...key,
      product_code: item.productCode,
      location_id: warehouse.id,
      change: 3,
      reason: "到貨",
    });
    const sale = () =>
      client.add_pos_order_data({
        ...key,
        lines: [line(item)],
        payments: [{ method: "cash", amount_cents: 10_00 }],
        idempotency_key: uuid(),
      });
    const adjustment = () =>
      client.add_inventory_adjustment_data({ ...key, product_code: item.productCode, change: -1, reason: "損耗" });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) => outcomeOf(index % 2 ? sale() : adjustment())),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, "409 inventory-not-enough": 11 });
    expect(await levelsOf(item.variantId)).toMatchObject({ 門市: 0, 貨倉: 3 });
    expect(await totalOf(item.variantId)).toBe(3);
  });
});

describe("migration 0069", () => {
  it("puts every variant's stock at its store's first location, 0 at the others, losing nothing", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0069"),
    );
    const store = await createStore(createDb(d1));
    const second = await createLocation(createDb(d1), store.applicationKey, { nameZhHk: "二號店" });
    const stocked = await createProduct(createDb(d1), store.applicationKey, { stock: 12 });
    const endless = await createProduct(createDb(d1), store.applicationKey, { stock: 0, unlimitedInventory: true });
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);

    const levels = await d1
      .prepare(
        `SELECT l.name_zh_hk AS name, s.variant_id AS variant, s.stock FROM stock_level s JOIN location l ON l.id = s.location_id
         WHERE s.application_key = ? ORDER BY s.variant_id, l.position`,
      )
      .bind(store.applicationKey)
      .all();
    expect(levels.results).toEqual([
      { name: "門市", variant: stocked.variantId, stock: 12 },
      { name: "二號店", variant: stocked.variantId, stock: 0 },
      { name: "門市", variant: endless.variantId, stock: 0 },
      { name: "二號店", variant: endless.variantId, stock: 0 },
    ]);
    const totals = await d1
      .prepare(
        "SELECT v.stock AS variant, p.stock AS product FROM product_variant v JOIN product p ON p.id = v.product_id WHERE v.id = ?",
      )
      .bind(stocked.variantId)
      .first();
    expect(totals).toEqual({ variant: 12, product: 12 });
    expect(second.id).toBeGreaterThan(0);
  });
});

describe("the inventory list at a location's queries", () => {
  const plan = async (query: string) =>
    (await storeD1().prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
      .map((row) => row.detail)
      .join("\n");
  const from = `FROM stock_level JOIN product_variant ON product_variant.id = stock_level.variant_id
    JOIN product ON product.id = product_variant.product_id
    WHERE stock_level.application_key = 'k' AND stock_level.location_id = 1`;
  const short =
    "AND stock_level.stock = 0 AND product_variant.unlimited_inventory = 0 AND product_variant.sellable = 1";

  it("read the location's rows along its stock index, in its order, each variant and product by id", async () => {
    for (const [query, index] of [
      [`SELECT * ${from} ORDER BY stock_level.stock, stock_level.variant_id LIMIT 50`, "location_id=\\?"],
      [`SELECT * ${from} ORDER BY stock_level.stock DESC, stock_level.variant_id DESC LIMIT 50`, "location_id=\\?"],
      [
        `SELECT * ${from} ${short} ORDER BY stock_level.stock, stock_level.variant_id LIMIT 50`,
        "location_id=\\? AND stock=\\?",
      ],
    ]) {
      const detail = await plan(query);
      expect(detail, query).toMatch(
        new RegExp(
          `SEARCH stock_level USING (COVERING )?INDEX stock_level_location_stock_idx \\(application_key=\\? AND ${index}\\)`,
        ),
      );
      expect(detail, query).toMatch(/SEARCH product_variant USING INTEGER PRIMARY KEY/);
      expect(detail, query).not.toMatch(/SCAN|USE TEMP B-TREE/);
    }
  });

  it("search from the trigram index's matches, then each variant's row at the location by its key", async () => {
    const detail = await plan(`SELECT * FROM product JOIN product_search ON product_search.rowid = product.id
      AND product_search MATCH '"abc"' JOIN product_variant ON product_variant.product_id = product.id
      JOIN stock_level ON stock_level.variant_id = product_variant.id AND stock_level.location_id = 1
      WHERE product.application_key = 'k' ORDER BY stock_level.stock, stock_level.variant_id LIMIT 50`);
    expect(detail).toMatch(
      /SEARCH stock_level USING INDEX sqlite_autoindex_stock_level_1 \(variant_id=\? AND location_id=\?\)/,
    );
    expect(detail).not.toMatch(/SCAN (?!product_search)/);
  });
});
