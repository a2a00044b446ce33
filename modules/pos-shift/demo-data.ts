import { hongKongDate } from "../../contract/dates";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/** Demo Shop's POS shifts of the last week at its first shop: 09:30 to 21:30 in Hong Kong, each closed a little over or short. */
export function demoShiftsSql(now: Date): string {
  const key = quote("demo-shop");
  const today = hongKongDate(now);
  // The drawer of the first shop (Mong Kok), where the demo's counter sales are.
  const shop = `(SELECT id FROM location WHERE application_key = ${key} AND sells_at_counter ORDER BY position LIMIT 1)`;
  const statements: string[] = [];
  for (let day = 7; day >= 1; day--) {
    const date = addDays(today, -day);
    const openedAt = new Date(Date.parse(`${date}T09:30:00+08:00`)).toISOString();
    const closedAt = new Date(Date.parse(`${date}T21:30:00+08:00`)).toISOString();
    const payOutCents = day % 2 === 0 ? 35_50 : 0;
    const overShortCents = [0, -1_20, 50][day % 3];
    const shiftOf = `(SELECT id FROM pos_shift WHERE application_key = ${key} AND opened_at = ${quote(openedAt)})`;
    const cashSales = `(SELECT coalesce(sum(p.amount_cents), 0) FROM order_payment p
        WHERE p.application_key = ${key} AND p.method = 'cash' AND p.status IN ('succeeded', 'refunded')
          AND p.order_id IN (SELECT o.id FROM store_order o WHERE o.application_key = ${key} AND o.channel = 'pos'
            AND o.location_id = ${shop} AND o.created_at >= ${quote(openedAt)} AND o.created_at < ${quote(closedAt)}))`;
    statements.push(`INSERT INTO pos_shift (application_key, location_id, opened_by, opened_at, float_cents, closed_by,
        closed_at, counted_cents, expected_cash_cents, note, version)
      SELECT ${key}, ${shop}, 'sales@example.com', ${quote(openedAt)}, 50000, 'sales@example.com', ${quote(closedAt)},
        e.expected + ${overShortCents}, e.expected, ${quote(overShortCents === 0 ? null : "點算後記錄")}, 2
      FROM (SELECT 50000 + ${cashSales} - ${payOutCents} AS expected) e
      WHERE NOT EXISTS ${shiftOf.replace("SELECT id", "SELECT 1")};`);
    if (payOutCents > 0) {
      statements.push(`INSERT INTO pos_shift_movement (application_key, shift_id, kind, amount_cents, reason, actor_email, created_at)
      SELECT ${key}, ${shiftOf}, 'pay_out', ${payOutCents}, '購買清潔用品', 'sales@example.com',
        ${quote(new Date(Date.parse(`${date}T15:00:00+08:00`)).toISOString())}
      WHERE NOT EXISTS (SELECT 1 FROM pos_shift_movement WHERE application_key = ${key} AND shift_id = ${shiftOf});`);
    }
  }
  return statements.join("\n");
}

export const posShiftDemoData: ModuleDemoData = { rank: 30, sql: ({ now }) => demoShiftsSql(now) };
