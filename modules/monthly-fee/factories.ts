import type { Db } from "../../backend/db/client";
import { monthlyFeePlans, monthlyFeeRecords } from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import { unique, addDays } from "../../tests/helpers/factories";
import { EXAMPLE_MONTHLY_PLAN, type MonthlyFeeExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export async function createMonthlyFeePlan(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof monthlyFeePlans.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(monthlyFeePlans)
    .values({
      applicationKey,
      nameZhHk: `月費 ${id}`,
      nameEn: `Monthly ${id}`,
      days: 30,
      priceCents: 80_000,
      ...overrides,
    })
    .returning();
  return row;
}

/** A pending record of the plan for the member, from `periodStart` (today in HKT by default). */
export async function createMonthlyFeeRecord(
  db: Db,
  applicationKey: string,
  memberId: number,
  plan: typeof monthlyFeePlans.$inferSelect,
  overrides: Partial<typeof monthlyFeeRecords.$inferInsert> = {},
) {
  const periodStart = overrides.periodStart ?? hongKongDate(new Date());
  const periodEnd = addDays(periodStart, plan.days - 1);
  const [row] = await db
    .insert(monthlyFeeRecords)
    .values({
      applicationKey,
      memberId,
      planId: plan.id,
      periodStart,
      periodEnd,
      days: plan.days,
      amountCents: plan.priceCents,
      ...overrides,
    })
    .returning();
  return row;
}

export async function monthlyFeeExampleRecords(
  db: Db,
  { application_key, member_id }: SharedExampleRecords,
): Promise<MonthlyFeeExampleRecords> {
  const plan = await createMonthlyFeePlan(db, application_key, {
    days: EXAMPLE_MONTHLY_PLAN.days,
    priceCents: EXAMPLE_MONTHLY_PLAN.price_cents,
  });
  const [record, cancellableRecord] = await Promise.all([
    createMonthlyFeeRecord(db, application_key, member_id, plan, { periodStart: "2026-03-01" }),
    createMonthlyFeeRecord(db, application_key, member_id, plan, { periodStart: "2026-04-01" }),
  ]);
  return {
    monthly_fee_plan_id: plan.id,
    monthly_fee_record_id: record.id,
    cancellable_monthly_fee_record_id: cancellableRecord.id,
  };
}
