import { applyD1Migrations, env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../backend/db/client";
import { inventoryAdjustments, locations, stockLevels } from "../../backend/db/schema";
import {
  createLocation,
  createProduct,
  createProductWithVariants,
  createStockTransferRow,
  createStore,
  firstLocationOf,
} from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";
import { outcomeOf, tally } from "../checkout/shop.integration";

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

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

/** The inventory history of a variant, oldest first, as location name, before → after and reason. */
async function historyOf(variantId: number) {
  const rows = await db()
    .select({
      location: locations.nameZhHk,
      before: inventoryAdjustments.before,
      after: inventoryAdjustments.after,
      reason: inventoryAdjustments.reason,
    })
    .from(inventoryAdjustments)
    .leftJoin(locations, eq(locations.id, inventoryAdjustments.locationId))
    .where(eq(inventoryAdjustments.variantId, variantId))
    .orderBy(asc(inventoryAdjustments.id));
  return rows.map((row) => `${row.location} ${row.before}→${row.after} ${row.reason}`);
}

/**
 * A store with its warehouse first (where factories put stock) and a shop after it; tea (10 in the warehouse),
 * a T-shirt in two sizes (S 4, M 0) and an unlimited gift wrap.
 */
async function twoPlaces(transport: TransportName) {
  const seller = await merchant(transport);
  const applicationKey = seller.store.applicationKey;
  const warehouse = await firstLocationOf(db(), applicationKey);
  await db().update(locations).set({ nameZhHk: "貨倉" }).where(eq(locations.id, warehouse.id));
  const [shop, tea, shirt, wrap] = await Promise.all([
    createLocation(db(), applicationKey, { nameZhHk: "銅鑼灣店" }),
    createProduct(db(), applicationKey, { stock: 10, sku: `TEA-${applicationKey}` }),
    createProductWithVariants(db(), applicationKey, {
      options: [{ nameZhHk: "尺碼", values: ["S", "M"] }],
      variants: [
        { values: [0], stock: 4 },
        { values: [1], stock: 0 },
      ],
    }),
    createProduct(db(), applicationKey, { stock: 0, unlimitedInventory: true }),
  ]);
  return {
    ...seller,
    warehouse,
    shop,
    tea,
    shirt,
    wrap,
    ends: { from_location_id: warehouse.id, to_location_id: shop.id },
  };
}

describe.each(TRANSPORT_NAMES)("stock transfer actions over the %s transport", (transport) => {
  it("takes a transfer from draft to received: stock leaves at sending, arrives per receipt, each move in the history", async () => {
    const { store, client, key, tea, shirt, ends } = await twoPlaces(transport);
    const [small] = shirt.variants;
    const { data: added } = await client.add_stock_transfer_data({
      ...key,
      ...ends,
      note: "週末補貨",
      lines: [{ product_code: tea.productCode, quantity: 3 }],
    });
    const id = { ...key, id: added.id };
    await client.update_stock_transfer_data_by_application_key_and_id({
      ...id,
      ...ends,
      version: 1,
      note: "週末補貨",
      lines: [
        { product_code: tea.productCode, quantity: 6 },
        { product_code: shirt.productCode, variant_id: small.id, quantity: 4 },
      ],
    });
    await expectFailure(
      client.update_stock_transfer_data_by_application_key_and_id({
        ...id,
        ...ends,
        version: 1,
        lines: [{ product_code: tea.productCode, quantity: 1 }],
      }),
      409,
      "edited-elsewhere",
    );
    const { data: draft } = await client.get_stock_transfer_data_by_application_key_and_id(id);
    expect(draft).toMatchObject({
      number: "TR00001",
      status: "draft",
      from_name_zh_hk: "貨倉",
      to_name_zh_hk: "銅鑼灣店",
      note: "週末補貨",
      total_quantity: 10,
      received_quantity: 0,
      version: 2,
      from_location: { name_zh_hk: "貨倉" },
      to_location: { name_zh_hk: "銅鑼灣店" },
      store: { name: store.storeName },
    });
    // The store's locations, which the draft's ends can be changed to, come with it in the store's order.
    expect(draft.locations.map((location) => location.name_zh_hk)).toEqual(["貨倉", "銅鑼灣店"]);
    expect(
      draft.lines.map((line) => [line.product_code, line.variant_name_zh_hk, line.quantity, line.stock_at_origin]),
    ).toEqual([
      [tea.productCode, "", 6, 10],
      [shirt.productCode, "S", 4, 4],
    ]);
    expect(draft.lines[0].sku).toBe(`TEA-${key.application_key}`);

    await client.update_stock_transfer_status_data_by_application_key_and_id({ ...id, version: 2, to: "sent" });
    expect(await levelsOf(tea.variantId)).toEqual({ 貨倉: 4, 銅鑼灣店: 0 });
    expect(await levelsOf(small.id)).toEqual({ 貨倉: 0, 銅鑼灣店: 0 });
    await expectFailure(
      client.update_stock_transfer_data_by_application_key_and_id({
        ...id,
        ...ends,
        version: 3,
        lines: [{ product_code: tea.productCode, quantity: 1 }],
      }),
      409,
      "stock-transfer-not-editable",
    );
    await expectFailure(
      client.delete_stock_transfer_data_by_application_key_and_id(id),
      409,
      "stock-transfer-not-editable",
    );
    await expectFailure(
      client.update_stock_transfer_status_data_by_application_key_and_id({ ...id, version: 3, to: "cancelled" }),
      409,
      "stock-transfer-transition-not-allowed",
    );

    const { data: sent } = await client.get_stock_transfer_data_by_application_key_and_id(id);
    const [teaLine, shirtLine] = sent.lines;
    expect(sent).toMatchObject({ status: "sent", sent_by: store.email });
    // Part of the tea first; a receipt above what is still to come is refused beside its line.
    const { data: partly } = await client.add_stock_transfer_receipt_data({
      ...key,
      stock_transfer_id: added.id,
      lines: [
        { line_id: teaLine.id, quantity: 2 },
        { line_id: shirtLine.id, quantity: 0 },
      ],
    });
    expect(partly.status).toBe("partially_received");
    const over = await expectFailure(
      client.add_stock_transfer_receipt_data({
        ...key,
        stock_transfer_id: added.id,
        lines: [{ line_id: teaLine.id, quantity: 5 }],
      }),
      409,
      "stock-transfer-over-receipt",
    );
    expect(over.fields).toEqual({ "lines.0.quantity": ["received-over-sent:4"] });
    const { data: done } = await client.add_stock_transfer_receipt_data({
      ...key,
      stock_transfer_id: added.id,
      lines: [
        { line_id: teaLine.id, quantity: 4 },
        { line_id: shirtLine.id, quantity: 4 },
      ],
    });
    expect(done.status).toBe("received");
    expect(await levelsOf(tea.variantId)).toEqual({ 貨倉: 4, 銅鑼灣店: 6 });
    expect(await levelsOf(small.id)).toEqual({ 貨倉: 0, 銅鑼灣店: 4 });
    expect(await historyOf(tea.variantId)).toEqual([
      "貨倉 10→4 TR00001",
      "銅鑼灣店 0→2 TR00001",
      "銅鑼灣店 2→6 TR00001",
    ]);
    const { data: received } = await client.get_stock_transfer_data_by_application_key_and_id(id);
    expect(received).toMatchObject({ status: "received", received_quantity: 10 });
    expect(received.received_date).not.toBeNull();

    const log = (await logOf(key.application_key)).filter((entry) => entry.data_type === "stock_transfer_data");
    expect(log.map((entry) => [entry.action, entry.changes.status?.[1] ?? null])).toEqual([
      ["add", "draft"],
      ["edit", null],
      ["edit", "sent"],
      ["edit", "partially_received"],
      ["edit", "received"],
    ]);
    expect(log[1].changes.lines[1]).toContain("×4");
    expect(log[2].record_name_zh_hk).toBe("TR00001");
  });

  it("refuses every field at once, and a send of short lines by name with nothing taken", async () => {
    const { client, key, tea, shirt, wrap, ends, warehouse } = await twoPlaces(transport);
    const refused = await expectFailure(
      client.add_stock_transfer_data({
        ...key,
        from_location_id: warehouse.id,
        to_location_id: warehouse.id,
        lines: [
          { product_code: tea.productCode, quantity: 0 },
          { product_code: tea.productCode, quantity: 100_001 },
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      to_location_id: ["stock-transfer-same-location"],
      "lines.0.quantity": [expect.stringMatching(/^number-range/)],
      "lines.1.quantity": [expect.stringMatching(/^number-range/)],
      "lines.1.product_code": ["line-repeated"],
    });
    const unknown = await expectFailure(
      client.add_stock_transfer_data({
        ...key,
        from_location_id: ends.from_location_id,
        to_location_id: 999_999_999,
        lines: [
          { product_code: "NO-SUCH-CODE", quantity: 1 },
          { product_code: shirt.productCode, quantity: 1 },
          { product_code: wrap.productCode, quantity: 1 },
        ],
      }),
      404,
      "not-found",
    );
    expect(unknown.fields).toEqual({
      to_location_id: ["location-not-found"],
      "lines.0.product_code": ["product-not-found"],
      "lines.1.variant_id": ["variant-required"],
      "lines.2.product_code": ["stock-transfer-unlimited-variant"],
    });

    const [small, medium] = shirt.variants;
    const { data: added } = await client.add_stock_transfer_data({
      ...key,
      ...ends,
      lines: [
        { product_code: tea.productCode, quantity: 11 },
        { product_code: shirt.productCode, variant_id: small.id, quantity: 4 },
        { product_code: shirt.productCode, variant_id: medium.id, quantity: 1 },
      ],
    });
    const short = await expectFailure(
      client.update_stock_transfer_status_data_by_application_key_and_id({
        ...key,
        id: added.id,
        version: 1,
        to: "sent",
      }),
      409,
      `stock-transfer-stock-short:${tea.productCode}, ${shirt.productCode} (M)`,
    );
    expect(short.fields).toEqual({
      "lines.0.quantity": ["stock-short-at-origin:10"],
      "lines.2.quantity": ["stock-short-at-origin:0"],
    });
    expect(await levelsOf(tea.variantId)).toEqual({ 貨倉: 10, 銅鑼灣店: 0 });
    expect(await levelsOf(small.id)).toEqual({ 貨倉: 4, 銅鑼灣店: 0 });

    // A draft is cancelled (nothing moves) or deleted; lists filter by status, location and number or note.
    await client.update_stock_transfer_status_data_by_application_key_and_id({
      ...key,
      id: added.id,
      version: 1,
      to: "cancelled",
    });
    const { data: other } = await client.add_stock_transfer_data({
      ...key,
      from_location_id: ends.to_location_id,
      to_location_id: ends.from_location_id,
      note: "退回貨倉",
      lines: [{ product_code: tea.productCode, quantity: 1 }],
    });
    const listed = (filters: object) =>
      client.get_stock_transfer_data_and_total_number_by_sorting_and_limit({ ...key, ...list, ...filters });
    const numbers = async (filters: object) => (await listed(filters)).data.transfers.map((row) => row.number);
    expect(await numbers({})).toEqual(["TR00002", "TR00001"]);
    expect(await numbers({ status: "cancelled" })).toEqual(["TR00001"]);
    expect(await numbers({ from_location_id: ends.to_location_id })).toEqual(["TR00002"]);
    expect(await numbers({ to_location_id: ends.to_location_id })).toEqual(["TR00001"]);
    // The locations to filter by come with the list, in the store's order.
    expect((await listed({})).data.locations.map((location) => location.id)).toEqual([
      ends.from_location_id,
      ends.to_location_id,
    ]);
    expect(await numbers({ keyword: "退回" })).toEqual(["TR00002"]);
    expect(await numbers({ keyword: "tr1" })).toEqual(["TR00001"]);
    await client.delete_stock_transfer_data_by_application_key_and_id({ ...key, id: other.id });
    expect(await numbers({})).toEqual(["TR00001"]);
    await expectFailure(
      client.get_stock_transfer_data_by_application_key_and_id({ ...key, id: other.id }),
      404,
      "not-found",
    );
  });

  it("answers another store's transfer as not found", async () => {
    const { client, key } = await twoPlaces(transport);
    const other = await twoPlaces(transport);
    const { transfer } = await createStockTransferRow(
      db(),
      other.key.application_key,
      { fromLocationId: other.warehouse.id, toLocationId: other.shop.id },
      [{ productId: other.tea.id, quantity: 1 }],
    );
    await expectFailure(
      client.get_stock_transfer_data_by_application_key_and_id({ ...key, id: transfer.id }),
      404,
      "not-found",
    );
    await expectFailure(
      client.update_stock_transfer_status_data_by_application_key_and_id({
        ...key,
        id: transfer.id,
        version: 1,
        to: "sent",
      }),
      404,
      "not-found",
    );
  });
});

describe("stock transfers under concurrency", () => {
  it("of two sends racing for the origin's last units one wins, the other takes nothing", async () => {
    const { client, key, tea, ends } = await twoPlaces("embedded");
    const drafts = await Promise.all(
      [6, 7].map(async (quantity) => {
        const { data } = await client.add_stock_transfer_data({
          ...key,
          ...ends,
          lines: [{ product_code: tea.productCode, quantity }],
        });
        return data.id;
      }),
    );
    const outcomes = await Promise.all(
      drafts.map((id) =>
        outcomeOf(
          client.update_stock_transfer_status_data_by_application_key_and_id({ ...key, id, version: 1, to: "sent" }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome !== "ok")).toMatch(
      /^409 (inventory-not-enough|stock-transfer-stock-short)/,
    );
    const levels = await levelsOf(tea.variantId);
    expect([3, 4]).toContain(levels["貨倉"]);
    expect((await historyOf(tea.variantId)).length).toBe(1);
  });

  it("of an adjustment and a send racing for the last unit exactly one is made, stock never below 0", async () => {
    const { client, key, tea, ends } = await twoPlaces("embedded");
    await client.add_inventory_adjustment_data({ ...key, product_code: tea.productCode, change: -9, reason: "盤點" });
    const drafts = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const { data } = await client.add_stock_transfer_data({
          ...key,
          ...ends,
          lines: [{ product_code: tea.productCode, quantity: 1 }],
        });
        return data.id;
      }),
    );
    const outcomes = await Promise.all([
      ...drafts.map((id) =>
        outcomeOf(
          client.update_stock_transfer_status_data_by_application_key_and_id({ ...key, id, version: 1, to: "sent" }),
        ),
      ),
      ...Array.from({ length: 3 }, () =>
        outcomeOf(
          client.add_inventory_adjustment_data({ ...key, product_code: tea.productCode, change: -1, reason: "損耗" }),
        ),
      ),
    ]);
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "ok").every((outcome) => /^409 /.test(outcome))).toBe(true);
    expect(await levelsOf(tea.variantId)).toEqual({ 貨倉: 0, 銅鑼灣店: 0 });
  });

  it("of receipts racing for a transfer's units, never more than was sent is received", async () => {
    const { client, key, tea, ends } = await twoPlaces("embedded");
    const { data: added } = await client.add_stock_transfer_data({
      ...key,
      ...ends,
      lines: [{ product_code: tea.productCode, quantity: 5 }],
    });
    await client.update_stock_transfer_status_data_by_application_key_and_id({
      ...key,
      id: added.id,
      version: 1,
      to: "sent",
    });
    const {
      data: {
        lines: [line],
      },
    } = await client.get_stock_transfer_data_by_application_key_and_id({ ...key, id: added.id });
    const outcomes = await Promise.all(
      [3, 3, 3, 2].map((quantity) =>
        outcomeOf(
          client.add_stock_transfer_receipt_data({
            ...key,
            stock_transfer_id: added.id,
            lines: [{ line_id: line.id, quantity }],
          }),
        ),
      ),
    );
    expect(tally(outcomes).ok).toBeGreaterThanOrEqual(1);
    const { data: after } = await client.get_stock_transfer_data_by_application_key_and_id({ ...key, id: added.id });
    expect(after.received_quantity).toBeLessThanOrEqual(5);
    expect(after.lines[0].received_quantity).toBe(after.received_quantity);
    expect((await levelsOf(tea.variantId))["銅鑼灣店"]).toBe(after.received_quantity);
  });
});

