import { eq, inArray, sql } from "drizzle-orm";
import type { QuotationShortLine } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { products, quotationLines } from "../../backend/db/schema";

/**
 * A quotation's stock check: which of its products are quoted beyond what is on the shelf now. A shortage
 * warns when a quotation is made, sent or approved, and refuses its conversion into an order.
 */

type StockRow = Pick<typeof products.$inferSelect, "id" | "productCode" | "stock" | "unlimitedInventory">;
type QuotedLine = Pick<typeof quotationLines.$inferSelect, "productId" | "nameZhHk" | "nameEn" | "quantity"> & {
  position: number;
};

/** The stock of the quotation's products, read with its other reads (by a subquery over its lines). */
export const stockOf = (store: StoreScope, id: number) =>
  store.selectFields(
    products,
    {
      id: products.id,
      productCode: products.productCode,
      stock: products.stock,
      unlimitedInventory: products.unlimitedInventory,
    },
    inArray(
      products.id,
      sql`(select ${quotationLines.productId} from ${quotationLines} where ${store.where(quotationLines, eq(quotationLines.quotationId, id))})`,
    ),
  );

/**
 * The quotation's products quoted beyond their stock now: each product's lines together (as the
 * conversion takes them), named by its first line. Free lines, deleted products and unlimited stock are
 * never short.
 */
export function shortLinesOf(lines: readonly QuotedLine[], stockRows: readonly StockRow[]): QuotationShortLine[] {
  const stockById = new Map(stockRows.map((row) => [row.id, row]));
  const quoted = new Map<number, QuotationShortLine>();
  for (const line of lines) {
    const product = line.productId === null ? undefined : stockById.get(line.productId);
    if (!product || product.unlimitedInventory) continue;
    const entry = quoted.get(product.id) ?? {
      position: line.position,
      product_code: product.productCode,
      name_zh_hk: line.nameZhHk,
      name_en: line.nameEn,
      in_stock: product.stock,
      quoted: 0,
    };
    quoted.set(product.id, { ...entry, quoted: entry.quoted + line.quantity });
  }
  return [...quoted.values()].filter((line) => line.quoted > line.in_stock).sort((a, b) => a.position - b.position);
}
