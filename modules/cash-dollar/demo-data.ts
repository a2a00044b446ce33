import { DEMO_MEMBERS } from "../member/demo-data";
import { quote, addDays, DEMO_SHOP_PROMOTION } from "../../scripts/demo-sql";

/** Admin adjustments for some of Demo Shop's members: [e-mail, cash-dollar cents, reason, days after joining]. */
const DEMO_CASH_DOLLAR_ADJUSTMENTS = [
  ["taiman.chan@example.com", 100_00, "生日驚喜", 30],
  ["kayan.lee@example.com", -20_00, "Duplicate welcome credit corrected", 10],
  ["meiling.cheung@example.com", 35_50, "門市活動獎賞", 60],
  ["jason.leung@example.com", 15_00, "Apology for a late delivery", 5],
  ["tszkin.cheng@example.com", -50_00, "Used at the counter before the POS", 2],
] as const;

/**
 * Demo Shop's cash-dollar ledgers: each member's welcome credit (the setting's HK$50) when they joined, and
 * for a few an admin adjustment, each row with the balance it left; then every balance is its ledger's
 * last. Skipped for a member whose ledger already has such a row, so seeding again adds nothing.
 */
export function demoCashDollarSql(today: string): string[] {
  const key = quote("demo-shop");
  const actor = quote("merchant@example.com");
  const welcomeCents = DEMO_SHOP_PROMOTION.welcome_cash_dollar_cents;
  const joined = (email: string, days: number) => {
    const member = DEMO_MEMBERS.find((row) => row[1] === email)!;
    return quote(`${addDays(today, days - member[7])}T02:00:00.000Z`);
  };
  const welcome = DEMO_MEMBERS.map(
    ([
      ,
      email,
    ]) => `INSERT INTO cash_dollar_record (application_key, member_id, action, amount_cents, balance_after_cents,
        actor_email, created_at)
      SELECT ${key}, m.id, 'welcome_cash_dollar', ${welcomeCents}, ${welcomeCents}, ${actor}, ${joined(email, 0)}
      FROM member m WHERE m.application_key = ${key} AND m.email = ${quote(email)}
        AND NOT EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = ${key} AND r.member_id = m.id);`,
  );
  const adjustments = DEMO_CASH_DOLLAR_ADJUSTMENTS.map(
    ([email, cents, reason, days]) => `INSERT INTO cash_dollar_record (application_key, member_id, action, amount_cents,
        balance_after_cents, actor_email, reason, created_at)
      SELECT ${key}, m.id, 'admin', ${cents}, ${welcomeCents + cents}, ${actor}, ${quote(reason)}, ${joined(email, days)}
      FROM member m WHERE m.application_key = ${key} AND m.email = ${quote(email)}
        AND NOT EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = ${key} AND r.member_id = m.id
          AND r.action = 'admin');`,
  );
  const balances = `UPDATE member SET cash_dollar_cents = (SELECT r.balance_after_cents FROM cash_dollar_record r
      WHERE r.application_key = member.application_key AND r.member_id = member.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
    WHERE application_key = ${key}
      AND EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = member.application_key AND r.member_id = member.id);`;
  return [...welcome, ...adjustments, balances];
}
