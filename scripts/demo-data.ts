import { hongKongDate } from "../contract/dates";
import { MODULE_IDS, type ModuleId } from "../contract/modules";
import { roleDefaults } from "../contract/permissions";
import { hashPassword } from "../backend/crypto";
import { demoCashDollarSql } from "../modules/cash-dollar/demo-data";
import { demoMembersSql, demoStoreCreditSql, generatedMembersSql } from "../modules/member/demo-data";
import { demoCouponsSql } from "../modules/promotion/demo-data";
import {
  quote,
  list,
  addDays,
  PAID_PLAN_HAS_VIP,
  DEMO_SHOP_CARD_FEE_BASIS_POINTS,
  DEMO_SHOP_DELIVERY,
  DEMO_SHOP_PROMOTION,
} from "./demo-sql";

export const DEMO_PASSWORD = "demo1234";

export const DEMO_LOGINS = [
  { email: "staff@example.com", role: "provider staff" },
  { email: "merchant@example.com", role: "merchant of Demo Shop (paid plan, every module)" },
  { email: "trial@example.com", role: "merchant of Trial Shop (trial plan, expires in 10 days)" },
  { email: "enquiry@example.com", role: "merchant of Enquiry Desk (enquiry-only)" },
  { email: "clinic@example.com", role: "merchant of Harbour Clinic (medical appointments)" },
  { email: "sales@example.com", role: "store staff (sales) of Demo Shop" },
  { email: "admin@example.com", role: "store staff (admin) of Demo Shop" },
];

const TRIAL_MODULES: ModuleId[] = ["product", "product_inventory", "add_on_product", "category", "order", "setting"];

/** Harbour Clinic's plan: the medical modules. */
const CLINIC_MODULES: ModuleId[] = [
  "member",
  "medi_appointment",
  "medi_enquiry",
  "setting",
  "staff_account",
  "staff_log",
];

/** The demo stores, in the order they are spread over the store shards (scripts/seed.ts). */
export const DEMO_STORES = ["demo-shop", "trial-shop", "enquiry-desk", "demo-clinic"];

