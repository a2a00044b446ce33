import { hongKongDate } from "../contract/dates";
import { MODULE_IDS, type ModuleId } from "../contract/modules";
import { roleDefaults } from "../contract/permissions";
import { hashPassword } from "../backend/crypto";

export const DEMO_PASSWORD = "demo1234";

export const DEMO_LOGINS = [
  { email: "staff@example.com", role: "provider staff" },
  { email: "merchant@example.com", role: "merchant of Demo Shop (paid plan, every module)" },
  { email: "trial@example.com", role: "merchant of Trial Shop (trial plan, expires in 10 days)" },
  { email: "enquiry@example.com", role: "merchant of Enquiry Desk (enquiry-only)" },
  { email: "sales@example.com", role: "store staff (sales) of Demo Shop" },
];

const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : Number(value);
const list = (values: readonly string[]) => quote(JSON.stringify(values));

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const TRIAL_MODULES: ModuleId[] = ["product", "product_inventory", "add_on_product", "category", "order", "setting"];

/** Idempotent SQL for the demo data: every insert is skipped when its row already exists. */
export function demoDataSql(now = new Date()): string {
  const today = hongKongDate(now);
  const password = () => quote(hashPassword(DEMO_PASSWORD));
  const statements: string[] = [];

  const plan = (nameEn: string, nameZh: string, type: "trial" | "paid", days: number, modules: readonly string[]) =>
    statements.push(`INSERT INTO plan (name_zh_hk, name_en, plan_type, price_cents, period_days, module_list, has_cash_dollar, has_vip)
      SELECT ${quote(nameZh)}, ${quote(nameEn)}, ${quote(type)}, ${type === "trial" ? 0 : 99900}, ${days}, ${list(modules)}, ${type === "paid" ? 1 : 0}, ${type === "paid" ? 1 : 0}
      WHERE NOT EXISTS (SELECT 1 FROM plan WHERE name_en = ${quote(nameEn)});`);
  plan("Pro", "專業版", "paid", 365, MODULE_IDS);
  plan("Trial", "試用版", "trial", 14, TRIAL_MODULES);
  plan("Enquiry", "查詢版", "paid", 365, ["enquiry"]);

  statements.push(`INSERT INTO internal_account (email, name, password_hash) VALUES ('staff@example.com', 'Demo Staff', ${password()})
    ON CONFLICT (email) DO NOTHING;`);

  const store = (key: string, name: string, email: string, subDomain: string | null, enquiryOnly: boolean) => {
    statements.push(`INSERT INTO store_account (application_key, store_name, email, password_hash, sub_domain, cms_side_menu,
        accept_language, accept_currency, payment_method_list, delivery_method_list, enquiry_only)
      VALUES (${quote(key)}, ${quote(name)}, ${quote(email)}, ${password()}, ${quote(subDomain)}, ${list(MODULE_IDS)},
        ${list(["zh-HK", "en"])}, ${list(["HKD"])}, '[]', '[]', ${enquiryOnly ? 1 : 0})
      ON CONFLICT (application_key) DO NOTHING;`);
    statements.push(
      `INSERT INTO website_data (application_key) VALUES (${quote(key)}) ON CONFLICT (application_key) DO NOTHING;`,
    );
  };
  const purchase = (key: string, planName: string, start: string, expiry: string, paymentId: string) =>
    statements.push(`INSERT INTO purchased_plan (application_key, plan_id, store_payment_id, start_date, expiry_date, plan_type,
        plan_name_zh_hk, plan_name_en, module_list, has_cash_dollar, has_vip)
      SELECT ${quote(key)}, id, ${quote(paymentId)}, ${quote(start)}, ${quote(expiry)}, plan_type, name_zh_hk, name_en,
        module_list, has_cash_dollar, has_vip FROM plan
      WHERE name_en = ${quote(planName)} AND NOT EXISTS (SELECT 1 FROM purchased_plan WHERE application_key = ${quote(key)});`);

  store("demo-shop", "Demo Shop", "merchant@example.com", "demo-shop", false);
  purchase("demo-shop", "Pro", addDays(today, -30), addDays(today, 335), "demo-payment-0001");
  store("trial-shop", "Trial Shop", "trial@example.com", null, false);
  purchase("trial-shop", "Trial", today, addDays(today, 10), "trial");
  store("enquiry-desk", "Enquiry Desk", "enquiry@example.com", "enquiry-desk", true);
  purchase("enquiry-desk", "Enquiry", addDays(today, -30), addDays(today, 335), "demo-payment-0002");

  statements.push(`UPDATE store_account SET
      current_plan_type = (SELECT plan_type FROM purchased_plan p WHERE p.application_key = store_account.application_key
        AND p.disabled = 0 AND p.start_date <= ${quote(today)} ORDER BY p.start_date DESC, p.id DESC LIMIT 1),
      current_plan_expiry_date = (SELECT expiry_date FROM purchased_plan p WHERE p.application_key = store_account.application_key
        AND p.disabled = 0 AND p.start_date <= ${quote(today)} ORDER BY p.start_date DESC, p.id DESC LIMIT 1);`);

  statements.push(`INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions)
    VALUES ('demo-shop', 'sales@example.com', 'Demo Sales', ${password()}, 'sales', ${quote(JSON.stringify(roleDefaults("sales")))})
    ON CONFLICT (email) DO NOTHING;`);
  return statements.join("\n");
}
