import { hongKongDate } from "../contract/dates";
import { MODULE_IDS, type ModuleId } from "../contract/modules";
import { DISTRICTS, LOG_DATA_TYPE_MODULES, type ORDER_STATUSES } from "../contract/options";
import { roleDefaults } from "../contract/permissions";
import { cashDollarQuote, earnedCashDollarCents } from "../backend/cash-dollar";
import { cardFeeCents } from "../backend/checkout";
import { couponDiscountCents } from "../backend/coupons";
import { hashPassword } from "../backend/crypto";
import { lateFeeFor, rentFor } from "../backend/renting-price";

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

const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : Number(value);
const list = (values: readonly string[]) => quote(JSON.stringify(values));

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Paid plans (Demo Shop's Pro) have cash dollar and VIP; the trial has neither. */
const PAID_PLAN_HAS_VIP = true;

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
    statements.push(`INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions)
      VALUES ('demo-shop', '${email}', '${name}', ${password()}, '${role}', ${quote(JSON.stringify(roleDefaults(role)))})
      ON CONFLICT (email) DO NOTHING;`);
  }
  statements.push(...demoMembersSql(today));
  statements.push(...demoCouponsSql(now));
  statements.push(...demoCashDollarSql(today));
  statements.push(...generatedMembersSql(today));
  return statements.join("\n");
}

/** Demo Shop's members: [name, e-mail, phone, level, birthday month, marketing consent, district, days a member]. */
const DEMO_MEMBERS = [
  ["陳大文", "taiman.chan@example.com", "91234567", "vip", 1, true, "kln", 720],
  ["李嘉欣", "kayan.lee@example.com", "62345678", "general", 2, true, "hk", 640],
  ["黃志明", "chiming.wong@example.com", "53456789", "general", 3, false, "nt", 600],
  ["張美玲", "meiling.cheung@example.com", "94567890", "vip", 4, true, "hk", 560],
  ["劉德華", "takwah.lau@example.com", "65678901", "general", 5, false, null, 500],
  ["Emily Ho", "emily.ho@example.com", "96789012", "general", 6, true, "island", 470],
  ["吳家樂", "kalok.ng@example.com", "57890123", "general", 7, true, "kln", 430],
  ["Jason Leung", "jason.leung@example.com", "68901234", "vip", 8, true, "hk", 400],
  ["林小慧", "siuwai.lam@example.com", "99012345", "general", 9, false, "nt", 360],
  ["鄭子健", "tszkin.cheng@example.com", "60123456", "general", 10, true, "kln", 330],
  ["周慧敏", "waiman.chow@example.com", "51234568", "vip", 11, true, "hk", 300],
  ["Karen Tsang", "karen.tsang@example.com", "92345679", "general", 12, false, "nt", 270],
  ["馬國明", "kwokming.ma@example.com", "63456780", "general", null, false, null, 240],
  ["何韻詩", "wansze.ho@example.com", "54567891", "general", 3, true, "island", 200],
  ["梁朝偉", "chiuwai.leung@example.com", "95678902", "vip", 6, true, "hk", 160],
  ["Sammi Kwok", "sammi.kwok@example.com", "66789013", "general", 9, true, "kln", 120],
  ["蔡少芬", "siufan.choi@example.com", "57890124", "general", 12, false, null, 90],
  ["楊千嬅", "chinwah.yeung@example.com", "98901235", "general", 5, true, "nt", 45],
  ["Peter Chu", "peter.chu@example.com", null, "general", null, false, null, 20],
  ["謝霆鋒", "tingfung.tse@example.com", "69012346", "general", 8, true, "kln", 3],
] as const;

const DEMO_ADDRESSES = {
  hk: "銅鑼灣軒尼詩道 500 號",
  kln: "旺角彌敦道 688 號",
  nt: "沙田正街 18 號",
  island: "東涌健東路 1 號",
};

