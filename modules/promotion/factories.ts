import type { Db } from "../../backend/db/client";
import { coupons } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { PromotionExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A store's coupon (10% off, reusable, for everyone, running from a day ago to in 30 days), with a code of its own. */
export async function createCoupon(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof coupons.$inferInsert> = {},
) {
  const now = Date.now();
  const [row] = await db
    .insert(coupons)
    .values({
      applicationKey,
      titleZhHk: `優惠 ${unique()}`,
      titleEn: `Coupon ${unique()}`,
      code: unique().slice(0, 5).toUpperCase(),
      usage: "reusable",
      audience: "all",
      discountType: "percentage",
      discountValue: 1_000,
      startsAt: new Date(now - 86_400_000).toISOString(),
      expiresAt: new Date(now + 30 * 86_400_000).toISOString(),
      ...overrides,
    })
    .returning();
  return row;
}

export async function promotionExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<PromotionExampleRecords> {
  return { coupon_id: (await createCoupon(db, application_key)).id };
}
