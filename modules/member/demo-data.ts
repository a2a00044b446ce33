import { quote, addDays, PAID_PLAN_HAS_VIP, DEMO_SHOP_PROMOTION } from "../../scripts/demo-sql";

/** Demo Shop's members: [name, e-mail, phone, level, birthday month, marketing consent, district, days a member]. */
export const DEMO_MEMBERS = [
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

export const DEMO_ADDRESSES = {
  hk: "銅鑼灣軒尼詩道 500 號",
  kln: "旺角彌敦道 688 號",
  nt: "沙田正街 18 號",
  island: "東涌健東路 1 號",
};

/** ~20 Hong Kong members for Demo Shop, numbered M00001… in the order they joined; skipped when there. */
export function demoMembersSql(today: string): string[] {
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
export function generatedMembersSql(today: string): string[] {
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

/** Store-credit adjustments for two of Demo Shop's members, in order: [e-mail, HK$ cents, reason, days after joining]. */
const DEMO_STORE_CREDIT_ADJUSTMENTS = [
  ["taiman.chan@example.com", 300_00, "送貨延誤，致歉補償", 40],
  ["taiman.chan@example.com", -120_00, "門市購物時使用", 55],
  ["taiman.chan@example.com", 45_50, "價格調整退回差額", 90],
  ["emily.ho@example.com", 200_00, "Goodwill for a faulty item", 12],
  ["emily.ho@example.com", -80_00, "Used at the counter", 30],
] as const;

/**
 * Demo Shop's store credit: each adjustment a ledger entry with the balance it left, then each member's balance
 * as their ledger's sum. An entry whose reason the member's ledger has already is skipped, so seeding again adds nothing.
 */
export function demoStoreCreditSql(today: string): string[] {
  const key = quote("demo-shop");
  const actor = quote("merchant@example.com");
  const balances = new Map<string, number>();
  const entries = DEMO_STORE_CREDIT_ADJUSTMENTS.map(([email, cents, reason, days]) => {
    const member = DEMO_MEMBERS.find((row) => row[1] === email)!;
    const balance = (balances.get(email) ?? 0) + cents;
    balances.set(email, balance);
    return `INSERT INTO store_credit_entry (application_key, member_id, kind, amount_cents, balance_after_cents, reason,
        actor_email, created_at)
      SELECT ${key}, m.id, 'adjust', ${cents}, ${balance}, ${quote(reason)}, ${actor},
        ${quote(`${addDays(today, days - member[7])}T03:00:00.000Z`)}
      FROM member m WHERE m.application_key = ${key} AND m.email = ${quote(email)}
        AND NOT EXISTS (SELECT 1 FROM store_credit_entry e WHERE e.application_key = ${key} AND e.member_id = m.id
          AND e.reason = ${quote(reason)});`;
  });
  const totals = [...balances].map(
    ([email, cents]) => `INSERT INTO store_credit (application_key, member_id, balance_cents)
      SELECT ${key}, m.id, ${cents} FROM member m WHERE m.application_key = ${key} AND m.email = ${quote(email)}
      ON CONFLICT (application_key, member_id) DO NOTHING;`,
  );
  return [...entries, ...totals];
}