describe("migration 0071", () => {
  it("switches transfers on wherever locations are, each staff account with its locations' permission", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0071"),
    );
    const located = await createStore(createDb(d1), { modules: ["product", "location"], cmsSideMenu: ["location"] });
    const plain = await createStore(createDb(d1), { modules: ["product"], cmsSideMenu: ["product"] });
    // Written as the schema was then: the factory writes the columns of later migrations too.
    const staff = { email: `staff-${crypto.randomUUID().slice(0, 8)}@factory.test` };
    await d1
      .prepare(
        `INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions)
          VALUES (?, ?, 'Staff', '', 'sales', '{"location":"read","product":"write"}')`,
      )
      .bind(located.applicationKey, staff.email)
      .run();
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < "0072"),
    );

    const modulesOf = async (applicationKey: string) => ({
      plan: await d1
        .prepare("SELECT module_list FROM purchased_plan WHERE application_key = ?")
        .bind(applicationKey)
        .first("module_list"),
      menu: await d1
        .prepare("SELECT cms_side_menu FROM store_account WHERE application_key = ?")
        .bind(applicationKey)
        .first("cms_side_menu"),
    });
    expect(await modulesOf(located.applicationKey)).toEqual({
      plan: JSON.stringify(["product", "location", "stock_transfer"]),
      menu: JSON.stringify(["location", "stock_transfer"]),
    });
    expect(await modulesOf(plain.applicationKey)).toEqual({
      plan: JSON.stringify(["product"]),
      menu: JSON.stringify(["product"]),
    });
    const permissions = await d1
      .prepare("SELECT permissions FROM store_staff WHERE email = ?")
      .bind(staff.email)
      .first<string>("permissions");
    expect(JSON.parse(permissions!)).toEqual({ location: "read", product: "write", stock_transfer: "read" });
  });
});