/** ~20 Hong Kong members for Demo Shop, numbered M00001… in the order they joined; skipped when there. */
function demoMembersSql(today: string): string[] {
  const key = quote("demo-shop");
  return DEMO_MEMBERS.map(([name, email, phone, level, month, consent, district, days], index) => {
    const next = `(SELECT coalesce(max(member_number), 0) + 1 FROM member WHERE application_key = ${key})`;
    return `INSERT INTO member (application_key, member_number, member_code, name, email, phone, registration_date, level,
        birthday_month, marketing_consent, disabled, note, delivery_address, delivery_district)
      SELECT ${key}, ${next}, (SELECT printf('M%05d', ${next})), ${quote(name)}, ${quote(email)}, ${phone ? quote(phone) : "NULL"},
        ${quote(addDays(today, -days))}, ${quote(level)}, ${month ?? "NULL"}, ${consent ? 1 : 0}, ${index === 16 ? 1 : 0},
        ${index === 0 ? quote("熟客，喜歡限量版。") : "NULL"}, ${district ? quote(DEMO_ADDRESSES[district]) : "NULL"},
        ${district ? quote(district) : "NULL"}
      WHERE NOT EXISTS (SELECT 1 FROM member WHERE application_key = ${key} AND email = ${quote(email)});`;
  });
}

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
function demoCashDollarSql(today: string): string[] {
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

/** How many members Demo Shop has in all: the hand-written ones, then generated ones up to this. */
const DEMO_MEMBER_COUNT = 200;
const SURNAMES = ["陳", "李", "張", "黃", "何", "林", "吳", "劉", "蔡", "楊", "鄧", "許", "梁", "謝", "郭", "曾"];
const GIVEN_NAMES = [
  "家豪",
  "嘉欣",
  "志偉",
  "詠詩",
  "俊傑",
  "曉彤",
  "子軒",
  "凱琳",
  "浩然",
  "美儀",
  "卓賢",
  "穎欣",
  "國強",
];
const ROMAN_SURNAMES = [
  "Chan",
  "Lee",
  "Cheung",
  "Wong",
  "Ho",
  "Lam",
  "Ng",
  "Lau",
  "Choi",
  "Yeung",
  "Tang",
  "Hui",
  "Leung",
  "Tse",
  "Kwok",
  "Tsang",
];
const ADJUSTMENT_REASONS = [
  [30_00, "門市活動獎賞"],
  [-20_00, "Cash dollar used at the counter"],
  [12_50, "Apology for a late delivery"],
  [-45_00, "扣回重複的迎新現金券"],
  [80_00, "生日驚喜"],
] as const;

/**
 * Demo Shop's other members, made up but the same every time (member i: a name, `member-i@demo-shop.example`,
 * a phone, birthdays round the twelve months, every 9th VIP, every 23rd disabled, about 3 in 5 agreeing
 * to marketing), each joined on its own day, with a ledger: the welcome credit, and for every 3rd an admin
 * adjustment with its reason (every 6th two). One INSERT … SELECT per table, each row skipped when there,
 * and balances set from the ledgers, so seeding again adds nothing.
 */
function generatedMembersSql(today: string): string[] {
  const key = quote("demo-shop");
  const actor = quote("merchant@example.com");
  const welcomeCents = DEMO_SHOP_PROMOTION.welcome_cash_dollar_cents;
  const districts = ["hk", "kln", "nt", "island", null] as const;
  const members = Array.from({ length: DEMO_MEMBER_COUNT - DEMO_MEMBERS.length }, (_, index) => {
    const n = index + 1;
    const district = districts[n % districts.length];
    const roman = ROMAN_SURNAMES[n % ROMAN_SURNAMES.length];
    return {
      n,
      name:
        n % 4 === 0
          ? `${["Alex", "Winnie", "Kelvin", "Cathy", "Eric"][n % 5]} ${roman}`
          : `${SURNAMES[n % SURNAMES.length]}${GIVEN_NAMES[n % GIVEN_NAMES.length]}`,
      email: `member-${n}@demo-shop.example`,
      phone: n % 11 === 0 ? null : `${[5, 6, 9][n % 3]}${String(3_000_000 + n * 7_919).padStart(7, "0")}`,
      // Joined one to about three years ago, the higher the number the later.
      joined: addDays(today, -(1_100 - n * 5)),
      level: PAID_PLAN_HAS_VIP && n % 9 === 0 ? "vip" : "general",
      month: n % 13 === 0 ? null : (n % 12) + 1,
      consent: n % 5 < 3,
      disabled: n % 23 === 0,
      district,
      address: district && DEMO_ADDRESSES[district],
    };
  });
  const memberRows = members.map((member) =>
    [
      member.n,
      member.name,
      member.email,
      member.phone,
      member.joined,
      member.level,
      member.month,
      member.consent,
      member.disabled,
      member.address,
      member.district,
    ]
      .map(quote)
      .join(", "),
  );
  // Numbered on from the store's last member, in the order they joined.
  const insertMembers = `INSERT INTO member (application_key, member_number, member_code, name, email, phone, registration_date,
      level, birthday_month, marketing_consent, disabled, delivery_address, delivery_district)
    SELECT ${key}, b.base + row_number() OVER (ORDER BY v.column1), printf('M%05d', b.base + row_number() OVER (ORDER BY v.column1)),
      v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10, v.column11
    FROM (VALUES (${memberRows.join("), (")})) v,
      (SELECT coalesce(max(member_number), 0) AS base FROM member WHERE application_key = ${key}) b
    WHERE NOT EXISTS (SELECT 1 FROM member m WHERE m.application_key = ${key} AND m.email = v.column3);`;

  const ledgerRows = members.flatMap((member) => {
    const at = (days: number) => `${addDays(member.joined, days)}T02:00:00.000Z`;
    const rows: [string, string, number, number, string | null, string][] = [
      [member.email, "welcome_cash_dollar", welcomeCents, welcomeCents, null, at(0)],
    ];
    let balance = welcomeCents;
    const adjustments = member.n % 6 === 0 ? 2 : member.n % 3 === 0 ? 1 : 0;
    for (let step = 0; step < adjustments; step++) {
      const [cents, reason] = ADJUSTMENT_REASONS[(member.n + step) % ADJUSTMENT_REASONS.length];
      // Never below 0, as the database holds it.
      if (balance + cents < 0) continue;
      balance += cents;
      rows.push([member.email, "admin", cents, balance, reason, at(20 + step * 40)]);
    }
    return rows.map((row) => row.map(quote).join(", "));
  });
  const insertLedgers = `INSERT INTO cash_dollar_record (application_key, member_id, action, amount_cents, balance_after_cents,
      actor_email, reason, created_at)
    SELECT ${key}, m.id, v.column2, v.column3, v.column4, ${actor}, v.column5, v.column6
    FROM (VALUES (${ledgerRows.join("), (")})) v
      JOIN member m ON m.application_key = ${key} AND m.email = v.column1
    WHERE NOT EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = ${key} AND r.member_id = m.id
      AND r.action = v.column2 AND r.reason IS v.column5);`;
  const balances = `UPDATE member SET cash_dollar_cents = (SELECT sum(r.amount_cents) FROM cash_dollar_record r
      WHERE r.application_key = member.application_key AND r.member_id = member.id)
    WHERE application_key = ${key} AND email LIKE '%@demo-shop.example';`;
  return [insertMembers, insertLedgers, balances];
}

/**
 * Demo Shop's coupons, one in each state a list shows: [code, title zh, title en, usage, type, value, days from
 * now it starts and expires, usage limit, disabled]. Their uses are the demo orders' (`demoOrdersSql`): the summer
 * coupon while it ran, the welcome coupon this week, and all three of FIRST's.
 */
const DEMO_COUPONS = [
  ["WELC0", "新客九折", "10% off for new customers", "once", "percentage", 10, -7, 60, null, false],
  ["XMAS5", "聖誕減 $50", "HK$50 off at Christmas", "reusable", "cash", 50_00, 14, 45, null, false],
  ["SUMMR", "夏日八折", "Summer 20% off", "reusable", "percentage", 20, -60, -30, null, false],
  ["PAUSE", "暫停優惠", "Paused offer", "reusable", "cash", 20_00, -7, 60, null, true],
  ["FIRST", "頭三位減 $100", "HK$100 off for the first three", "reusable", "cash", 100_00, -20, 40, 3, false],
] as const;

/** The demo coupons' minimum subtotal: HK$300 for the cash ones. */
const couponMinimumCents = (type: (typeof DEMO_COUPONS)[number][4]) => (type === "cash" ? 300_00 : 0);

/** Demo Shop's coupons; each skipped when already there. */
function demoCouponsSql(now: Date): string[] {
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

/** Demo Shop's card fee (payment setting), in basis points: 2.5% of what a card pays. */
const DEMO_SHOP_CARD_FEE_BASIS_POINTS = 250;

const DEMO_SHOP_DELIVERY = {
  shop_delivery: {
    enabled: true,
    charge_cents: { hk: 30_00, kln: 30_00, nt: 50_00, island: 80_00 },
    free_delivery_amount_cents: 500_00,
    instructions_zh_hk: "兩個工作天內送達。",
    instructions_en: "Delivered within two working days.",
  },
  sf_store: {
    enabled: true,
    charge_cents: { hk: 25_00, kln: 25_00, nt: 25_00, island: 25_00 },
    free_delivery_amount_cents: 300_00,
  },
  self_pickup: {
    enabled: true,
    charge_cents: { hk: 0, kln: 0, nt: 0, island: 0 },
    pickup_addresses: ["九龍旺角彌敦道 1 號 Demo Shop", "Demo Shop, 1 Nathan Road, Mong Kok, Kowloon"],
  },
};

const DEMO_SHOP_PROMOTION = {
  cash_dollar_enabled: 1,
  cash_dollar_earn_rate: 100,
  cash_dollar_redeem_rate: 1000,
  welcome_cash_dollar_cents: 50_00,
  birthday_coupon_enabled: 1,
  birthday_coupon_type: "percentage",
  birthday_coupon_amount: 10,
  birthday_coupon_minimum_subtotal_cents: 200_00,
  birthday_coupon_valid_days: 30,
  vip_enabled: 1,
  vip_upgrade_spend_cents: 5000_00,
  vip_upgrade_days: 365,
};

/** Demo Shop's catalogue images: shipped PNGs, stored like uploads under their content hash. */
export const DEMO_IMAGES = ["tea", "coffee", "snack", "gift", "cup", "bag"] as const;
export type DemoImageUrls = Record<(typeof DEMO_IMAGES)[number], string>;

const CATEGORIES = [
  {
    zh: "茶葉",
    en: "Tea",
    image: "tea",
    products: [
      ["烏龍茶", "Oolong tea"],
      ["普洱茶", "Pu-erh tea"],
      ["鐵觀音", "Tieguanyin"],
      ["茉莉花茶", "Jasmine tea"],
      ["龍井", "Longjing tea"],
      ["壽眉", "Shoumei tea"],
      ["菊花茶", "Chrysanthemum tea"],
      ["檸檬茶包", "Lemon tea bags"],
    ],
  },
  {
    zh: "咖啡",
    en: "Coffee",
    image: "coffee",
    products: [
      ["濾掛咖啡", "Drip coffee"],
      ["咖啡豆（深焙）", "Coffee beans (dark)"],
      ["咖啡豆（淺焙）", "Coffee beans (light)"],
      ["冷萃咖啡", "Cold brew"],
      ["即溶咖啡", "Instant coffee"],
      ["鴛鴦", "Yuenyeung"],
      ["咖啡濾紙", "Coffee filters"],
    ],
  },
  {
    zh: "小食",
    en: "Snacks",
    image: "snack",
    products: [
      ["雞蛋仔", "Egg waffle"],
      ["蛋卷", "Egg rolls"],
      ["杏仁餅", "Almond cookies"],
      ["老婆餅", "Wife cake"],
      ["合桃酥", "Walnut cookies"],
      ["話梅", "Dried plums"],
      ["陳皮", "Dried tangerine peel"],
      ["牛肉乾", "Beef jerky"],
    ],
  },
  {
    zh: "禮品",
    en: "Gifts",
    image: "gift",
    products: [
      ["茶具套裝", "Tea set"],
      ["保溫杯", "Thermal cup"],
      ["環保袋", "Tote bag"],
      ["禮品卡", "Gift card"],
      ["中秋禮盒", "Mid-Autumn gift box"],
      ["新年禮籃", "New Year hamper"],
      ["手繪茶杯", "Hand-painted cup"],
    ],
  },
] as const;

/** [name zh, name en, price in cents, the barcode the POS scans for it]. */
const ADD_ONS = [
  ["禮品包裝", "Gift wrapping", 2000, "WRAP01"],
  ["保溫袋", "Cooler bag", 1500, "BAG01"],
  ["心意卡", "Greeting card", 500, "CARD01"],
] as const;

/** Demo Shop's products in catalogue order: DEMO-001… with their names and prices (the same every time). */
const DEMO_PRODUCTS = CATEGORIES.flatMap((category): (readonly [string, string])[] => [...category.products]).map(
  ([zh, en], index) => {
    const number = index + 1;
    return { number, code: `DEMO-${String(number).padStart(3, "0")}`, zh, en, price: 2800 + ((number * 1700) % 30000) };
  },
);

/** About 30 products in four categories, with images, add-ons, short and unlimited stock, both languages. */
export function demoCatalogSql(images: DemoImageUrls): string {
  const statements: string[] = [];
  const key = quote("demo-shop");
  for (const [index, category] of CATEGORIES.entries()) {
    statements.push(`INSERT INTO category (application_key, name_zh_hk, name_en, image_url, sort_order, publish)
      SELECT ${key}, ${quote(category.zh)}, ${quote(category.en)}, ${quote(images[category.image])}, ${index + 1}, 1
      WHERE NOT EXISTS (SELECT 1 FROM category WHERE application_key = ${key} AND name_en = ${quote(category.en)});`);
  }
  for (const [zh, en, price, barcode] of ADD_ONS) {
    statements.push(`INSERT INTO add_on_product (application_key, name_zh_hk, name_en, price_cents, stock, unlimited_inventory, image_url, barcode, publish)
      SELECT ${key}, ${quote(zh)}, ${quote(en)}, ${price}, 50, ${price === 500 ? 1 : 0}, ${quote(images.bag)}, ${quote(barcode)}, 1
      WHERE NOT EXISTS (SELECT 1 FROM add_on_product WHERE application_key = ${key} AND name_en = ${quote(en)});`);
  }
  let number = 0;
  for (const category of CATEGORIES) {
    for (const [zh, en] of category.products) {
      const { code, price } = DEMO_PRODUCTS[number++];
      // Every seventh is sold out, every fifth unlimited: the inventory page shows both.
      const stock = number % 7 === 0 ? 0 : 5 + ((number * 13) % 60);
      const image = number % 3 === 0 ? images.cup : images[category.image];
      statements.push(`INSERT INTO product (application_key, product_code, name_zh_hk, name_en, description_zh_hk, description_en,
          price_cents, original_price_cents, cost_cents, sku, barcode, unlimited_inventory, stock, minimum_order_quantity,
          bestseller, publish, seo_title, descriptive_url, images, sold_quantity)
        VALUES (${key}, ${quote(code)}, ${quote(zh)}, ${quote(en)}, ${quote(`${zh}，香港製作。`)}, ${quote(`${en}, made in Hong Kong.`)},
          ${price}, ${price + 1000}, ${Math.round(price * 0.45)}, ${quote(`SKU-${1000 + number}`)}, ${quote(`489${String(100000000 + number)}`)},
          ${number % 5 === 0 ? 1 : 0}, ${stock}, 1, ${number % 4 === 0 ? 1 : 0}, ${number % 9 === 0 ? 0 : 1}, ${quote(en)},
          ${quote(
            en
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-")
              .replace(/^-|-$/g, ""),
          )}, ${list([image])}, ${(number * 7) % 40})
        ON CONFLICT DO NOTHING;`);
      statements.push(`INSERT OR IGNORE INTO product_category (application_key, product_id, category_id)
        SELECT ${key}, p.id, c.id FROM product p, category c
        WHERE p.application_key = ${key} AND p.product_code = ${quote(code)} AND c.application_key = ${key} AND c.name_en = ${quote(category.en)};`);
      if (number % 4 === 1) {
        statements.push(`INSERT OR IGNORE INTO product_add_on (application_key, product_id, add_on_product_id)
          SELECT ${key}, p.id, a.id FROM product p, add_on_product a
          WHERE p.application_key = ${key} AND p.product_code = ${quote(code)} AND a.application_key = ${key} AND a.name_en = 'Gift wrapping';`);
      }
    }
  }
  return statements.join("\n");
}

const DEMO_ORDER_DAYS = 90;
/** Demo Shop's generated members who order: member-1@demo-shop.example to member-40@…. */
const ORDERING_MEMBERS = 40;
/** Who works the counter and the order pages in the demo. */
const DEMO_STAFF = "merchant@example.com";

type OrderStatus = (typeof ORDER_STATUSES)[number];
type DemoProduct = (typeof DEMO_PRODUCTS)[number];

/** An order as first drawn: who, what and how, before its discount and amounts. */
interface DemoOrderDraft {
  /** Its idempotency key, which makes seeding again skip it. */
  key: string;
  /** Numbers the guest's name and phone and the SF waybill. */
  n: number;
  createdAt: string;
  channel: "pos" | "online";
  status: OrderStatus;
  memberEmail: string | null;
  method: "cash" | "credit_card" | "fps" | "payme";
  lines: { product: DemoProduct; quantity: number }[];
  delivery: { method: "sf_store" | "shop_delivery"; district: (typeof DISTRICTS)[number] } | null;
  /** The coupon it uses; without one, a member's order may pay part with the cash dollar earned so far. */
  coupon: string | null;
  spendsCashDollar: boolean;
  /** One unit of its last line is refunded later. */
  partlyRefunded: boolean;
}

interface DemoOrder extends DemoOrderDraft {
  subtotal: number;
  couponCents: number;
  cashDollarSpent: number;
  cashDollarCents: number;
  deliveryCents: number;
  cardFeeCents: number;
  total: number;
  earned: number;
  paidAt: string | null;
  /** Its status history: [from, to, who, when]. */
  moves: [OrderStatus | null, OrderStatus, string | null, string][];
  refund: { at: string; amount: number; fees: number; refundedUnits: number[]; note: string } | null;
}

/** The way an order goes; each status is reached this many hours after the order was made. */
const ORDER_PATH: [OrderStatus, number][] = [
  ["awaiting_payment", 0],
  ["unverified_payment", 2],
  ["paid", 4],
  ["preparing", 20],
  ["delivering", 26],
  ["completed", 50],
  ["refunded", 72],
];
/**
 * The state of the last week's website orders and shop deliveries by their day (today first). Unpaid website
 * orders are cancelled after two days, so only today's and yesterday's still wait for payment.
 */
const WEBSITE_OPEN_STATUSES: OrderStatus[] = [
  "awaiting_payment",
  "awaiting_payment",
  "unverified_payment",
  "paid",
  "preparing",
  "delivering",
  "delivering",
];
const SHOP_DELIVERY_STATUSES: OrderStatus[] = [
  "preparing",
  "preparing",
  "delivering",
  "delivering",
  "completed",
  "completed",
];
/** Unpaid website orders are cancelled after the payment setting's 48 hours; a partial refund comes after 60. */
const CANCEL_HOURS = 48;
const PARTIAL_REFUND_HOURS = 60;

const hoursLater = (at: string, hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();

/**
 * Three or four orders a day between 10:00 and 21:00 Hong Kong time, made up but the same every time: two in
 * three at the counter (cash, card, FPS, PayMe; a few delivered by the shop), one in three from the website (SF
 * store delivery, paid by card or by FPS with a proof), one in four for a member. Older orders are completed,
 * some refunded in full or by a line, some website orders cancelled unpaid; the last week holds every open
 * state. Some use the summer coupon while it ran or the welcome coupon this week; some members pay part with
 * their cash dollar.
 */
function generatedOrderDrafts(now: Date): DemoOrderDraft[] {
  const today = hongKongDate(now);
  const forSale = DEMO_PRODUCTS.filter((product) => product.number % 9 !== 0);
  const drafts: DemoOrderDraft[] = [];
  let n = 0;
  for (let day = DEMO_ORDER_DAYS - 1; day >= 0; day--) {
    const date = addDays(today, -day);
    const count = 3 + (day % 2);
    for (let k = 0; k < count; k++) {
      n++;
      const hour = 10 + ((n * 5) % 11);
      const minute = (n * 17) % 60;
      // The database writes UTC; Hong Kong is 8 hours ahead.
      const createdAt = new Date(
        Date.parse(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00+08:00`),
      ).toISOString();
      if (Date.parse(createdAt) > now.getTime()) continue;
      const channel = n % 3 === 0 ? "online" : "pos";
      const member = n % 4 === 0 ? `member-${1 + ((n * 7) % ORDERING_MEMBERS)}@demo-shop.example` : null;
      const lines = Array.from({ length: 1 + (n % 3) }, (_, index) => ({
        product: forSale[(n * 7 + index * 11) % forSale.length],
        quantity: 1 + ((n + index) % 2),
      })).filter((line, index, all) => all.findIndex((other) => other.product === line.product) === index);
      // One counter sale a day is delivered by the shop this week; the last week's orders are still open, by age.
      const delivered = channel === "pos" && day < 6 && n % 3 === 1;
      const status: OrderStatus =
        channel === "online" && day < WEBSITE_OPEN_STATUSES.length
          ? WEBSITE_OPEN_STATUSES[day]
          : delivered
            ? SHOP_DELIVERY_STATUSES[day]
            : channel === "online" && n % 13 === 0
              ? "cancelled"
              : n % 17 === 0 && day > 5 && !member
                ? "refunded"
                : "completed";
      const unpaid = ["awaiting_payment", "unverified_payment", "cancelled"].includes(status);
      drafts.push({
        key: `demo-order-${n}`,
        n,
        createdAt,
        channel,
        status,
        memberEmail: member,
        method:
          channel === "online"
            ? n % 2 === 0 && !unpaid
              ? "credit_card"
              : "fps"
            : (["cash", "credit_card", "fps", "payme", "cash"] as const)[n % 5],
        lines,
        delivery:
          channel === "online"
            ? { method: "sf_store", district: DISTRICTS[Math.floor(n / 3) % DISTRICTS.length] }
            : delivered
              ? { method: "shop_delivery", district: DISTRICTS[n % DISTRICTS.length] }
              : null,
        coupon:
          status === "cancelled"
            ? null
            : day >= 31 && day <= 59 && n % 5 === 2
              ? "SUMMR"
              : day <= 6 && member
                ? "WELC0"
                : null,
        spendsCashDollar: n % 8 === 4,
        partlyRefunded:
          status === "completed" && !member && day > 4 && n % 23 === 5 && lines.some((line) => line.quantity > 1),
      });
    }
  }
  return drafts;
}

/** FIRST's three uses: counter sales to three members ten, nine and eight days ago, [e-mail, product codes]. */
const FIRST_COUPON_SALES = [
  ["taiman.chan@example.com", ["DEMO-016", "DEMO-022"]],
  ["kayan.lee@example.com", ["DEMO-017", "DEMO-023"]],
  ["meiling.cheung@example.com", ["DEMO-015", "DEMO-024"]],
] as const;

function firstCouponDrafts(now: Date): DemoOrderDraft[] {
  const today = hongKongDate(now);
  return FIRST_COUPON_SALES.map(([email, codes], index) => ({
    key: `demo-order-first-${index + 1}`,
    n: 1000 + index,
    createdAt: new Date(Date.parse(`${addDays(today, index - 10)}T15:00:00+08:00`)).toISOString(),
    channel: "pos",
    status: "completed",
    memberEmail: email,
    method: "cash",
    lines: codes.map((code) => ({ product: DEMO_PRODUCTS.find((product) => product.code === code)!, quantity: 1 })),
    delivery: null,
    coupon: "FIRST",
    spendsCashDollar: false,
    partlyRefunded: false,
  }));
}

/** The moves that bring an order to its status, squeezed into the time since it was made when it is recent. */
function movesOf(draft: DemoOrderDraft, now: Date): DemoOrder["moves"] {
  const first: OrderStatus =
    draft.channel === "pos"
      ? draft.delivery
        ? "preparing"
        : "completed"
      : draft.method === "credit_card"
        ? "paid"
        : "awaiting_payment";
  const statuses = ORDER_PATH.map(([status]) => status);
  const path: [OrderStatus, number][] =
    draft.status === "cancelled"
      ? [
          ["awaiting_payment", 0],
          ["cancelled", CANCEL_HOURS],
        ]
      : ORDER_PATH.slice(statuses.indexOf(first), statuses.indexOf(draft.status) + 1);
  const last = path[path.length - 1][1];
  const hoursSince = (now.getTime() - Date.parse(draft.createdAt)) / 3_600_000;
  const squeeze = last > hoursSince ? (0.9 * hoursSince) / last : 1;
  return path.map(([to, hours], index) => {
    const customers = index === 0 ? draft.channel === "online" : to === "unverified_payment" || to === "cancelled";
    return [
      index === 0 ? null : path[index - 1][0],
      to,
      customers ? null : DEMO_STAFF,
      index === 0 ? draft.createdAt : hoursLater(draft.createdAt, hours * squeeze),
    ];
  });
}

/** The coupon's discount on a subtotal, or none when the coupon asks for more (the checkout engine's rules). */
function couponDiscount(code: string, subtotal: number) {
  const [, , , , type, value] = DEMO_COUPONS.find(([coupon]) => coupon === code)!;
  return subtotal < couponMinimumCents(type)
    ? 0
    : couponDiscountCents({ discountType: type, discountValue: value }, subtotal);
}

/**
 * Prices each order as the checkout engine does (coupon or cash dollar, delivery free over the method's
 * amount, the card fee on what the card pays), in the order they were made, so each member spends only the
 * cash dollar their paid orders had earned by then (the earn rate on what they paid), at most half an order.
 */
function pricedOrders(drafts: DemoOrderDraft[], now: Date): DemoOrder[] {
  const { cash_dollar_earn_rate: earnRate, cash_dollar_redeem_rate: redeemRate } = DEMO_SHOP_PROMOTION;
  const earnings = new Map<string, { at: string; cents: number }[]>();
  const spent = new Map<string, number>();
  const onceUsed = new Set<string>();
  return drafts.map((draft): DemoOrder => {
    const member = draft.memberEmail;
    const subtotal = draft.lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    const once = draft.coupon && member && DEMO_COUPONS.find(([code]) => code === draft.coupon)![3] === "once";
    const couponCents =
      draft.coupon && !(once && onceUsed.has(`${draft.coupon}:${member}`)) ? couponDiscount(draft.coupon, subtotal) : 0;
    if (once && couponCents > 0) onceUsed.add(`${draft.coupon}:${member}`);
    let cashDollar = { discountCents: 0, spendCents: 0 };
    if (member && couponCents === 0 && draft.spendsCashDollar) {
      const earned = (earnings.get(member) ?? []).filter(({ at }) => at <= draft.createdAt);
      const balance = earned.reduce((sum, { cents }) => sum + cents, 0) - (spent.get(member) ?? 0);
      const quote = cashDollarQuote({ balanceCents: balance, redeemRate, payableCents: Math.floor(subtotal / 2) });
      if (!("error" in quote) && quote.discountCents > 0) cashDollar = quote;
      spent.set(member, (spent.get(member) ?? 0) + cashDollar.spendCents);
    }
    const goods = subtotal - couponCents - cashDollar.discountCents;
    const delivery = draft.delivery && DEMO_SHOP_DELIVERY[draft.delivery.method];
    const deliveryCents =
      !draft.delivery || !delivery || goods >= delivery.free_delivery_amount_cents
        ? 0
        : delivery.charge_cents[draft.delivery.district];
    const cardFee =
      draft.method === "credit_card" ? cardFeeCents(goods + deliveryCents, DEMO_SHOP_CARD_FEE_BASIS_POINTS) : 0;
    const total = goods + deliveryCents + cardFee;
    const moves = movesOf(draft, now);
    const paidMove = moves.find(([, to]) => ["paid", "preparing", "completed"].includes(to));
    const paidAt = paidMove ? paidMove[3] : null;
    const earned = member && paidAt ? earnedCashDollarCents(total, earnRate) : 0;
    if (member && earned > 0) earnings.set(member, [...(earnings.get(member) ?? []), { at: paidAt!, cents: earned }]);
    const refundMove = moves.find(([, to]) => to === "refunded");
    const lastLine = draft.lines.length - 1;
    const refund = refundMove
      ? {
          at: refundMove[3],
          amount: total,
          fees: deliveryCents + cardFee,
          refundedUnits: draft.lines.map((line) => line.quantity),
          note: "客人退貨",
        }
      : draft.partlyRefunded
        ? {
            at: hoursLater(draft.createdAt, PARTIAL_REFUND_HOURS),
            // A line is worth what was paid for it: its price's share of the goods after the discount.
            amount: Math.floor((draft.lines[lastLine].product.price * (total - deliveryCents - cardFee)) / subtotal),
            fees: 0,
            refundedUnits: draft.lines.map((_, index) => (index === lastLine ? 1 : 0)),
            note: "部分退貨",
          }
        : null;
    return {
      ...draft,
      subtotal,
      couponCents,
      coupon: couponCents > 0 ? draft.coupon : null,
      cashDollarSpent: cashDollar.spendCents,
      cashDollarCents: cashDollar.discountCents,
      deliveryCents,
      cardFeeCents: cardFee,
      total,
      earned,
      paidAt,
      moves,
      refund,
    };
  });
}

/**
 * Demo Shop's last three months of orders (`generatedOrderDrafts`, and FIRST's three uses), written as the
 * checkout, the order workflow and refunds would have left them: the coupon's redemption, the cash dollar
 * spent and earned in the members' ledgers (each row with the balance it left, in time order), card fees,
 * refunds in full or by line. The catalogue's stock is what is on the shelf today, after these sales; each
 * product's sold count and each coupon's use count are counted again from the orders. Skipped when there,
 * and an order whose coupon is used up or whose member lacks the cash dollar is left out, so seeding again
 * (another day, over older demo data) never breaks a limit.
 */
export function demoOrdersSql(now: Date, proofImageUrl: string): string {
  const key = quote("demo-shop");
  const drafts = [...generatedOrderDrafts(now), ...firstCouponDrafts(now)].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const timeline = pricedOrders(drafts, now).flatMap((order) => orderStatements(order, proofImageUrl));
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return [
    ...timeline.map(({ sql }) => sql),
    `UPDATE coupon SET times_used = (SELECT count(*) FROM coupon_redemption r
        WHERE r.application_key = coupon.application_key AND r.coupon_id = coupon.id)
      WHERE application_key = ${key};`,
    `UPDATE product SET sold_quantity = (SELECT coalesce(sum(l.quantity), 0) FROM order_line l
        WHERE l.application_key = product.application_key AND l.product_id = product.id)
      WHERE application_key = ${key};`,
  ].join("\n");
}

/** An order's statements, at the moment each happened: the order with all its rows, and a verified payment's earning. */
function orderStatements(order: DemoOrder, proofImageUrl: string): { at: string; sql: string }[] {
  const key = quote("demo-shop");
  const orderOf = `(SELECT id FROM store_order WHERE application_key = ${key} AND idempotency_key = ${quote(order.key)})`;
  // The order is there (the checkout's refusals below may leave it out) without rows of this table yet.
  const fresh = (table: string) =>
    `${orderOf} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} WHERE application_key = ${key} AND order_id = ${orderOf})`;
  const memberColumn = (column: string) =>
    order.memberEmail
      ? `(SELECT ${column} FROM member WHERE application_key = ${key} AND email = ${quote(order.memberEmail)})`
      : "NULL";
  const online = order.channel === "online";
  const guestPhone = quote(`6${String(1000000 + order.n * 37).slice(-7)}`);
  const name = order.memberEmail
    ? memberColumn("name")
    : quote(online ? `網上客人 ${order.n}` : order.delivery ? `門市客人 ${order.n}` : "");
  const phone = order.memberEmail ? `coalesce(${memberColumn("phone")}, ${guestPhone})` : guestPhone;
  const delivery = order.delivery;
  const paymentStatus = order.status === "refunded" ? "refunded" : order.paidAt ? "succeeded" : "no_payment_record";
  const coupon =
    order.coupon && `(SELECT id FROM coupon WHERE application_key = ${key} AND code = ${quote(order.coupon)})`;
  // What the checkout would have refused: a coupon with no uses left (or used once by the member), too little cash dollar.
  const allowed = [
    coupon &&
      `EXISTS (SELECT 1 FROM coupon c WHERE c.id = ${coupon}
        AND (c.usage_limit IS NULL OR (SELECT count(*) FROM coupon_redemption r WHERE r.coupon_id = c.id) < c.usage_limit)
        AND (c.usage <> 'once' OR NOT EXISTS (SELECT 1 FROM coupon_redemption r WHERE r.coupon_id = c.id AND r.once_key = ${memberColumn("id")})))`,
    order.cashDollarSpent > 0 && `${memberColumn("cash_dollar_cents")} >= ${order.cashDollarSpent}`,
  ].filter(Boolean);
  const made = `INSERT INTO store_order (application_key, order_number, idempotency_key, channel, status, payment_status, member_id,
      customer_name, customer_email, customer_phone, subtotal_cents, coupon_id, coupon_code, coupon_discount_cents,
      cash_dollar_spent_cents, cash_dollar_discount_cents, delivery_charge_cents, card_fee_cents, total_cents, refunded_cents,
      cash_dollar_earned_cents, payment_method, delivery_method, receiver_name, receiver_phone, delivery_address,
      delivery_district, delivery_number, created_at, paid_at)
    SELECT ${key}, (SELECT coalesce(max(order_number), 1000) + 1 FROM store_order WHERE application_key = ${key}),
      ${quote(order.key)}, ${quote(order.channel)}, ${quote(order.status)}, ${quote(paymentStatus)}, ${memberColumn("id")},
      coalesce(${name}, ''), ${online ? (order.memberEmail ? quote(order.memberEmail) : quote(`customer-${order.n}@demo-shop.example`)) : "NULL"},
      ${online || delivery ? phone : "NULL"}, ${order.subtotal}, ${coupon ?? "NULL"}, ${quote(order.coupon)}, ${order.couponCents},
      ${order.cashDollarSpent}, ${order.cashDollarCents}, ${order.deliveryCents}, ${order.cardFeeCents}, ${order.total},
      ${order.refund?.amount ?? 0}, ${order.earned}, ${quote(order.method)}, ${quote(delivery?.method ?? null)},
      ${delivery ? name : "NULL"}, ${delivery ? phone : "NULL"},
      ${delivery ? quote(delivery.method === "sf_store" ? `順豐站 ${852 + (order.n % 40)}` : DEMO_ADDRESSES[delivery.district]) : "NULL"},
      ${quote(delivery?.district ?? null)},
      ${delivery?.method === "sf_store" && ["delivering", "completed", "refunded"].includes(order.status) ? quote(`SF${7_000_000_000 + order.n}`) : "NULL"},
      ${quote(order.createdAt)}, ${quote(order.paidAt)}
    WHERE NOT EXISTS (SELECT 1 FROM store_order WHERE application_key = ${key} AND idempotency_key = ${quote(order.key)})${allowed.map((condition) => `\n      AND ${condition}`).join("")};`;
  const lines = `INSERT INTO order_line (application_key, order_id, kind, product_id, position, name_zh_hk, name_en, unit_price_cents,
      quantity, line_total_cents, refunded_quantity)
    SELECT ${key}, ${orderOf}, 'product', p.id, v.column1, p.name_zh_hk, p.name_en, p.price_cents, v.column3,
      p.price_cents * v.column3, v.column4
    FROM (VALUES ${order.lines.map((line, index) => `(${index + 1}, ${quote(line.product.code)}, ${line.quantity}, ${order.refund?.refundedUnits[index] ?? 0})`).join(", ")}) v
      JOIN product p ON p.application_key = ${key} AND p.product_code = v.column2
    WHERE ${fresh("order_line")};`;
  const proof = order.method === "fps" && online && order.status !== "awaiting_payment" && order.status !== "cancelled";
  const payment = `INSERT INTO order_payment (application_key, order_id, method, amount_cents, status, proof_image_urls, created_at)
    SELECT ${key}, ${orderOf}, ${quote(order.method)}, ${order.total}, ${quote(paymentStatus)},
      ${quote(JSON.stringify(proof ? [proofImageUrl] : []))}, ${quote(order.createdAt)}
    WHERE ${fresh("order_payment")};`;
  const history = `INSERT INTO order_status_history (application_key, order_id, from_status, to_status, actor_email, note, created_at)
    SELECT ${key}, ${orderOf}, v.column1, v.column2, v.column3, NULL, v.column4
    FROM (VALUES ${order.moves.map((move) => `(${move.map(quote).join(", ")})`).join(", ")}) v
    WHERE ${fresh("order_status_history")};`;
  // iif, not CASE: wrangler's file splitter reads `END,` as a CASE still open and runs the rest as one statement.
  const redemption =
    order.coupon &&
    `INSERT INTO coupon_redemption (application_key, coupon_id, member_id, once_key, order_id, discount_cents, created_at)
    SELECT ${key}, o.coupon_id, o.member_id, iif(c.usage = 'once', o.member_id, NULL), o.id, o.coupon_discount_cents, o.created_at
    FROM store_order o JOIN coupon c ON c.id = o.coupon_id
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(order.key)} AND ${fresh("coupon_redemption")};`;
  // The refund of the order as written: an order the seed did not make (an older demo's) has its own.
  const refund =
    order.refund &&
    `INSERT INTO order_refund (application_key, order_id, amount_cents, fees_cents, actor_email, note, created_at)
    SELECT ${key}, o.id, o.refunded_cents, ${order.refund.fees}, ${quote(DEMO_STAFF)}, ${quote(order.refund.note)},
      ${quote(order.refund.at)}
    FROM store_order o
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(order.key)} AND o.refunded_cents > 0
      AND ${fresh("order_refund")};`;
  const actor = online ? order.memberEmail! : DEMO_STAFF;
  const spending =
    order.cashDollarSpent > 0 && cashDollarSql(order.key, "-o.cash_dollar_spent_cents", actor, order.createdAt);
  // Paid when made, it earns with the checkout; else when staff verify its payment.
  const earnedAtOnce = order.paidAt === order.createdAt;
  const earning =
    order.earned > 0 &&
    cashDollarSql(order.key, "o.cash_dollar_earned_cents", earnedAtOnce ? actor : DEMO_STAFF, order.paidAt!);
  return [
    {
      at: order.createdAt,
      sql: [made, lines, payment, history, redemption, refund, spending, earnedAtOnce && earning]
        .filter(Boolean)
        .join("\n"),
    },
    ...(earning && !earnedAtOnce ? [{ at: order.paidAt!, sql: earning }] : []),
  ];
}

/**
 * A demo order's cash dollar (its `amount`, an SQL expression over the order `o`, spent or earned) as
 * `cashDollarStatements` writes it: the member's balance, then the ledger row with the balance it left.
 * Only for an order the seed has just made with that amount, and once.
 */
function cashDollarSql(orderKey: string, amount: string, actor: string, at: string) {
  const key = quote("demo-shop");
  const order = `store_order o WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(orderKey)} AND ${amount} <> 0`;
  const written = `EXISTS (SELECT 1 FROM cash_dollar_record r WHERE r.application_key = ${key} AND r.order_id = o.id
      AND r.action = 'order' AND (r.amount_cents < 0) = (${amount} < 0))`;
  return `UPDATE member SET cash_dollar_cents = cash_dollar_cents + (SELECT ${amount} FROM ${order})
    WHERE application_key = ${key} AND id = (SELECT o.member_id FROM ${order} AND NOT ${written});
  INSERT INTO cash_dollar_record (application_key, member_id, action, amount_cents, balance_after_cents, order_id, actor_email, created_at)
    SELECT ${key}, m.id, 'order', ${amount}, m.cash_dollar_cents, o.id, ${quote(actor)}, ${quote(at)}
    FROM store_order o JOIN member m ON m.id = o.member_id
    WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(orderKey)} AND ${amount} <> 0 AND NOT ${written};`;
}

/** Demo Shop's POS shifts of the last week: 09:30 to 21:30 in Hong Kong, each closed a little over or short. */
export function demoShiftsSql(now: Date): string {
  const key = quote("demo-shop");
  const today = hongKongDate(now);
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
            AND o.created_at >= ${quote(openedAt)} AND o.created_at < ${quote(closedAt)}))`;
    statements.push(`INSERT INTO pos_shift (application_key, opened_by, opened_at, float_cents, closed_by, closed_at,
        counted_cents, expected_cash_cents, note, version)
      SELECT ${key}, 'sales@example.com', ${quote(openedAt)}, 50000, 'sales@example.com', ${quote(closedAt)},
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

const DEMO_SUPPLIERS = [
  {
    name: "葉記茶行 Leaf & Co Tea Supply",
    contact: "陳大文",
    phone: "23456789",
    email: "orders@leafco.example",
    address: "九龍觀塘開源道 1 號 10 樓",
    products: [1, 2, 3, 4, 5],
  },
  {
    name: "豆香咖啡批發 Bean Wholesale",
    contact: "Mary Wong",
    phone: "31234567",
    email: "sales@beanwholesale.example",
    address: "香港柴灣豐業街 8 號",
    products: [6, 7, 8, 9, 10, 11],
  },
  {
    name: "盒子禮品貿易 Gift Box Trading",
    contact: "李先生",
    phone: "27654321",
    email: null,
    address: "新界荃灣橫龍街 22 號",
    products: [12, 13, 14, 15],
  },
] as const;

/** The purchase orders, one in each state: supplier (by position), lines (product number, quantity, received). */
const DEMO_PURCHASE_ORDERS = [
  {
    supplier: 0,
    status: "received",
    daysAgo: 40,
    lines: [
      [1, 24, 24],
      [2, 12, 12],
    ],
  },
  { supplier: 1, status: "cancelled", daysAgo: 30, lines: [[6, 10, 0]] },
  {
    supplier: 1,
    status: "partially_received",
    daysAgo: 12,
    lines: [
      [7, 20, 8],
      [8, 12, 12],
    ],
  },
  {
    supplier: 2,
    status: "ordered",
    daysAgo: 5,
    lines: [
      [12, 30, 0],
      [13, 30, 0],
    ],
  },
  { supplier: 0, status: "draft", daysAgo: 1, lines: [[3, 12, 0]] },
] as const;

/**
 * Demo Shop's three suppliers with their products (cost about 45% of the price, minimum 6, reorder at 20
 * in stock, so the suggested reorder lists the short ones) and a purchase order in each state with its
 * history and receipts. Receipts leave the stock as seeded. Skipped when there.
 */
export function demoSuppliersSql(now: Date): string {
  const key = quote("demo-shop");
  const today = hongKongDate(now);
  const statements: string[] = [];
  const supplierOf = (name: string) =>
    `(SELECT id FROM supplier WHERE application_key = ${key} AND name = ${quote(name)})`;
  for (const supplier of DEMO_SUPPLIERS) {
    statements.push(`INSERT INTO supplier (application_key, name, contact_person, phone, email, address)
      SELECT ${key}, ${quote(supplier.name)}, ${quote(supplier.contact)}, ${quote(supplier.phone)}, ${quote(supplier.email)}, ${quote(supplier.address)}
      WHERE NOT EXISTS (SELECT 1 FROM supplier WHERE application_key = ${key} AND name = ${quote(supplier.name)});`);
    for (const [position, number] of supplier.products.entries()) {
      const { code, price } = DEMO_PRODUCTS[number - 1];
      statements.push(`INSERT OR IGNORE INTO supplier_product (application_key, supplier_id, product_id, position, supplier_code,
          cost_cents, minimum_order_quantity, reorder_point)
        SELECT ${key}, ${supplierOf(supplier.name)}, p.id, ${position}, ${quote(`S-${code}`)}, ${Math.round(price * 0.45)}, 6, 20
        FROM product p WHERE p.application_key = ${key} AND p.product_code = ${quote(code)};`);
    }
  }
  for (const [index, order] of DEMO_PURCHASE_ORDERS.entries()) {
    const number = index + 1;
    const supplier = DEMO_SUPPLIERS[order.supplier];
    const createdAt = new Date(Date.parse(`${addDays(today, -order.daysAgo)}T10:00:00+08:00`)).toISOString();
    const cost = (product: number) => Math.round(DEMO_PRODUCTS[product - 1].price * 0.45);
    const total = order.lines.reduce((sum, [product, quantity]) => sum + quantity * cost(product), 0);
    const ordered = order.lines.reduce((sum, [, quantity]) => sum + quantity, 0);
    const received = order.lines.reduce((sum, [, , done]) => sum + done, 0);
    const orderOf = `(SELECT id FROM purchase_order WHERE application_key = ${key} AND po_number = ${number})`;
    statements.push(`INSERT INTO purchase_order (application_key, po_number, supplier_id, supplier_name, status, expected_date,
        total_cents, ordered_quantity, received_quantity, version, created_at)
      SELECT ${key}, ${number}, ${supplierOf(supplier.name)}, ${quote(supplier.name)}, ${quote(order.status)},
        ${quote(addDays(today, 7 - order.daysAgo))}, ${total}, ${ordered}, ${received}, 1, ${quote(createdAt)}
      WHERE NOT EXISTS (SELECT 1 FROM purchase_order WHERE application_key = ${key} AND po_number = ${number});`);
    for (const [position, [product, quantity, done]] of order.lines.entries()) {
      const { code, zh, en } = DEMO_PRODUCTS[product - 1];
      statements.push(`INSERT OR IGNORE INTO purchase_order_line (application_key, purchase_order_id, product_id, position,
          product_code, name_zh_hk, name_en, supplier_code, quantity, received_quantity, unit_cost_cents, line_total_cents)
        SELECT ${key}, ${orderOf}, p.id, ${position}, ${quote(code)}, ${quote(zh)}, ${quote(en)}, ${quote(`S-${code}`)},
          ${quantity}, ${done}, ${cost(product)}, ${quantity * cost(product)}
        FROM product p WHERE p.application_key = ${key} AND p.product_code = ${quote(code)};`);
    }
    const steps = [
      "draft",
      ...{
        draft: [],
        ordered: ["ordered"],
        cancelled: ["cancelled"],
        partially_received: ["ordered", "partially_received"],
        received: ["ordered", "received"],
      }[order.status],
    ];
    for (const [step, status] of steps.entries()) {
      const at = new Date(Date.parse(createdAt) + step * 2 * 86_400_000).toISOString();
      statements.push(`INSERT INTO purchase_order_history (application_key, purchase_order_id, from_status, to_status, actor_email, created_at)
        SELECT ${key}, ${orderOf}, ${quote(step === 0 ? null : steps[step - 1])}, ${quote(status)}, 'merchant@example.com', ${quote(at)}
        WHERE NOT EXISTS (SELECT 1 FROM purchase_order_history WHERE application_key = ${key} AND purchase_order_id = ${orderOf}
          AND to_status = ${quote(status)});`);
    }
    if (received > 0) {
      statements.push(`INSERT INTO purchase_order_receipt (application_key, purchase_order_id, lines, actor_email, note, created_at)
        SELECT ${key}, ${orderOf},
          (SELECT json_group_array(json_object('line_id', id, 'quantity', received_quantity)) FROM purchase_order_line
            WHERE purchase_order_id = ${orderOf} AND received_quantity > 0),
          'sales@example.com', ${quote(`DN-${1000 + number}`)}, ${quote(new Date(Date.parse(createdAt) + 4 * 86_400_000).toISOString())}
        WHERE NOT EXISTS (SELECT 1 FROM purchase_order_receipt WHERE application_key = ${key} AND purchase_order_id = ${orderOf});`);
    }
  }
  return statements.join("\n");
}

/** Demo Shop's custom pages: about us, delivery terms and privacy, each in both languages, published. */
export const DEMO_CUSTOM_PAGES = [
  {
    link: "about-us",
    zh: "關於我們",
    en: "About us",
    seoTitle: "About Demo Shop",
    seoDescription: "A family tea and coffee shop in Kwun Tong since 1998.",
    image: "tea",
    content:
      "<h2>我們的故事</h2><p>1998 年起，我們在觀塘為街坊沖一壺<strong>好茶</strong>。</p>" +
      "<h2>Our story</h2><p>Since 1998 we have brewed <strong>good tea</strong> for our neighbours in Kwun Tong.</p>" +
      '<p><a href="/contact">聯絡我們 Contact us</a></p>',
  },
  {
    link: "delivery-terms",
    zh: "送貨條款",
    en: "Delivery terms",
    seoTitle: "Delivery terms",
    seoDescription: "Delivery areas, fees and times across Hong Kong.",
    image: "bag",
    content:
      "<h2>送貨 Delivery</h2><p>訂單滿 HK$500 免運費。Free delivery over HK$500.</p>" +
      "<table><tbody><tr><th><p>地區 Area</p></th><th><p>運費 Fee</p></th><th><p>時間 Time</p></th></tr>" +
      "<tr><td><p>九龍 Kowloon</p></td><td><p>HK$30</p></td><td><p>1 日 1 day</p></td></tr>" +
      "<tr><td><p>新界 New Territories</p></td><td><p>HK$40</p></td><td><p>2 日 2 days</p></td></tr>" +
      "<tr><td><p>離島 Islands</p></td><td><p>HK$60</p></td><td><p>3 日 3 days</p></td></tr></tbody></table>" +
      "<ul><li><p>公眾假期不送貨。No delivery on public holidays.</p></li></ul>",
  },
  {
    link: "privacy",
    zh: "私隱政策",
    en: "Privacy policy",
    seoTitle: "Privacy policy",
    seoDescription: "How Demo Shop keeps and uses your personal data.",
    image: null,
    content:
      "<h2>私隱政策 Privacy policy</h2><p>我們只會用你的資料處理訂單。We use your data only to fulfil your orders.</p>" +
      '<p>查詢 Enquiries: <a href="mailto:privacy@demo-shop.example">privacy@demo-shop.example</a></p>',
  },
] as const;

/** Demo Shop's custom pages (skipped when there); the content is already of the safe subset. */
export function demoCustomPagesSql(images: DemoImageUrls): string {
  const key = quote("demo-shop");
  return DEMO_CUSTOM_PAGES.map(
    (page) => `INSERT INTO custom_page (application_key, title_zh_hk, title_en, link, seo_title, seo_description,
      share_image_url, publish, content)
    SELECT ${key}, ${quote(page.zh)}, ${quote(page.en)}, ${quote(page.link)}, ${quote(page.seoTitle)},
      ${quote(page.seoDescription)}, ${quote(page.image && images[page.image])}, 1, ${quote(page.content)}
    WHERE NOT EXISTS (SELECT 1 FROM custom_page WHERE application_key = ${key} AND link = ${quote(page.link)});`,
  ).join("\n");
}

/** Demo enquiries: [name, phone, subject, message]; the demo e-mail addresses are made from the number. */
const DEMO_ENQUIRIES = [
  ["陳太", "91234501", "送貨到離島嗎？", "你好，請問可以送貨到南丫島嗎？運費多少？"],
  [
    "Jason Leung",
    "68901202",
    "Bulk order for an office party",
    "Could we order 40 bags of the house blend for a party next month?",
  ],
  ["李小姐", null, "禮品包裝", "請問可以加禮品包裝及心意卡嗎？"],
  ["Emily Ho", "96789003", "Opening hours at Christmas", "Are you open on 25 and 26 December?"],
  ["黃生", "53456704", "產品過敏原", "朱古力曲奇是否含有果仁？"],
  ["Karen Tsang", "92345605", "Wholesale price list", "I run a café in Sai Kung. Do you have wholesale prices?"],
  ["張小姐", "94567806", "修改訂單", "我昨天下的訂單想改取貨地址，可以嗎？"],
  ["Alex Ng", null, "Gift cards", "Do you sell gift cards I can e-mail to a friend?"],
  ["劉先生", "65678909", "會員積分", "我的會員現金券好像未有入賬，可以幫忙查看嗎？"],
  ["Winnie Lam", "99012310", "Collaboration", "I write a food blog and would love to feature your shop."],
  ["吳太", "57890111", "退貨安排", "收到的茶葉包裝有破損，想安排換貨。"],
  ["Kelvin Cheng", "60123412", "Payment by FPS", "Can I pay by FPS for a pickup order?"],
] as const;

/** Medical enquiries: [name, phone, date of birth, subject, message, practitioner, time slot]. */
const DEMO_MEDI_ENQUIRIES = [
  ["何先生", "91230001", "1978-03-14", "腰痛物理治療", "久坐後腰痛，想預約物理治療評估。", "陳物理治療師", "morning"],
  [
    "Cathy Chow",
    "62340002",
    "1990-11-02",
    "Knee pain after running",
    "My right knee hurts after 5 km runs.",
    "Dr. Lee",
    "evening",
  ],
  ["梁太", null, "1955-07-21", "長者身體檢查", "想為媽媽預約一般身體檢查，需要空腹嗎？", null, "morning"],
  [
    "Eric Kwok",
    "98760004",
    "1985-01-30",
    "Sports massage",
    "Do you offer sports massage on Saturdays?",
    "Sports massage",
    "afternoon",
  ],
  ["鄧小姐", "51230005", "1996-09-09", "針灸療程", "想了解針灸療程的收費及次數。", "針灸", "afternoon"],
  [
    "Jason Tse",
    "67890006",
    "1982-04-18",
    "Shoulder check-up",
    "Stiff shoulder for two weeks, should I see a doctor first?",
    null,
    null,
  ],
] as const;

/** Harbour Clinic's enquiries, about its doctor, its physiotherapist and their services (as above). */
const DEMO_CLINIC_ENQUIRIES = [
  ["黃太", "91110001", "1962-05-08", "覆診安排", "想預約陳醫生覆診，跟進血壓藥。", "陳志強醫生", "morning"],
  [
    "Peter Wong",
    "62220002",
    "1988-12-19",
    "Flu symptoms",
    "Fever and a sore throat since yesterday. Can I see a doctor today?",
    "Dr Chi Keung Chan",
    "afternoon",
  ],
  [
    "馮小姐",
    "53330003",
    "1994-02-27",
    "頸痛",
    "長期對住電腦，頸膊好痛，想做物理治療。",
    "李嘉怡（物理治療師）",
    "evening",
  ],
  [
    "Sandy Lau",
    null,
    "1979-08-03",
    "Ankle sprain",
    "Twisted my ankle playing badminton last week.",
    "Physiotherapy",
    null,
  ],
  ["周先生", "98880005", "1951-10-30", "驗血報告", "想請醫生解釋上次的驗血報告。", "陳志強醫生", "morning"],
  [
    "Grace Yip",
    "67770006",
    "2001-06-14",
    "Sick leave certificate",
    "I need a medical certificate for two days off work.",
    "GP consultation",
    "morning",
  ],
  ["譚太", "51115507", "1985-04-22", "小朋友發燒", "仔仔今朝開始發燒，醫生有冇兒科診症？", "普通科診症", "afternoon"],
  [
    "Michael Ho",
    "90001208",
    "1970-01-11",
    "Back pain programme",
    "Does the clinic offer a course of physiotherapy sessions for back pain?",
    "Ka Yi Lee (physiotherapist)",
    "evening",
  ],
  ["郭小姐", null, "1998-09-05", "疫苗接種", "想問診所有冇流感疫苗，需要預約嗎？", null, "morning"],
  [
    "Tony Chan",
    "65432110",
    "1966-03-02",
    "Knee replacement rehab",
    "Three months after knee surgery; need rehab.",
    "Physiotherapy",
    null,
  ],
  ["梁婆婆", "23456711", "1940-12-25", "上門服務", "行動不便，請問醫生可否上門診症？", "陳志強醫生", null],
  [
    "Olivia Kwan",
    "97531012",
    "1992-07-07",
    "Shoulder pain",
    "Pain lifting my arm since moving house.",
    null,
    "afternoon",
  ],
] as const;

const ENQUIRY_STATUS_CYCLE = ["new", "in_progress", "replied", "closed"] as const;

/**
 * Enquiries in every state: Demo Shop's general ones (a dozen in each state), its medical ones (its plan
 * has medi_enquiry; three in each state), Harbour Clinic's medical ones (a dozen in each state) and
 * Enquiry Desk's, each with the enquirer's message and, once replied, the store's reply. Skipped when
 * there (found by their demo e-mail address).
 */
export function demoEnquiriesSql(now: Date): string {
  const statements: string[] = [];
  const add = (
    storeKey: string,
    staffEmail: string,
    kind: "general" | "medical",
    count: number,
    enquiry: (n: number) => {
      name: string;
      phone: string | null;
      subject: string;
      message: string;
      dateOfBirth?: string;
      practitioner?: string | null;
      slot?: string | null;
    },
  ) => {
    const key = quote(storeKey);
    for (let n = 1; n <= count; n++) {
      const { name, phone, subject, message, dateOfBirth, practitioner, slot } = enquiry(n);
      const status = ENQUIRY_STATUS_CYCLE[n % ENQUIRY_STATUS_CYCLE.length];
      const email = `${kind === "medical" ? "patient" : "visitor"}-${n}@${storeKey}.example`;
      // Newest first as numbered: every nine hours back from now.
      const createdAt = new Date(now.getTime() - n * 9 * 3_600_000).toISOString();
      const preferredDate = kind === "medical" ? addDays(hongKongDate(now), (n % 10) + 2) : null;
      const assigned = status === "new" ? null : staffEmail;
      const enquiryOf = `(SELECT id FROM enquiry WHERE application_key = ${key} AND kind = ${quote(kind)} AND email = ${quote(email)})`;
      statements.push(`INSERT INTO enquiry (application_key, kind, status, name, email, phone, subject, date_of_birth,
          preferred_date, preferred_time_slot, practitioner, assignee_id, note, created_at)
        SELECT ${key}, ${quote(kind)}, ${quote(status)}, ${quote(name)}, ${quote(email)}, ${quote(phone)}, ${quote(subject)},
          ${quote(dateOfBirth ?? null)}, ${quote(preferredDate)}, ${quote(slot ?? null)}, ${quote(practitioner ?? null)},
          (SELECT id FROM store_staff WHERE application_key = ${key} AND email = ${quote(assigned ?? "")}),
          ${quote(status === "in_progress" ? "已致電，等候客人回覆。" : null)}, ${quote(createdAt)}
        WHERE NOT EXISTS (SELECT 1 FROM enquiry WHERE application_key = ${key} AND kind = ${quote(kind)} AND email = ${quote(email)});`);
      statements.push(`INSERT INTO enquiry_message (application_key, enquiry_id, sender, body, created_at)
        SELECT ${key}, ${enquiryOf}, 'customer', ${quote(message)}, ${quote(createdAt)}
        WHERE NOT EXISTS (SELECT 1 FROM enquiry_message WHERE enquiry_id = ${enquiryOf});`);
      if (status === "replied" || status === "closed") {
        const repliedAt = new Date(Date.parse(createdAt) + 2 * 3_600_000).toISOString();
        statements.push(`INSERT INTO enquiry_message (application_key, enquiry_id, sender, author_email, body, created_at)
          SELECT ${key}, ${enquiryOf}, 'staff', ${quote(staffEmail)}, ${quote("多謝你的查詢，我們已安排同事跟進。Thank you, we will follow up shortly.")}, ${quote(repliedAt)}
          WHERE NOT EXISTS (SELECT 1 FROM enquiry_message WHERE enquiry_id = ${enquiryOf} AND sender = 'staff');`);
      }
    }
  };
  const general = (n: number) => {
    const [name, phone, subject, message] = DEMO_ENQUIRIES[(n - 1) % DEMO_ENQUIRIES.length];
    return { name, phone, subject, message };
  };
  add("demo-shop", "admin@example.com", "general", 12 * ENQUIRY_STATUS_CYCLE.length, general);
  const medical = (enquiries: typeof DEMO_MEDI_ENQUIRIES | typeof DEMO_CLINIC_ENQUIRIES) => (n: number) => {
    const [name, phone, dateOfBirth, subject, message, practitioner, slot] = enquiries[(n - 1) % enquiries.length];
    return { name, phone, dateOfBirth, subject, message, practitioner, slot };
  };
  add("demo-shop", "admin@example.com", "medical", 3 * ENQUIRY_STATUS_CYCLE.length, medical(DEMO_MEDI_ENQUIRIES));
  // Harbour Clinic and Enquiry Desk have no staff: their enquiries are unassigned, their replies the merchant's.
  add("demo-clinic", "clinic@example.com", "medical", 12 * ENQUIRY_STATUS_CYCLE.length, medical(DEMO_CLINIC_ENQUIRIES));
  add("enquiry-desk", "enquiry@example.com", "general", 3 * ENQUIRY_STATUS_CYCLE.length, general);
  return statements.join("\n");
}

/** Demo Shop's pushes: two sent (to everyone, then to VIP members) and one scheduled for tomorrow 10:00. */
const DEMO_PUSHES = [
  {
    titleZhHk: "新茶到店",
    titleEn: "New teas are in",
    bodyZhHk: "春季烏龍及白茶已到，門市及網店同步發售。",
    bodyEn: "Spring oolong and white tea have arrived, in store and online.",
    audience: "all",
    daysFromNow: -12,
  },
  {
    titleZhHk: "VIP 專享：買二送一",
    titleEn: "VIP only: buy 2 get 1 free",
    bodyZhHk: "本週末 VIP 會員指定茶葉買二送一。",
    bodyEn: "This weekend, VIP members get a third tin free on selected teas.",
    audience: "vip",
    daysFromNow: -3,
  },
  {
    titleZhHk: "中秋禮盒預訂",
    titleEn: "Mid-Autumn gift boxes",
    bodyZhHk: "中秋禮盒現已接受預訂，早鳥九折。",
    bodyEn: "Mid-Autumn gift boxes are open for orders: 10% off for early birds.",
    audience: "all",
    daysFromNow: 1,
  },
] as const;

/**
 * Browsers subscribed on Demo Shop's website (made-up endpoints, so nothing leaves the outbox): eight
 * members' (the first two VIP) and four visitors'; the pushes above with their delivery rows. Skipped when there.
 */
export function demoPushSql(now: Date, imageUrl: string): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  const vipIds = `(SELECT id FROM member WHERE application_key = ${key} AND level = 'vip' ORDER BY member_number LIMIT 2)`;
  const generalIds = `(SELECT id FROM member WHERE application_key = ${key} AND level = 'general' AND disabled = 0 ORDER BY member_number LIMIT 6)`;
  const subscriptions = [
    ...[0, 1].map((index) => ({ member: `(SELECT id FROM ${vipIds} LIMIT 1 OFFSET ${index})`, language: "zh-HK" })),
    ...[0, 1, 2, 3, 4, 5].map((index) => ({
      member: `(SELECT id FROM ${generalIds} LIMIT 1 OFFSET ${index})`,
      language: index % 3 === 0 ? "en" : "zh-HK",
    })),
    ...[0, 1, 2, 3].map((index) => ({ member: "NULL", language: index === 0 ? "en" : "zh-HK" })),
  ];
  subscriptions.forEach((subscription, index) => {
    const created = new Date(now.getTime() - (40 - index) * 86_400_000).toISOString();
    statements.push(`INSERT INTO push_subscription (application_key, member_id, endpoint, p256dh, auth, language, created_at)
      VALUES (${key}, ${subscription.member}, ${quote(`https://push.example.com/demo-shop/${index + 1}`)},
        ${quote(`B${"A".repeat(86)}`)}, ${quote("A".repeat(22))}, ${quote(subscription.language)}, ${quote(created)})
      ON CONFLICT (application_key, endpoint) DO NOTHING;`);
  });
  for (const push of DEMO_PUSHES) {
    const sent = push.daysFromNow < 0;
    const sendAt = sent
      ? new Date(now.getTime() + push.daysFromNow * 86_400_000).toISOString()
      : `${addDays(hongKongDate(now), push.daysFromNow)}T02:00:00.000Z`;
    const pushOf = `(SELECT id FROM push_notification WHERE application_key = ${key} AND title_zh_hk = ${quote(push.titleZhHk)})`;
    const audience =
      push.audience === "vip"
        ? `member_id IN (SELECT id FROM member WHERE application_key = ${key} AND level = 'vip' AND disabled = 0)`
        : "1 = 1";
    statements.push(`INSERT INTO push_notification (application_key, title_zh_hk, title_en, body_zh_hk, body_en, image_url,
        audience, status, send_at, claimed_at, sent_at, created_at)
      SELECT ${key}, ${quote(push.titleZhHk)}, ${quote(push.titleEn)}, ${quote(push.bodyZhHk)}, ${quote(push.bodyEn)},
        ${quote(sent ? null : imageUrl)}, ${quote(push.audience)}, ${quote(sent ? "sent" : "scheduled")}, ${quote(sendAt)},
        ${quote(sent ? sendAt : null)}, ${quote(sent ? sendAt : null)}, ${quote(new Date(Date.parse(sendAt) - 86_400_000).toISOString())}
      WHERE NOT EXISTS (SELECT 1 FROM push_notification WHERE application_key = ${key} AND title_zh_hk = ${quote(push.titleZhHk)});`);
    if (!sent) continue;
    statements.push(`INSERT OR IGNORE INTO push_delivery (application_key, notification_id, subscription_id, status, claimed_at, finished_at)
      SELECT ${key}, ${pushOf}, id, 'sent', ${quote(sendAt)}, ${quote(sendAt)} FROM push_subscription
      WHERE application_key = ${key} AND created_at < ${quote(sendAt)} AND ${audience};`);
    statements.push(`UPDATE push_notification SET
        recipient_count = (SELECT count(*) FROM push_delivery WHERE notification_id = push_notification.id),
        sent_count = (SELECT count(*) FROM push_delivery WHERE notification_id = push_notification.id AND status = 'sent')
      WHERE id = ${pushOf};`);
  }
  return statements.join("\n");
}

const demoShopRow = (table: string, where: string) =>
  `(SELECT id FROM ${table} WHERE application_key = 'demo-shop' AND ${where})`;

/** The slides: their text, image and link (its kind, column and target), and a start some days ahead or none. */
const DEMO_BANNERS = [
  {
    zh: "秋日茶香",
    en: "Autumn teas",
    image: "tea",
    kind: "category",
    column: "link_category_id",
    target: demoShopRow("category", "name_en = 'Tea'"),
    startDays: null,
  },
  {
    zh: "精選咖啡",
    en: "Coffee picks",
    image: "coffee",
    kind: "product",
    column: "link_product_id",
    target: demoShopRow("product", "product_code = 'DEMO-009'"),
    startDays: null,
  },
  {
    zh: "聖誕禮盒預售",
    en: "Christmas gift boxes",
    image: "gift",
    kind: "url",
    column: "link_url",
    target: quote("/christmas"),
    startDays: 7,
  },
] as const;

/** A top-level item: it links to a web address or to one of the demo custom pages (by its link). */
type DemoMenuItem = { zh: string; en: string; children: string[] } & ({ url: string } | { customPage: string });

const DEMO_MENU: DemoMenuItem[] = [
  { zh: "全部產品", en: "All products", url: "/products", children: CATEGORIES.map((category) => category.en) },
  { zh: "關於我們", en: "About us", customPage: "about-us", children: [] },
  { zh: "聯絡我們", en: "Contact us", url: "/contact", children: [] },
];

/**
 * Demo Shop's home banner (three slides, the last starting in a week) and its two-level menu: all products
 * with a category under it each, about us (its custom page, seeded before), contact us.
 */
export function demoLayoutSql(now: Date, images: DemoImageUrls): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const startAt =
      banner.startDays === null
        ? null
        : new Date(Date.parse(`${addDays(hongKongDate(now), banner.startDays)}T00:00:00+08:00`)).toISOString();
    statements.push(`INSERT INTO home_banner (application_key, desktop_image_url, alt_zh_hk, alt_en, title_zh_hk, title_en,
        link_kind, ${banner.column}, start_at, publish, position)
      SELECT ${key}, ${quote(images[banner.image])}, ${quote(banner.zh)}, ${quote(banner.en)}, ${quote(banner.zh)}, ${quote(banner.en)},
        ${quote(banner.kind)}, ${banner.target}, ${quote(startAt)}, 1, ${index + 1}
      WHERE NOT EXISTS (SELECT 1 FROM home_banner WHERE application_key = ${key} AND alt_en = ${quote(banner.en)});`);
  }
  for (const [index, item] of DEMO_MENU.entries()) {
    const link =
      "customPage" in item
        ? `'custom_page', NULL, (SELECT id FROM custom_page WHERE application_key = ${key} AND link = ${quote(item.customPage)})`
        : `'url', ${quote(item.url)}, NULL`;
    statements.push(`INSERT INTO menu_item (application_key, depth, position, label_zh_hk, label_en, link_kind, link_url,
        link_custom_page_id)
      SELECT ${key}, 1, ${index + 1}, ${quote(item.zh)}, ${quote(item.en)}, ${link}
      WHERE NOT EXISTS (SELECT 1 FROM menu_item WHERE application_key = ${key} AND depth = 1 AND label_en = ${quote(item.en)});`);
    const parent = `(SELECT id FROM menu_item WHERE application_key = ${key} AND depth = 1 AND label_en = ${quote(item.en)})`;
    for (const [position, name] of item.children.entries()) {
      statements.push(`INSERT INTO menu_item (application_key, parent_id, depth, position, label_zh_hk, label_en, link_kind, link_category_id)
        SELECT ${key}, ${parent}, 2, ${position + 1}, c.name_zh_hk, c.name_en, 'category', c.id
        FROM category c WHERE c.application_key = ${key} AND c.name_en = ${quote(name)}
          AND NOT EXISTS (SELECT 1 FROM menu_item WHERE application_key = ${key} AND parent_id = ${parent} AND label_en = ${quote(name)});`);
    }
  }
  return statements.join("\n");
}

const DEMO_COACHES = [
  { zh: "陳詠詩", en: "Wing Sze Chan", bio: "Hatha and yin teacher since 2015; gentle, precise alignment cues." },
  { zh: "李家朗", en: "Ka Long Lee", bio: "Vinyasa flow and strength; former dancer." },
  { zh: "Priya Sharma", en: "Priya Sharma", bio: "Pilates (mat and reformer) and prenatal classes." },
] as const;
const DEMO_COURSE_TYPES = [
  {
    zh: "哈達瑜伽",
    en: "Hatha Yoga",
    colour: "#2e7d32",
    description: "Steady postures and breathing, for every level.",
  },
  { zh: "陰瑜伽", en: "Yin Yoga", colour: "#6a1b9a", description: "Long, quiet holds that open hips and back." },
  { zh: "流動瑜伽", en: "Vinyasa Flow", colour: "#c62828", description: "Movement linked to breath; a sweaty class." },
  { zh: "普拉提", en: "Pilates", colour: "#1565c0", description: "Core strength on the mat, in a small group." },
] as const;
const DEMO_CREDIT_PACKAGES = [
  {
    zh: "體驗 3 堂",
    en: "Trial 3 classes",
    credits: 3,
    priceCents: 380_00,
    days: 30,
    starts: "purchase",
    types: [0, 1, 2, 3],
  },
  {
    zh: "10 堂套票",
    en: "10-class pack",
    credits: 10,
    priceCents: 1_800_00,
    days: 90,
    starts: "first_use",
    types: [0, 1, 2, 3],
  },
  {
    zh: "20 堂瑜伽套票",
    en: "20 yoga classes",
    credits: 20,
    priceCents: 3_200_00,
    days: 180,
    starts: "purchase",
    types: [0, 1, 2],
  },
] as const;
/** The weekly timetable: day (0 = Monday), HKT start, minutes, type, coach, room, places, credits. */
const DEMO_WEEK = [
  { day: 0, time: "07:30", minutes: 60, type: 0, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 0, time: "19:00", minutes: 75, type: 2, coach: 1, room: "Studio A", places: 12, credits: 1 },
  { day: 1, time: "12:30", minutes: 55, type: 3, coach: 2, room: "Studio B", places: 8, credits: 2 },
  { day: 2, time: "19:30", minutes: 75, type: 1, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 3, time: "07:30", minutes: 60, type: 0, coach: 1, room: "Studio A", places: 12, credits: 1 },
  { day: 4, time: "19:00", minutes: 75, type: 2, coach: 2, room: "Studio A", places: 12, credits: 1 },
  { day: 5, time: "10:00", minutes: 75, type: 0, coach: 0, room: "Studio A", places: 12, credits: 1 },
  { day: 5, time: "11:30", minutes: 55, type: 3, coach: 2, room: "Studio B", places: 8, credits: 2 },
  { day: 6, time: "17:00", minutes: 75, type: 1, coach: 1, room: "Studio A", places: 12, credits: 1 },
] as const;
/** Who bought which package (by index) and how: members 1–10 paid at the counter, then two online orders waiting. */
const DEMO_CREDIT_BUYERS = [
  ...[1, 1, 1, 1, 2, 2, 2, 0, 0, 1].map((pack, member) => ({ member, pack, status: "paid", method: "cash" })),
  { member: 10, pack: 1, status: "awaiting_payment", method: "fps" },
  { member: 11, pack: 0, status: "unverified_payment", method: "payme" },
] as const;

/**
 * Demo Shop as a studio too: 3 coaches, 4 course types, 3 credit packages, four weeks of timetable (two
 * before this one, this one, the next) with one cancelled class, members' credit orders, and bookings with
 * attendance for the past classes (the triggers take the places and credits as they would for staff).
 */
export function demoCoursesSql(now: Date, proofImageUrl: string): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  const row = (table: string, where: string) => demoShopRow(table, where);
  for (const coach of DEMO_COACHES) {
    statements.push(`INSERT INTO course_coach (application_key, name_zh_hk, name_en, bio)
      SELECT ${key}, ${quote(coach.zh)}, ${quote(coach.en)}, ${quote(coach.bio)}
      WHERE NOT EXISTS (SELECT 1 FROM course_coach WHERE application_key = ${key} AND name_en = ${quote(coach.en)});`);
  }
  for (const type of DEMO_COURSE_TYPES) {
    statements.push(`INSERT INTO course_type (application_key, name_zh_hk, name_en, colour, description)
      SELECT ${key}, ${quote(type.zh)}, ${quote(type.en)}, ${quote(type.colour)}, ${quote(type.description)}
      WHERE NOT EXISTS (SELECT 1 FROM course_type WHERE application_key = ${key} AND name_en = ${quote(type.en)});`);
  }
  const typeId = (index: number) => row("course_type", `name_en = ${quote(DEMO_COURSE_TYPES[index].en)}`);
  const packageId = (index: number) => row("credit_package", `name_en = ${quote(DEMO_CREDIT_PACKAGES[index].en)}`);
  for (const [index, pack] of DEMO_CREDIT_PACKAGES.entries()) {
    statements.push(`INSERT INTO credit_package (application_key, name_zh_hk, name_en, credits, price_cents, validity_days, validity_starts, on_sale)
      SELECT ${key}, ${quote(pack.zh)}, ${quote(pack.en)}, ${pack.credits}, ${pack.priceCents}, ${pack.days}, ${quote(pack.starts)}, 1
      WHERE NOT EXISTS (SELECT 1 FROM credit_package WHERE application_key = ${key} AND name_en = ${quote(pack.en)});`);
    for (const type of pack.types) {
      statements.push(`INSERT OR IGNORE INTO credit_package_course_type (application_key, package_id, course_type_id)
        VALUES (${key}, ${packageId(index)}, ${typeId(type)});`);
    }
  }

  const today = hongKongDate(now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const sessions = [-2, -1, 0, 1].flatMap((week) =>
    DEMO_WEEK.map((slot, index) => {
      const startsAt = new Date(`${addDays(monday, week * 7 + slot.day)}T${slot.time}:00+08:00`);
      return {
        ...slot,
        series: `demo-series-${index + 1}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + slot.minutes * 60_000),
      };
    }),
  );
  const sessionId = (session: (typeof sessions)[number]) =>
    row(
      "course_session",
      `series_key = ${quote(session.series)} AND starts_at = ${quote(session.startsAt.toISOString())}`,
    );
  for (const session of sessions) {
    statements.push(`INSERT INTO course_session (application_key, course_type_id, coach_id, series_key, location, starts_at, ends_at,
        credits_needed, max_places, created_at)
      SELECT ${key}, ${typeId(session.type)}, ${row("course_coach", `name_en = ${quote(DEMO_COACHES[session.coach].en)}`)},
        ${quote(session.series)}, ${quote(session.room)}, ${quote(session.startsAt.toISOString())}, ${quote(session.endsAt.toISOString())},
        ${session.credits}, ${session.places}, ${quote(addDays(monday, -21) + "T01:00:00.000Z")}
      WHERE NOT EXISTS (SELECT 1 FROM course_session WHERE application_key = ${key} AND series_key = ${quote(session.series)}
        AND starts_at = ${quote(session.startsAt.toISOString())});`);
  }

  const memberId = (index: number) =>
    `(SELECT id FROM member WHERE application_key = ${key} ORDER BY member_number LIMIT 1 OFFSET ${index})`;
  const paidAt = new Date(`${addDays(monday, -16)}T11:00:00+08:00`).toISOString();
  for (const [index, buyer] of DEMO_CREDIT_BUYERS.entries()) {
    const pack = DEMO_CREDIT_PACKAGES[buyer.pack];
    const paid = buyer.status === "paid";
    statements.push(`INSERT INTO credit_order (application_key, idempotency_key, channel, member_id, package_id, package_name_zh_hk,
        package_name_en, credits, validity_days, validity_starts, price_cents, status, payment_method, payment_status,
        proof_image_urls, actor_email, paid_at, created_at)
      SELECT ${key}, ${quote(`demo-credit-order-${index + 1}`)}, ${quote(paid ? "counter" : "online")}, ${memberId(buyer.member)},
        ${packageId(buyer.pack)}, ${quote(pack.zh)}, ${quote(pack.en)}, ${pack.credits}, ${pack.days}, ${quote(pack.starts)},
        ${pack.priceCents}, ${quote(buyer.status)}, ${quote(buyer.method)}, ${quote(paid ? "succeeded" : "no_payment_record")},
        ${list(buyer.status === "unverified_payment" ? [proofImageUrl] : [])}, ${quote(paid ? "merchant@example.com" : null)},
        ${quote(paid ? paidAt : null)}, ${quote(paid ? paidAt : new Date(now.getTime() - 86_400_000).toISOString())}
      ON CONFLICT (application_key, idempotency_key) DO NOTHING;`);
  }
  // The credits count from the day they were paid, not from the day the demo was seeded.
  statements.push(`UPDATE member_credit SET granted_at = ${quote(paidAt)},
      expires_at = CASE validity_starts WHEN 'purchase' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${quote(paidAt)}, '+' || validity_days || ' days') END
    WHERE application_key = ${key} AND granted_at > ${quote(paidAt)}
      AND credit_order_id IN (SELECT id FROM credit_order WHERE application_key = ${key} AND idempotency_key LIKE 'demo-credit-order-%');`);
  statements.push(`UPDATE credit_movement SET created_at = ${quote(paidAt)}
    WHERE application_key = ${key} AND reason = 'purchase' AND created_at > ${quote(paidAt)}
      AND credit_id IN (SELECT id FROM member_credit WHERE application_key = ${key} AND granted_at = ${quote(paidAt)});`);

  // Each class books a few of the buyers whose package covers it, while they keep 2 credits or more.
  const left = DEMO_CREDIT_BUYERS.flatMap((buyer, order) =>
    buyer.status === "paid"
      ? [{ ...buyer, order: order + 1, credits: DEMO_CREDIT_PACKAGES[buyer.pack].credits as number }]
      : [],
  );
  for (const [index, session] of sessions.entries()) {
    if (session.startsAt.getTime() > now.getTime() + 8 * 86_400_000) continue;
    const takers = left
      .filter(
        (buyer) =>
          (buyer.order + index) % 3 !== 0 &&
          buyer.credits - session.credits >= 2 &&
          (DEMO_CREDIT_PACKAGES[buyer.pack].types as readonly number[]).includes(session.type),
      )
      .slice(0, Math.min(session.places - 2, 3 + (index % 4)));
    const past = session.endsAt.getTime() < now.getTime();
    for (const [place, buyer] of takers.entries()) {
      buyer.credits -= session.credits;
      const member = memberId(buyer.member);
      const creditId = `(SELECT c.id FROM member_credit c JOIN credit_order o ON o.id = c.credit_order_id
        WHERE o.application_key = ${key} AND o.idempotency_key = ${quote(`demo-credit-order-${buyer.order}`)})`;
      const attendance = !past ? "pending" : (index + place) % 7 === 3 ? "noshow" : "show";
      const bookedAt = new Date(session.startsAt.getTime() - (2 + place) * 86_400_000).toISOString();
      statements.push(`INSERT INTO course_booking (application_key, session_id, member_id, credit_id, credits_spent, actor_email, created_at)
        SELECT ${key}, ${sessionId(session)}, ${member}, ${creditId}, ${session.credits}, 'merchant@example.com', ${quote(bookedAt)}
        WHERE NOT EXISTS (SELECT 1 FROM course_booking WHERE session_id = ${sessionId(session)} AND member_id = ${member})
          -- A seed on a later day books other classes: only with the credits and places that are left.
          AND (SELECT credits_remaining FROM member_credit WHERE id = ${creditId}) >= ${session.credits}
          AND (SELECT booked_places < max_places FROM course_session WHERE id = ${sessionId(session)});`);
      statements.push(`UPDATE credit_movement SET created_at = ${quote(bookedAt)}
        WHERE reason = 'booking' AND booking_id = (SELECT id FROM course_booking WHERE session_id = ${sessionId(session)} AND member_id = ${member})
          AND created_at > ${quote(bookedAt)};`);
      if (attendance !== "pending") {
        statements.push(`UPDATE course_booking SET attendance = ${quote(attendance)}
          WHERE session_id = ${sessionId(session)} AND member_id = ${member} AND attendance = 'pending';`);
      }
    }
  }
  // Next week's Saturday Pilates is cancelled (before anyone booked it).
  const cancelled = sessions.find(
    (session) => session.startsAt.getTime() > now.getTime() + 8 * 86_400_000 && session.type === 3,
  );
  if (cancelled) {
    statements.push(
      `UPDATE course_session SET status = 'cancelled' WHERE id = ${sessionId(cancelled)} AND booked_places = 0;`,
    );
  }
  return statements.join("\n");
}

