import { eq } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { creditOrders, creditPackages, memberCredits } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import { courseSetupExampleRecords } from "../course-setup/factories";
import type { CreditOrderExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/**
 * A paid counter order of the package for the member; the database grants its credits (the trigger of
 * credit_order). Returns the order and the member's new credit.
 */
export async function createPaidCreditOrder(
  db: Db,
  applicationKey: string,
  memberId: number,
  creditPackage: typeof creditPackages.$inferSelect,
  overrides: Partial<typeof creditOrders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(creditOrders)
    .values({
      applicationKey,
      idempotencyKey: unique(),
      channel: "counter",
      memberId,
      packageId: creditPackage.id,
      packageNameZhHk: creditPackage.nameZhHk,
      packageNameEn: creditPackage.nameEn,
      credits: creditPackage.credits,
      validityDays: creditPackage.validityDays,
      validityStarts: creditPackage.validityStarts,
      priceCents: creditPackage.priceCents,
      status: "paid",
      paymentMethod: "cash",
      paymentStatus: "succeeded",
      paidAt: new Date().toISOString(),
      ...overrides,
    })
    .returning();
  const [credit] = await db.select().from(memberCredits).where(eq(memberCredits.creditOrderId, order.id));
  return { order, credit };
}

export async function creditOrderExampleRecords(
  db: Db,
  { application_key, member_id, of }: SharedExampleRecords,
): Promise<CreditOrderExampleRecords> {
  const { credit_package_id } = await of(courseSetupExampleRecords);
  const [creditPackage] = await db.select().from(creditPackages).where(eq(creditPackages.id, credit_package_id));
  const [creditOrder, refundableCreditOrder] = await Promise.all([
    createPaidCreditOrder(db, application_key, member_id, creditPackage),
    createPaidCreditOrder(db, application_key, member_id, creditPackage),
  ]);
  return { credit_order_id: creditOrder.order.id, refundable_credit_order_id: refundableCreditOrder.order.id };
}
