import { applyD1Migrations, env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../backend/db/client";
import { locations, orderLines, orders, stockLevels } from "../../backend/db/schema";
import { createLocation, createProduct, createStore, createStoreStaff } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, signIn } from "../../tests/integration/wire";
import { line, outcomeOf, PICKUP, shop, tally, toKln, uuid } from "./shop.integration";

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

/** A counter sale of one unit (HK$10) paid in cash, at a location. */
const cashSale = (item: { productCode: string }, location_id: number | undefined) => ({
  location_id,
  lines: [line(item)],
  payments: [{ method: "cash" as const, amount_cents: 10_00 }],
  idempotency_key: uuid(),
});

const linesOf = (orderId: number) => db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
const orderRow = async (orderId: number) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];

/**
 * A store with two shops that sell at the counter (旺角 ships online orders too), a warehouse that ships
 * online orders, after 旺角 in the fulfilment order, and checkout's pickup point (自取點, holding nothing).
 */
async function shopsAndWarehouse() {
  const seller = await shop("embedded");
  const { store } = seller;
  const byPosition = and(eq(locations.applicationKey, store.applicationKey), eq(locations.position, 1));
  const [mongKok] = await db().update(locations).set({ nameZhHk: "旺角" }).where(byPosition).returning();
  await db()
    .update(locations)
    .set({ nameZhHk: "自取點", sellsAtCounter: false })
    .where(and(eq(locations.applicationKey, store.applicationKey), eq(locations.addressZhHk, PICKUP)));
  const causewayBay = await createLocation(db(), store.applicationKey, { nameZhHk: "銅鑼灣" });
  const warehouse = await createLocation(db(), store.applicationKey, {
    nameZhHk: "貨倉",
    sellsAtCounter: false,
    shipsOnlineOrders: true,
  });
  const item = await seller.product({ stock: 0, priceCents: 10_00 });
  const stockAt = async (location: { id: number }, change: number) =>
    seller.client.add_inventory_adjustment_data({
      ...seller.key,
      product_code: item.productCode,
      location_id: location.id,
      change,
      reason: "到貨",
    });
  return { ...seller, mongKok, causewayBay, warehouse, item, stockAt };
}

const website = {
  customer_name: "Chan",
  customer_email: "chan@example.com",
  customer_phone: "61234567",
  payment_method: "fps",
} as const;

describe("a counter sale at its location", () => {
  it("takes every unit from the counter's location and says so on the order and its lines", async () => {
    const { client, key, mongKok, causewayBay, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 5);
    await stockAt(causewayBay, 2);
    const { data: sale } = await client.add_pos_order_data({
      ...key,
      location_id: causewayBay.id,
      lines: [line(item, 2)],
      payments: [{ method: "cash", amount_cents: 20_00 }],
      idempotency_key: uuid(),
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 5, 銅鑼灣: 0 });
    expect((await orderRow(sale.id)).locationId).toBe(causewayBay.id);
    expect((await linesOf(sale.id)).map((row) => row.locationId)).toEqual([causewayBay.id]);

    // The shop's shelf is empty: 旺角's stock does not sell at 銅鑼灣's counter.
    await expectFailure(
      client.add_pos_order_data({ ...key, ...cashSale(item, causewayBay.id) }),
      409,
      "inventory-not-enough",
    );
  });

  it("refuses a location that does not sell at the counter, or another store's, beside the field", async () => {
    const { client, key, warehouse, item, stockAt } = await shopsAndWarehouse();
    await stockAt(warehouse, 5);
    const other = await createLocation(db(), (await createStore(db())).applicationKey);
    for (const location of [warehouse, other]) {
      await expectFailure(
        client.add_pos_order_data({ ...key, ...cashSale(item, location.id) }),
        400,
        "location-not-counter",
      ).then((failure) => expect(failure.fields).toEqual({ location_id: ["location-not-counter"] }));
    }
    expect(await levelsOf(item.variantId)).toMatchObject({ 貨倉: 5 });
  });

  it("sells a location's last units once under racing counter sales, whatever the other locations hold", async () => {
    const { client, key, mongKok, causewayBay, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 20);
    await stockAt(causewayBay, 3);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        outcomeOf(client.add_pos_order_data({ ...key, ...cashSale(item, causewayBay.id) })),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 3, "409 inventory-not-enough": 5 });
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 20, 銅鑼灣: 0 });
  });

  it("gives an exchange's returned goods back at the counter they come back to", async () => {
    const { client, key, mongKok, causewayBay, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 5);
    const other = await createProduct(db(), key.application_key, { stock: 0, priceCents: 10_00 });
    await client.add_inventory_adjustment_data({
      ...key,
      product_code: other.productCode,
      location_id: causewayBay.id,
      change: 5,
      reason: "到貨",
    });
    const { data: sold } = await client.add_pos_order_data({ ...key, ...cashSale(item, mongKok.id) });
    const [soldLine] = await linesOf(sold.id);
    await client.add_pos_order_data({
      ...key,
      location_id: causewayBay.id,
      lines: [line(other)],
      exchange: { order_id: sold.id, version: 1, lines: [{ line_id: soldLine.id, quantity: 1, restock: true }] },
      idempotency_key: uuid(),
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 4, 銅鑼灣: 1 });
    expect(await levelsOf(other.variantId)).toMatchObject({ 銅鑼灣: 4 });
  });
});

