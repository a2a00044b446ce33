import { applyD1Migrations, env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ActionFailure } from "../../app/server/action-client.server";
import { createDb } from "../../backend/db/client";
import { orderLines, productBookingQuotas, productBookings, productVariants } from "../../backend/db/schema";
import type { PayloadInput } from "../../contract/actions";
import { createProductWithVariants, createStore, setStockWhere } from "../../tests/helpers/factories";
import { db, expectFailure, merchant } from "../../tests/integration/wire";

/** A store with a T-shirt in three sizes, none in stock, set up for bookings with no quota yet. */
async function bookingTees() {
  const shop = await merchant("embedded");
  const { variants, ...product } = await createProductWithVariants(db(), shop.store.applicationKey, {
    nameZhHk: "T 恤",
    nameEn: "T-shirt",
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中", "大"], valuesEn: ["S", "M", "L"] }],
    variants: [
      { values: [0], sku: "B-TEE-S", priceCents: 100_00, stock: 0 },
      { values: [1], sku: "B-TEE-M", priceCents: 100_00, stock: 0 },
      { values: [2], sku: "B-TEE-L", priceCents: 100_00, stock: 0 },
    ],
  });
  const [small, medium, large] = variants;
  const code = { ...shop.key, product_code: product.productCode };
  const book = (overrides: Partial<PayloadInput<"add_product_booking_data">> = {}) =>
    shop.client.add_product_booking_data({
      ...code,
      customer_name: "Chan Tai Man",
      customer_phone: "91234567",
      quantity: 1,
      ...overrides,
    });
  const bookedUnits = async () =>
    Object.fromEntries(
      (
        await db()
          .select()
          .from(productBookingQuotas)
          .where(eq(productBookingQuotas.productId, product.id))
          .orderBy(asc(productBookingQuotas.variantId))
      ).map((row) => [row.variantId, row.bookedUnits]),
    );
  return { ...shop, product, small, medium, large, code, book, bookedUnits };
}

const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => "booked",
    (error: unknown) => (error instanceof ActionFailure ? error.messageKey : String(error)),
  );

// One transport: the booking actions' wire is covered over both by the module's own tests.
describe("product bookings per variant", () => {
  it("sets a quota per variant, books a variant by name, and holds each variant's quota under concurrent bookings", async () => {
    const { client, key, code, small, medium, large, book, bookedUnits } = await bookingTees();
    const setting = { open: true, deposit_cents: 10_00, expected_arrival_date: "2030-01-31" };

    // A product with several variants names each quota's variant.
    const required = await expectFailure(
      client.add_product_booking_setting_data({ ...code, ...setting, quotas: [{ quota: 2 }] }),
      400,
      "invalid-payload",
    );
    expect(required.fields).toEqual({ "quotas.0.variant_id": ["variant-required"] });
    await client.add_product_booking_setting_data({
      ...code,
      ...setting,
      quotas: [
        { variant_id: small.id, quota: 2 },
        { variant_id: medium.id, quota: 3 },
      ],
    });
    const { data: detail } = await client.get_product_booking_setting_data_by_application_key_and_product_code(code);
    expect(detail.variants.map((row) => [row.id, row.label_en, row.quota, row.booked_units])).toEqual([
      [small.id, "S", 2, 0],
      [medium.id, "M", 3, 0],
      [large.id, "L", null, 0],
    ]);

    // A booking names its variant; one without a quota takes none.
    const unnamed = await expectFailure(book(), 400, "invalid-payload");
    expect(unnamed.fields).toEqual({ variant_id: ["variant-required"] });
    await expectFailure(book({ variant_id: large.id }), 409, "product-booking-closed");
    const { data: first } = await book({ variant_id: medium.id });
    const { data: record } = await client.get_product_booking_data_by_application_key_and_id({ ...key, id: first.id });
    expect(record).toMatchObject({ variant_id: medium.id, variant_name_zh_hk: "中", variant_name_en: "M" });

    // Twenty bookings of the small size at once: its quota of 2 holds, the medium's count is untouched.
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcomeOf(book({ variant_id: small.id }))));
    expect(outcomes.filter((outcome) => outcome === "booked")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome !== "booked")).toEqual(Array(18).fill("product-booking-quota-full"));
    expect(await bookedUnits()).toEqual({ [small.id]: 2, [medium.id]: 1 });

    // A quota below its variant's units booked is refused beside it; the others change.
    const below = await expectFailure(
      client.update_product_booking_setting_data_by_application_key_and_product_code({
        ...code,
        ...setting,
        quotas: [
          { variant_id: medium.id, quota: 5 },
          { variant_id: small.id, quota: 1 },
        ],
        version: 1,
      }),
      409,
      "product-booking-quota-full",
    );
    expect(below.fields).toEqual({ "quotas.1.quota": ["product-booking-quota-full"] });
    await client.update_product_booking_setting_data_by_application_key_and_product_code({
      ...code,
      ...setting,
      quotas: [{ variant_id: large.id, quota: 4 }],
      version: 1,
    });
    const { data: options } = await client.get_product_booking_option_data_list_by_application_key(key);
    expect(options.open_products.map((row) => [row.variant_id, row.variant_name_en, row.units_left])).toEqual([
      [small.id, "S", 0],
      [medium.id, "M", 2],
      [large.id, "L", 4],
    ]);
  });

  it("converts each variant's bookings in booking order while they fit that variant's stock", async () => {
    const { client, code, small, medium, book } = await bookingTees();
    await client.add_product_booking_setting_data({
      ...code,
      open: true,
      deposit_cents: 0,
      expected_arrival_date: null,
      quotas: [
        { variant_id: small.id, quota: 5 },
        { variant_id: medium.id, quota: 5 },
      ],
    });
    const { data: firstSmall } = await book({ variant_id: small.id, quantity: 1 });
    const { data: secondSmall } = await book({ variant_id: small.id, quantity: 1 });
    const { data: mediums } = await book({ variant_id: medium.id, quantity: 2 });
    await setStockWhere(db(), eq(productVariants.id, small.id), 1);
    await setStockWhere(db(), eq(productVariants.id, medium.id), 2);

    // The second small one waits for the small size's stock; the medium ones do not wait behind it.
    const { data: conversion } = await client.add_product_booking_order_data(code);
    expect(conversion.converted.map((row) => row.booking_id)).toEqual([firstSmall.id, mediums.id]);
    expect(conversion.remaining).toBe(1);
    const sold = await db()
      .select({ variantId: orderLines.variantId, name: orderLines.variantNameEn, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, conversion.converted[1].order_id));
    expect(sold).toEqual([{ variantId: medium.id, name: "M", quantity: 2 }]);
    const [waiting] = await db().select().from(productBookings).where(eq(productBookings.id, secondSmall.id));
    expect(waiting.status).toBe("booked");
  });
});

