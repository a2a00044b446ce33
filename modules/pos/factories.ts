import type { Db } from "../../backend/db/client";
import { posHeldCarts } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

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