describe("the POS at its location", () => {
  it("shows the counter's own stock, falls back to the first counter for a location that is not one, and lists the counters", async () => {
    const { client, key, mongKok, causewayBay, warehouse, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 5);
    await stockAt(causewayBay, 2);
    await stockAt(warehouse, 40);
    const page = async (location_id?: number) =>
      (await client.get_pos_data_by_application_key({ ...key, keyword: item.productCode, location_id })).data;

    const atCauseway = await page(causewayBay.id);
    expect(atCauseway.location_id).toBe(causewayBay.id);
    expect(atCauseway.products.map((product) => product.stock)).toEqual([2]);
    expect(atCauseway.counter_locations.map((location) => location.name_zh_hk)).toEqual(["旺角", "銅鑼灣"]);
    for (const location_id of [undefined, warehouse.id]) {
      const first = await page(location_id);
      expect({ at: first.location_id, stock: first.products.map((product) => product.stock) }).toEqual({
        at: mongKok.id,
        stock: [5],
      });
    }

    // The cart is priced against the counter's stock: 3 do not sell at 銅鑼灣.
    const { version } = atCauseway;
    await client.update_pos_cart_data_by_application_key({
      ...key,
      version,
      operation: { op: "add_product", product_code: item.productCode },
    });
    const cart = await client.get_pos_data_by_application_key(key);
    await client.update_pos_cart_data_by_application_key({
      ...key,
      version: cart.data.version,
      operation: { op: "set_quantity", position: 1, quantity: 3 },
    });
    expect((await page(causewayBay.id)).refusal).toBe("inventory-not-enough");
    expect((await page(mongKok.id)).refusal).toBeNull();
  });

  it("gives the offline catalogue the counter's stock, and an offline sale takes it there, down to 0 at most", async () => {
    const { client, key, mongKok, causewayBay, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 5);
    await stockAt(causewayBay, 1);
    const { data: catalogue } = await client.get_pos_offline_catalogue_data_by_application_key({
      ...key,
      location_id: causewayBay.id,
    });
    expect(catalogue.location_id).toBe(causewayBay.id);
    const listed = catalogue.products.find((product) => product.product_code === item.productCode);
    expect(listed?.variants.map((variant) => variant.stock)).toEqual([1]);

    const { data: sale } = await client.add_pos_offline_order_data({
      ...key,
      idempotency_key: uuid(),
      made_at: new Date(Date.now() - 60_000).toISOString(),
      location_id: causewayBay.id,
      lines: [{ product_code: item.productCode, quantity: 2, unit_price_cents: 10_00 }],
      total_cents: 20_00,
      payments: [{ method: "cash", amount_cents: 20_00 }],
    });
    expect(sale.flagged).toBe(true);
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 5, 銅鑼灣: 0 });
    expect((await orderRow(sale.id)).locationId).toBe(causewayBay.id);
  });
});

describe("a sale and a transfer racing", () => {
  it("take a location's last unit once: one of the two is made, the other refused, the stock never below 0", async () => {
    const { client, key, mongKok, causewayBay } = await shopsAndWarehouse();
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const item = await createProduct(db(), key.application_key, { stock: 1, priceCents: 10_00 });
        const { data } = await client.add_stock_transfer_data({
          ...key,
          from_location_id: mongKok.id,
          to_location_id: causewayBay.id,
          lines: [{ product_code: item.productCode, quantity: 1 }],
        });
        return { item, transfer: data.id };
      }),
    );
    const outcomes = await Promise.all(
      pairs.map(({ item, transfer }) =>
        Promise.all([
          outcomeOf(
            client.update_stock_transfer_status_data_by_application_key_and_id({
              ...key,
              id: transfer,
              version: 1,
              to: "sent",
            }),
          ),
          outcomeOf(client.add_pos_order_data({ ...key, ...cashSale(item, mongKok.id) })),
        ]),
      ),
    );
    for (const [index, pair] of outcomes.entries()) {
      expect(
        pair.filter((outcome) => outcome === "ok"),
        pair.join(", "),
      ).toHaveLength(1);
      expect(await levelsOf(pairs[index].item.variantId)).toMatchObject({ 旺角: 0, 銅鑼灣: 0 });
    }
  });
});

