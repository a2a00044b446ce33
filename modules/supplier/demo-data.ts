import { hongKongDate } from "../../contract/dates";
import { DEMO_PRODUCTS } from "../product/demo-data";
import { quote, addDays, type ModuleDemoData } from "../../scripts/demo-sql";

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
  // The product's first variant: what the supplier sells and the order buys.
  const firstVariant =
    "(SELECT v.id FROM product_variant v WHERE v.product_id = p.id ORDER BY v.position, v.id LIMIT 1)";
  for (const supplier of DEMO_SUPPLIERS) {
    statements.push(`INSERT INTO supplier (application_key, name, contact_person, phone, email, address)
      SELECT ${key}, ${quote(supplier.name)}, ${quote(supplier.contact)}, ${quote(supplier.phone)}, ${quote(supplier.email)}, ${quote(supplier.address)}
      WHERE NOT EXISTS (SELECT 1 FROM supplier WHERE application_key = ${key} AND name = ${quote(supplier.name)});`);
    for (const [position, number] of supplier.products.entries()) {
      const { code, price } = DEMO_PRODUCTS[number - 1];
      statements.push(`INSERT OR IGNORE INTO supplier_product (application_key, supplier_id, product_id, variant_id, position,
          supplier_code, cost_cents, minimum_order_quantity, reorder_point)
        SELECT ${key}, ${supplierOf(supplier.name)}, p.id, ${firstVariant}, ${position}, ${quote(`S-${code}`)},
          ${Math.round(price * 0.45)}, 6, 20
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
      statements.push(`INSERT OR IGNORE INTO purchase_order_line (application_key, purchase_order_id, product_id, variant_id,
          position, product_code, name_zh_hk, name_en, supplier_code, quantity, received_quantity, unit_cost_cents,
          line_total_cents)
        SELECT ${key}, ${orderOf}, p.id, ${firstVariant}, ${position}, ${quote(code)}, ${quote(zh)}, ${quote(en)}, ${quote(`S-${code}`)},
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

export const supplierDemoData: ModuleDemoData = { rank: 50, sql: ({ now }) => demoSuppliersSql(now) };