/** A store's row by its column value, for the appointment and monthly-fee demo data of either store. */
const storeRow = (key: string, table: string, where: string) =>
  `(SELECT id FROM ${table} WHERE application_key = ${quote(key)} AND ${where})`;

/** A Hong Kong date and HH:MM as the UTC instant the database keeps. */
const hongKongInstant = (date: string, time: string, plusMinutes = 0) =>
  new Date(Date.parse(`${date}T${time}:00+08:00`) + plusMinutes * 60_000).toISOString();

interface DemoService {
  zh: string;
  en: string;
  category: number;
  provider: number;
  minutes: number;
  priceCents: number;
  bufferAfter: number;
  capacity?: number;
  /** [schedule type, start, end] rows. */
  hours: readonly (readonly [string, string, string])[];
}
interface DemoAppointments {
  key: string;
  variant: "general" | "medical";
  providers: readonly { zh: string; en: string }[];
  categories: readonly { zh: string; en: string; description: string }[];
  services: readonly DemoService[];
  /** [day of this week (0 = Monday), HH:MM, service, customer index] */
  bookings: readonly (readonly [number, string, number, number])[];
  customers: readonly (readonly [string, string, string])[];
}

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

/** Demo Shop's salon corner: one stylist, two services, open Tuesday to Sunday. */
const DEMO_SALON: DemoAppointments = {
  key: "demo-shop",
  variant: "general",
  providers: [{ zh: "黃美儀（髮型師）", en: "Amy Wong (stylist)" }],
  categories: [{ zh: "髮型", en: "Hair", description: "Cuts and colour by appointment." }],
  services: [
    {
      zh: "剪髮",
      en: "Haircut",
      category: 0,
      provider: 0,
      minutes: 45,
      priceCents: 280_00,
      bufferAfter: 15,
      hours: [
        ...["tuesday", "wednesday", "thursday", "friday", "saturday"].map((day) => [day, "11:00", "20:00"] as const),
        ["sunday", "12:00", "18:00"],
      ],
    },
    {
      zh: "染髮",
      en: "Hair colour",
      category: 0,
      provider: 0,
      minutes: 120,
      priceCents: 880_00,
      bufferAfter: 15,
      hours: [["everyday", "11:00", "18:00"]],
    },
  ],
  bookings: [
    [1, "11:00", 0, 0],
    [1, "14:00", 1, 1],
    [3, "12:00", 0, 2],
    [4, "16:00", 0, 3],
    [5, "11:00", 1, 4],
    [5, "15:00", 0, 5],
    [8, "11:00", 0, 6],
    [9, "13:00", 1, 7],
  ],
  customers: [],
};

