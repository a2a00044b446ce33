import type { Db } from "../../backend/db/client";
import { products } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

export async function createProduct(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const code = `P-${unique()}`;
  const [row] = await db
    .insert(products)
    .values({
      applicationKey,
      productCode: code,
      nameZhHk: `產品 ${code}`,
      priceCents: 10000,
      stock: 5,
      publish: true,
      ...overrides,
    })
    .returning();
  return row;
}
