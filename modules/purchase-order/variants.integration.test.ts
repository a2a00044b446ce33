import { describe, expect, it } from "vitest";
import { createProduct, createProductWithVariants, createSupplier } from "../../tests/helpers/factories";
import { db, expectFailure, merchant, storeD1 } from "../../tests/integration/wire";

/** A store whose supplier sells two sizes of a T-shirt (S: stock 2, reorder at 3; M: stock 8, reorder at 3), not L. */
async function supplyingTees() {
  const seller = await merchant("embedded");
  const applicationKey = seller.store.applicationKey;
  const { variants, ...product } = await createProductWithVariants(db(), applicationKey, {
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中", "大"], valuesEn: ["S", "M", "L"] }],
    variants: [
      { values: [0], sku: "TEE-S", stock: 2 },
      { values: [1], sku: "TEE-M", stock: 8 },
      { values: [2], sku: "TEE-L", stock: 1 },
    ],
  });
  const [small, medium, large] = variants;
  const supplier = await createSupplier(db(), applicationKey, [
    { productId: product.id, variantId: small.id, costCents: 20_00, minimumOrderQuantity: 5, reorderPoint: 3 },
    { productId: product.id, variantId: medium.id, costCents: 22_00, minimumOrderQuantity: 1, reorderPoint: 3 },
  ]);
  return { ...seller, product, small, medium, large, supplier };
}

const variantStock = async (id: number) =>
  (await storeD1().prepare("SELECT stock FROM product_variant WHERE id = ?").bind(id).first<{ stock: number }>())!
    .stock;

// One transport: the purchase order actions' wire is covered over both by the module's own tests.
describe("purchase orders of variants", () => {
  it("orders two variants of one product and receives each into its own stock and history", async () => {
    const { client, key, product, small, medium, large, supplier } = await supplyingTees();
    const line = (fields: { variant_id?: number; quantity?: number }) => ({
      product_code: product.productCode,
      quantity: 5,
      ...fields,
    });

    const refused = await expectFailure(
      client.add_purchase_order_data({
        ...key,
        supplier_id: supplier.id,
        lines: [line({}), line({ variant_id: large.id }), line({ variant_id: small.id, quantity: 4 })],
      }),
      400,
      "invalid-payload",
    );
    expect(refused.fields).toEqual({
      "lines.0.variant_id": ["variant-required"],
      "lines.1.product_code": ["product-not-from-supplier"],
      "lines.2.quantity": ["below-minimum-order-quantity:5"],
    });

    const { data: added } = await client.add_purchase_order_data({
      ...key,
      supplier_id: supplier.id,
      lines: [line({ variant_id: small.id, quantity: 10 }), line({ variant_id: medium.id, quantity: 4 })],
    });
    const id = { ...key, id: added.id };
    const { data: draft } = await client.get_purchase_order_data_by_application_key_and_id(id);
    expect(
      draft.lines.map((row) => [row.variant_id, row.variant_name_zh_hk, row.variant_name_en, row.unit_cost_cents]),
    ).toEqual([
      [small.id, "細", "S", 20_00],
      [medium.id, "中", "M", 22_00],
    ]);
    expect(draft.total_cents).toBe(10 * 20_00 + 4 * 22_00);
    await client.update_purchase_order_status_data_by_application_key_and_id({
      ...id,
      version: 1,
      to: "ordered",
      note: null,
    });

    const [smallLine, mediumLine] = draft.lines;
    const { data: received } = await client.add_purchase_order_receipt_data({
      ...key,
      purchase_order_id: added.id,
      version: 2,
      lines: [
        { line_id: smallLine.id, quantity: 6 },
        { line_id: mediumLine.id, quantity: 4 },
      ],
      note: null,
    });
    expect(received.status).toBe("partially_received");
    expect([await variantStock(small.id), await variantStock(medium.id), await variantStock(large.id)]).toEqual([
      2 + 6,
      8 + 4,
      1,
    ]);
    const history = async (variant_id: number) =>
      (
        await client.get_inventory_adjustment_data_list_by_application_key_and_product_code({
          ...key,
          product_code: product.productCode,
          variant_id,
        })
      ).data.map((entry) => [entry.variant_id, entry.before, entry.after, entry.reason]);
    expect(await history(small.id)).toEqual([[small.id, 2, 8, "PO00001"]]);
    expect(await history(medium.id)).toEqual([[medium.id, 8, 12, "PO00001"]]);
    expect(await history(large.id)).toEqual([]);
  });

  it("suggests the variant at its reorder point, not its sibling, and drafts its reorder", async () => {
    const { client, key, product, small, supplier } = await supplyingTees();
    const { data: suggestions } = await client.get_reorder_suggestion_data_list_by_application_key(key);
    expect(suggestions).toEqual([
      {
        supplier_id: supplier.id,
        supplier_name: supplier.name,
        products: [
          {
            product_code: product.productCode,
            name_zh_hk: product.nameZhHk,
            name_en: product.nameEn,
            variant_id: small.id,
            label_zh_hk: "細",
            label_en: "S",
            stock: 2,
            reorder_point: 3,
            minimum_order_quantity: 5,
            cost_cents: 20_00,
          },
        ],
      },
    ]);
    const { data: drafted } = await client.add_reorder_purchase_order_data({ ...key, supplier_id: supplier.id });
    const { data } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: drafted.id });
    expect(data.lines.map((row) => [row.variant_id, row.quantity, row.variant_name_zh_hk])).toEqual([
      [small.id, 5, "細"],
    ]);
  });

  it("takes a line without its variant for a product that has only one", async () => {
    const { store, client, key } = await merchant("embedded");
    const plain = await createProduct(db(), store.applicationKey, { stock: 1 });
    const supplier = await createSupplier(db(), store.applicationKey, [{ productId: plain.id }]);
    const { data: added } = await client.add_purchase_order_data({
      ...key,
      supplier_id: supplier.id,
      lines: [{ product_code: plain.productCode, quantity: 3 }],
    });
    const { data } = await client.get_purchase_order_data_by_application_key_and_id({ ...key, id: added.id });
    expect(data.lines.map((row) => [row.variant_id, row.variant_name_zh_hk])).toEqual([[plain.variantId, ""]]);
    // And once more beside its own variant named is the same line twice.
    const twice = await expectFailure(
      client.add_purchase_order_data({
        ...key,
        supplier_id: supplier.id,
        lines: [
          { product_code: plain.productCode, quantity: 3 },
          { product_code: plain.productCode, variant_id: plain.variantId, quantity: 3 },
        ],
      }),
      400,
      "invalid-payload",
    );
    expect(twice.fields).toEqual({ "lines.1.product_code": ["line-repeated"] });
  });
});
