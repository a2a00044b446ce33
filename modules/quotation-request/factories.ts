import { and, eq } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { products, quotationRequestLines, quotationRequests } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { QuotationRequestExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A new quotation request from the store's website, asking for each product in `lines` (10 each unless said). */
export async function createQuotationRequest(
  db: Db,
  applicationKey: string,
  lines: { product: typeof products.$inferSelect; quantity?: number }[],
  overrides: Partial<typeof quotationRequests.$inferInsert> = {},
) {
  const [row] = await db
    .insert(quotationRequests)
    .values({
      applicationKey,
      contactName: `Buyer ${unique()}`,
      companyName: "Factory Trading Ltd",
      email: `buyer-${unique()}@factory.test`,
      phone: "91234567",
      message: "Please quote with delivery.",
      ...overrides,
    })
    .returning();
  if (lines.length > 0) {
    await db.insert(quotationRequestLines).values(
      lines.map(({ product, quantity = 10 }, position) => ({
        applicationKey,
        requestId: row.id,
        position,
        productId: product.id,
        nameZhHk: product.nameZhHk,
        nameEn: product.nameEn,
        quantity,
      })),
    );
  }
  return row;
}

export async function quotationRequestExampleRecords(
  db: Db,
  { application_key, product_code }: SharedExampleRecords,
): Promise<QuotationRequestExampleRecords> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.applicationKey, application_key), eq(products.productCode, product_code)));
  const [request, closableRequest] = await Promise.all([
    createQuotationRequest(db, application_key, [{ product }]),
    createQuotationRequest(db, application_key, [{ product }]),
  ]);
  return { quotation_request_id: request.id, closable_quotation_request_id: closableRequest.id };
}
