import { hongKongDate } from "../../contract/dates";
import { SYSTEM_ACTOR } from "../../backend/order-workflow";
import { addDays, DEMO_STAFF, list, quote, type ModuleDemoData } from "../../scripts/demo-sql";
import { variantProductSql, type DemoVariantProduct } from "../product/demo-data";
import { soldCardExpiry } from "./sold";

type Entry = [
  kind: "issue" | "adjust" | "reissue_out" | "reissue_in" | "expire",
  amountCents: number,
  balanceAfterCents: number,
  reason: string | null,
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

/** A gift card of fixed amounts, its values the variants: HK$200 and HK$500, usable three years. */
const FIXED_GIFT_CARD: DemoVariantProduct = {
  code: "DEMO-GIFT-CARD",
  zh: "禮品卡",
  en: "Gift card",
  options: [
    {
      zh: "面值",
      en: "Value",
      values: [
        ["HK$200", "HK$200"],
        ["HK$500", "HK$500"],
      ],
    },
  ],
  variants: [
    { values: [1], sku: "DEMO-GC-200", barcode: "4892000000201", price: 20_000, stock: 0 },
    { values: [2], sku: "DEMO-GC-500", barcode: "4892000000202", price: 50_000, stock: 0 },
  ],
};
const FIXED_VALID_MONTHS = 36;
/** A gift card of the amount the buyer names, HK$100 to HK$5,000, without expiry. */
const OPEN_GIFT_CARD = { code: "DEMO-GIFT-CARD-OPEN", zh: "自訂金額禮品卡", en: "Gift card, any amount" };

/**
 * Demo Shop's gift-card products (fixed amounts and an open amount, never short of stock) and a counter sale of
 * a HK$500 card a week ago, with the card it issued. Each skipped when there.
 */
function giftCardProductsSql(key: ReturnType<typeof quote>, image: string, now: Date): string[] {
  const productId = (code: string) =>
    `(SELECT id FROM product WHERE application_key = ${key} AND product_code = ${quote(code)})`;
  const soldAt = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const saleKey = quote("demo-gift-card-sale");
  const orderId = `(SELECT id FROM store_order WHERE application_key = ${key} AND idempotency_key = ${saleKey})`;
  const lineId = `(SELECT id FROM order_line WHERE application_key = ${key} AND order_id = ${orderId} AND position = 1)`;
  const code = "DEMQSOLD23456789";
  const cardId = `(SELECT id FROM gift_card WHERE application_key = ${key} AND code = ${quote(code)})`;
  return [
    ...variantProductSql(key, image, FIXED_GIFT_CARD),
    `UPDATE product SET gift_card_kind = 'fixed', gift_card_valid_months = ${FIXED_VALID_MONTHS}
      WHERE application_key = ${key} AND product_code = ${quote(FIXED_GIFT_CARD.code)} AND gift_card_kind IS NULL;`,
    `INSERT INTO product (application_key, product_code, name_zh_hk, name_en, description_zh_hk, description_en, price_cents,
        unlimited_inventory, publish, seo_title, images, gift_card_kind, gift_card_min_cents, gift_card_max_cents)
      VALUES (${key}, ${quote(OPEN_GIFT_CARD.code)}, ${quote(OPEN_GIFT_CARD.zh)}, ${quote(OPEN_GIFT_CARD.en)},
        '金額由你決定：HK$100 至 HK$5,000。', 'You choose the amount: HK$100 to HK$5,000.', 10000, 1, 1,
        ${quote(OPEN_GIFT_CARD.en)}, ${list([image])}, 'open', 10000, 500000)
      ON CONFLICT DO NOTHING;`,
    `INSERT INTO product_variant (application_key, product_id, price_cents, unlimited_inventory, stock)
      SELECT ${key}, ${productId(OPEN_GIFT_CARD.code)}, 10000, 1, 0
      WHERE NOT EXISTS (SELECT 1 FROM product_variant WHERE product_id = ${productId(OPEN_GIFT_CARD.code)});`,
    `UPDATE product_variant SET unlimited_inventory = 1
      WHERE product_id = ${productId(FIXED_GIFT_CARD.code)} AND unlimited_inventory = 0;`,
    `INSERT INTO store_order (application_key, order_number, idempotency_key, channel, status, payment_status,
        customer_name, subtotal_cents, total_cents, payment_method, created_at, paid_at)
      SELECT ${key}, (SELECT coalesce(max(order_number), 1000) + 1 FROM store_order WHERE application_key = ${key}),
        ${saleKey}, 'pos', 'completed', 'succeeded', '陳大文', 50000, 50000, 'cash', ${quote(soldAt)}, ${quote(soldAt)}
      WHERE NOT EXISTS (SELECT 1 FROM store_order WHERE application_key = ${key} AND idempotency_key = ${saleKey});`,
    `INSERT INTO order_line (application_key, order_id, kind, product_id, variant_id, variant_name_zh_hk, variant_name_en,
        position, name_zh_hk, name_en, unit_price_cents, quantity, line_total_cents, gift_card, gift_card_valid_months)
      SELECT ${key}, ${orderId}, 'product', p.id, v.id, 'HK$500', 'HK$500', 1, p.name_zh_hk, p.name_en, 50000, 1, 50000, 1,
        ${FIXED_VALID_MONTHS}
      FROM product p JOIN product_variant v ON v.product_id = p.id AND v.sku = 'DEMO-GC-500'
      WHERE p.application_key = ${key} AND p.product_code = ${quote(FIXED_GIFT_CARD.code)} AND ${lineId} IS NULL;`,
    `INSERT INTO order_payment (application_key, order_id, method, amount_cents, status, created_at)
      SELECT ${key}, ${orderId}, 'cash', 50000, 'succeeded', ${quote(soldAt)}
      WHERE NOT EXISTS (SELECT 1 FROM order_payment WHERE order_id = ${orderId});`,
    `INSERT INTO order_status_history (application_key, order_id, from_status, to_status, actor_email, created_at)
      SELECT ${key}, ${orderId}, NULL, 'completed', ${quote(DEMO_STAFF)}, ${quote(soldAt)}
      WHERE NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ${orderId});`,
    `INSERT INTO gift_card (application_key, code, initial_cents, balance_cents, expiry_date, recipient_name, order_id,
        order_line_id, unit, created_at)
      SELECT ${key}, ${quote(code)}, 50000, 50000, ${quote(soldCardExpiry(new Date(soldAt), FIXED_VALID_MONTHS))}, '陳大文',
        ${orderId}, ${lineId}, 1, ${quote(soldAt)}
      WHERE ${lineId} IS NOT NULL AND ${cardId} IS NULL;`,
    `INSERT INTO gift_card_entry (application_key, gift_card_id, kind, amount_cents, balance_after_cents, actor_email, created_at)
      SELECT ${key}, ${cardId}, 'issue', 50000, 50000, ${quote(DEMO_STAFF)}, ${quote(soldAt)}
      WHERE ${cardId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gift_card_entry WHERE gift_card_id = ${cardId});`,
  ];
}

/**
 * Demo Shop's gift cards, one in every state: active, partly used, used up, expired, and a lost card disabled with
 * the card reissued in its place (linked both ways). Each with its ledger; skipped when there (by the code).
 */
export const giftCardDemoData: ModuleDemoData = {
  rank: 180,
  sql: ({ now, images }) => {
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
        balanceCents: 0,
        expiry: addDays(today, -10),
        recipient: ["Peter Ho", "peter.ho@example.com", "en"],
        disabled: null,
        // Its balance taken by the daily job the night after its expiry day (expiry.ts).
        entries: [
          ["issue", 30_000, 30_000, "Christmas gift"],
          ["expire", -30_000, 0, null],
        ],
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
    const expiredAt = (expiry: string) => new Date(`${addDays(expiry, 1)}T00:00:00+08:00`).toISOString();
    const inserts = cards.flatMap((card) => [
      `INSERT INTO gift_card (application_key, code, initial_cents, balance_cents, expiry_date, recipient_name,
        recipient_email, recipient_language, disabled_at, disabled_reason, created_at)
      SELECT ${key}, ${quote(card.code)}, ${card.initialCents}, ${card.balanceCents}, ${quote(card.expiry)},
        ${quote(card.recipient[0])}, ${quote(card.recipient[1])}, ${quote(card.recipient[2])},
        ${quote(card.disabled && at(card.daysAgo - 28))}, ${quote(card.disabled)}, ${quote(at(card.daysAgo))}
      WHERE NOT EXISTS (SELECT 1 FROM gift_card WHERE application_key = ${key} AND code = ${quote(card.code)});`,
      // Only onto a card at its final balance: one an earlier demo left with another balance keeps its own ledger.
      ...card.entries.map(([kind, amount, after, reason], index) => {
        const expiredOn = kind === "expire" ? card.expiry : null;
        return `INSERT INTO gift_card_entry (application_key, gift_card_id, kind, amount_cents, balance_after_cents, reason,
            actor_email, created_at)
          SELECT ${key}, ${cardRow(card.code)}, ${quote(kind)}, ${amount}, ${after}, ${quote(reason)},
            ${quote(expiredOn ? SYSTEM_ACTOR : DEMO_STAFF)}, ${quote(expiredOn ? expiredAt(expiredOn) : at(card.daysAgo - index))}
          WHERE NOT EXISTS (SELECT 1 FROM gift_card_entry WHERE gift_card_id = ${cardRow(card.code)} AND kind = ${quote(kind)})
            AND (SELECT balance_cents FROM gift_card WHERE id = ${cardRow(card.code)}) = ${card.balanceCents};`;
      }),
    ]);
    return [
      ...inserts,
      ...giftCardProductsSql(key, images.gift, now),
      `UPDATE gift_card SET replaced_by_id = ${cardRow("DEMQNEWCD2345678")}
        WHERE application_key = ${key} AND code = 'DEMQLSTCD2345678' AND replaced_by_id IS NULL;`,
      `UPDATE gift_card SET replaces_id = ${cardRow("DEMQLSTCD2345678")}
        WHERE application_key = ${key} AND code = 'DEMQNEWCD2345678' AND replaces_id IS NULL;`,
    ].join("\n");
  },
};
