import type { Db } from "../../backend/db/client";
import { rentingProducts, rentingRecords } from "../../backend/db/schema";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import { unique } from "../../tests/helpers/factories";
import { EXAMPLE_RENTING_PRODUCT, type RentingExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A rentable product: 5 units at HK$100 a day, HK$500 a week, HK$200 deposit and HK$50 late fee per unit. */
export async function createRentingProduct(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof rentingProducts.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(rentingProducts)
    .values({
      applicationKey,
      nameZhHk: `帳篷 ${id}`,
      nameEn: `Tent ${id}`,
      unitsOwned: 5,
      pricePerDayCents: 10_000,
      pricePerWeekCents: 50_000,
      depositCents: 20_000,
      lateFeePerDayCents: 5_000,
      ...overrides,
    })
    .returning();
  return row;
}

/** A guest's booked rental of one unit for two days from `startsAt` (tomorrow 10:00 HKT by default). */
export async function createRentingRecord(
  db: Db,
  applicationKey: string,
  product: typeof rentingProducts.$inferSelect,
  overrides: Partial<typeof rentingRecords.$inferInsert> = {},
) {
  const startsAt =
    overrides.startsAt ??
    new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const endsAt = overrides.endsAt ?? new Date(Date.parse(startsAt) + 2 * 86_400_000).toISOString();
  const units = overrides.units ?? 1;
  const [row] = await db
    .insert(rentingRecords)
    .values({
      applicationKey,
      productId: product.id,
      customerName: "Chan Tai Man",
      customerPhone: "91234567",
      units,
      startsAt,
      endsAt,
      rentCents: 2 * product.pricePerDayCents * units,
      depositCents: product.depositCents * units,
      ...overrides,
    })
    .returning();
  return row;
}

export async function rentingExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<RentingExampleRecords> {
  const product = await createRentingProduct(db, application_key, {
    nameZhHk: EXAMPLE_RENTING_PRODUCT.name_zh_hk,
    nameEn: EXAMPLE_RENTING_PRODUCT.name_en,
    unitsOwned: EXAMPLE_RENTING_PRODUCT.units_owned,
  });
  const [rental, cancellableRental] = await Promise.all([
    createRentingRecord(db, application_key, product, { startsAt: "2030-06-10T02:00:00.000Z" }),
    createRentingRecord(db, application_key, product, { startsAt: "2030-07-10T02:00:00.000Z" }),
  ]);
  return {
    renting_product_id: product.id,
    renting_record_id: rental.id,
    cancellable_renting_record_id: cancellableRental.id,
  };
}
