import { eq, inArray, sql } from "drizzle-orm";
import type { QuotationShortLine } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { products, productVariants, quotationLines } from "../../backend/db/schema";

/**
 * A quotation's stock check: which of its variants are quoted beyond what is on the shelf now. A shortage
 * warns when a quotation is made, sent or approved, and refuses its conversion into an order.
 */

export type StockRow = Pick<typeof productVariants.$inferSelect, "id" | "stock" | "unlimitedInventory"> & {
  productCode: string;
};
type QuotedLine = Pick<
  typeof quotationLines.$inferSelect,
  "variantId" | "nameZhHk" | "nameEn" | "variantNameZhHk" | "variantNameEn" | "quantity"
> & { position: number };

/** A variant's stock with its product's code, as `shortLinesOf` reads it. */
export const stockFields = {
  id: productVariants.id,
  productCode: sql<string>`(select ${products.productCode} from ${products} where ${products.id} = ${productVariants.productId})`,
  stock: productVariants.stock,
  unlimitedInventory: productVariants.unlimitedInventory,
};

/** The stock of the quotation's variants, read with its other reads (by a subquery over its lines). */
export const stockOf = (store: StoreScope, id: number) =>
  store.selectFields(
    productVariants,
    stockFields,
    inArray(
      productVariants.id,
      sql`(select ${quotationLines.variantId} from ${quotationLines} where ${store.where(quotationLines, eq(quotationLines.quotationId, id))})`,
    ),
  );

/**
 * The quotation's variants quoted beyond their stock now: each variant's lines together (as the
 * conversion takes them), named by its first line. Free lines, deleted variants and unlimited stock are
 * never short.
 */
export function shortLinesOf(lines: readonly QuotedLine[], stockRows: readonly StockRow[]): QuotationShortLine[] {
  const stockById = new Map(stockRows.map((row) => [row.id, row]));
  const quoted = new Map<number, QuotationShortLine>();
  for (const line of lines) {
    const variant = line.variantId === null ? undefined : stockById.get(line.variantId);
    if (!variant || variant.unlimitedInventory) continue;
    const entry = quoted.get(variant.id) ?? {
      position: line.position,
      product_code: variant.productCode,
      name_zh_hk: line.nameZhHk,
      name_en: line.nameEn,
      variant_name_zh_hk: line.variantNameZhHk,
      variant_name_en: line.variantNameEn,
      in_stock: variant.stock,
      quoted: 0,
    };
    quoted.set(variant.id, { ...entry, quoted: entry.quoted + line.quantity });
  }
  return [...quoted.values()].filter((line) => line.quoted > line.in_stock).sort((a, b) => a.position - b.position);
}
