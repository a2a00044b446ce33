import type { Db } from "../../backend/db/client";
import { products, quotationRequestLines, quotationRequests } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

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
