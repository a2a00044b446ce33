import type { Db } from "../../backend/db/client";
import { posHeldCarts } from "../../backend/db/schema";
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

export async function posExampleRecords(
  db: Db,
  { application_key, product_code }: SharedExampleRecords,
): Promise<PosExampleRecords> {
  const [held, recalled] = await Promise.all([
    createHeldCart(db, application_key, product_code),
    createHeldCart(db, application_key, product_code),
  ]);
  return { held_cart_id: held.id, recalled_held_cart_id: recalled.id };
}