// Migration 0049 moves the quota to the variants. A database of its own, migrated up to the one before, holds
// a setting and its bookings as they were.
const QUOTA_MIGRATION = "0049_product_booking_variant_quotas.sql";

describe("migration 0049", () => {
  it("keeps every setting and booking, on the product's variant", async () => {
    const d1 = env.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < QUOTA_MIGRATION),
    );
    const { applicationKey: key } = await createStore(createDb(d1));
    await d1.batch([
      d1
        .prepare(
          "INSERT INTO product (application_key, product_code, name_zh_hk, price_cents) VALUES (?, 'PRE', '預購', 500)",
        )
        .bind(key),
      d1.prepare(
        `INSERT INTO product_variant (application_key, product_id, price_cents)
         SELECT application_key, id, 500 FROM product WHERE product_code = 'PRE'`,
      ),
      d1.prepare(
        `INSERT INTO product_booking_setting (product_id, application_key, open, quota, deposit_cents, version)
         SELECT id, application_key, 1, 6, 2000, 3 FROM product WHERE product_code = 'PRE'`,
      ),
      d1.prepare(
        `INSERT INTO product_booking (application_key, product_id, customer_name, quantity, status, channel)
         SELECT application_key, id, 'Chan', 2, 'booked', 'staff' FROM product WHERE product_code = 'PRE'
         UNION ALL SELECT application_key, id, 'Lee', 3, 'cancelled', 'online' FROM product WHERE product_code = 'PRE'`,
      ),
    ]);
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);

    const variant = await d1
      .prepare("SELECT v.id FROM product_variant v JOIN product p ON p.id = v.product_id WHERE p.product_code = 'PRE'")
      .first<{ id: number }>();
    expect(await d1.prepare("SELECT open, deposit_cents, version FROM product_booking_setting").first()).toEqual({
      open: 1,
      deposit_cents: 2000,
      version: 3,
    });
    expect(
      (await d1.prepare("SELECT variant_id, quota, booked_units FROM product_booking_quota").all()).results,
    ).toEqual([{ variant_id: variant!.id, quota: 6, booked_units: 2 }]);
    expect(
      (await d1.prepare("SELECT customer_name, variant_id, variant_name_zh_hk FROM product_booking ORDER BY id").all())
        .results,
    ).toEqual([
      { customer_name: "Chan", variant_id: variant!.id, variant_name_zh_hk: null },
      { customer_name: "Lee", variant_id: variant!.id, variant_name_zh_hk: null },
    ]);
    // The triggers count on the variant's quota now.
    await d1
      .prepare(
        `INSERT INTO product_booking (application_key, product_id, variant_id, customer_name, quantity, channel)
         SELECT application_key, product_id, ?, 'Ho', 4, 'staff' FROM product_booking_setting`,
      )
      .bind(variant!.id)
      .run();
    expect(await d1.prepare("SELECT booked_units FROM product_booking_quota").first()).toEqual({ booked_units: 6 });
  });
});
