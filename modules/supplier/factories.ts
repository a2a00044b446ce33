import { sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { supplierProducts, suppliers } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import { createProduct } from "../product/factories";
import type { SupplierExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export interface SupplierProductSpec {
  productId: number;
  /** The variant supplied; left out, the product's first. */
  variantId?: number;
  costCents?: number;
  minimumOrderQuantity?: number;
  reorderPoint?: number | null;
}

/** A product's first variant, inside the statement that names it. */
export const firstVariantOf = (productId: number) =>
  sql<number>`(select id from product_variant where product_id = ${productId} order by position, id limit 1)`;

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
        variantId: spec.variantId ?? firstVariantOf(spec.productId),
        position,
        costCents: spec.costCents ?? 8_00,
        minimumOrderQuantity: spec.minimumOrderQuantity ?? 1,
        reorderPoint: spec.reorderPoint ?? null,
      })),
    );
  }
  return row;
}

export async function supplierExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<SupplierExampleRecords> {
  // Its own product, at its reorder point: the examples delete the example product.
  const supplied = await createProduct(db, application_key, { stock: 2 });
  const supplier = await createSupplier(db, application_key, [
    { productId: supplied.id, minimumOrderQuantity: 6, reorderPoint: 3 },
  ]);
  const closedSupplier = await createSupplier(db, application_key);
  return {
    supplier_id: supplier.id,
    supplier_product_code: supplied.productCode,
    closed_supplier_id: closedSupplier.id,
  };
}