/** Harbour Clinic: a doctor and a physiotherapist, a week of bookings with some patients' details. */
const DEMO_CLINIC: DemoAppointments = {
  key: "demo-clinic",
  variant: "medical",
  providers: [
    { zh: "陳志強醫生", en: "Dr Chi Keung Chan" },
    { zh: "李嘉怡（物理治療師）", en: "Ka Yi Lee (physiotherapist)" },
  ],
  categories: [
    { zh: "普通科", en: "General practice", description: "Consultations for adults and children." },
    { zh: "物理治療", en: "Physiotherapy", description: "Back, neck and sports injuries." },
  ],
  services: [
    {
      zh: "普通科診症",
      en: "GP consultation",
      category: 0,
      provider: 0,
      minutes: 15,
      priceCents: 350_00,
      bufferAfter: 0,
      hours: [
        ...WEEKDAYS.flatMap((day) => [[day, "09:00", "13:00"] as const, [day, "14:30", "18:00"] as const]),
        ["saturday", "09:00", "13:00"],
      ],
    },
    {
      zh: "物理治療（45 分鐘）",
      en: "Physiotherapy (45 min)",
      category: 1,
      provider: 1,
      minutes: 45,
      priceCents: 650_00,
      bufferAfter: 15,
      hours: [
        ["monday", "10:00", "19:00"],
        ["wednesday", "10:00", "19:00"],
        ["friday", "10:00", "19:00"],
      ],
    },
  ],
  bookings: [
    [0, "09:00", 0, 0],
    [0, "09:30", 0, 1],
    [0, "10:00", 1, 2],
    [0, "11:00", 1, 3],
    [1, "10:15", 0, 4],
    [1, "15:00", 0, 5],
    [2, "09:15", 0, 0],
    [2, "15:00", 1, 1],
    [3, "11:00", 0, 2],
    [4, "10:00", 1, 4],
    [4, "16:30", 0, 3],
    [5, "09:45", 0, 5],
  ],
  customers: [
    ["何家俊", "91112222", "kachun.ho@example.com"],
    ["Mary Chan", "92223333", "mary.chan@example.com"],
    ["黃麗珊", "63334444", "laishan.wong@example.com"],
    ["鄧偉明", "54445555", "waiming.tang@example.com"],
    ["Sophie Lam", "95556666", "sophie.lam@example.com"],
    ["曾國強", "66667777", "kwokkeung.tsang@example.com"],
  ],
};
const DEMO_PATIENTS = [
  {
    dateOfBirth: "1984-03-12",
    gender: "male",
    hkid: "123A",
    allergies: "Penicillin",
    notes: "Hypertension, on medication.",
  },
  { dateOfBirth: "1991-07-30", gender: "female", hkid: "456B", allergies: "", notes: "Lower back pain after running." },
  { dateOfBirth: "1975-11-02", gender: "female", hkid: "7890", allergies: "Shellfish", notes: "" },
] as const;