/** Idempotent SQL for the demo data: every insert is skipped when its row already exists. */
export function demoDataSql(now = new Date()): string {
  const today = hongKongDate(now);
  const password = () => quote(hashPassword(DEMO_PASSWORD));
  const statements: string[] = [];

  const plan = (nameEn: string, nameZh: string, type: "trial" | "paid", days: number, modules: readonly string[]) =>
    statements.push(`INSERT INTO plan (name_zh_hk, name_en, plan_type, price_cents, period_days, module_list, has_cash_dollar, has_vip)
      SELECT ${quote(nameZh)}, ${quote(nameEn)}, ${quote(type)}, ${type === "trial" ? 0 : 99900}, ${days}, ${list(modules)}, ${type === "paid" ? 1 : 0}, ${type === "paid" && PAID_PLAN_HAS_VIP ? 1 : 0}
      WHERE NOT EXISTS (SELECT 1 FROM plan WHERE name_en = ${quote(nameEn)});`);
  plan("Pro", "專業版", "paid", 365, MODULE_IDS);
  plan("Trial", "試用版", "trial", 14, TRIAL_MODULES);
  plan("Enquiry", "查詢版", "paid", 365, ["enquiry"]);
  plan("Clinic", "診所版", "paid", 365, CLINIC_MODULES);

  statements.push(`INSERT INTO internal_account (email, name, password_hash) VALUES ('staff@example.com', 'Demo Staff', ${password()})
    ON CONFLICT (email) DO NOTHING;`);

  const store = (key: string, name: string, email: string, subDomain: string | null, enquiryOnly: boolean) => {
    statements.push(`INSERT INTO store_account (application_key, store_name, email, password_hash, sub_domain, cms_side_menu,
        accept_language, accept_currency, enquiry_only)
      VALUES (${quote(key)}, ${quote(name)}, ${quote(email)}, ${password()}, ${quote(subDomain)}, ${list(MODULE_IDS)},
        ${list(["zh-HK", "en"])}, ${list(["HKD"])}, ${enquiryOnly ? 1 : 0})
      ON CONFLICT (application_key) DO NOTHING;`);
    statements.push(
      `INSERT INTO website_data (application_key) VALUES (${quote(key)}) ON CONFLICT (application_key) DO NOTHING;`,
    );
  };
  /** A purchase at the plan's price (a trial free), less `percentOff` when bought with `code`. */
  const purchase = (
    key: string,
    planName: string,
    start: string,
    expiry: string,
    paymentId: string,
    promotion?: { code: string; percentOff: number },
  ) =>
    statements.push(`INSERT INTO purchased_plan (application_key, plan_id, store_payment_id, start_date, expiry_date, plan_type,
        plan_name_zh_hk, plan_name_en, module_list, has_cash_dollar, has_vip, price_before_cents, price_cents, promotion_code)
      SELECT ${quote(key)}, id, ${quote(paymentId)}, ${quote(start)}, ${quote(expiry)}, plan_type, name_zh_hk, name_en,
        module_list, has_cash_dollar, has_vip, price_cents,
        ${promotion ? `round(price_cents * ${100 - promotion.percentOff} / 100.0)` : "price_cents"},
        ${quote(promotion?.code ?? null)} FROM plan
      WHERE name_en = ${quote(planName)} AND NOT EXISTS (SELECT 1 FROM purchased_plan WHERE application_key = ${quote(key)});`);

  // A plan promotion code, used once (by Demo Shop's plan).
  statements.push(`INSERT INTO plan_promotion_code (code, discount_type, discount_value, valid_from, valid_to, usage_limit, times_used)
    VALUES ('WELCOME10', 'percentage', 10, ${quote(addDays(today, -60))}, ${quote(addDays(today, 305))}, 100, 1)
    ON CONFLICT DO NOTHING;`);

  store("demo-shop", "Demo Shop", "merchant@example.com", "demo-shop", false);
  purchase("demo-shop", "Pro", addDays(today, -30), addDays(today, 335), "demo-payment-0001", {
    code: "WELCOME10",
    percentOff: 10,
  });
  store("trial-shop", "Trial Shop", "trial@example.com", null, false);
  purchase("trial-shop", "Trial", today, addDays(today, 10), "trial");
  store("enquiry-desk", "Enquiry Desk", "enquiry@example.com", "enquiry-desk", true);
  purchase("enquiry-desk", "Enquiry", addDays(today, -30), addDays(today, 335), "demo-payment-0002");
  store("demo-clinic", "Harbour Clinic", "clinic@example.com", "harbour-clinic", false);
  purchase("demo-clinic", "Clinic", addDays(today, -30), addDays(today, 335), "demo-payment-0003");

  statements.push(`UPDATE store_account SET
      current_plan_type = (SELECT plan_type FROM purchased_plan p WHERE p.application_key = store_account.application_key
        AND p.disabled = 0 AND p.start_date <= ${quote(today)} ORDER BY p.start_date DESC, p.id DESC LIMIT 1),
      current_plan_expiry_date = (SELECT expiry_date FROM purchased_plan p WHERE p.application_key = store_account.application_key
        AND p.disabled = 0 AND p.start_date <= ${quote(today)} ORDER BY p.start_date DESC, p.id DESC LIMIT 1);`);

  // Settings only while nobody has saved them (version 1), so seeding again keeps a merchant's own.
  const settings = (key: string, page: "payment" | "delivery" | "promotion", columns: Record<string, unknown>) =>
    statements.push(
      `UPDATE store_setting SET ${Object.entries(columns)
        .map(
          ([column, value]) =>
            `${column} = ${typeof value === "object" ? quote(JSON.stringify(value)) : quote(value as string | number | null)}`,
        )
        .join(", ")} WHERE application_key = ${quote(key)} AND ${page}_version = 1;`,
    );
  settings("demo-shop", "payment", {
    payment_methods: DEMO_SHOP_PAYMENT,
    card_fee_basis_points: DEMO_SHOP_CARD_FEE_BASIS_POINTS,
  });
  settings("demo-shop", "delivery", { delivery_methods: DEMO_SHOP_DELIVERY });
  settings("demo-shop", "promotion", DEMO_SHOP_PROMOTION);
  // Trial Shop is half set up: cash only, no delivery yet, so its setup guide shows progress.
  settings("trial-shop", "payment", { payment_methods: { cash: { enabled: true } } });

  for (const [email, name, role] of [
    ["sales@example.com", "Demo Sales", "sales"],
    ["admin@example.com", "Demo Admin", "admin"],
  ] as const) {
    statements.push(`INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions, sells_offline)
      VALUES ('demo-shop', '${email}', '${name}', ${password()}, '${role}', ${quote(JSON.stringify(roleDefaults(role)))}, ${role === "admin" ? 1 : 0})
      ON CONFLICT (email) DO NOTHING;`);
  }
  statements.push(...demoMembersSql(today));
  statements.push(...demoCouponsSql(now));
  statements.push(...demoCashDollarSql(today));
  statements.push(...demoStoreCreditSql(today));
  statements.push(...generatedMembersSql(today));
  return statements.join("\n");
}

const DEMO_SHOP_PAYMENT = {
  cash: { enabled: true, instructions_zh_hk: "門市付款。", instructions_en: "Pay at the shop." },
  credit_card: { enabled: true },
  fps: {
    enabled: true,
    account_id: "1234567",
    instructions_zh_hk: "請以轉數快付款至識別碼 1234567，並上載付款證明。",
    instructions_en: "Pay by FPS to ID 1234567 and upload the payment proof.",
    requires_proof: true,
  },
  payme: {
    enabled: true,
    account_id: "https://payme.hsbc/demoshop",
    instructions_zh_hk: "以 PayMe 付款後上載截圖。",
    instructions_en: "Pay with PayMe, then upload the screenshot.",
    requires_proof: true,
  },
};

// What the seed and the tests import: the shared helpers and each module's own demo records.
export * from "./demo-sql";
export * from "./module-demo-data.generated";
