import type { SQL } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { productBookingQuotas, productBookingSettings, productBookings, products } from "../../backend/db/schema";
import { firstVariantOf } from "../supplier/factories";
import { createProduct } from "../product/factories";
import { unique } from "../../tests/helpers/factories";
import type { ProductBookingExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A variant's booking quota (10 unless given), for a product set up for bookings; answers the variant's id. */
export const createBookingQuota = async (
  db: Db,
  applicationKey: string,
  productId: number,
  variantId: number | SQL<number>,
  quota = 10,
) =>
  (
    await db
      .insert(productBookingQuotas)
      .values({ applicationKey, productId, variantId, quota })
      .returning({ variantId: productBookingQuotas.variantId })
  )[0].variantId;

/**
 * A product taking bookings (open, its one variant's quota 10, no deposit unless `overrides` say), with its
 * setting and its variant's id.
 */
export async function createBookingProduct(
  db: Db,
  applicationKey: string,
  { quota, ...overrides }: Partial<typeof productBookingSettings.$inferInsert> & { quota?: number } = {},
  productOverrides: Partial<typeof products.$inferInsert> = {},
) {
  const product = await createProduct(db, applicationKey, { stock: 0, ...productOverrides });
  const [setting] = await db
    .insert(productBookingSettings)
    .values({ applicationKey, productId: product.id, open: true, ...overrides })
    .returning();
  const variantId = await createBookingQuota(db, applicationKey, product.id, firstVariantOf(product.id), quota);
  return { product, setting, variantId };
}

/**
 * A guest's booking of a product taking bookings (1 unit of its first variant, booked, by staff unless
 * `overrides` say).
 */
export async function createProductBooking(
  db: Db,
  applicationKey: string,
  productId: number,
  overrides: Partial<typeof productBookings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(productBookings)
    .values({
      applicationKey,
      productId,
      variantId: firstVariantOf(productId),
      customerName: "Chan Tai Man",
      customerPhone: "91234567",
      customerEmail: `booking-${unique()}@factory.test`,
      quantity: 1,
      channel: "staff",
      ...overrides,
    })
    .returning();
  return row;
}

export async function productBookingExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<ProductBookingExampleRecords> {
  const { product } = await createBookingProduct(db, application_key, { depositCents: 5_000 }, { stock: 1 });
  const booking = await createProductBooking(db, application_key, product.id, { depositCents: 5_000 });
  return { booking_product_id: product.id, booking_product_code: product.productCode, product_booking_id: booking.id };
}
