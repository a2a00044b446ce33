import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, productVariants } from "../../backend/db/schema";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import { createProduct, createProductWithVariants, setStockWhere } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, merchant, storeD1 } from "../../tests/integration/wire";

/** A store with a T-shirt in two sizes (S: HK$100, 1 in stock; M: HK$120 or HK$110 discounted, 5 in stock). */
async function quotingTees() {
  const seller = await merchant("embedded");
  const { variants, ...product } = await createProductWithVariants(db(), seller.store.applicationKey, {
    nameZhHk: "T 恤",
    nameEn: "T-shirt",
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
    variants: [
      { values: [0], sku: "Q-TEE-S", priceCents: 100_00, stock: 1 },
      { values: [1], sku: "Q-TEE-M", priceCents: 120_00, stock: 5 },
    ],
  });
  const [small, medium] = variants;
  await db().update(productVariants).set({ discountPriceCents: 110_00 }).where(eq(productVariants.id, medium.id));
  return { ...seller, product, small, medium };
}

const variantStock = async (id: number) =>
  (await storeD1().prepare("SELECT stock FROM product_variant WHERE id = ?").bind(id).first<{ stock: number }>())!
    .stock;

// One transport: the quotation actions' wire is covered over both by the module's own tests.
describe("quotations of variants", () => {
  it("quotes a variant of a product with options, shows it on the quotation and the customer's page, and sells it on conversion", async () => {
    const { client, key, store, product, small, medium } = await quotingTees();
    const other = await createProduct(db(), store.applicationKey);
    const form = { ...key, contact_name: "Chan Tai Man", email: "buyer@example.com", valid_until: "2099-12-31" };
    const line = (fields: { variant_id?: number; quantity?: number }) => ({
      product_code: product.productCode,
      quantity: 2,
      ...fields,
    });

    // A product with several variants needs one; a variant of another product is not this product's.
    const required = await expectFailure(
      client.add_quotation_data({ ...form, lines: [line({ variant_id: small.id }), line({})] }),
      400,
      "invalid-payload",
    );
    expect(required.fields).toEqual({ "lines.1.variant_id": ["variant-required"] });
    const [otherVariant] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, other.id));
    const notFound = await expectFailure(
      client.add_quotation_data({ ...form, lines: [line({ variant_id: otherVariant.id })] }),
      404,
      "not-found",
    );
    expect(notFound.fields).toEqual({ "lines.0.variant_id": ["variant-not-found"] });

    // Two lines of two sizes, each at its variant's price (the discount price where it has one).
    const { data: added } = await client.add_quotation_data({
      ...form,
      lines: [line({ variant_id: small.id }), line({ variant_id: medium.id, quantity: 3 })],
    });
    const shortSmall = {
      position: 0,
      product_code: product.productCode,
      name_zh_hk: "T 恤",
      name_en: "T-shirt",
      variant_name_zh_hk: "細",
      variant_name_en: "S",
      in_stock: 1,
      quoted: 2,
    };
    expect(added.short_lines).toEqual([shortSmall]);
    const id = { ...key, id: added.id };
    const { data: detail } = await client.get_quotation_data_by_application_key_and_id(id);
    expect(
      detail.lines.map((row) => [row.variant_id, row.variant_name_zh_hk, row.variant_name_en, row.unit_price_cents]),
    ).toEqual([
      [small.id, "細", "S", 100_00],
      [medium.id, "中", "M", 110_00],
    ]);
    expect(detail.total_cents).toBe(2 * 100_00 + 3 * 110_00);
    expect(detail.short_lines).toEqual([shortSmall]);

    // Another size is a changed line, and a new revision once sent; the customer's page names the sizes.
    const { data: saved } = await client.update_quotation_data_by_application_key_and_id({
      ...form,
      ...id,
      version: 1,
      lines: [line({ variant_id: medium.id, quantity: 1 }), line({ variant_id: medium.id, quantity: 3 })],
    });
    expect(saved.short_lines).toEqual([]);
    await client.add_quotation_email_data({ ...id, version: 2, language: "en" });
    const { data: resaved } = await client.update_quotation_data_by_application_key_and_id({
      ...form,
      ...id,
      version: 3,
      lines: [line({ variant_id: small.id }), line({ variant_id: medium.id, quantity: 3 })],
    });
    expect(resaved).toEqual({ revision: 2, short_lines: [shortSmall] });
    const { data: revised } = await client.get_quotation_data_by_application_key_and_id(id);
    expect(revised.history.at(-1)?.changes).toEqual(["line 1"]);
    const token = await signQuotationLink(env.SESSION_SECRET, {
      applicationKey: store.applicationKey,
      id: added.id,
      revision: 2,
      expires: linkExpiry("2099-12-31", new Date()),
    });
    const { data: shown } = await clientOver("embedded").get_quotation_data_by_token({ token: token! });
    expect(shown.lines.map((row) => [row.name_en, row.variant_name_en])).toEqual([
      ["T-shirt", "S"],
      ["T-shirt", "M"],
    ]);

    // Approved, it converts only once the small size is in stock, and takes each size from its own stock.
    await client.update_quotation_status_data_by_application_key_and_id({ ...id, version: 4, to: "approved" });
    const refusal = await expectFailure(
      client.add_quotation_order_data({ ...id, version: 5 }),
      409,
      "quotation-stock-short",
    );
    expect(refusal.fields).toEqual({ "lines.0.quantity": ["quotation-line-short:1:2"] });
    await setStockWhere(db(), eq(productVariants.id, small.id), 2);
    const { data: converted } = await client.add_quotation_order_data({ ...id, version: 5 });
    const sold = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, converted.order_id))
      .orderBy(orderLines.position);
    expect(
      sold.map((row) => [row.variantId, row.variantNameZhHk, row.variantNameEn, row.unitPriceCents, row.quantity]),
    ).toEqual([
      [small.id, "細", "S", 100_00, 2],
      [medium.id, "中", "M", 110_00, 3],
    ]);
    expect([await variantStock(small.id), await variantStock(medium.id)]).toEqual([0, 2]);
  });
});

describe("a quotation's form reads", () => {
  it("name each of a hundred products the store has not, beside its line", async () => {
    const { client, key } = await merchant("embedded");
    const lines = Array.from({ length: 100 }, (_, index) => ({ product_code: `NONE-${index}`, quantity: 1 }));
    const refused = await expectFailure(
      client.add_quotation_data({ ...key, contact_name: "Chan Tai Man", valid_until: "2099-12-31", lines }),
      404,
      "not-found",
    );
    expect(Object.keys(refused.fields ?? {})).toHaveLength(100);
  });
});