/**
 * Appointments: Demo Shop's salon and Harbour Clinic, each with providers, categories, services with their
 * opening hours and this week's and next week's bookings (past ones completed, one cancelled); some clinic
 * bookings carry patient details.
 */
export function demoAppointmentsSql(now: Date): string {
  const today = hongKongDate(now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const statements: string[] = [];
  for (const demo of [DEMO_SALON, DEMO_CLINIC]) {
    const key = quote(demo.key);
    const row = (table: string, where: string) => storeRow(demo.key, table, where);
    const variant = quote(demo.variant);
    for (const provider of demo.providers) {
      statements.push(`INSERT INTO appointment_provider (application_key, variant, name_zh_hk, name_en)
        SELECT ${key}, ${variant}, ${quote(provider.zh)}, ${quote(provider.en)}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_provider WHERE application_key = ${key} AND name_en = ${quote(provider.en)});`);
    }
    for (const category of demo.categories) {
      statements.push(`INSERT INTO appointment_category (application_key, variant, name_zh_hk, name_en, description)
        SELECT ${key}, ${variant}, ${quote(category.zh)}, ${quote(category.en)}, ${quote(category.description)}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_category WHERE application_key = ${key} AND name_en = ${quote(category.en)});`);
    }
    const serviceId = (index: number) => row("appointment_service", `name_en = ${quote(demo.services[index].en)}`);
    for (const [index, service] of demo.services.entries()) {
      statements.push(`INSERT INTO appointment_service (application_key, variant, category_id, provider_id, name_zh_hk, name_en,
          duration_minutes, price_cents, buffer_after_minutes, capacity, min_notice_hours, booking_window_days, sort_order)
        SELECT ${key}, ${variant}, ${row("appointment_category", `name_en = ${quote(demo.categories[service.category].en)}`)},
          ${row("appointment_provider", `name_en = ${quote(demo.providers[service.provider].en)}`)}, ${quote(service.zh)},
          ${quote(service.en)}, ${service.minutes}, ${service.priceCents}, ${service.bufferAfter}, ${service.capacity ?? 1}, 2, 30, ${index + 1}
        WHERE NOT EXISTS (SELECT 1 FROM appointment_service WHERE application_key = ${key} AND name_en = ${quote(service.en)});`);
      statements.push(`INSERT INTO appointment_schedule (application_key, service_id, schedule_type, start_time, end_time)
        SELECT ${key}, ${serviceId(index)}, hours.column1, hours.column2, hours.column3
        FROM (VALUES ${service.hours.map((hours) => `(${hours.map(quote).join(", ")})`).join(", ")}) AS hours
        WHERE NOT EXISTS (SELECT 1 FROM appointment_schedule WHERE service_id = ${serviceId(index)});`);
    }
    // Closed on next week's Thursday (a public holiday or a day off).
    statements.push(`INSERT INTO appointment_schedule (application_key, service_id, schedule_type, specific_date, closed)
      SELECT ${key}, ${serviceId(0)}, 'specific_date', ${quote(addDays(monday, 10))}, 1
      WHERE NOT EXISTS (SELECT 1 FROM appointment_schedule WHERE service_id = ${serviceId(0)} AND schedule_type = 'specific_date');`);

    const memberCustomer = (index: number) =>
      `(SELECT id, name, coalesce(phone, '') AS phone, email FROM member WHERE application_key = ${key}
        ORDER BY member_number LIMIT 1 OFFSET ${index})`;
    for (const [number, [day, time, serviceIndex, customer]] of demo.bookings.entries()) {
      const service = demo.services[serviceIndex];
      const date = addDays(monday, day);
      const startsAt = hongKongInstant(date, time);
      const endsAt = hongKongInstant(date, time, service.minutes);
      const blockedUntil = hongKongInstant(date, time, service.minutes + service.bufferAfter);
      const past = Date.parse(endsAt) < now.getTime();
      const status = number === 3 ? "cancelled" : past ? "completed" : "success";
      const [name, phone, email] = demo.customers[customer] ?? [];
      const who = name
        ? `SELECT NULL AS id, ${quote(name)} AS name, ${quote(phone)} AS phone, ${quote(email)} AS email`
        : `SELECT * FROM ${memberCustomer(customer)}`;
      statements.push(`INSERT INTO appointment_record (application_key, variant, service_id, provider_id, member_id, customer_name,
          customer_phone, customer_email, starts_at, ends_at, blocked_from, blocked_until, price_cents, status, channel,
          actor_email, cancelled_at, completed_at, created_at)
        SELECT ${key}, ${variant}, service.id, service.provider_id, who.id, who.name, who.phone, who.email,
          ${quote(startsAt)}, ${quote(endsAt)}, ${quote(startsAt)}, ${quote(blockedUntil)}, service.price_cents, ${quote(status)},
          ${number % 3 === 0 ? "'online'" : "'staff'"}, ${number % 3 === 0 ? "NULL" : quote(demo.key === "demo-shop" ? "merchant@example.com" : "clinic@example.com")},
          ${status === "cancelled" ? quote(hongKongInstant(addDays(date, -1), "18:00")) : "NULL"},
          ${status === "completed" ? quote(endsAt) : "NULL"}, ${quote(hongKongInstant(addDays(monday, -3 + (number % 3)), "10:00"))}
        FROM appointment_service AS service, (${who}) AS who
        WHERE service.id = ${serviceId(serviceIndex)}
          AND NOT EXISTS (SELECT 1 FROM appointment_record WHERE service_id = service.id AND starts_at = ${quote(startsAt)});`);
    }
    if (demo.variant === "medical") {
      for (const [index, patient] of DEMO_PATIENTS.entries()) {
        const [day, time, serviceIndex] = demo.bookings[index];
        statements.push(`INSERT OR IGNORE INTO appointment_patient (record_id, application_key, date_of_birth, gender, hkid_last_four,
            allergies, medical_notes)
          SELECT id, ${key}, ${quote(patient.dateOfBirth)}, ${quote(patient.gender)}, ${quote(patient.hkid)},
            ${quote(patient.allergies)}, ${quote(patient.notes)}
          FROM appointment_record WHERE service_id = ${serviceId(serviceIndex)}
            AND starts_at = ${quote(hongKongInstant(addDays(monday, day), time))};`);
      }
    }
  }
  return statements.join("\n");
}

const DEMO_MONTHLY_PLANS = [
  { zh: "每月無限堂", en: "Unlimited classes, monthly", days: 30, priceCents: 1_200_00 },
  { zh: "季度會籍", en: "Quarterly membership", days: 90, priceCents: 3_200_00 },
] as const;

/**
 * Demo Shop's monthly plans and six members on them: three months of history (the first two paid, the
 * current one pending or paid), one who stopped renewing, and one quarterly member.
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
        ON CONFLICT (application_key, member_id, period_start) DO NOTHING;`);
      start = addDays(start, plan.days);
    }
  }
  return statements.join("\n");
}

/** Demo Shop's quotation requests from its website, each with the products asked for as [code, quantity]. */
const DEMO_QUOTATION_REQUESTS: {
  contact: string;
  company: string;
  phone: string;
  message: string;
  lines: [string, number][];
  status: "new" | "quoted" | "closed";
}[] = [
  {
    contact: "陳大文",
    company: "大文貿易有限公司",
    phone: "91234567",
    message: "公司週年晚宴禮品，請報價並註明送貨時間。",
    lines: [
      ["DEMO-001", 40],
      ["DEMO-002", 40],
    ],
    status: "new",
  },
  {
    contact: "Kelly Wong",
    company: "Harbour Events Ltd",
    phone: "",
    message: "Corporate gifts for 60 guests, delivered to Central in May.",
    lines: [["DEMO-003", 60]],
    status: "new",
  },
  {
    contact: "李家欣",
    company: "",
    phone: "61234567",
    message: "想訂購作婚禮回禮，可否提供折扣？",
    lines: [
      ["DEMO-004", 120],
      ["DEMO-005", 10],
    ],
    status: "quoted",
  },
  {
    contact: "Tom Cheung",
    company: "Cheung & Co.",
    phone: "",
    message: "Monthly office supply, please quote for three months.",
    lines: [["DEMO-006", 30]],
    status: "quoted",
  },
  {
    contact: "何美玲",
    company: "",
    phone: "",
    message: "已在門市購買，取消此請求。",
    lines: [["DEMO-007", 5]],
    status: "closed",
  },
];

/**
 * Demo Shop's quotation requests from its website: two new, two quoted (each with its pending quotation at
 * the products' prices, numbered on from the store's last) and one closed. Skipped when there (found by
 * their idempotency key), their quotations too (found by the request).
 */
export function demoQuotationRequestsSql(now: Date): string {
  const key = quote("demo-shop");
  const statements: string[] = [];
  DEMO_QUOTATION_REQUESTS.forEach(({ contact, company, phone, message, lines, status }, index) => {
    const submission = quote(`demo-quotation-request-${index + 1}`);
    const email = quote(`buyer-${index + 1}@demo-shop.example`);
    const createdAt = quote(new Date(now.getTime() - (index + 1) * 20 * 3_600_000).toISOString());
    const requestOf = `(SELECT id FROM quotation_request WHERE application_key = ${key} AND idempotency_key = ${submission})`;
    statements.push(`INSERT INTO quotation_request (application_key, contact_name, company_name, email, phone, message,
        status, idempotency_key, created_at)
      SELECT ${key}, ${quote(contact)}, ${quote(company)}, ${email}, ${quote(phone)}, ${quote(message)}, ${quote(status)},
        ${submission}, ${createdAt}
      WHERE NOT EXISTS ${requestOf.replace("SELECT id", "SELECT 1")};`);
    lines.forEach(([code, quantity], position) => {
      statements.push(`INSERT OR IGNORE INTO quotation_request_line (application_key, request_id, position, product_id,
          name_zh_hk, name_en, quantity)
        SELECT ${key}, ${requestOf}, ${position}, p.id, p.name_zh_hk, p.name_en, ${quantity}
        FROM product p WHERE p.application_key = ${key} AND p.product_code = ${quote(code)};`);
    });
    if (status !== "quoted") return;
    const quotationOf = `(SELECT id FROM quotation WHERE application_key = ${key} AND request_id = ${requestOf})`;
    const price = "coalesce(p.discount_price_cents, p.price_cents)";
    const priced = `FROM quotation_request_line l JOIN product p ON p.id = l.product_id WHERE l.request_id = ${requestOf}`;
    statements.push(`INSERT INTO quotation (application_key, quotation_number, company_name, contact_name, email, phone,
        subtotal_cents, total_cents, valid_until, status, revision, request_id, actor_email, created_at)
      SELECT ${key}, (SELECT coalesce(max(quotation_number), 1000) + 1 FROM quotation WHERE application_key = ${key}),
        ${quote(company)}, ${quote(contact)}, ${email}, ${quote(phone)},
        (SELECT coalesce(sum(${price} * l.quantity), 0) ${priced}), (SELECT coalesce(sum(${price} * l.quantity), 0) ${priced}),
        ${quote(addDays(hongKongDate(now), 30))}, 'pending', 1, ${requestOf}, 'merchant@example.com', ${createdAt}
      WHERE NOT EXISTS ${quotationOf.replace("SELECT id", "SELECT 1")};`);
    statements.push(`INSERT OR IGNORE INTO quotation_line (application_key, quotation_id, position, product_id, name_zh_hk,
        name_en, unit_price_cents, quantity, line_total_cents)
      SELECT ${key}, ${quotationOf}, l.position, p.id, l.name_zh_hk, l.name_en, ${price}, l.quantity, ${price} * l.quantity
      ${priced};`);
    statements.push(`INSERT INTO quotation_history (application_key, quotation_id, revision, to_status, actor_email, created_at)
      SELECT ${key}, ${quotationOf}, 1, 'pending', 'merchant@example.com', ${createdAt}
      WHERE NOT EXISTS (SELECT 1 FROM quotation_history WHERE quotation_id = ${quotationOf});`);
    statements.push(`UPDATE quotation_request SET quotation_id = ${quotationOf}
      WHERE application_key = ${key} AND idempotency_key = ${submission} AND quotation_id IS NULL;`);
  });
  return statements.join("\n");
}

/** The demo shop's quotations, one in every status, each with a product line and a free line. */
const DEMO_QUOTATIONS = [
  {
    status: "pending",
    company: "Harbour Café Ltd",
    contact: "Ms Lee",
    daysAgo: 1,
    validDays: 13,
    product: 1,
    quantity: 20,
  },
  { status: "approved", company: "", contact: "Mr Chan", daysAgo: 3, validDays: 11, product: 2, quantity: 5 },
  {
    status: "not_approved",
    company: "Kowloon Bakery",
    contact: "Mr Ho",
    daysAgo: 8,
    validDays: 6,
    product: 3,
    quantity: 12,
  },
  {
    status: "processing",
    company: "Peak Office Ltd",
    contact: "Ms Wong",
    daysAgo: 12,
    validDays: 2,
    product: 1,
    quantity: 40,
  },
  {
    status: "completed",
    company: "Sai Kung Hotel",
    contact: "Mr Lam",
    daysAgo: 30,
    validDays: -16,
    product: 2,
    quantity: 10,
  },
  { status: "cancelled", company: "", contact: "Ms Cheung", daysAgo: 20, validDays: -6, product: 3, quantity: 3 },
] as const;

/** The demo quotations Q1001–Q1006 with their lines and history (idempotent by number). */
export function demoQuotationsSql(now: Date): string {
  const key = quote("demo-shop");
  const today = hongKongDate(now);
  const statements: string[] = [];
  for (const [index, demo] of DEMO_QUOTATIONS.entries()) {
    const number = 1001 + index;
    const { code, price } = DEMO_PRODUCTS[demo.product - 1];
    const installation = 300_00;
    const subtotal = price * demo.quantity + installation;
    const delivery = 80_00;
    const createdAt = new Date(Date.parse(`${addDays(today, -demo.daysAgo)}T11:00:00+08:00`)).toISOString();
    const quotationOf = `(SELECT id FROM quotation WHERE application_key = ${key} AND quotation_number = ${number})`;
    const decided = demo.status === "pending" || demo.status === "cancelled" ? null : createdAt;
    statements.push(`INSERT INTO quotation (application_key, quotation_number, company_name, contact_name, email, phone,
        address, subtotal_cents, discount_cents, delivery_cents, total_cents, valid_until, terms, status, sent_at,
        decided_at, actor_email, created_at)
      SELECT ${key}, ${number}, ${quote(demo.company)}, ${quote(demo.contact)}, ${quote(`buyer${number}@example.com`)},
        ${quote(`9${String(number).padStart(7, "0")}`)}, ${quote("1 Demo Road, Hong Kong")}, ${subtotal}, 0, ${delivery},
        ${subtotal + delivery}, ${quote(addDays(today, demo.validDays))},
        ${quote("50% deposit on approval; the rest on delivery.")}, ${quote(demo.status)},
        ${demo.status === "pending" ? "NULL" : quote(createdAt)}, ${decided === null ? "NULL" : quote(decided)},
        ${quote("merchant@example.com")}, ${quote(createdAt)}
      WHERE NOT EXISTS (SELECT 1 FROM quotation WHERE application_key = ${key} AND quotation_number = ${number});`);
    statements.push(`INSERT OR IGNORE INTO quotation_line (application_key, quotation_id, position, product_id, name_zh_hk,
        name_en, unit_price_cents, quantity, line_total_cents)
      SELECT ${key}, ${quotationOf}, 0, p.id, p.name_zh_hk, p.name_en, ${price}, ${demo.quantity}, ${price * demo.quantity}
      FROM product p WHERE p.application_key = ${key} AND p.product_code = ${quote(code)};`);
    statements.push(`INSERT OR IGNORE INTO quotation_line (application_key, quotation_id, position, product_id, name_zh_hk,
        name_en, unit_price_cents, quantity, line_total_cents)
      SELECT ${key}, ${quotationOf}, 1, NULL, '安裝', 'Installation', ${installation}, 1, ${installation};`);
    statements.push(`INSERT INTO quotation_history (application_key, quotation_id, revision, from_status, to_status, actor_email, created_at)
      SELECT ${key}, ${quotationOf}, 1, NULL, 'pending', 'merchant@example.com', ${quote(createdAt)}
      WHERE NOT EXISTS (SELECT 1 FROM quotation_history WHERE quotation_id = ${quotationOf});`);
    if (demo.status !== "pending") {
      statements.push(`INSERT INTO quotation_history (application_key, quotation_id, revision, from_status, to_status, actor_email, created_at)
        SELECT ${key}, ${quotationOf}, 1, 'pending', ${quote(demo.status)}, 'merchant@example.com', ${quote(createdAt)}
        WHERE (SELECT count(*) FROM quotation_history WHERE quotation_id = ${quotationOf}) = 1;`);
    }
  }
  return statements.join("\n");
}

/** Demo Shop's pre-orders: bookings of its first sold-out product (every seventh is: DEMO-007). */
const DEMO_BOOKINGS = [
  { member: 1, quantity: 2, depositPaid: true, status: "notified", channel: "staff", daysAgo: 12 },
  { member: 4, quantity: 1, depositPaid: true, status: "booked", channel: "online", daysAgo: 8 },
  { member: null, quantity: 3, depositPaid: false, status: "booked", channel: "staff", daysAgo: 5 },
  { member: 6, quantity: 1, depositPaid: false, status: "cancelled", channel: "online", daysAgo: 3 },
  { member: 8, quantity: 2, depositPaid: true, status: "booked", channel: "staff", daysAgo: 1 },
] as const;

/**
 * The sold-out product takes bookings (quota 20, HK$100 deposit a unit, stock expected in two weeks), with
 * five bookings of members and a guest, one notified and one cancelled: its page offers the conversion
 * once stock arrives.
 */
export function demoProductBookingsSql(now: Date): string {
  const key = quote("demo-shop");
  const product = storeRow("demo-shop", "product", `product_code = ${quote("DEMO-007")}`);
  const deposit = 100_00;
  const statements = [
    `INSERT OR IGNORE INTO product_booking_setting (product_id, application_key, open, quota, deposit_cents, expected_arrival_date)
      SELECT id, ${key}, 1, 20, ${deposit}, ${quote(addDays(hongKongDate(now), 14))} FROM product
      WHERE id = ${product} AND stock = 0;`,
  ];
  for (const [index, booking] of DEMO_BOOKINGS.entries()) {
    const customer =
      booking.member === null
        ? `SELECT 'Lam Siu Fung' AS name, '61234567' AS phone, 'lam.siufung@example.com' AS email, NULL AS member_id`
        : `SELECT name, coalesce(phone, '') AS phone, coalesce(email, '') AS email, id AS member_id FROM member
            WHERE application_key = ${key} ORDER BY member_number LIMIT 1 OFFSET ${booking.member}`;
    const createdAt = hongKongInstant(addDays(hongKongDate(now), -booking.daysAgo), "11:00");
    statements.push(`INSERT INTO product_booking (application_key, product_id, member_id, customer_name, customer_phone,
        customer_email, quantity, deposit_cents, deposit_paid, status, channel, idempotency_key, actor_email, notified_at,
        cancelled_at, created_at)
      SELECT ${key}, ${product}, customer.member_id, customer.name, customer.phone, customer.email, ${booking.quantity},
        ${deposit * booking.quantity}, ${booking.depositPaid ? 1 : 0}, 'booked', ${quote(booking.channel)},
        ${quote(`demo-booking-${index + 1}`)}, ${booking.channel === "staff" ? "'merchant@example.com'" : "NULL"},
        ${booking.status === "notified" ? quote(hongKongInstant(addDays(hongKongDate(now), -2), "10:00")) : "NULL"},
        NULL, ${quote(createdAt)}
      FROM (${customer}) AS customer
      WHERE EXISTS (SELECT 1 FROM product_booking_setting WHERE product_id = ${product})
        AND NOT EXISTS (SELECT 1 FROM product_booking WHERE application_key = ${key}
          AND idempotency_key = ${quote(`demo-booking-${index + 1}`)});`);
    // Moved after it is counted, as staff would: the trigger frees a cancelled booking's units.
    if (booking.status !== "booked") {
      statements.push(`UPDATE product_booking SET status = ${quote(booking.status)}
          ${booking.status === "cancelled" ? `, cancelled_at = ${quote(createdAt)}` : ""}
        WHERE application_key = ${key} AND idempotency_key = ${quote(`demo-booking-${index + 1}`)} AND status = 'booked';`);
    }
  }
  return statements.join("\n");
}

const DEMO_RENTING_PRODUCTS = [
  {
    zh: "露營帳篷（四人）",
    en: "Camping tent (4 people)",
    units: 4,
    perDay: 120_00,
    perWeek: 600_00,
    perMonth: 1_800_00,
    deposit: 300_00,
    lateFee: 80_00,
  },
  {
    zh: "摺疊單車",
    en: "Folding bicycle",
    units: 3,
    perDay: 90_00,
    perWeek: null,
    perMonth: null,
    deposit: 500_00,
    lateFee: 60_00,
  },
] as const;

/**
 * Demo Shop's renting products and a rental in every state: settled with a deduction after a late
 * return, returned (deposit to settle), out now, booked, and cancelled; rents at the cheapest prices.
 */
export function demoRentingSql(now: Date): string {
  const today = hongKongDate(now);
  const key = quote("demo-shop");
  const statements: string[] = [];
  for (const product of DEMO_RENTING_PRODUCTS) {
    statements.push(`INSERT INTO renting_product (application_key, name_zh_hk, name_en, description_zh_hk, description_en,
        units_owned, price_per_day_cents, price_per_week_cents, price_per_month_cents, deposit_cents, late_fee_per_day_cents)
      SELECT ${key}, ${quote(product.zh)}, ${quote(product.en)}, ${quote(`${product.zh}，按日租用。`)},
        ${quote(`${product.en}, rented by the day.`)}, ${product.units}, ${product.perDay}, ${quote(product.perWeek)},
        ${quote(product.perMonth)}, ${product.deposit}, ${product.lateFee}
      WHERE NOT EXISTS (SELECT 1 FROM renting_product WHERE application_key = ${key} AND name_en = ${quote(product.en)});`);
  }
  const rentals = [
    { product: 0, customer: "陳大文", units: 1, from: -20, days: 3, status: "completed", lateHours: 26, kept: 50_00 },
    { product: 0, customer: "Mary Lee", units: 2, from: -6, days: 3, status: "returned", lateHours: 0, kept: 0 },
    { product: 0, customer: "黃小明", units: 1, from: -1, days: 8, status: "rented", lateHours: 0, kept: 0 },
    { product: 0, customer: "John Wong", units: 3, from: 5, days: 3, status: "success", lateHours: 0, kept: 0 },
    { product: 0, customer: "李美玲", units: 1, from: 10, days: 2, status: "cancelled", lateHours: 0, kept: 0 },
    { product: 1, customer: "何志強", units: 2, from: 1, days: 1, status: "success", lateHours: 0, kept: 0 },
    { product: 1, customer: "Peter Chan", units: 1, from: -10, days: 1, status: "completed", lateHours: 0, kept: 0 },
  ] as const;
  for (const rental of rentals) {
    const product = DEMO_RENTING_PRODUCTS[rental.product];
    const startsAt = hongKongInstant(addDays(today, rental.from), "10:00");
    const endsAt = hongKongInstant(addDays(today, rental.from + rental.days), "10:00");
    const charge = rentFor(startsAt, endsAt, {
      perDayCents: product.perDay,
      perWeekCents: product.perWeek,
      perMonthCents: product.perMonth,
    });
    const deposit = product.deposit * rental.units;
    const closed = rental.status === "completed" || rental.status === "returned";
    const returnedAt = closed ? new Date(Date.parse(endsAt) + rental.lateHours * 3_600_000).toISOString() : null;
    const lateFee = returnedAt ? lateFeeFor(endsAt, returnedAt, product.lateFee, rental.units).cents : 0;
    const completed = rental.status === "completed";
    const pickedUp = rental.status !== "success" && rental.status !== "cancelled" ? startsAt : null;
    statements.push(`INSERT INTO renting_record (application_key, product_id, customer_name, customer_phone, units, starts_at,
        ends_at, rent_cents, deposit_cents, late_fee_cents, deposit_refunded_cents, deposit_deduction_note, status,
        picked_up_at, returned_at, completed_at, cancelled_at, actor_email, created_at)
      SELECT ${key}, product.id, ${quote(rental.customer)}, '91234567', ${rental.units}, ${quote(startsAt)}, ${quote(endsAt)},
        ${charge.cents * rental.units}, ${deposit}, ${lateFee}, ${quote(completed ? deposit - rental.kept : null)},
        ${quote(rental.kept > 0 ? "地蓆破損 / Torn groundsheet" : "")}, ${quote(rental.status)}, ${quote(pickedUp)},
        ${quote(returnedAt)}, ${quote(completed ? returnedAt : null)},
        ${quote(rental.status === "cancelled" ? hongKongInstant(addDays(today, -1), "12:00") : null)},
        'merchant@example.com', ${quote(hongKongInstant(addDays(today, Math.min(rental.from, 0) - 2), "11:00"))}
      FROM renting_product AS product
      WHERE product.id = ${storeRow("demo-shop", "renting_product", `name_en = ${quote(product.en)}`)}
        AND NOT EXISTS (SELECT 1 FROM renting_record WHERE product_id = product.id
          AND customer_name = ${quote(rental.customer)} AND created_at = ${quote(hongKongInstant(addDays(today, Math.min(rental.from, 0) - 2), "11:00"))});`);
  }
  return statements.join("\n");
}
