import type { Db } from "../../backend/db/client";
import { addOnProducts, productAddOns } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { AddOnProductExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** An add-on product (HK$10, 10 in stock); `forProductId` offers it on that product's lines. */
export async function createAddOn(
  db: Db,
  applicationKey: string,
  { forProductId, ...overrides }: Partial<typeof addOnProducts.$inferInsert> & { forProductId?: number } = {},
) {
  const [row] = await db
    .insert(addOnProducts)
    .values({
      applicationKey,
      nameZhHk: `Add-on ${unique()}`,
      priceCents: 1000,
      stock: 10,
      publish: true,
      ...overrides,
    })
    .returning();
  if (forProductId) {
    await db.insert(productAddOns).values({ applicationKey, productId: forProductId, addOnProductId: row.id });
  }
  return row;
}

export async function addOnProductExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<AddOnProductExampleRecords> {
  return { add_on_product_id: (await createAddOn(db, application_key)).id };
}
