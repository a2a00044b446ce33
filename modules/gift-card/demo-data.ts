import { hongKongDate } from "../../contract/dates";
import { addDays, DEMO_STAFF, quote, type ModuleDemoData } from "../../scripts/demo-sql";

type Entry = [
  kind: "issue" | "adjust" | "reissue_out" | "reissue_in",
  amountCents: number,
  balanceAfterCents: number,
  reason: string,
];

interface DemoCard {
  code: string;
  initialCents: number;
  balanceCents: number;
  expiry: string | null;
  recipient: [name: string, email: string, language: "zh-HK" | "en"];
  disabled: string | null;
  entries: Entry[];
  daysAgo: number;
}

/**
 * Demo Shop's gift cards, one in every state: active, partly used, used up, expired, and a lost card disabled with
 * the card reissued in its place (linked both ways). Each with its ledger; skipped when there (by the code).
 */
export const giftCardDemoData: ModuleDemoData = {
  rank: 180,
  sql: ({ now }) => {
    const key = quote("demo-shop");
    const today = hongKongDate(now);
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
    const cards: DemoCard[] = [
      {
        code: "DEMQACTVE2345678",
        initialCents: 50_000,
        balanceCents: 50_000,
        expiry: addDays(today, 300),
        recipient: ["陳大文", "chan.taiman@example.com", "zh-HK"],
        disabled: null,
        entries: [["issue", 50_000, 50_000, "生日禮物"]],
        daysAgo: 3,
      },
      {
        code: "DEMQPARTLY234567",
        initialCents: 100_000,
        balanceCents: 35_000,
        expiry: null,
        recipient: ["Mary Wong", "mary.wong@example.com", "en"],
        disabled: null,
        entries: [
          ["issue", 100_000, 100_000, "Corporate gift"],
          ["adjust", -65_000, 35_000, "Used at the counter before the POS took cards"],
        ],
        daysAgo: 40,
      },
      {
        code: "DEMQUSEDUP234567",
        initialCents: 20_000,
        balanceCents: 0,
        expiry: addDays(today, 60),
        recipient: ["李小姐", "", "zh-HK"],
        disabled: null,
        entries: [
          ["issue", 20_000, 20_000, "抽獎獎品"],
          ["adjust", -20_000, 0, "已全數使用"],
        ],
        daysAgo: 90,
      },
      {
        code: "DEMQEXPRD2345678",
        initialCents: 30_000,
        balanceCents: 30_000,
        expiry: addDays(today, -10),
        recipient: ["Peter Ho", "peter.ho@example.com", "en"],
        disabled: null,
        entries: [["issue", 30_000, 30_000, "Christmas gift"]],
        daysAgo: 200,
      },
      {
        code: "DEMQLSTCD2345678",
        initialCents: 80_000,
        balanceCents: 0,
        expiry: null,
        recipient: ["張先生", "cheung@example.com", "zh-HK"],
        disabled: "顧客遺失禮品卡",
        entries: [
          ["issue", 80_000, 80_000, "會員獎賞"],
          ["adjust", -20_000, 60_000, "已使用部分"],
          ["reissue_out", -60_000, 0, "顧客遺失禮品卡"],
        ],
        daysAgo: 30,
      },
      {
        code: "DEMQNEWCD2345678",
        initialCents: 60_000,
        balanceCents: 60_000,
        expiry: null,
        recipient: ["張先生", "cheung@example.com", "zh-HK"],
        disabled: null,
        entries: [["reissue_in", 60_000, 60_000, "顧客遺失禮品卡"]],
        daysAgo: 2,
      },
    ];
    const cardRow = (code: string) =>
      `(SELECT id FROM gift_card WHERE application_key = ${key} AND code = ${quote(code)})`;
    const inserts = cards.flatMap((card) => [
      `INSERT INTO gift_card (application_key, code, initial_cents, balance_cents, expiry_date, recipient_name,
        recipient_email, recipient_language, disabled_at, disabled_reason, created_at)
      SELECT ${key}, ${quote(card.code)}, ${card.initialCents}, ${card.balanceCents}, ${quote(card.expiry)},
        ${quote(card.recipient[0])}, ${quote(card.recipient[1])}, ${quote(card.recipient[2])},
        ${quote(card.disabled && at(card.daysAgo - 28))}, ${quote(card.disabled)}, ${quote(at(card.daysAgo))}
      WHERE NOT EXISTS (SELECT 1 FROM gift_card WHERE application_key = ${key} AND code = ${quote(card.code)});`,
      ...card.entries.map(
        ([kind, amount, after, reason], index) =>
          `INSERT INTO gift_card_entry (application_key, gift_card_id, kind, amount_cents, balance_after_cents, reason,
            actor_email, created_at)
          SELECT ${key}, ${cardRow(card.code)}, ${quote(kind)}, ${amount}, ${after}, ${quote(reason)},
            ${quote(DEMO_STAFF)}, ${quote(at(card.daysAgo - index))}
          WHERE NOT EXISTS (SELECT 1 FROM gift_card_entry WHERE gift_card_id = ${cardRow(card.code)} AND kind = ${quote(kind)});`,
      ),
    ]);
    return [
      ...inserts,
      `UPDATE gift_card SET replaced_by_id = ${cardRow("DEMQNEWCD2345678")}
        WHERE application_key = ${key} AND code = 'DEMQLSTCD2345678' AND replaced_by_id IS NULL;`,
      `UPDATE gift_card SET replaces_id = ${cardRow("DEMQLSTCD2345678")}
        WHERE application_key = ${key} AND code = 'DEMQNEWCD2345678' AND replaces_id IS NULL;`,
    ].join("\n");
  },
};
