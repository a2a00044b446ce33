import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { products, purchaseOrderHistory, purchaseOrderLines, purchaseOrders, suppliers } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { firstVariantOf, supplierExampleRecords } from "../supplier/factories";
import type { PurchaseOrderExampleRecords } from "./contract";

export interface PurchaseOrderLineSpec {
  productId: number;
  /** The variant ordered; left out, the product's first. */
  variantId?: number;
  quantity: number;
  unitCostCents?: number;
  receivedQuantity?: number;
}

/** A purchase order of the supplier in any status, numbered next in the store, with its lines. */
export async function createPurchaseOrderRow(
  db: Db,
  applicationKey: string,
  supplier: { id: number; name: string },
  lines: PurchaseOrderLineSpec[],
  overrides: Partial<typeof purchaseOrders.$inferInsert> = {},
) {
  const priced = lines.map((line) => ({ ...line, unitCostCents: line.unitCostCents ?? 8_00 }));
  const [order] = await db
    .insert(purchaseOrders)
    .values({
      applicationKey,
      poNumber: sql`(select coalesce(max(po_number), 0) + 1 from purchase_order where application_key = ${applicationKey})`,
      supplierId: supplier.id,
      supplierName: supplier.name,
      status: "draft",
      totalCents: priced.reduce((sum, line) => sum + line.quantity * line.unitCostCents, 0),
      orderedQuantity: priced.reduce((sum, line) => sum + line.quantity, 0),
      receivedQuantity: priced.reduce((sum, line) => sum + (line.receivedQuantity ?? 0), 0),
      ...overrides,
    })
    .returning();
  const productRows = await Promise.all(
    priced.map(async (line) => (await db.select().from(products).where(eq(products.id, line.productId)))[0]),
  );
  const lineRows = await db
    .insert(purchaseOrderLines)
    .values(
      priced.map((line, position) => ({
        applicationKey,
        purchaseOrderId: order.id,
        productId: line.productId,
        variantId: line.variantId ?? firstVariantOf(line.productId),
        position,
        productCode: productRows[position].productCode,
        nameZhHk: productRows[position].nameZhHk,
        nameEn: productRows[position].nameEn,
        quantity: line.quantity,
        receivedQuantity: line.receivedQuantity ?? 0,
        unitCostCents: line.unitCostCents,
        lineTotalCents: line.quantity * line.unitCostCents,
      })),
    )
    .returning();
  await db
    .insert(purchaseOrderHistory)
    .values({ applicationKey, purchaseOrderId: order.id, toStatus: order.status, actorEmail: "factory@factory.test" });
  return { order, lines: lineRows };
}

export async function purchaseOrderExampleRecords(
  db: Db,
  { application_key, of }: SharedExampleRecords,
): Promise<PurchaseOrderExampleRecords> {
  const { supplier_id, supplier_product_code } = await of(supplierExampleRecords);
  const [[supplier], [supplied]] = await Promise.all([
    db.select().from(suppliers).where(eq(suppliers.id, supplier_id)),
    db
      .select()
      .from(products)
      .where(and(eq(products.applicationKey, application_key), eq(products.productCode, supplier_product_code))),
  ]);
  const ordered = await createPurchaseOrderRow(
    db,
    application_key,
    supplier,
    [{ productId: supplied.id, quantity: 12 }],
    { status: "ordered", version: 2 },
  );
  const draft = await createPurchaseOrderRow(db, application_key, supplier, [{ productId: supplied.id, quantity: 6 }]);
  return {
    purchase_order_id: ordered.order.id,
    purchase_order_line_id: ordered.lines[0].id,
    draft_purchase_order_id: draft.order.id,
  };
}