describe("a POS limited to a staff member's locations", () => {
  it("offers and uses only the counters the account may use, and refuses a sale at another", async () => {
    const { key, mongKok, causewayBay, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 5);
    await stockAt(causewayBay, 5);
    const staff = await createStoreStaff(db(), key.application_key, { role: "admin", locations: [causewayBay.id] });
    const seller = clientOver("embedded", await signIn("embedded", staff.email, staff.password));

    // Whatever the browser remembers (旺角, or nothing), the page works at 銅鑼灣, with its stock.
    for (const location_id of [mongKok.id, undefined]) {
      const { data } = await seller.get_pos_data_by_application_key({ ...key, keyword: item.productCode, location_id });
      expect({
        counters: data.counter_locations.map((location) => location.name_zh_hk),
        at: data.location_id,
        stock: data.products.map((product) => product.stock),
      }).toEqual({ counters: ["銅鑼灣"], at: causewayBay.id, stock: [5] });
    }
    const { data: catalogue } = await seller.get_pos_offline_catalogue_data_by_application_key({
      ...key,
      location_id: mongKok.id,
    });
    expect(catalogue.location_id).toBe(causewayBay.id);

    const sale = (location_id?: number) => seller.add_pos_order_data({ ...key, ...cashSale(item, location_id) });
    await expectFailure(sale(mongKok.id), 403, "location-not-allowed");
    const { data: made } = await sale();
    expect((await orderRow(made.id)).locationId).toBe(causewayBay.id);
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 5, 銅鑼灣: 4 });
  });
});

