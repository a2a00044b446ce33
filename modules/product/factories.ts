import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import {
  locations,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  stockLevels,
} from "../../backend/db/schema";
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

/**
 * Stock arriving for a product's variants, as a purchase order's receipt or an adjustment would bring it: each
 * variant's whole stock at its store's first location (its levels, which make its total).
 */
export const setStock = (db: Db, productId: number, stock: number) =>
  setStockWhere(db, eq(productVariants.productId, productId), stock);

/** `setStock` for the variants `where` selects. */
export const setStockWhere = (db: Db, where: SQL, stock: number) =>
  db
    .update(stockLevels)
    .set({
      stock: sql`case when ${stockLevels.locationId} = (select ${locations.id} from ${locations} where ${locations.applicationKey} = ${stockLevels.applicationKey} order by ${locations.position} limit 1) then ${stock} else 0 end`,
    })
    .where(inArray(stockLevels.variantId, db.select({ id: productVariants.id }).from(productVariants).where(where)));

export interface VariantSpec {
  /** The index of its value in each option, in the options' order. */
  values: number[];
  sku?: string;
  barcode?: string;
  priceCents?: number;
  stock?: number;
  unlimitedInventory?: boolean;
  sellable?: boolean;
}

/**
 * A product with options (each a name and its values) and a variant per given combination, written as the
 * product page saves them; returns the product as its variants' triggers left it, and the variants in order.
 */
export async function createProductWithVariants(
  db: Db,
  applicationKey: string,
  {
    options,
    variants,
    ...overrides
  }: ProductValues & {
    /** `valuesEn` pairs with `values` by position (each value's own, by default). */
    options: { nameZhHk: string; nameEn?: string; values: string[]; valuesEn?: string[] }[];
    variants: VariantSpec[];
  },
) {
  const code = `P-${unique()}`;
  const [{ id: productId }] = await db
    .insert(products)
    .values({ applicationKey, productCode: code, nameZhHk: `產品 ${code}`, priceCents: 0, publish: true, ...overrides })
    .returning({ id: products.id });
  const valueIds: number[][] = [];
  for (const [index, option] of options.entries()) {
    const [{ id: optionId }] = await db
      .insert(productOptions)
      .values({
        applicationKey,
        productId,
        position: index + 1,
        nameZhHk: option.nameZhHk,
        nameEn: option.nameEn ?? "",
      })
      .returning({ id: productOptions.id });
    const values = await db
      .insert(productOptionValues)
      .values(
        option.values.map((value, at) => ({
          applicationKey,
          optionId,
          position: at + 1,
          valueZhHk: value,
          valueEn: option.valuesEn?.[at] ?? value,
        })),
      )
      .returning({ id: productOptionValues.id });
    valueIds.push(values.map((value) => value.id));
  }
  const rows = [];
  for (const [index, spec] of variants.entries()) {
    const ids = spec.values.map((value, option) => valueIds[option][value]);
    const [row] = await db
      .insert(productVariants)
      .values({
        applicationKey,
        productId,
        position: index + 1,
        optionValue1Id: ids[0],
        optionValue2Id: ids[1],
        optionValue3Id: ids[2],
        sku: spec.sku,
        barcode: spec.barcode,
        priceCents: spec.priceCents ?? 10000,
        stock: spec.stock ?? 5,
        unlimitedInventory: spec.unlimitedInventory,
        sellable: spec.sellable,
      })
      .returning();
    rows.push(row);
  }
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  return { ...product, variants: rows };
}
