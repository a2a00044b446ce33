import { eq, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { products, productVariants, quotationHistory, quotationLines, quotations } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import type { QuotationExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export interface QuotationLineSpec {
  /** None: a free line. */
  productId?: number;
  /** The product's variant (none: its first), and its option values as the line keeps them. */
  variantId?: number;
  variantName?: { zh: string; en: string };
  name?: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * A quotation in any status, numbered next in the store from Q1001, with its lines (a free line by
 * default), totals computed and its first history row.
 */
export async function createQuotation(
  db: Db,
  applicationKey: string,
  lines: QuotationLineSpec[] = [{ name: "Installation", unitPriceCents: 300_00, quantity: 1 }],
  overrides: Partial<typeof quotations.$inferInsert> = {},
) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = overrides.discountCents ?? 0;
  const deliveryCents = overrides.deliveryCents ?? 0;
  const [row] = await db
    .insert(quotations)
    .values({
      applicationKey,
      quotationNumber: sql`(select coalesce(max(quotation_number), 1000) + 1 from quotation where application_key = ${applicationKey})`,
      contactName: `Customer ${unique()}`,
      email: `customer-${unique()}@factory.test`,
      validUntil: "2099-12-31",
      subtotalCents,
      totalCents: subtotalCents - discountCents + deliveryCents,
      ...overrides,
    })
    .returning();
  const productRows = await Promise.all(
    lines.map(async (line) =>
      line.productId === undefined
        ? undefined
        : (await db.select().from(products).where(eq(products.id, line.productId)))[0],
    ),
  );
  const variantIds = await Promise.all(
    lines.map(async (line) =>
      line.productId === undefined
        ? null
        : (line.variantId ??
          (
            await db
              .select({ id: productVariants.id })
              .from(productVariants)
              .where(eq(productVariants.productId, line.productId))
              .orderBy(productVariants.position)
              .limit(1)
          )[0].id),
    ),
  );
  const lineRows = await db
    .insert(quotationLines)
    .values(
      lines.map((line, position) => ({
        applicationKey,
        quotationId: row.id,
        position,
        productId: line.productId ?? null,
        variantId: variantIds[position],
        variantNameZhHk: line.variantName?.zh ?? null,
        variantNameEn: line.variantName?.en ?? null,
        nameZhHk: line.name ?? productRows[position]?.nameZhHk ?? "Line",
        nameEn: line.name ?? productRows[position]?.nameEn ?? "Line",
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
      })),
    )
    .returning();
  await db.insert(quotationHistory).values({
    applicationKey,
    quotationId: row.id,
    revision: row.revision,
    toStatus: row.status,
    actorEmail: "factory@factory.test",
  });
  return { quotation: row, lines: lineRows };
}

export async function quotationExampleRecords(
  db: Db,
  { application_key, session_secret }: SharedExampleRecords,
): Promise<QuotationExampleRecords> {
  const [{ quotation }, { quotation: approved }, { quotation: linked }] = await Promise.all([
    createQuotation(db, application_key),
    createQuotation(db, application_key, undefined, { status: "approved" }),
    createQuotation(db, application_key),
  ]);
  const token = await signQuotationLink(session_secret, {
    applicationKey: application_key,
    id: linked.id,
    revision: 1,
    expires: linkExpiry(linked.validUntil, new Date()),
  });
  return { quotation_id: quotation.id, approved_quotation_id: approved.id, quotation_token: token! };
}
