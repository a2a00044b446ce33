import { sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { orderLines, orderPayments, orderStatusHistory, orders } from "../../backend/db/schema";
import { createProduct } from "../product/factories";
import { labelOfVariant, type LabelLanguage } from "../product/variant-sql";
import { unique } from "../../tests/helpers/factories";
import type { OrderExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export interface OrderLineSpec {
  /** A product (its id) or an add-on; the line's price and name default to the product's. */
  productId?: number;
  /** The variant sold; the product's first unless given. */
  variantId?: number;
  addOnProductId?: number;
  kind?: "product" | "line_add_on" | "order_add_on";
  unitPriceCents: number;
  quantity: number;
  refundedQuantity?: number;
}

export type OrderOptions = Partial<Omit<typeof orders.$inferInsert, "applicationKey" | "orderNumber">> & {
  lines?: OrderLineSpec[];
  /** One payment of the total by `paymentMethod` (cash unless set), with this status; none by default. */
  paymentStatus?: "no_payment_record" | "succeeded" | "failed" | "refunded";
  proofImageUrls?: string[];
};

/** Statuses an order reaches only once paid: the factory stamps its `paid_at` (now unless given). */
const PAID_ONCE = ["paid", "preparing", "delivering", "completed", "refunded"];

/**
 * An order written straight into the tables, as the checkout engine would leave it (its stock, coupon and
 * cash dollar already taken): the store's next order number, its lines (one product of HK$100 by default),
 * a payment when asked, and the first history row. Amounts default to the lines' sum.
 */
export async function createOrderRow(db: Db, applicationKey: string, options: OrderOptions = {}) {
  const { lines: lineSpecs, proofImageUrls, ...overrides } = options;
  const lines = lineSpecs ?? [
    { productId: (await createProduct(db, applicationKey)).id, unitPriceCents: 10_000, quantity: 1 },
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const status = overrides.status ?? "awaiting_payment";
  const paymentStatus = overrides.paymentStatus ?? "no_payment_record";
  const [order] = await db
    .insert(orders)
    .values({
      applicationKey,
      orderNumber: sql`(select coalesce(max(order_number), 1000) + 1 from store_order where application_key = ${applicationKey})`,
      idempotencyKey: crypto.randomUUID(),
      channel: "online",
      customerName: `Customer ${unique()}`,
      customerEmail: `customer-${unique()}@factory.test`,
      customerPhone: "98765432",
      subtotalCents: subtotal,
      totalCents: subtotal,
      paymentMethod: "cash",
      paidAt: PAID_ONCE.includes(status) ? new Date().toISOString() : null,
      ...overrides,
      status,
      paymentStatus,
    })
    .returning();
  const lineRows = await db
    .insert(orderLines)
    .values(
      lines.map((line, position) => {
        const variantId =
          line.variantId ??
          (line.productId
            ? sql<number>`(select id from product_variant where product_id = ${line.productId} order by position, id limit 1)`
            : null);
        // The variant's option values as text, as the checkout keeps them (none for a product without options).
        const variantName = (language: LabelLanguage) =>
          variantId === null ? null : sql<string | null>`nullif(${labelOfVariant(sql`${variantId}`, language)}, '')`;
        return {
          applicationKey,
          orderId: order.id,
          kind: line.kind ?? (line.productId ? "product" : "order_add_on"),
          productId: line.productId ?? null,
          variantId,
          variantNameZhHk: variantName("zh_hk"),
          variantNameEn: variantName("en"),
          addOnProductId: line.addOnProductId ?? null,
          position,
          nameZhHk: `項目 ${position + 1}`,
          nameEn: `Item ${position + 1}`,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineTotalCents: line.unitPriceCents * line.quantity,
          refundedQuantity: line.refundedQuantity ?? 0,
        };
      }),
    )
    .returning();
  if (paymentStatus !== "no_payment_record" || proofImageUrls) {
    await db.insert(orderPayments).values({
      applicationKey,
      orderId: order.id,
      method: order.paymentMethod ?? "cash",
      amountCents: Math.max(order.totalCents, 1),
      status: paymentStatus,
      proofImageUrls: proofImageUrls ?? [],
    });
  }
  await db.insert(orderStatusHistory).values({ applicationKey, orderId: order.id, toStatus: status });
  return { order, lines: lineRows };
}

export async function orderExampleRecords(
  db: Db,
  { application_key, member_id }: SharedExampleRecords,
): Promise<OrderExampleRecords> {
  // Its own product: an ordered product cannot be deleted, and the examples delete the example product.
  const { order, lines } = await createOrderRow(db, application_key, {
    status: "paid",
    paymentStatus: "succeeded",
    memberId: member_id,
    lines: [{ productId: (await createProduct(db, application_key)).id, unitPriceCents: 10_000, quantity: 2 }],
  });
  return { order_id: order.id, order_line_id: lines[0].id };
}
