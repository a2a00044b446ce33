// The checkout sells variants: a product with options by the variant a line names, at that variant's price,
// from that variant's stock; order lines keep its option values; a refund puts back that variant's stock.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, productOptionValues, products, productVariants } from "../../backend/db/schema";
import { createProductWithVariants } from "../../tests/helpers/factories";
import { db } from "../../tests/integration/wire";
import { outcomeOf, shop, tally, uuid } from "./shop.integration";

/** A T-shirt in Size S/M × Colour Black/White: four variants at their own prices and stock. */
async function tee(applicationKey: string, stock = [5, 5, 5, 5]) {
  return createProductWithVariants(db(), applicationKey, {
    options: [
      { nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M"] },
      { nameZhHk: "顏色", nameEn: "Colour", values: ["黑", "白"] },
    ],
    variants: [
      { values: [0, 0], sku: `TEE-S-BLACK-${uuid()}`, priceCents: 100_00, stock: stock[0] },
      { values: [0, 1], sku: `TEE-S-WHITE-${uuid()}`, priceCents: 110_00, stock: stock[1] },
      { values: [1, 0], sku: `TEE-M-BLACK-${uuid()}`, priceCents: 120_00, stock: stock[2] },
      { values: [1, 1], sku: `TEE-M-WHITE-${uuid()}`, priceCents: 130_00, stock: stock[3], sellable: false },
    ],
  });
}

const stockOf = async (ids: number[]) =>
  (await db().select().from(productVariants).where(inArray(productVariants.id, ids)))
    .sort((a, b) => a.position - b.position)
    .map((variant) => variant.stock);

describe("checkout of variants", () => {
  it("sells the variant a line names at its price, and refuses a line that names none, another's or an unsellable one", async () => {
    const { client, key } = await shop("embedded");
    const shirt = await tee(key.application_key);
    const [sBlack, sWhite, mBlack, mWhite] = shirt.variants;
    const quote = (lines: object[]) =>
      client.get_order_amount_data_by_application_key({ ...key, lines: lines as never });
    const code = shirt.productCode;

    const { data } = await quote([
      { product_code: code, variant_id: sWhite.id, quantity: 2 },
      { product_code: code, variant_id: mBlack.id, quantity: 1 },
    ]);
    expect(data.lines.map((line) => [line.variant_id, line.variant_name_en, line.unit_price_cents])).toEqual([
      [sWhite.id, "S / 白", 110_00],
      [mBlack.id, "M / 黑", 120_00],
    ]);
    expect(data.subtotal_cents).toBe(340_00);

    const other = await tee(key.application_key);
    expect(
      await Promise.all([
        outcomeOf(quote([{ product_code: code, quantity: 1 }])),
        outcomeOf(quote([{ product_code: code, variant_id: other.variants[0].id, quantity: 1 }])),
        outcomeOf(quote([{ product_code: code, variant_id: mWhite.id, quantity: 1 }])),
        outcomeOf(quote([{ product_code: code, variant_id: sBlack.id, quantity: 6 }])),
      ]),
    ).toEqual(["400 variant-required", "404 not-found", "409 product-unavailable", "409 inventory-not-enough"]);
  });

  it("takes the sold variant's stock, keeps its option values on the order line, and a refund puts it back", async () => {
    const { client, key } = await shop("embedded");
    const shirt = await tee(key.application_key);
    const ids = shirt.variants.map((variant) => variant.id);
    const { data: order } = await client.add_pos_order_data({
      ...key,
      lines: [{ product_code: shirt.productCode, variant_id: ids[2], quantity: 3, add_on_product_ids: [] }],
      payments: [{ method: "cash", amount_cents: 360_00 }],
      idempotency_key: uuid(),
    });
    expect(await stockOf(ids)).toEqual([5, 5, 2, 5]);
    const [product] = await db().select().from(products).where(eq(products.id, shirt.id));
    expect([product.stock, product.soldQuantity]).toEqual([17, 3]);

    // Renaming the value later does not change what the order says was sold.
    await db()
      .update(productOptionValues)
      .set({ valueZhHk: "黑色", valueEn: "Black" })
      .where(eq(productOptionValues.valueZhHk, "黑"));
    const { data: detail } = await client.get_order_data_by_application_key_and_id({ ...key, id: order.id });
    expect(detail.lines.map((line) => [line.variant_id, line.variant_name_zh_hk, line.variant_name_en])).toEqual([
      [ids[2], "M / 黑", "M / 黑"],
    ]);
    await client.add_order_refund_data({
      ...key,
      id: order.id,
      version: detail.version,
      lines: [{ line_id: detail.lines[0].id, quantity: 2, restock: true }],
      note: "wrong size",
    });
    expect(await stockOf(ids)).toEqual([5, 5, 4, 5]);
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line.variantId).toBe(ids[2]);
  });

  it("sells the last unit of a variant to exactly 1 of 20 concurrent sales, the other variants untouched", async () => {
    const { client, key } = await shop("embedded");
    const shirt = await tee(key.application_key, [3, 1, 4, 2]);
    const ids = shirt.variants.map((variant) => variant.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcomeOf(
          client.add_pos_order_data({
            ...key,
            lines: [{ product_code: shirt.productCode, variant_id: ids[1], quantity: 1, add_on_product_ids: [] }],
            payments: [{ method: "cash", amount_cents: 110_00 }],
            idempotency_key: uuid(),
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, "409 inventory-not-enough": 19 });
    expect(await stockOf(ids)).toEqual([3, 0, 4, 2]);
    const [product] = await db().select().from(products).where(eq(products.id, shirt.id));
    expect(product.stock).toBe(9);
  });
});
