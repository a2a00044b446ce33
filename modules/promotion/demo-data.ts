import { quote } from "../../scripts/demo-sql";

/**
 * Demo Shop's coupons, one in each state a list shows: [code, title zh, title en, usage, type, value (basis
 * points or cents, as the table keeps it), days from now it starts and expires, usage limit, disabled]. Their
 * uses are the demo orders' (`demoOrdersSql`): the summer coupon while it ran, the welcome coupon this week, and
 * all three of FIRST's.
 */
export const DEMO_COUPONS = [
  ["WELC0", "新客九折", "10% off for new customers", "once", "percentage", 10_00, -7, 60, null, false],
  ["XMAS5", "聖誕減 $50", "HK$50 off at Christmas", "reusable", "cash", 50_00, 14, 45, null, false],
  ["SUMMR", "夏日八折", "Summer 20% off", "reusable", "percentage", 20_00, -60, -30, null, false],
  ["PAUSE", "暫停優惠", "Paused offer", "reusable", "cash", 20_00, -7, 60, null, true],
  ["FIRST", "頭三位減 $100", "HK$100 off for the first three", "reusable", "cash", 100_00, -20, 40, 3, false],
] as const;

/** The demo coupons' minimum subtotal: HK$300 for the cash ones. */
export const couponMinimumCents = (type: (typeof DEMO_COUPONS)[number][4]) => (type === "cash" ? 300_00 : 0);

/** Demo Shop's coupons; each skipped when already there. */
export function demoCouponsSql(now: Date): string[] {
  const key = quote("demo-shop");
  const instant = (days: number) => quote(new Date(now.getTime() + days * 86_400_000).toISOString());
  return DEMO_COUPONS.map(
    ([code, zh, en, usage, type, value, starts, expires, limit, disabled]) =>
      `INSERT INTO coupon (application_key, title_zh_hk, title_en, code, usage, audience, discount_type, discount_value,
        starts_at, expires_at, minimum_subtotal_cents, usage_limit, disabled)
      SELECT ${key}, ${quote(zh)}, ${quote(en)}, ${quote(code)}, ${quote(usage)}, 'all', ${quote(type)}, ${value},
        ${instant(starts)}, ${instant(expires)}, ${couponMinimumCents(type)}, ${limit ?? "NULL"}, ${disabled ? 1 : 0}
      WHERE NOT EXISTS (SELECT 1 FROM coupon WHERE application_key = ${key} AND code = ${quote(code)});`,
  );
}
