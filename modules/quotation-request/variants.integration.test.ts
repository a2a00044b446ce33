import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants, quotationLines } from "../../backend/db/schema";
import { createProduct, createProductWithVariants } from "../../tests/helpers/factories";
import { clientOver, db, expectFailure, merchant } from "../../tests/integration/wire";

// One transport: the request actions' wire is covered over both by the module's own tests.
describe("quotation requests of variants", () => {
  it("keeps the variant a customer names, and quotes each line at its variant's price", async () => {
    const { store, client, key } = await merchant("embedded");
    const { variants, ...tee } = await createProductWithVariants(db(), store.applicationKey, {
      nameEn: "T-shirt",
      options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
      variants: [
        { values: [0], sku: "R-TEE-S", priceCents: 100_00 },
        { values: [1], sku: "R-TEE-M", priceCents: 120_00 },
      ],
    });
    const [, medium] = variants;
    await db().update(productVariants).set({ discountPriceCents: 110_00 }).where(eq(productVariants.id, medium.id));
    const mug = await createProduct(db(), store.applicationKey, { nameEn: "Mug", priceCents: 40_00 });
    const [mugVariant] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, mug.id));
    const request = (lines: { product_code: string; variant_id?: number; quantity: number }[]) =>
      clientOver("embedded").add_quotation_request_data({
        application_key: store.applicationKey,
        idempotency_key: crypto.randomUUID(),
        contact_name: "Chan Tai Man",
        email: "buyer@example.com",
        lines,
      });

    const refused = await expectFailure(
      request([{ product_code: tee.productCode, variant_id: mugVariant.id, quantity: 1 }]),
      404,
      "not-found",
    );
    expect(refused.fields).toEqual({ "lines.0.variant_id": ["variant-not-found"] });

    // The medium size, the T-shirt without a size (the customer leaves it to the store), and the mug.
    const { data: added } = await request([
      { product_code: tee.productCode, variant_id: medium.id, quantity: 2 },
      { product_code: tee.productCode, quantity: 1 },
      { product_code: mug.productCode, quantity: 3 },
    ]);
    const { data: detail } = await client.get_quotation_request_data_by_application_key_and_id({
      ...key,
      id: added.id,
    });
    expect(
      detail.lines.map((line) => [
        line.variant_id,
        line.variant_name_zh_hk,
        line.variant_name_en,
        line.unit_price_cents,
      ]),
    ).toEqual([
      [medium.id, "中", "M", 110_00],
      [null, null, null, 100_00],
      [null, null, null, 40_00],
    ]);

    const { data: quoted } = await client.add_quotation_from_request_data({
      ...key,
      quotation_request_id: added.id,
      version: 1,
    });
    const lines = await db()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, quoted.id))
      .orderBy(quotationLines.position);
    expect(
      lines.map((line) => [line.productId, line.variantId, line.variantNameEn, line.unitPriceCents, line.quantity]),
    ).toEqual([
      [tee.id, medium.id, "M", 110_00, 2],
      [tee.id, null, null, 100_00, 1],
      [mug.id, mugVariant.id, null, 40_00, 3],
    ]);
    // The quotation's form asks for the size the customer left open before it is saved again.
    const unnamed = await expectFailure(
      client.update_quotation_data_by_application_key_and_id({
        ...key,
        id: quoted.id,
        version: 1,
        contact_name: "Chan Tai Man",
        valid_until: "2099-12-31",
        lines: [{ product_code: tee.productCode, quantity: 1 }],
      }),
      400,
      "invalid-payload",
    );
    expect(unnamed.fields).toEqual({ "lines.0.variant_id": ["variant-required"] });
  });
});
