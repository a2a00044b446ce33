import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, productCategories, products, productVariants } from "../../backend/db/schema";
import { couponDiscountCents } from "../../contract/coupon-discount";
import { createAddOn, createCategory, createCoupon, createProductWithVariants } from "../../tests/helpers/factories";
import { db, storeD1 } from "../../tests/integration/wire";
import { shop } from "../checkout/shop.integration";
import { POS_CATALOGUE_PAGE_SIZE } from "./options";

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** `count` published products of one unlimited variant each, in one statement each, returning their ids. */
async function bulkProducts(applicationKey: string, count: number) {
  const prefix = `BULK-${crypto.randomUUID().slice(0, 8)}-`;
  await storeD1()
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO product (application_key, product_code, name_zh_hk, price_cents, publish)
     SELECT ?, ? || i, '產品 ' || i, 1000, 1 FROM n`,
    )
    .bind(count, applicationKey, prefix)
    .run();
  await storeD1()
    .prepare(
      `INSERT INTO product_variant (application_key, product_id, price_cents, unlimited_inventory)
     SELECT application_key, id, price_cents, 1 FROM product WHERE application_key = ? AND product_code LIKE ? || '%'`,
    )
    .bind(applicationKey, prefix)
    .run();
  const rows = await db().select({ id: products.id }).from(products).where(eq(products.applicationKey, applicationKey));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe("the POS's offline catalogue", () => {
  it("pages the published products but gift cards by id, never another store's", async () => {
    const { client, key, product } = await shop("embedded");
    const other = await shop("embedded");
    const theirs = await other.product();
    const ids = await bulkProducts(key.application_key, POS_CATALOGUE_PAGE_SIZE + 1);
    const hidden = await product({ publish: false });
    const giftCard = await product({ giftCardKind: "fixed", priceCents: 500_00 });

    const { data: first } = await client.get_pos_offline_catalogue_data_by_application_key(key);
    expect(first.products.map((row) => row.id)).toEqual(ids.slice(0, POS_CATALOGUE_PAGE_SIZE));
    expect(first.next_after_id).toBe(ids[POS_CATALOGUE_PAGE_SIZE - 1]);
    const { data: second } = await client.get_pos_offline_catalogue_data_by_application_key({
      ...key,
      after_id: first.next_after_id!,
    });
    expect(second.products.map((row) => row.id)).toEqual([ids[POS_CATALOGUE_PAGE_SIZE]]);
    expect(second.next_after_id).toBeNull();
    expect(second.products[0]!.variants).toEqual([
      expect.objectContaining({ name_zh_hk: null, name_en: null, price_cents: 1000, stock: null, sellable: true }),
    ]);
    const listed = [...first.products, ...second.products].map((row) => row.id);
    expect(listed).not.toContain(hidden.id);
    expect(listed).not.toContain(giftCard.id);
    expect(listed).not.toContain(theirs.id);
  });

  it("holds each product's variants priced for a sale without a member, its categories and add-ons", async () => {
    const { client, key, product } = await shop("embedded");
    const shirt = await createProductWithVariants(db(), key.application_key, {
      nameEn: "Shirt",
      options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中", "大"], valuesEn: ["S", "M", "L"] }],
      variants: [
        { values: [0], barcode: "SHIRT-S", sku: "S-1", priceCents: 100_00, stock: 4 },
        { values: [1], priceCents: 120_00, unlimitedInventory: true },
        { values: [2], priceCents: 130_00, stock: 2, sellable: false },
      ],
    });
    const [small, medium, large] = shirt.variants;
    await db()
      .update(productVariants)
      .set({ discountPriceCents: 80_00, vipPriceCents: 70_00 })
      .where(eq(productVariants.id, small!.id));
    await db()
      .update(products)
      .set({ images: ["https://img.test/a.png", "https://img.test/b.png"] })
      .where(eq(products.id, shirt.id));
    const shown = await createCategory(db(), key.application_key);
    const unlisted = await createCategory(db(), key.application_key);
    await db().update(categories).set({ publish: false }).where(eq(categories.id, unlisted.id));
    await db()
      .insert(productCategories)
      .values([
        { applicationKey: key.application_key, productId: shirt.id, categoryId: shown.id },
        { applicationKey: key.application_key, productId: shirt.id, categoryId: unlisted.id },
      ]);
    const bag = await createAddOn(db(), key.application_key, { barcode: "BAG", unlimitedInventory: true });
    const iron = await createAddOn(db(), key.application_key, { forProductId: shirt.id, stock: 3 });
    await createAddOn(db(), key.application_key, { forProductId: shirt.id, publish: false });
    const plain = await product({ priceCents: 20_00, discountPriceCents: 15_00, stock: 7, barcode: "PLAIN" });

    const { data } = await client.get_pos_offline_catalogue_data_by_application_key(key);
    expect(data.products.map((row) => row.id)).toEqual([shirt.id, plain.id]);
    expect(data.products[0]).toEqual({
      id: shirt.id,
      product_code: shirt.productCode,
      name_zh_hk: shirt.nameZhHk,
      name_en: "Shirt",
      barcode: "SHIRT-S",
      sku: "S-1",
      category_ids: [shown.id],
      image_url: "https://img.test/a.png",
      add_on_ids: [iron.id],
      variants: [
        {
          id: small!.id,
          name_zh_hk: "細",
          name_en: "S",
          barcode: "SHIRT-S",
          sku: "S-1",
          price_cents: 80_00,
          stock: 4,
          sellable: true,
        },
        {
          id: medium!.id,
          name_zh_hk: "中",
          name_en: "M",
          barcode: null,
          sku: null,
          price_cents: 120_00,
          stock: null,
          sellable: true,
        },
        {
          id: large!.id,
          name_zh_hk: "大",
          name_en: "L",
          barcode: null,
          sku: null,
          price_cents: 130_00,
          stock: 2,
          sellable: false,
        },
      ],
    });
    expect(data.products[1]).toMatchObject({
      barcode: "PLAIN",
      category_ids: [],
      add_on_ids: [],
      image_url: null,
      variants: [{ id: plain.variantId, name_zh_hk: null, price_cents: 15_00, stock: 7 }],
    });
    expect(data.add_ons).toEqual(
      expect.arrayContaining([
        { id: bag.id, name_zh_hk: bag.nameZhHk, name_en: "", price_cents: 1000, stock: null, barcode: "BAG" },
        { id: iron.id, name_zh_hk: iron.nameZhHk, name_en: "", price_cents: 1000, stock: 3, barcode: null },
      ]),
    );
    expect(data.add_ons).toHaveLength(2);
    expect(data.order_add_on_ids.sort()).toEqual([bag.id, iron.id].sort());
    expect(data.categories).toEqual([{ id: shown.id, name_zh_hk: shown.nameZhHk, name_en: shown.nameEn }]);
    expect(data.next_after_id).toBeNull();
    expect(Date.parse(data.refreshed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("offers only the coupons a counter may take without a member, and the offline payment methods", async () => {
    const { client, key } = await shop("embedded");
    const storeKey = key.application_key;
    const everyone = await createCoupon(db(), storeKey);
    const soon = await createCoupon(db(), storeKey, { startsAt: daysFromNow(1), expiresAt: daysFromNow(5) });
    const cash = await createCoupon(db(), storeKey, {
      discountType: "cash",
      discountValue: 20_00,
      minimumSubtotalCents: 100_00,
      usageLimit: 5,
      timesUsed: 4,
    });
    await createCoupon(db(), storeKey, { disabled: true });
    await createCoupon(db(), storeKey, { startsAt: daysFromNow(-5), expiresAt: daysFromNow(-1) });
    await createCoupon(db(), storeKey, { usageLimit: 2, timesUsed: 2 });
    await createCoupon(db(), storeKey, { audience: "specific" });
    await createCoupon(db(), storeKey, { usage: "once" });
    await createCoupon(db(), (await shop("embedded")).key.application_key);

    const { data } = await client.get_pos_offline_catalogue_data_by_application_key(key);
    expect(data.coupons.map((coupon) => coupon.code).sort()).toEqual([everyone.code, soon.code, cash.code].sort());
    const offered = data.coupons.find((coupon) => coupon.code === cash.code)!;
    expect(offered).toEqual({
      code: cash.code,
      discount_type: "cash",
      discount_value: 20_00,
      minimum_subtotal_cents: 100_00,
      starts_at: cash.startsAt,
      expires_at: cash.expiresAt,
    });
    const percent = data.coupons.find((coupon) => coupon.code === everyone.code)!;
    expect(
      couponDiscountCents({ discountType: percent.discount_type, discountValue: percent.discount_value }, 123_45),
    ).toBe(12_35);
    // The shop takes cash, the card, FPS and PayPal: offline, cash and FPS.
    expect(data.payment_methods).toEqual(["cash", "fps"]);
  });
});
