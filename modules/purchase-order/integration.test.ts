import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { products } from "../../backend/db/schema";
import { createProduct, createPurchaseOrderRow, createSupplier } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES, type TransportName } from "../../tests/integration/wire";

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

/** A store with a supplier of two products: tea (stock 4, minimum 6, HK$12.50) and cups (stock 0, minimum 1, HK$3). */
async function supplying(transport: TransportName) {
  const seller = await merchant(transport);
  const applicationKey = seller.store.applicationKey;
  const [tea, cups] = await Promise.all([
    createProduct(db(), applicationKey, { stock: 4 }),
    createProduct(db(), applicationKey, { stock: 0 }),
  ]);
  const supplier = await createSupplier(db(), applicationKey, [
    { productId: tea.id, costCents: 12_50, minimumOrderQuantity: 6, reorderPoint: 5 },
    { productId: cups.id, costCents: 3_00, minimumOrderQuantity: 1, reorderPoint: null },
  ]);
  return { ...seller, tea, cups, supplier };
}

const stockOf = async (id: number) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof ActionFailure ? `${error.status} ${error.messageKey}` : String(error)),
  );

describe.each(TRANSPORT_NAMES)("purchase order actions over the %s transport", (transport) => {
  it("takes a purchase order from draft to received: stock raised once per receipt, with its adjustments and history", async () => {
    const { store, client, key, tea, cups, supplier } = await supplying(transport);
    const { data: added } = await client.add_purchase_order_data({
      ...key,
      supplier_id: supplier.id,
      expected_date: "2030-01-31",
      lines: [
        { product_code: tea.productCode, quantity: 6, unit_cost_cents: 12_50 },
        { product_code: cups.productCode, quantity: 10, unit_cost_cents: 2_90 },
      ],
    });
    const id = { ...key, id: added.id };
    const { data: draft } = await client.get_purchase_order_data_by_application_key_and_id(id);
    expect(draft).toMatchObject({
      number: "PO00001",
      supplier_name: supplier.name,
      status: "draft",
      expected_date: "2030-01-31",
      total_cents: 6 * 12_50 + 10 * 2_90,
      ordered_quantity: 16,
      received_quantity: 0,
      version: 1,
      supplier: { phone: "23456789" },
    });

    // A draft is edited: the tea doubled.
    await client.update_purchase_order_data_by_application_key_and_id({
      ...id,
      version: 1,
      supplier_id: supplier.id,
      lines: [
        { product_code: tea.productCode, quantity: 12, unit_cost_cents: 12_00 },
        { product_code: cups.productCode, quantity: 10, unit_cost_cents: 2_90 },
      ],
    });
    await client.update_purchase_order_status_data_by_application_key_and_id({ ...id, version: 2, to: "ordered" });
    await expectFailure(
      client.update_purchase_order_data_by_application_key_and_id({
        ...id,
        version: 3,
        supplier_id: supplier.id,
        lines: [{ product_code: tea.productCode, quantity: 6, unit_cost_cents: 1 }],
      }),
      409,
      "purchase-order-not-editable",
    );

    const { data: ordered } = await client.get_purchase_order_data_by_application_key_and_id(id);
    const [teaLine, cupsLine] = ordered.lines;
    expect(ordered).toMatchObject({
      status: "ordered",
      total_cents: 12 * 12_00 + 10 * 2_90,
      ordered_quantity: 22,
      version: 3,
    });

    const first = await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: added.id,
      version: 3,
      lines: [
        { line_id: teaLine.id, quantity: 5 },
        { line_id: cupsLine.id, quantity: 0 },
      ],
      note: "DN-1",
    });
    expect(first.data).toEqual({ status: "partially_received" });
    expect([await stockOf(tea.id), await stockOf(cups.id)]).toEqual([4 + 5, 0]);

    const over = await expectFailure(
      client.add_purchase_order_receipt_data({
        ...key,
        purchase_order_id: added.id,
        version: 4,
        lines: [
          { line_id: teaLine.id, quantity: 8 },
          { line_id: cupsLine.id, quantity: 10 },
        ],
      }),
      409,
      "purchase-order-over-receipt",
    );
    expect(over.fields).toEqual({ "lines.0.quantity": ["received-over-ordered:7"] });
    expect(await stockOf(cups.id)).toBe(0);

    const second = await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: added.id,
      version: 4,
      lines: [
        { line_id: teaLine.id, quantity: 7 },
        { line_id: cupsLine.id, quantity: 10 },
      ],
    });
    expect(second.data).toEqual({ status: "received" });
    expect([await stockOf(tea.id), await stockOf(cups.id)]).toEqual([4 + 12, 10]);
    await expectFailure(
      client.add_purchase_order_receipt_data({
        ...key,
        purchase_order_id: added.id,
        version: 5,
        lines: [{ line_id: teaLine.id, quantity: 1 }],
      }),
      409,
      "purchase-order-transition-not-allowed",
    );

    const { data: received } = await client.get_purchase_order_data_by_application_key_and_id(id);
    expect(received).toMatchObject({ status: "received", received_quantity: 22, version: 5 });
    expect(received.lines.map((line) => line.received_quantity)).toEqual([12, 10]);
    expect(received.history.map((row) => [row.from_status, row.to_status, row.actor_email])).toEqual([
      [null, "draft", store.email],
      ["draft", "ordered", store.email],
      ["ordered", "partially_received", store.email],
      ["partially_received", "received", store.email],
    ]);
    expect(received.receipts.map((receipt) => [receipt.lines, receipt.note])).toEqual([
      [[{ line_id: teaLine.id, quantity: 5 }], "DN-1"],
      [
        [
          { line_id: teaLine.id, quantity: 7 },
          { line_id: cupsLine.id, quantity: 10 },
        ],
        null,
      ],
    ]);

    const { data: adjustments } = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: tea.productCode,
    });
    expect(adjustments.map(({ before, after, reason, actor_email }) => [before, after, reason, actor_email])).toEqual([
      [9, 16, "PO00001", store.email],
      [4, 9, "PO00001", store.email],
    ]);

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id])).toEqual([
      ["add", "purchase_order_data", String(added.id)],
      ["edit", "purchase_order_data", String(added.id)],
      ["edit", "purchase_order_data", String(added.id)],
      ["edit", "purchase_order_data", String(added.id)],
      ["edit", "purchase_order_data", String(added.id)],
    ]);
    expect(log[2].changes.status).toEqual(["draft", "ordered"]);
    expect(log[4].changes.received_quantity).toEqual([5, 22]);
  });

  it("refuses lines under the supplier's minimum, products it does not sell, and numbers each store's orders", async () => {
    const { store, client, key, tea, supplier } = await supplying(transport);
    const stranger = await createProduct(db(), store.applicationKey);
    const refused = await expectFailure(
      client.add_purchase_order_data({
        ...key,
        supplier_id: supplier.id,
        lines: [
          { product_code: tea.productCode, quantity: 5, unit_cost_cents: 12_50 },
          { product_code: stranger.productCode, quantity: 1, unit_cost_cents: 1 },
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      "lines.0.quantity": ["below-minimum-order-quantity:6"],
      "lines.1.product_code": ["product-not-from-supplier"],
    });
    await expectFailure(
      client.add_purchase_order_data({ ...key, supplier_id: supplier.id, lines: [] }),
      400,
      "invalid-payload",
    );
    const repeatedWithHeader = await expectFailure(
      client.add_purchase_order_data({
        ...key,
        supplier_id: supplier.id,
        expected_date: "2026-13-45",
        lines: [
          { product_code: tea.productCode, quantity: 6 },
          { product_code: tea.productCode, quantity: 6 },
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(repeatedWithHeader.fields).toEqual({
      expected_date: ["format-not-match"],
      "lines.1.product_code": ["line-repeated"],
    });
    // Without a unit cost, the supplier's.
    const line = { product_code: tea.productCode, quantity: 6 };
    const added = [];
    for (let index = 0; index < 2; index += 1) {
      const { data } = await client.add_purchase_order_data({ ...key, supplier_id: supplier.id, lines: [line] });
      added.push((await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: data.id })).data);
    }
    expect(added.map((order) => [order.number, order.total_cents, order.lines[0].unit_cost_cents])).toEqual([
      ["PO00001", 6 * 12_50, 12_50],
      ["PO00002", 6 * 12_50, 12_50],
    ]);
    // Another store starts its own sequence.
    const other = await supplying(transport);
    const { data: theirs } = await other.client.add_purchase_order_data({
      ...other.key,
      supplier_id: other.supplier.id,
      lines: [{ ...line, product_code: other.tea.productCode }],
    });
    const { data: first } = await other.client.get_purchase_order_data_by_application_key_and_id({
      ...other.key,
      id: theirs.id,
    });
    expect(first.number).toBe("PO00001");

    const { data: found, extra } = await client.get_purchase_order_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      keyword: "po2",
    });
    expect(found.map((order) => order.number)).toEqual(["PO00002"]);
    expect(extra.total_number).toBe(1);
  });

  it("counts a receipt sent twice at once exactly once", async () => {
    const { client, key, tea, supplier, store } = await supplying(transport);
    const { order, lines } = await createPurchaseOrderRow(
      db(),
      store.applicationKey,
      supplier,
      [{ productId: tea.id, quantity: 12 }],
      { status: "ordered" },
    );
    const receipt = {
      ...key,
      purchase_order_id: order.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 6 }],
    };
    const outcomes = await Promise.all([
      outcomeOf(client.add_purchase_order_receipt_data(receipt)),
      outcomeOf(client.add_purchase_order_receipt_data(receipt)),
    ]);
    expect(outcomes.sort()).toEqual(["409 edited-elsewhere", "ok"]);
    expect(await stockOf(tea.id)).toBe(4 + 6);
    const { data } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(data).toMatchObject({ status: "partially_received", received_quantity: 6, receipts: [expect.anything()] });
    const { data: adjustments } = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: tea.productCode,
    });
    expect(adjustments).toHaveLength(1);
  });

  it("receives an unlimited-stock product without touching its stock or writing an adjustment", async () => {
    const { client, key, store } = await merchant(transport);
    const unlimited = await createProduct(db(), store.applicationKey, { unlimitedInventory: true, stock: 0 });
    const supplier = await createSupplier(db(), store.applicationKey, [{ productId: unlimited.id }]);
    const { order, lines } = await createPurchaseOrderRow(
      db(),
      store.applicationKey,
      supplier,
      [{ productId: unlimited.id, quantity: 3 }],
      { status: "ordered" },
    );
    const { data } = await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: order.id,
      version: 1,
      lines: [{ line_id: lines[0].id, quantity: 3 }],
    });
    expect(data.status).toBe("received");
    expect(await stockOf(unlimited.id)).toBe(0);
    const { data: adjustments } = await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
      ...key,
      product_code: unlimited.productCode,
    });
    expect(adjustments).toEqual([]);
  });

  it("cancels a draft or an ordered purchase order, never a partly received one, and never over a newer version", async () => {
    const { client, key, tea, supplier, store } = await supplying(transport);
    const make = (status: "draft" | "ordered" | "partially_received") =>
      createPurchaseOrderRow(db(), store.applicationKey, supplier, [{ productId: tea.id, quantity: 6 }], { status });
    const [draft, ordered, partial] = await Promise.all([make("draft"), make("ordered"), make("partially_received")]);
    await expectFailure(
      client.update_purchase_order_status_data_by_application_key_and_id({
        ...key,
        id: draft.order.id,
        version: 2,
        to: "cancelled",
      }),
      409,
      "edited-elsewhere",
    );
    for (const { order } of [draft, ordered]) {
      await client.update_purchase_order_status_data_by_application_key_and_id({
        ...key,
        id: order.id,
        version: 1,
        to: "cancelled",
        note: "Found a cheaper supplier",
      });
    }
    await expectFailure(
      client.update_purchase_order_status_data_by_application_key_and_id({
        ...key,
        id: partial.order.id,
        version: 1,
        to: "cancelled",
      }),
      409,
      "purchase-order-transition-not-allowed",
    );
    await expectFailure(
      client.update_purchase_order_status_data_by_application_key_and_id({
        ...key,
        id: draft.order.id,
        version: 2,
        to: "ordered",
      }),
      409,
      "purchase-order-transition-not-allowed",
    );
    const { data: rows } = await client.get_purchase_order_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      status: "cancelled",
      supplier_id: supplier.id,
    });
    expect(rows.map((row) => row.id).sort()).toEqual([draft.order.id, ordered.order.id].sort());
    const { data: cancelled } = await client.get_purchase_order_data_by_application_key_and_id({
      ...key,
      id: ordered.order.id,
    });
    expect(cancelled.history.at(-1)).toMatchObject({
      from_status: "ordered",
      to_status: "cancelled",
      note: "Found a cheaper supplier",
    });
  });

  it("refuses a draft's edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { client, key, tea, supplier, store } = await supplying(transport);
    const { order } = await createPurchaseOrderRow(db(), store.applicationKey, supplier, [
      { productId: tea.id, quantity: 6 },
    ]);
    const edit = (quantity: number) =>
      client.update_purchase_order_data_by_application_key_and_id({
        ...key,
        id: order.id,
        version: 1,
        supplier_id: supplier.id,
        lines: [{ product_code: tea.productCode, quantity, unit_cost_cents: 12_50 }],
      });
    await edit(7);
    await expectFailure(edit(8), 409, "edited-elsewhere");
    const { data } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(data).toMatchObject({ ordered_quantity: 7, version: 2 });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("suggests products at or below their reorder point and makes a draft of them at the minimum order quantity", async () => {
    const { client, key, tea, supplier, store } = await supplying(transport);
    const plenty = await createProduct(db(), store.applicationKey, { stock: 50 });
    const unlimited = await createProduct(db(), store.applicationKey, { unlimitedInventory: true, stock: 0 });
    const quiet = await createSupplier(db(), store.applicationKey, [
      { productId: plenty.id, reorderPoint: 10 },
      { productId: unlimited.id, reorderPoint: 10 },
    ]);

    const { data: suggestions } = await client.get_reorder_suggestion_data_list_by_application_key(key);
    expect(suggestions).toEqual([
      {
        supplier_id: supplier.id,
        supplier_name: supplier.name,
        products: [
          expect.objectContaining({
            product_code: tea.productCode,
            stock: 4,
            reorder_point: 5,
            minimum_order_quantity: 6,
          }),
        ],
      },
    ]);
    await expectFailure(
      client.add_reorder_purchase_order_data({ ...key, supplier_id: quiet.id }),
      409,
      "nothing-to-reorder",
    );

    const { data } = await client.add_reorder_purchase_order_data({ ...key, supplier_id: supplier.id });
    const { data: draft } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: data.id });
    expect(draft).toMatchObject({ status: "draft", supplier_id: supplier.id, total_cents: 6 * 12_50 });
    expect(draft.lines.map((line) => [line.product_code, line.quantity, line.unit_cost_cents])).toEqual([
      [tea.productCode, 6, 12_50],
    ]);
  });
});
