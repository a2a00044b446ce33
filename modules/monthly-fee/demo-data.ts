import { hongKongDate } from "../../contract/dates";
import { quote, addDays, storeRow, hongKongInstant, type ModuleDemoData } from "../../scripts/demo-sql";

const DEMO_MONTHLY_PLANS = [
  { zh: "每月無限堂", en: "Unlimited classes, monthly", days: 30, priceCents: 1_200_00 },
  { zh: "季度會籍", en: "Quarterly membership", days: 90, priceCents: 3_200_00 },
] as const;

/**
 * Demo Shop's monthly plans and six members on them: three months of history (the first two paid, the
 * current one pending or paid), one who stopped renewing, and one quarterly member. A period overlapping one
 * the member has (seeded on an earlier day) is left out, as the database would refuse it.
 */
export function demoMonthlyFeesSql(now: Date): string {
  const today = hongKongDate(now);
  const key = quote("demo-shop");
  const statements: string[] = [];
  for (const plan of DEMO_MONTHLY_PLANS) {
    statements.push(`INSERT INTO monthly_fee_plan (application_key, name_zh_hk, name_en, days, price_cents)
      SELECT ${key}, ${quote(plan.zh)}, ${quote(plan.en)}, ${plan.days}, ${plan.priceCents}
      WHERE NOT EXISTS (SELECT 1 FROM monthly_fee_plan WHERE application_key = ${key} AND name_en = ${quote(plan.en)});`);
  }
  const members = [0, 2, 3, 5, 7, 9];
  for (const [position, memberIndex] of members.entries()) {
    const plan = DEMO_MONTHLY_PLANS[position === 5 ? 1 : 0];
    const periods = position === 5 ? 1 : 3;
    let start = addDays(today, -plan.days * (periods - 1) - 3 * position - 5);
    for (let period = 0; period < periods; period++) {
      const current = period === periods - 1;
      const paid = !current || position % 2 === 0;
      const paidAt = paid ? hongKongInstant(addDays(start, 1), "15:30") : null;
      statements.push(`INSERT INTO monthly_fee_record (application_key, member_id, plan_id, period_start, period_end, days, amount_cents,
          status, renews, payment_method, paid_at, actor_email, created_at)
        SELECT ${key}, member.id, plan.id, ${quote(start)}, ${quote(addDays(start, plan.days - 1))}, plan.days, plan.price_cents,
          ${quote(paid ? "paid" : "pending")}, ${position === 3 && current ? 0 : 1}, ${quote(paid ? (period % 2 ? "fps" : "cash") : null)},
          ${quote(paidAt)}, 'merchant@example.com', ${quote(hongKongInstant(addDays(start, -3), "10:00"))}
        FROM member, monthly_fee_plan AS plan
        WHERE member.id = (SELECT id FROM member WHERE application_key = ${key} ORDER BY member_number LIMIT 1 OFFSET ${memberIndex})
          AND plan.id = ${storeRow("demo-shop", "monthly_fee_plan", `name_en = ${quote(plan.en)}`)}
          AND NOT EXISTS (SELECT 1 FROM monthly_fee_record AS taken
            WHERE taken.application_key = ${key} AND taken.member_id = member.id AND taken.status <> 'cancelled'
              AND taken.period_start <= ${quote(addDays(start, plan.days - 1))} AND taken.period_end >= ${quote(start)});`);
      start = addDays(start, plan.days);
    }
  }
  return statements.join("\n");
}

export const monthlyFeeDemoData: ModuleDemoData = { rank: 130, sql: ({ now }) => demoMonthlyFeesSql(now) };