describe("a website order's fulfilment", () => {
  it("takes each variant from the first shipping location holding all its units, in the store's order", async () => {
    const { client, key, mongKok, warehouse, item, stockAt } = await shopsAndWarehouse();
    const second = await createProduct(db(), key.application_key, { stock: 0, priceCents: 10_00 });
    await stockAt(mongKok, 1);
    await stockAt(warehouse, 4);
    await client.add_inventory_adjustment_data({
      ...key,
      product_code: second.productCode,
      location_id: mongKok.id,
      change: 3,
      reason: "到貨",
    });
    const order = await clientOver("embedded").add_online_order_data({
      ...key,
      ...website,
      lines: [line(item, 2), line(second, 2)],
      delivery: toKln,
      idempotency_key: uuid(),
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 1, 貨倉: 2 });
    expect(await levelsOf(second.variantId)).toMatchObject({ 旺角: 1, 貨倉: 0 });
    const lines = await linesOf(order.data.id);
    expect(lines.map((row) => [row.variantId, row.locationId])).toEqual([
      [item.variantId, warehouse.id],
      [second.variantId, mongKok.id],
    ]);
    expect((await orderRow(order.data.id)).locationId).toBeNull();

    // Cancelled, each line's units go back where they were taken from.
    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: order.data.id,
      version: 1,
      to: "cancelled",
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 1, 貨倉: 4 });
    expect(await levelsOf(second.variantId)).toMatchObject({ 旺角: 3, 貨倉: 0 });
  });

  it("refuses what no single shipping location holds, and never takes a counter-only shop's stock", async () => {
    const { key, mongKok, causewayBay, warehouse, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 1);
    await stockAt(warehouse, 1);
    await stockAt(causewayBay, 9);
    await expectFailure(
      clientOver("embedded").add_online_order_data({
        ...key,
        ...website,
        lines: [line(item, 2)],
        delivery: toKln,
        idempotency_key: uuid(),
      }),
      409,
      "inventory-not-enough",
    );
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 1, 銅鑼灣: 9, 貨倉: 1 });
  });

  it("collects at the pickup point from its own stock when it holds it, else ships it there; the order names the point", async () => {
    const { client, key, causewayBay, warehouse, item, stockAt } = await shopsAndWarehouse();
    await db()
      .update(locations)
      .set({ isPickupPoint: true, addressZhHk: "銅鑼灣道 1 號", addressEn: "1 Causeway Bay Road" })
      .where(eq(locations.id, causewayBay.id));
    await stockAt(causewayBay, 1);
    await stockAt(warehouse, 5);
    const collect = (quantity: number) =>
      clientOver("embedded").add_online_order_data({
        ...key,
        ...website,
        lines: [line(item, quantity)],
        delivery: {
          method: "self_pickup",
          receiver_name: "Chan",
          receiver_phone: "91234567",
          pickup_address: "1 Causeway Bay Road",
        },
        idempotency_key: uuid(),
      });
    const here = await collect(1);
    const shipped = await collect(2);
    expect(await levelsOf(item.variantId)).toMatchObject({ 銅鑼灣: 0, 貨倉: 3 });
    expect((await linesOf(here.data.id))[0].locationId).toBe(causewayBay.id);
    expect((await linesOf(shipped.data.id))[0].locationId).toBe(warehouse.id);
    expect((await orderRow(shipped.data.id)).locationId).toBe(causewayBay.id);

    // A refund restocks where the goods come back to when staff say so, else where the line was taken from.
    const [shippedLine] = await linesOf(shipped.data.id);
    await client.update_order_status_data_by_application_key_and_id({
      ...key,
      id: shipped.data.id,
      version: 1,
      to: "paid",
    });
    const version = (await orderRow(shipped.data.id)).version;
    await client.add_order_refund_data({
      ...key,
      id: shipped.data.id,
      version,
      location_id: causewayBay.id,
      lines: [{ line_id: shippedLine.id, quantity: 1, restock: true }],
      refund_to: "cash",
    });
    await client.add_order_refund_data({
      ...key,
      id: shipped.data.id,
      version: version + 1,
      lines: [{ line_id: shippedLine.id, quantity: 1, restock: true }],
      refund_to: "cash",
    });
    expect(await levelsOf(item.variantId)).toMatchObject({ 銅鑼灣: 1, 貨倉: 4 });
  });

  it("refuses a refund restocking at another store's location", async () => {
    const { client, key, mongKok, item, stockAt } = await shopsAndWarehouse();
    await stockAt(mongKok, 2);
    const { data: sale } = await client.add_pos_order_data({ ...key, ...cashSale(item, mongKok.id) });
    const [saleLine] = await linesOf(sale.id);
    const other = await createLocation(db(), (await createStore(db())).applicationKey);
    await expectFailure(
      client.add_order_refund_data({
        ...key,
        id: sale.id,
        version: 1,
        location_id: other.id,
        lines: [{ line_id: saleLine.id, quantity: 1, restock: true }],
        refund_to: "cash",
      }),
      404,
      "not-found",
    );
    expect(await levelsOf(item.variantId)).toMatchObject({ 旺角: 1 });
  });
});

describe("migration 0070", () => {
  it("names the first location on the product lines of earlier orders, where earlier counter sales were sold", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0070"),
    );
    const store = await createStore(createDb(d1));
    const product = await createProduct(createDb(d1), store.applicationKey, { stock: 5 });
    const orderOf = async (number: number, channel: "pos" | "online") => {
      const order = await d1
        .prepare(
          `INSERT INTO store_order (application_key, order_number, idempotency_key, channel, customer_name,
             subtotal_cents, total_cents, status, payment_status) VALUES (?, ?, ?, ?, 'Chan', 1000, 1000, 'completed', 'succeeded') RETURNING id`,
        )
        .bind(store.applicationKey, number, uuid(), channel)
        .first<{ id: number }>();
      await d1
        .prepare(
          `INSERT INTO order_line (application_key, order_id, kind, product_id, variant_id, position, name_zh_hk,
             name_en, unit_price_cents, quantity, line_total_cents) VALUES (?, ?, 'product', ?, ?, 0, '茶', 'Tea', 1000, 1, 1000)`,
        )
        .bind(store.applicationKey, order!.id, product.id, product.variantId)
        .run();
      return order!.id;
    };
    const sale = await orderOf(1001, "pos");
    const online = await orderOf(1002, "online");
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);

    const first = await d1
      .prepare("SELECT id FROM location WHERE application_key = ? ORDER BY position LIMIT 1")
      .bind(store.applicationKey)
      .first<{ id: number }>();
    const rows = await d1
      .prepare(
        `SELECT o.id, o.location_id AS sold_at, l.location_id AS taken_from FROM store_order o
         JOIN order_line l ON l.order_id = o.id WHERE o.application_key = ? ORDER BY o.id`,
      )
      .bind(store.applicationKey)
      .all();
    expect(rows.results).toEqual([
      { id: sale, sold_at: first!.id, taken_from: first!.id },
      { id: online, sold_at: null, taken_from: first!.id },
    ]);
  });
});
