import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchaseOrders } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createProduct, createPurchaseOrderRow, createStore, createSupplier } from "../../tests/helpers/factories";
import { db, expectFailure, logOf, merchant, TRANSPORT_NAMES } from "../../tests/integration/wire";

const unique = () => crypto.randomUUID().slice(0, 8);

type SupplierInput = Omit<PayloadInput<"add_supplier_data">, "application_key">;

const newSupplier = (overrides: Partial<SupplierInput> = {}) => ({
  name: `Tea House ${unique()}`,
  contact_person: "Chan Tai Man",
  phone: "23456789",
  email: "orders@tea.example",
  address: "1 Example Street\nKwun Tong",
  note: null,
  products: [],
  ...overrides,
});

const list = { sorting: "create_date", direction: "DESC", limit: 20, page: 1 } as const;

describe.each(TRANSPORT_NAMES)("supplier actions over the %s transport", (transport) => {
  it("adds a supplier with its products, reads, edits and deletes it, logging every write", async () => {
    const { store, client, key } = await merchant(transport);
    const [tea, cups] = await Promise.all([
      createProduct(db(), store.applicationKey, { stock: 4 }),
      createProduct(db(), store.applicationKey, { stock: 0 }),
    ]);
    const input = newSupplier({
      products: [
        {
          product_code: tea.productCode,
          supplier_code: "T-1",
          cost_cents: 12_50,
          minimum_order_quantity: 6,
          reorder_point: 5,
        },
        {
          product_code: cups.productCode,
          supplier_code: null,
          cost_cents: 3_00,
          minimum_order_quantity: 1,
          reorder_point: null,
        },
      ],
    });
    const { data: added } = await client.add_supplier_data({ ...key, ...input });

    const { data } = await client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data).toMatchObject({ ...input, products: expect.any(Array), id: added.id, product_count: 2, version: 1 });
    expect(data.products).toEqual([
      expect.objectContaining({
        product_code: tea.productCode,
        supplier_code: "T-1",
        cost_cents: 12_50,
        stock: 4,
        reorder_point: 5,
      }),
      expect.objectContaining({
        product_code: cups.productCode,
        cost_cents: 3_00,
        minimum_order_quantity: 1,
        reorder_point: null,
      }),
    ]);

    await client.update_supplier_data_by_application_key_and_id({
      ...key,
      ...input,
      phone: null,
      products: [{ product_code: cups.productCode, cost_cents: 2_80, minimum_order_quantity: 12 }],
      id: added.id,
      version: 1,
    });
    const { data: edited } = await client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    expect(edited).toMatchObject({ phone: null, product_count: 1, version: 2 });
    expect(edited.products.map((line) => [line.product_code, line.cost_cents, line.minimum_order_quantity])).toEqual([
      [cups.productCode, 2_80, 12],
    ]);

    const { data: rows, extra } = await client.get_supplier_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      keyword: input.name.slice(-6),
    });
    expect(rows.map((row) => row.id)).toEqual([added.id]);
    expect(extra.total_number).toBe(1);

    await client.delete_supplier_data_by_application_key_and_id({ ...key, id: added.id });
    await expectFailure(client.get_supplier_data_by_application_key_and_id({ ...key, id: added.id }), 404, "not-found");

    const log = await logOf(store.applicationKey);
    expect(log.map((entry) => [entry.action, entry.data_type, entry.record_id, entry.record_name_en])).toEqual([
      ["add", "supplier_data", String(added.id), input.name],
      ["edit", "supplier_data", String(added.id), input.name],
      ["delete", "supplier_data", String(added.id), input.name],
    ]);
    expect(log[1].changes.phone).toEqual(["23456789", null]);
    expect(log[1].changes.products[1]).toBe(`${cups.productCode} - 280 ×12 ≤-`);
  });

  it("checks the fields: the phone rule, the e-mail, a product once, a minimum of at least 1", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey);
    const line = { product_code: product.productCode, cost_cents: 100, minimum_order_quantity: 1 };
    const refused = await expectFailure(
      client.add_supplier_data({
        ...key,
        ...newSupplier({
          phone: "12345678",
          email: "not-an-email",
          products: [line, { ...line, minimum_order_quantity: 0 }],
        }),
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      phone: ["phone-invalid"],
      email: ["format-not-match"],
      "products.1.minimum_order_quantity": ["number-range:1:1000000"],
      "products.1.product_code": ["line-repeated"],
    });
    const unknown = await expectFailure(
      client.add_supplier_data({
        ...key,
        ...newSupplier({ products: [line, { ...line, product_code: "no-such-product" }] }),
      }),
      404,
      "not-found",
    );
    expect(unknown.fields).toEqual({ "products.1.product_code": ["product-not-found"] });
    expect(await logOf(store.applicationKey)).toEqual([]);
  });

  it("keeps a supplier with open purchase orders; one whose orders are all closed can go, and they keep its name", async () => {
    const { store, client, key } = await merchant(transport);
    const product = await createProduct(db(), store.applicationKey);
    const supplier = await createSupplier(db(), store.applicationKey, [{ productId: product.id }]);
    const lines = [{ productId: product.id, quantity: 2 }];
    const closing = { draft: "cancelled", ordered: "cancelled", partially_received: "received" } as const;
    for (const [status, closed] of Object.entries(closing) as [
      keyof typeof closing,
      (typeof closing)[keyof typeof closing],
    ][]) {
      const { order } = await createPurchaseOrderRow(db(), store.applicationKey, supplier, lines, { status });
      await expectFailure(
        client.delete_supplier_data_by_application_key_and_id({ ...key, id: supplier.id }),
        409,
        "supplier-has-open-purchase-orders",
      );
      await db().update(purchaseOrders).set({ status: closed }).where(eq(purchaseOrders.id, order.id));
    }
    const { data: orders } = await client.get_purchase_order_data_and_total_number_by_sorting_and_limit({
      ...key,
      ...list,
      supplier_id: supplier.id,
    });
    expect(orders.map((order) => order.status).sort()).toEqual(["cancelled", "cancelled", "received"]);

    await client.delete_supplier_data_by_application_key_and_id({ ...key, id: supplier.id });
    const { data: kept } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: orders[0].id });
    expect(kept).toMatchObject({ supplier_id: null, supplier_name: supplier.name, supplier: null });
  });

  it("refuses an edit over a version someone else saved since (409), keeping theirs and its one log entry", async () => {
    const { store, client, key } = await merchant(transport);
    const supplier = await createSupplier(db(), store.applicationKey);
    const id = { ...key, id: supplier.id };
    const theirs = newSupplier();
    await client.update_supplier_data_by_application_key_and_id({ ...id, ...theirs, version: 1 });
    await expectFailure(
      client.update_supplier_data_by_application_key_and_id({ ...id, ...newSupplier(), version: 1 }),
      409,
      "edited-elsewhere",
    );
    const { data } = await client.get_supplier_data_by_application_key_and_id(id);
    expect(data).toMatchObject({ name: theirs.name, version: 2 });
    expect((await logOf(store.applicationKey)).length).toBe(1);
  });

  it("does not show another store's suppliers or link another store's products", async () => {
    const { client, key } = await merchant(transport);
    const other = await createStore(db());
    const theirs = await createSupplier(db(), other.applicationKey);
    const foreignProduct = await createProduct(db(), other.applicationKey);
    await expectFailure(
      client.get_supplier_data_by_application_key_and_id({ ...key, id: theirs.id }),
      404,
      "not-found",
    );
    const { data } = await client.get_supplier_data_list_by_application_key(key);
    expect(data).toEqual([]);
    await expectFailure(
      client.add_supplier_data({
        ...key,
        ...newSupplier({
          products: [{ product_code: foreignProduct.productCode, cost_cents: 1, minimum_order_quantity: 1 }],
        }),
      }),
      404,
      "not-found",
    );
  });
});
