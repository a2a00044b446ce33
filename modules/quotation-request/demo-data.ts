import { hongKongDate } from "../../contract/dates";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/**
 * Demo Shop's quotation requests from its website, each with the products asked for as [code, quantity]. The
 * quoted ones' pending quotations stay within the products' stock, so the demo converts them; the new ones
 * may ask for more (turned into quotations, they show the stock warning).
 */
export const DEMO_QUOTATION_REQUESTS: {
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
      ["DEMO-004", 50],
      ["DEMO-005", 10],
    ],
    status: "quoted",
  },
  {
    contact: "Tom Cheung",
    company: "Cheung & Co.",
    phone: "",
    message: "Monthly office supply, please quote for three months.",
    lines: [["DEMO-006", 20]],
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

export const quotationRequestDemoData: ModuleDemoData = { rank: 140, sql: ({ now }) => demoQuotationRequestsSql(now) };
