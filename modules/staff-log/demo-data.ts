import { hongKongDate } from "../../contract/dates";
import { LOG_DATA_TYPE_MODULES } from "../../contract/options";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/**
 * Demo Shop's staff log of the last week: the merchant, the sales staff and the provider's support each
 * changed something (the seed writes rows, not through the actions, so it logs nothing by itself).
 */
export function demoLogSql(now: Date): string {
  const key = quote("demo-shop");
  const today = hongKongDate(now);
  const at = (daysAgo: number, time: string) =>
    quote(new Date(Date.parse(`${addDays(today, -daysAgo)}T${time}:00+08:00`)).toISOString());
  const actors = {
    merchant: `'store', (SELECT id FROM store_account WHERE email = 'merchant@example.com'), 'merchant@example.com'`,
    sales: `'store_staff', (SELECT id FROM store_staff WHERE email = 'sales@example.com'), 'sales@example.com'`,
    support: `'console', (SELECT id FROM internal_account WHERE email = 'staff@example.com'), 'staff@example.com'`,
  };
  const entries: {
    actor: keyof typeof actors;
    at: ReturnType<typeof quote>;
    action: "add" | "edit";
    dataType: keyof typeof LOG_DATA_TYPE_MODULES;
    /** The record's id, Chinese and English names, from a row of the demo store. */
    record: string;
    changes: Record<string, [unknown, unknown]>;
  }[] = [
    {
      actor: "merchant",
      at: at(6, "10:15"),
      action: "edit",
      dataType: "product_data",
      record: `SELECT product_code, name_zh_hk, name_en FROM product WHERE application_key = ${key} AND product_code = 'DEMO-001'`,
      changes: { price_cents: [4500, 4800], bestseller: [false, true] },
    },
    {
      actor: "merchant",
      at: at(5, "11:02"),
      action: "edit",
      dataType: "product_stock",
      record: `SELECT product_code, name_zh_hk, name_en FROM product WHERE application_key = ${key} AND product_code = 'DEMO-002'`,
      changes: { stock: [20, 44], reason: [null, "供應商到貨"] },
    },
    {
      actor: "sales",
      at: at(4, "14:30"),
      action: "edit",
      dataType: "member_data",
      record: `SELECT CAST(id AS TEXT), name, name FROM member WHERE application_key = ${key} ORDER BY id LIMIT 1`,
      changes: { phone: ["91234567", "61234567"], marketing_consent: [false, true] },
    },
    {
      actor: "sales",
      at: at(3, "16:45"),
      action: "edit",
      dataType: "order_data",
      record: `SELECT CAST(id AS TEXT), '#' || order_number, '#' || order_number FROM store_order WHERE application_key = ${key} ORDER BY id LIMIT 1`,
      changes: { status: ["paid", "preparing"] },
    },
    {
      actor: "support",
      at: at(2, "09:20"),
      action: "edit",
      dataType: "store_setting_data",
      record: `SELECT 'payment', store_name, store_name FROM store_account WHERE application_key = ${key}`,
      changes: { "payme.enabled": [false, true] },
    },
    {
      actor: "merchant",
      at: at(1, "18:05"),
      action: "edit",
      dataType: "coupon_data",
      record: `SELECT CAST(id AS TEXT), title_zh_hk, title_en FROM coupon WHERE application_key = ${key} ORDER BY id LIMIT 1`,
      changes: { usage_limit: [100, 200] },
    },
  ];
  return entries
    .map(
      (
        entry,
      ) => `INSERT INTO log (application_key, actor_type, actor_id, actor_email, action, data_type, module, record_id,
        record_name_zh_hk, record_name_en, changes, created_at)
      SELECT ${key}, ${actors[entry.actor]}, ${quote(entry.action)}, ${quote(entry.dataType)},
        ${quote(LOG_DATA_TYPE_MODULES[entry.dataType])}, record.*, ${quote(JSON.stringify(entry.changes))}, ${entry.at}
      FROM (${entry.record}) record
      WHERE NOT EXISTS (SELECT 1 FROM log WHERE application_key = ${key} AND data_type = ${quote(entry.dataType)}
        AND changes = ${quote(JSON.stringify(entry.changes))});`,
    )
    .join("\n");
}

export const staffLogDemoData: ModuleDemoData = { rank: 40, sql: ({ now }) => demoLogSql(now) };
