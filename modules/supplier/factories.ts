import type { Db } from "../../backend/db/client";
import { supplierProducts, suppliers } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

export interface SupplierProductSpec {
  productId: number;
  costCents?: number;
  minimumOrderQuantity?: number;
  reorderPoint?: number | null;
}

/** A supplier of the store with these products (cost HK$8, minimum 1, no reorder point unless given). */
export async function createSupplier(
  db: Db,
  applicationKey: string,
  productSpecs: SupplierProductSpec[] = [],
  overrides: Partial<typeof suppliers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(suppliers)
    .values({ applicationKey, name: `Supplier ${unique()}`, phone: "23456789", ...overrides })
    .returning();
  if (productSpecs.length > 0) {
    await db.insert(supplierProducts).values(
      productSpecs.map((spec, position) => ({
        applicationKey,
        supplierId: row.id,
        productId: spec.productId,
        position,
        costCents: spec.costCents ?? 8_00,
        minimumOrderQuantity: spec.minimumOrderQuantity ?? 1,
        reorderPoint: spec.reorderPoint ?? null,
      })),
    );
  }
  return row;
}
