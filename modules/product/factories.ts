import { eq } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { products, productVariants } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

type ProductValues = Partial<typeof products.$inferInsert>;

/** A product with its one variant; the variant's fields (price, SKU, barcode, stock…) from the overrides. */
export async function createProduct(db: Db, applicationKey: string, overrides: ProductValues = {}) {
  const code = `P-${unique()}`;
  const values = {
    applicationKey,
    productCode: code,
    nameZhHk: `產品 ${code}`,
    priceCents: 10000,
    stock: 5,
    publish: true,
    ...overrides,
  };
  const [{ id }] = await db
    .insert(products)
    .values({ ...values, stock: 0 })
    .returning({ id: products.id });
  const [variant] = await db
    .insert(productVariants)
    .values({
      applicationKey,
      productId: id,
      priceCents: values.priceCents,
      originalPriceCents: values.originalPriceCents,
      discountPriceCents: values.discountPriceCents,
      vipPriceCents: values.vipPriceCents,
      costCents: values.costCents,
      sku: values.sku,
      barcode: values.barcode,
      unlimitedInventory: values.unlimitedInventory,
      stock: values.stock,
      heavy: values.heavy,
    })
    .returning({ id: productVariants.id });
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return { ...row, variantId: variant.id };
}

/** Stock arriving for a product's variants, as a purchase order's receipt or an adjustment would bring it. */
export const setStock = (db: Db, productId: number, stock: number) =>
  db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));
