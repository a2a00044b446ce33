import type { Db } from "../../backend/db/client";
import { posHeldCarts, posOfflineReviews } from "../../backend/db/schema";
import { createOrderRow } from "../order/factories";
import { unique } from "../../tests/helpers/factories";
import type { PosExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A cart parked at the store's POS: one of a product. */
export async function createHeldCart(db: Db, applicationKey: string, productCode: string) {
  const [row] = await db
    .insert(posHeldCarts)
    .values({
      applicationKey,
      note: `Held ${unique()}`,
      cart: { lines: [{ product_code: productCode, quantity: 1, add_on_product_ids: [] }], order_add_ons: [] },
      heldBy: `staff-${unique()}@factory.test`,
    })
    .returning();
  return row;
}

/** An offline POS sale flagged for review: a completed cash sale whose one line's price has gone up since. */
export async function createOfflineReview(db: Db, applicationKey: string) {
  const { order } = await createOrderRow(db, applicationKey, {
    channel: "pos",
    status: "completed",
    paymentStatus: "succeeded",
  });
  const [row] = await db
    .insert(posOfflineReviews)
    .values({
      applicationKey,
      orderId: order.id,
      soldBy: `staff-${unique()}@factory.test`,
      differences: [
        {
          kind: "price",
          position: 1,
          name_zh_hk: "茶杯",
          name_en: "Tea cup",
          charged_cents: 10_000,
          now_cents: 12_000,
        },
      ],
    })
    .returning();
  return row;
}

export async function posExampleRecords(
  db: Db,
  { application_key, product_code }: SharedExampleRecords,
): Promise<PosExampleRecords> {
  const [held, recalled, review] = await Promise.all([
    createHeldCart(db, application_key, product_code),
    createHeldCart(db, application_key, product_code),
    createOfflineReview(db, application_key),
  ]);
  return { held_cart_id: held.id, recalled_held_cart_id: recalled.id, pos_offline_review_id: review.id };
}
