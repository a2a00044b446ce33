import { eq } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { internalAccounts, planPromotionCodes, plans, purchasedPlans } from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { FACTORY_PASSWORD, factoryPasswordHash, unique, addDays, controlOf } from "../../tests/helpers/factories";
import type { ConsoleExampleRecords } from "./contract";

/** A plan promotion code, valid from yesterday for a year (Hong Kong days), 10% off every plan by default. */
export async function createPlanPromotionCode(db: Db, options: Partial<typeof planPromotionCodes.$inferInsert> = {}) {
  const today = hongKongDate(new Date());
  const [row] = await controlOf(db)
    .insert(planPromotionCodes)
    .values({
      code: `CODE${unique().toUpperCase()}`,
      discountType: "percentage",
      discountValue: 10,
      validFrom: addDays(today, -1),
      validTo: addDays(today, 365),
      ...options,
    })
    .returning();
  return row;
}

/** A paid plan of HK$1,000.00 and a promotion code for it alone (15% off unless `options` say otherwise). */
export async function createPlanWithCode(db: Db, options: Partial<typeof planPromotionCodes.$inferInsert> = {}) {
  const id = unique();
  const [plan] = await controlOf(db)
    .insert(plans)
    .values({ nameZhHk: `計劃 ${id}`, nameEn: `Plan ${id}`, planType: "paid", priceCents: 100_000, periodDays: 30 })
    .returning();
  const code = await createPlanPromotionCode(db, { discountValue: 15, planIds: [plan.id], ...options });
  return { planId: plan.id, planNameZhHk: plan.nameZhHk, planNameEn: plan.nameEn, code: code.code };
}

export async function createProviderStaff(db: Db, options: { disabled?: boolean } = {}) {
  const email = `staff-${unique()}@factory.test`;
  const [row] = await controlOf(db)
    .insert(internalAccounts)
    .values({ email, name: "Factory Staff", passwordHash: factoryPasswordHash(), disabled: options.disabled ?? false })
    .returning();
  return { id: row.id, email, password: FACTORY_PASSWORD };
}

/** The store's own plan (createStore buys one), a provider staff account and a plan promotion code. */
export async function consoleExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<ConsoleExampleRecords> {
  const [internal, [purchase], code] = await Promise.all([
    createProviderStaff(db),
    db.select().from(purchasedPlans).where(eq(purchasedPlans.applicationKey, application_key)),
    createPlanPromotionCode(db),
  ]);
  return {
    plan_id: purchase.planId,
    purchased_plan_id: purchase.id,
    internal_account_id: internal.id,
    plan_promotion_code_id: code.id,
  };
}
