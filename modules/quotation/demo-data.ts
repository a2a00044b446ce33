import { hongKongDate } from "../../contract/dates";
import { DEMO_PRODUCTS } from "../product/demo-data";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

/**
 * The demo shop's quotations, one in every status, each with a product line and a free line. Those still to
 * be converted quote no more than the product's stock, so the demo converts them (demo-data.test.ts).
 */
export const DEMO_QUOTATIONS = [
  {
    status: "pending",
    company: "Harbour Café Ltd",
    contact: "Ms Lee",
    daysAgo: 1,
    validDays: 13,
    product: 1,
    quantity: 12,
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
    // Each demo product quoted has one variant, without options.
    statements.push(`INSERT OR IGNORE INTO quotation_line (application_key, quotation_id, position, product_id, variant_id,
        name_zh_hk, name_en, unit_price_cents, quantity, line_total_cents)
      SELECT ${key}, ${quotationOf}, 0, p.id, (SELECT v.id FROM product_variant v WHERE v.product_id = p.id),
        p.name_zh_hk, p.name_en, ${price}, ${demo.quantity}, ${price * demo.quantity}
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

export const quotationDemoData: ModuleDemoData = { rank: 60, sql: ({ now }) => demoQuotationsSql(now) };
