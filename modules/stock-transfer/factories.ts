import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { locations, products, stockTransferLines, stockTransfers } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { createLocation } from "../location/factories";
import { createProduct } from "../product/factories";
import { firstVariantOf } from "../supplier/factories";
import type { StockTransferExampleRecords } from "./contract";

export interface StockTransferLineSpec {
  productId: number;
  /** The variant moved; left out, the product's first. */
  variantId?: number;
  quantity: number;
  receivedQuantity?: number;
}

/** The store's first location by position, where factories put stock. */
export async function firstLocationOf(db: Db, applicationKey: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.applicationKey, applicationKey))
    .orderBy(locations.position)
    .limit(1);
  return row;
}

/** A transfer between two locations in any status (no stock moves), numbered next in the store, with its lines. */
export async function createStockTransferRow(
  db: Db,
  applicationKey: string,
  ends: { fromLocationId: number; toLocationId: number },
  lines: StockTransferLineSpec[],
  overrides: Partial<typeof stockTransfers.$inferInsert> = {},
) {
  const [transfer] = await db
    .insert(stockTransfers)
    .values({
      applicationKey,
      transferNumber: sql`(select coalesce(max(transfer_number), 0) + 1 from stock_transfer where application_key = ${applicationKey})`,
      ...ends,
      status: "draft",
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      receivedQuantity: lines.reduce((sum, line) => sum + (line.receivedQuantity ?? 0), 0),
      ...overrides,
    })
    .returning();
  const productRows = await Promise.all(
    lines.map(async (line) => (await db.select().from(products).where(eq(products.id, line.productId)))[0]),
  );
  const lineRows = await db
    .insert(stockTransferLines)
    .values(
      lines.map((line, position) => ({
        applicationKey,
        stockTransferId: transfer.id,
        position,
        productId: line.productId,
        variantId: line.variantId ?? firstVariantOf(line.productId),
        productCode: productRows[position].productCode,
        nameZhHk: productRows[position].nameZhHk,
        nameEn: productRows[position].nameEn,
        quantity: line.quantity,
        receivedQuantity: line.receivedQuantity ?? 0,
      })),
    )
    .returning();
  return { transfer, lines: lineRows };
}

/** A sent transfer and a draft of the shared product, from the store's first location to a second one. */
export async function stockTransferExampleRecords(
  db: Db,
  { application_key, product_code }: SharedExampleRecords,
): Promise<StockTransferExampleRecords> {
  const [[product], first, second] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.applicationKey, application_key), eq(products.productCode, product_code))),
    firstLocationOf(db, application_key),
    createLocation(db, application_key),
  ]);
  const ends = { fromLocationId: first.id, toLocationId: second.id };
  const sent = await createStockTransferRow(db, application_key, ends, [{ productId: product.id, quantity: 2 }], {
    status: "sent",
    version: 2,
  });
  const draft = await createStockTransferRow(db, application_key, ends, [{ productId: product.id, quantity: 1 }]);
  return {
    stock_transfer_id: sent.transfer.id,
    stock_transfer_line_id: sent.lines[0].id,
    draft_stock_transfer_id: draft.transfer.id,
    first_location_id: first.id,
    transfer_location_id: second.id,
  };
}

/** The record of the transfer page, for the route sweep: a draft between the store's first location and a new one. */
export async function stockTransferRouteRecords(db: Db, applicationKey: string) {
  const [first, second, product] = await Promise.all([
    firstLocationOf(db, applicationKey),
    createLocation(db, applicationKey),
    createProduct(db, applicationKey),
  ]);
  const { transfer } = await createStockTransferRow(
    db,
    applicationKey,
    { fromLocationId: first.id, toLocationId: second.id },
    [{ productId: product.id, quantity: 1 }],
  );
  return { "/stock-transfer-list/": transfer.id };
}
