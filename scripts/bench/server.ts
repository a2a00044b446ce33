import { execFileSync } from "node:child_process";
import { cpSync, openSync, rmSync, writeFileSync } from "node:fs";
import { hashPassword } from "../../backend/crypto";
import { roleDefaults } from "../../contract/permissions";
import { migrateEveryDatabase, runStep, serveWorker, WRANGLER_ENV } from "../local-worker";

/**
 * The server `npm run bench` and `npm run lighthouse` measure: a fresh build of the Worker on local
 * workerd (wrapped by scripts/bench/worker.ts) with its own D1 state, seeded with bench stores, a
 * provider staff account and a page of other stores, all in the control database; with a fleet, also
 * that many stores over the two shards and a second server (SMALL_FLEET_BASE) with SMALL_FLEET of them.
 * Loopback only.
 */
/** BENCH_PORT: another port, when 8797 is taken; the second server takes the next one. */
const PORT = Number(process.env.BENCH_PORT ?? 8797);
export const BASE = `http://127.0.0.1:${PORT}`;
export const SMALL_FLEET_BASE = `http://127.0.0.1:${PORT + 1}`;
export const STAFF_EMAIL = "staff@bench.test";
const STATE = ".wrangler/bench-state";
const SMALL_FLEET_STATE = ".wrangler/bench-state-small-fleet";
/** The server's own output, to look into when a request fails. */
export const SERVER_LOG = ".wrangler/bench-server.log";
/**
 * The provider case's stores (issue 42): FLEET on the bench server, SMALL_FLEET on the second server, whose state
 * is a copy of the first's taken before either fleet is seeded, so the two differ only in the fleet's size.
 */
export const FLEET = 10_000;
export const SMALL_FLEET = 100;
const FLEET_SHARDS = ["SHARD_1", "SHARD_2"];
/** The fleet's plan, with the same id in the control database and on each shard (a purchase's foreign key). */
const FLEET_PLAN_ID = 1_000_000;
export const PASSWORD = "bench-pass-1";
const MODULES = JSON.stringify([
  "product",
  "product_inventory",
  "location",
  "add_on_product",
  "category",
  "setting",
  "member",
  "promotion",
  "order",
  "pos",
  "staff_account",
  "staff_log",
  "supplier",
  "purchase_order",
  "quotation",
  "layout",
  "enquiry",
  "medi_enquiry",
  "push_notification",
  "yoga_course",
  "credit_package",
  "appointment",
  "monthly_fee",
  "quotation",
  "product_booking",
  "renting",
]);
const CATEGORIES = 20;
/** Renting products; each holds every hundredth rental, 100 hours apart, two days each (never overlapping). */
const RENTING_PRODUCTS = 100;
/** Orders are made (and most paid) one after another over this many days up to the seeding. */
const ORDER_DAYS = 90;
const OTHER_STORES = 100;
/** Every other product has one option with this many sizes, each a variant: about three variants a product. */
const BENCH_SIZES = 5;

/**
 * A store (its merchant signs in as `<key>@bench.test`) with a plan, categories, add-ons, products (every other
 * one in five sizes, each a variant with its SKU and barcode, `2` + the product's number + the size), members,
 * coupons, as many orders as products (made one after another over the last 90 days, five in eight paid then,
 * each with one or two product lines and its payment, one in forty refunded a day later), staff accounts with
 * their role's permissions (ten of them sell at the POS at once) and suppliers (one for every hundred products,
 * at most 50 of each, as a large store has: the pages that offer them all in a filter are measured at a real
 * store's size), each product of ten supplied, purchase orders and push notifications (one for every ten products
 * of each), as many enquiries as products (one in ten medical, a quarter in each status, each with its first
 * message), as many home banner slides and menu items as a store may have (20, and 100 in three levels), coaches
 * (as many as staff accounts), 8 course types and as many course sessions as products (one an hour from
 * 2025-06-01), a credit package and as many credit orders of it as products (each member's, three in five paid,
 * with their credits), appointment providers and services (as many as staff accounts) with as many bookings as
 * products (one an hour from 2025-06-01, each member's), a monthly plan with as many fee records as products
 * (each member's), as many product bookings as products (each member's) over products taking bookings (as
 * many as staff accounts), and 100 renting products with as many rentals as products (each member's, one an
 * hour from 2025-06-01, one in five holding its unit).
 */
function storeSql(key: string, products: number, hash: string) {
  const people = Math.min(50, Math.ceil(products / 100));
  const suppliers = people;
  return `
INSERT OR IGNORE INTO store_account (application_key, store_name, email, password_hash, cms_side_menu, accept_language, accept_currency)
  VALUES ('${key}', 'Bench ${key}', '${key}@bench.test', '${hash}', '${MODULES}', '["zh-HK"]', '["HKD"]');
INSERT OR IGNORE INTO website_data (application_key) VALUES ('${key}');
INSERT INTO location (application_key, name_zh_hk, name_en, sells_at_counter, ships_online_orders, position)
  VALUES ('${key}', '銅鑼灣店', 'Causeway Bay Shop', 1, 0, 2), ('${key}', '貨倉', 'Warehouse', 0, 1, 3);
INSERT INTO plan (name_zh_hk, name_en, plan_type, period_days, module_list) VALUES ('Bench', 'Bench ${key}', 'paid', 365, '${MODULES}');
INSERT INTO purchased_plan (application_key, plan_id, store_payment_id, start_date, expiry_date, plan_type, plan_name_zh_hk, plan_name_en, module_list)
  SELECT '${key}', id, 'bench', '2020-01-01', '2099-12-31', 'paid', 'Bench', name_en, module_list FROM plan WHERE name_en = 'Bench ${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${CATEGORIES})
INSERT INTO category (application_key, name_zh_hk, name_en, sort_order, publish)
  SELECT '${key}', '分類 ' || n, 'Category ' || n, n, n % 5 != 0 FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 5)
INSERT INTO add_on_product (application_key, name_zh_hk, name_en, price_cents, stock, publish)
  SELECT '${key}', '加購 ' || n, 'Add-on ' || n, 500 * n, 10 * n, 1 FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO product (application_key, product_code, name_zh_hk, name_en, price_cents, publish, bestseller, images, sold_quantity, created_at)
  SELECT '${key}', 'B' || n, '產品 ' || n, 'Product ' || n, 1000 + (n * 37) % 50000, n % 9 != 0, n % 4 = 0, '[]', n % 40,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq;
INSERT INTO product_variant (application_key, product_id, price_cents, unlimited_inventory, stock)
  SELECT p.application_key, p.id, p.price_cents, n % 10 = 5, n % 50
  FROM (SELECT id, application_key, price_cents, CAST(substr(product_code, 2) AS INTEGER) AS n
    FROM product WHERE application_key = '${key}') p
  WHERE n % 2 = 1;
INSERT INTO product_option (application_key, product_id, position, name_zh_hk, name_en)
  SELECT application_key, id, 1, '尺碼', 'Size' FROM product
  WHERE application_key = '${key}' AND CAST(substr(product_code, 2) AS INTEGER) % 2 = 0;
WITH RECURSIVE size(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM size WHERE k < ${BENCH_SIZES})
INSERT INTO product_option_value (application_key, option_id, position, value_zh_hk, value_en)
  SELECT o.application_key, o.id, size.k, '碼 ' || size.k, 'Size ' || size.k
  FROM product_option o, size WHERE o.application_key = '${key}';
INSERT INTO product_variant (application_key, product_id, position, option_value_1_id, sku, barcode, price_cents,
    unlimited_inventory, stock)
  SELECT o.application_key, o.product_id, v.position, v.id, p.product_code || '-' || v.position,
    printf('2%06d%02d', CAST(substr(p.product_code, 2) AS INTEGER), v.position), p.price_cents + 100 * (v.position - 1),
    CAST(substr(p.product_code, 2) AS INTEGER) % 10 = 0, (CAST(substr(p.product_code, 2) AS INTEGER) + v.position) % 50
  FROM product_option o JOIN product_option_value v ON v.option_id = o.id JOIN product p ON p.id = o.product_id
  WHERE o.application_key = '${key}';
INSERT INTO stock_level (application_key, location_id, variant_id, stock)
  SELECT v.application_key, l.id, v.id, CASE l.position WHEN 1 THEN v.stock - 2 * (v.stock / 3) ELSE v.stock / 3 END
  FROM product_variant v JOIN location l ON l.application_key = v.application_key
  WHERE v.application_key = '${key}';
UPDATE product SET
    stock = (SELECT coalesce(sum(iif(v.unlimited_inventory, 0, v.stock)), 0) FROM product_variant v WHERE v.product_id = product.id),
    short_variant_count = (SELECT count(*) FROM product_variant v
      WHERE v.product_id = product.id AND v.unlimited_inventory = 0 AND v.sellable = 1 AND v.stock = 0),
    variant_count = (SELECT count(*) FROM product_variant v WHERE v.product_id = product.id)
  WHERE application_key = '${key}';
INSERT INTO product_category (application_key, product_id, category_id)
  SELECT p.application_key, p.id, c.id FROM product p
  JOIN category c ON c.application_key = p.application_key AND c.sort_order = 1 + p.id % ${CATEGORIES}
  WHERE p.application_key = '${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO member (application_key, member_number, member_code, name, email, phone, registration_date, level, birthday_month, marketing_consent, created_at)
  SELECT '${key}', n, printf('M%05d', n), 'Member ' || n, 'member' || n || '@bench.test', printf('9%07d', n),
    date('2020-01-01', '+' || (n % 2000) || ' days'), CASE WHEN n % 10 = 0 THEN 'vip' ELSE 'general' END, 1 + n % 12, n % 3 = 0,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${Math.ceil(products / 10)})
INSERT INTO coupon (application_key, title_zh_hk, title_en, code, usage, audience, discount_type, discount_value, starts_at, expires_at, usage_limit, times_used, disabled, created_at)
  SELECT '${key}', '優惠 ' || n, 'Coupon ' || n, printf('C%04X', n), 'reusable', 'all', 'percentage', (1 + n % 50) * 100,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (n + 24 * 400) || ' hours'),
    CASE WHEN n % 7 = 0 THEN 10 END, n % 7, n % 13 = 0, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${people})
INSERT INTO store_staff (application_key, email, name, password_hash, role, permissions, created_at)
  SELECT '${key}', '${key}-staff' || n || '@bench.test', 'Staff ' || n, '${hash}', CASE WHEN n % 5 = 0 THEN 'admin' ELSE 'sales' END,
    CASE WHEN n % 5 = 0 THEN '${JSON.stringify(roleDefaults("admin"))}' ELSE '${JSON.stringify(roleDefaults("sales"))}' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO store_order (application_key, order_number, idempotency_key, channel, status, payment_status, customer_name,
    customer_phone, subtotal_cents, total_cents, payment_method, created_at, paid_at)
  SELECT '${key}', 1000 + n, 'bench-' || n, CASE WHEN n % 3 = 0 THEN 'online' ELSE 'pos' END,
    CASE WHEN n % 40 = 5 THEN 'refunded' WHEN n % 8 = 0 THEN 'awaiting_payment' WHEN n % 8 = 1 THEN 'unverified_payment'
      WHEN n % 8 = 2 THEN 'paid' WHEN n % 8 = 3 THEN 'preparing' WHEN n % 8 = 4 THEN 'delivering' WHEN n % 8 = 6 THEN 'cancelled'
      ELSE 'completed' END AS status,
    CASE WHEN n % 40 = 5 THEN 'refunded' WHEN n % 8 IN (0, 1, 6) THEN 'no_payment_record' ELSE 'succeeded' END AS payment_status,
    'Customer ' || n, printf('9%07d', n), 0, 0,
    CASE n / 8 % 4 WHEN 0 THEN 'cash' WHEN 1 THEN 'credit_card' WHEN 2 THEN 'fps' ELSE 'payme' END AS payment_method,
    at, CASE WHEN n % 8 IN (0, 1, 6) THEN NULL ELSE at END AS paid_at
  FROM (SELECT n, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((${products} - n) * ${ORDER_DAYS * 86_400} / ${products}) || ' seconds') AS at FROM seq);
INSERT INTO order_line (application_key, order_id, kind, product_id, variant_id, position, name_zh_hk, name_en, unit_price_cents, quantity,
    line_total_cents, refunded_quantity)
  SELECT o.application_key, o.id, 'product', p.id, (SELECT v.id FROM product_variant v WHERE v.product_id = p.id), 1, p.name_zh_hk, p.name_en, p.price_cents, 1 + (o.n % 3 = 0),
    p.price_cents * (1 + (o.n % 3 = 0)), (o.status = 'refunded') * (1 + (o.n % 3 = 0))
  FROM (SELECT id, application_key, status, order_number - 1000 AS n FROM store_order WHERE application_key = '${key}') o
  JOIN product p ON p.application_key = o.application_key AND p.product_code = 'B' || o.n;
INSERT INTO order_line (application_key, order_id, kind, product_id, variant_id, position, name_zh_hk, name_en, unit_price_cents, quantity,
    line_total_cents, refunded_quantity)
  SELECT o.application_key, o.id, 'product', p.id, (SELECT v.id FROM product_variant v WHERE v.product_id = p.id), 2, p.name_zh_hk, p.name_en, p.price_cents, 1, p.price_cents, o.status = 'refunded'
  FROM (SELECT id, application_key, status, order_number - 1000 AS n FROM store_order WHERE application_key = '${key}') o
  JOIN product p ON p.application_key = o.application_key AND p.product_code = 'B' || ((o.n * 7) % ${products} + 1)
  WHERE o.n % 2 = 0;
UPDATE store_order SET (subtotal_cents, total_cents) = (SELECT sum(l.line_total_cents), sum(l.line_total_cents) FROM order_line l
    WHERE l.application_key = store_order.application_key AND l.order_id = store_order.id)
  WHERE application_key = '${key}';
UPDATE store_order SET refunded_cents = total_cents WHERE application_key = '${key}' AND status = 'refunded';
INSERT INTO order_payment (application_key, order_id, method, amount_cents, status, created_at)
  SELECT application_key, id, payment_method, total_cents, payment_status, paid_at
  FROM store_order WHERE application_key = '${key}' AND paid_at IS NOT NULL;
INSERT INTO order_refund (application_key, order_id, amount_cents, actor_email, note, created_at)
  SELECT application_key, id, total_cents, '${key}@bench.test', 'Bench refund',
    min(strftime('%Y-%m-%dT%H:%M:%fZ', paid_at, '+1 day'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  FROM store_order WHERE application_key = '${key}' AND status = 'refunded';
INSERT INTO credit_package (application_key, name_zh_hk, name_en, credits, price_cents, validity_days, validity_starts, on_sale)
  VALUES ('${key}', '十堂套票', 'Ten classes', 10, 120000, 180, 'purchase', 1);
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO credit_order (application_key, idempotency_key, channel, member_id, package_id, package_name_zh_hk, package_name_en,
    credits, validity_days, validity_starts, price_cents, status, payment_method, payment_status, paid_at, created_at)
  SELECT '${key}', 'bench-credit-' || n, CASE WHEN n % 3 = 0 THEN 'online' ELSE 'counter' END, m.id, p.id, p.name_zh_hk,
    p.name_en, p.credits, p.validity_days, p.validity_starts, p.price_cents + (n % 5) * 10000,
    CASE n % 5 WHEN 0 THEN 'awaiting_payment' WHEN 1 THEN 'unverified_payment' WHEN 4 THEN 'cancelled' ELSE 'paid' END,
    CASE WHEN n % 3 = 0 THEN 'fps' ELSE 'cash' END, CASE WHEN n % 5 IN (2, 3) THEN 'succeeded' ELSE 'no_payment_record' END,
    CASE WHEN n % 5 IN (2, 3) THEN strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes') END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq JOIN member m ON m.application_key = '${key}' AND m.member_number = n
  JOIN credit_package p ON p.application_key = '${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO log (application_key, actor_type, actor_id, actor_email, action, data_type, module, record_id, record_name_zh_hk, record_name_en, changes, created_at)
  SELECT '${key}', CASE WHEN n % 10 = 0 THEN 'console' ELSE 'store' END, 1,
    CASE WHEN n % 10 = 0 THEN 'staff@bench.test' ELSE '${key}@bench.test' END,
    CASE n % 5 WHEN 0 THEN 'add' WHEN 1 THEN 'delete' ELSE 'edit' END,
    CASE n % 4 WHEN 0 THEN 'category_data' WHEN 1 THEN 'member_data' ELSE 'product_data' END,
    CASE n % 4 WHEN 0 THEN 'category' WHEN 1 THEN 'member' ELSE 'product' END,
    'B' || n, '產品 ' || n, 'Product ' || n, '{"price_cents":[1000,' || (1000 + n % 500) || '],"publish":[false,true]}',
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${suppliers})
INSERT INTO supplier (application_key, name, phone, created_at)
  SELECT '${key}', 'Supplier ' || n, printf('2%07d', n), strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds') FROM seq;
INSERT INTO supplier_product (application_key, supplier_id, product_id, variant_id, position, cost_cents, minimum_order_quantity, reorder_point)
  SELECT p.application_key, (SELECT min(id) FROM supplier WHERE application_key = '${key}') + (p.id / 10) % ${suppliers}, p.id,
    (SELECT v.id FROM product_variant v WHERE v.product_id = p.id ORDER BY v.position, v.id LIMIT 1), p.id / 10,
    500, 6, CASE WHEN p.id % 3 = 0 THEN 10 END
  FROM product p WHERE p.application_key = '${key}' AND p.id % 10 = 1;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${Math.ceil(products / 10)})
INSERT INTO purchase_order (application_key, po_number, supplier_id, supplier_name, status, expected_date, total_cents,
    ordered_quantity, received_quantity, created_at)
  SELECT '${key}', n, s.id, s.name,
    CASE n % 5 WHEN 0 THEN 'draft' WHEN 1 THEN 'ordered' WHEN 2 THEN 'partially_received' WHEN 3 THEN 'received' ELSE 'cancelled' END,
    date('2026-01-01', '+' || (n % 365) || ' days'), 5000 * (1 + n % 7), 10, CASE n % 5 WHEN 2 THEN 4 WHEN 3 THEN 10 ELSE 0 END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq JOIN supplier s ON s.id = (SELECT min(id) FROM supplier WHERE application_key = '${key}') + n % ${suppliers};
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${Math.ceil(products / 10)})
INSERT INTO quotation (application_key, quotation_number, company_name, contact_name, email, subtotal_cents, delivery_cents,
    total_cents, valid_until, status, created_at)
  SELECT '${key}', 1000 + n, 'Company ' || n, 'Contact ' || n, 'buyer' || n || '@bench.test', 10000 * (1 + n % 7), 500,
    10000 * (1 + n % 7) + 500, date('2026-01-01', '+' || (n % 365) || ' days'),
    CASE n % 6 WHEN 0 THEN 'pending' WHEN 1 THEN 'approved' WHEN 2 THEN 'not_approved' WHEN 3 THEN 'processing'
      WHEN 4 THEN 'completed' ELSE 'cancelled' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${people})
INSERT INTO custom_page (application_key, title_zh_hk, title_en, link, publish, content, created_at, updated_at)
  SELECT '${key}', '頁面 ' || n, 'Page ' || n, 'page-' || n, n % 4 != 0, '<h2>Page ' || n || '</h2>' || replace(printf('%.20c', 'x'), 'x', '<p>Our terms, in detail.</p>'),
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2026-02-01', '+' || n || ' seconds')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO enquiry (application_key, kind, status, name, email, phone, subject, date_of_birth, created_at)
  SELECT '${key}', CASE WHEN n % 10 = 0 THEN 'medical' ELSE 'general' END,
    CASE n % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'in_progress' WHEN 2 THEN 'replied' ELSE 'closed' END,
    'Enquirer ' || n, 'enquirer' || n || '@bench.test', printf('6%07d', n), 'Subject ' || n,
    CASE WHEN n % 10 = 0 THEN date('1960-01-01', '+' || (n % 15000) || ' days') END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
INSERT INTO enquiry_message (application_key, enquiry_id, sender, body, created_at)
  SELECT application_key, id, 'customer', 'Message of ' || name, created_at FROM enquiry WHERE application_key = '${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO quotation_request (application_key, contact_name, company_name, email, phone, status, created_at)
  SELECT '${key}', 'Buyer ' || n, CASE WHEN n % 3 = 0 THEN '' ELSE 'Company ' || n END, 'buyer' || n || '@bench.test',
    printf('6%07d', n), CASE n % 3 WHEN 0 THEN 'new' WHEN 1 THEN 'quoted' ELSE 'closed' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${Math.ceil(products / 10)})
INSERT INTO push_notification (application_key, title_zh_hk, title_en, body_zh_hk, body_en, audience, status, send_at,
    recipient_count, sent_count, failed_count, created_at)
  SELECT '${key}', '推送 ' || n, 'Push ' || n, '新貨到 ' || n, 'New arrivals ' || n, CASE n % 3 WHEN 0 THEN 'vip' ELSE 'all' END,
    CASE n % 6 WHEN 0 THEN 'draft' WHEN 1 THEN 'scheduled' WHEN 2 THEN 'cancelled' WHEN 3 THEN 'failed' ELSE 'sent' END,
    CASE WHEN n % 6 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' hours') END,
    CASE WHEN n % 6 IN (3, 4, 5) THEN 100 ELSE 0 END, CASE WHEN n % 6 IN (4, 5) THEN 98 ELSE 0 END,
    CASE n % 6 WHEN 3 THEN 100 WHEN 4 THEN 2 WHEN 5 THEN 2 ELSE 0 END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 20)
INSERT INTO home_banner (application_key, desktop_image_url, alt_zh_hk, alt_en, link_kind, link_url, start_at, publish, position)
  SELECT '${key}', '/uploads/${key}/' || printf('%064d', n) || '.png', '橫額 ' || n, 'Slide ' || n, 'url', '/sale-' || n,
    CASE WHEN n % 4 = 0 THEN '2099-01-01T00:00:00.000Z' END, n % 5 != 0, n FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10)
INSERT INTO menu_item (application_key, depth, position, label_zh_hk, label_en, link_kind, link_category_id)
  SELECT '${key}', 1, n, '選單 ' || n, 'Menu ' || n, 'category', c.id
  FROM seq JOIN category c ON c.application_key = '${key}' AND c.sort_order = n;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 3)
INSERT INTO menu_item (application_key, parent_id, depth, position, label_zh_hk, label_en, link_kind, link_url)
  SELECT '${key}', m.id, 2, n, m.label_zh_hk || '.' || n, m.label_en || '.' || n, 'url', '/menu-' || m.id || '-' || n
  FROM seq JOIN menu_item m ON m.application_key = '${key}' AND m.depth = 1;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 2)
INSERT INTO menu_item (application_key, parent_id, depth, position, label_zh_hk, label_en, link_kind, link_url)
  SELECT '${key}', m.id, 3, n, m.label_zh_hk || '.' || n, m.label_en || '.' || n, 'url', '/menu-' || m.id || '-' || n
  FROM seq JOIN menu_item m ON m.application_key = '${key}' AND m.depth = 2;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${people})
INSERT INTO course_coach (application_key, name_zh_hk, name_en) SELECT '${key}', '導師 ' || n, 'Coach ' || n FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 8)
INSERT INTO course_type (application_key, name_zh_hk, name_en, colour)
  SELECT '${key}', '課程 ' || n, 'Class ' || n, printf('#%02x7d32', n * 20) FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products}),
  coach AS (SELECT min(id) AS first FROM course_coach WHERE application_key = '${key}'),
  type AS (SELECT min(id) AS first FROM course_type WHERE application_key = '${key}')
INSERT INTO course_session (application_key, course_type_id, coach_id, location, starts_at, ends_at, credits_needed, max_places, status)
  SELECT '${key}', type.first + n % 8, coach.first + n % ${people}, 'Room ' || (n % 3 + 1),
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours', '+50 minutes'),
    1, 12, CASE WHEN n % 20 = 0 THEN 'cancelled' ELSE 'scheduled' END
  FROM seq, coach, type;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${people})
INSERT INTO appointment_provider (application_key, variant, name_zh_hk, name_en) SELECT '${key}', 'general', '師傅 ' || n, 'Provider ' || n FROM seq;
INSERT INTO appointment_category (application_key, variant, name_zh_hk, name_en) VALUES ('${key}', 'general', '服務', 'Services');
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${people}),
  provider AS (SELECT min(id) AS first FROM appointment_provider WHERE application_key = '${key}'),
  category AS (SELECT id FROM appointment_category WHERE application_key = '${key}')
INSERT INTO appointment_service (application_key, variant, category_id, provider_id, name_zh_hk, name_en, duration_minutes, price_cents, sort_order)
  SELECT '${key}', 'general', category.id, provider.first + n - 1, '服務 ' || n, 'Service ' || n, 50, 30000 + n * 1000, n
  FROM seq, provider, category;
INSERT INTO appointment_schedule (application_key, service_id, schedule_type, start_time, end_time)
  SELECT '${key}', id, 'everyday', '00:00', '24:00' FROM appointment_service WHERE application_key = '${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products}),
  service AS (SELECT min(id) AS first FROM appointment_service WHERE application_key = '${key}')
INSERT INTO appointment_record (application_key, variant, service_id, provider_id, member_id, customer_name, customer_phone, customer_email,
    starts_at, ends_at, blocked_from, blocked_until, price_cents, status, channel, created_at)
  SELECT '${key}', 'general', s.id, s.provider_id, m.id, m.name, m.phone, m.email,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours', '+50 minutes'),
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours', '+50 minutes'),
    s.price_cents, CASE n % 10 WHEN 0 THEN 'cancelled' WHEN 1 THEN 'success' ELSE 'completed' END,
    CASE WHEN n % 3 = 0 THEN 'online' ELSE 'staff' END, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-05-01', '+' || n || ' minutes')
  FROM seq, service JOIN appointment_service s ON s.id = service.first + n % ${people}
  JOIN member m ON m.application_key = '${key}' AND m.member_number = n;
INSERT INTO monthly_fee_plan (application_key, name_zh_hk, name_en, days, price_cents) VALUES ('${key}', '月費', 'Monthly', 30, 80000);
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO monthly_fee_record (application_key, member_id, plan_id, period_start, period_end, days, amount_cents, status, renews,
    payment_method, paid_at, created_at)
  SELECT '${key}', m.id, p.id, date('2025-01-01', '+' || (n % 360) || ' days'), date('2025-01-01', '+' || (n % 360 + 29) || ' days'), 30, 80000,
    CASE n % 4 WHEN 0 THEN 'pending' WHEN 3 THEN 'cancelled' ELSE 'paid' END, n % 5 != 0,
    CASE WHEN n % 4 IN (1, 2) THEN 'cash' END, CASE WHEN n % 4 IN (1, 2) THEN strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes') END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes')
  FROM seq JOIN member m ON m.application_key = '${key}' AND m.member_number = n
  JOIN monthly_fee_plan p ON p.application_key = '${key}';
INSERT INTO product_booking_setting (product_id, application_key, open, deposit_cents, expected_arrival_date)
  SELECT id, '${key}', 1, 5000, '2025-07-01' FROM product WHERE application_key = '${key}' ORDER BY id LIMIT ${people};
INSERT INTO product_booking_quota (variant_id, application_key, product_id, quota)
  SELECT v.id, '${key}', s.product_id, ${products} FROM product_booking_setting s
  JOIN product_variant v ON v.product_id = s.product_id WHERE s.application_key = '${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products}),
  setting AS (SELECT product_id, row_number() OVER (ORDER BY product_id) - 1 AS position
    FROM product_booking_setting WHERE application_key = '${key}')
INSERT INTO product_booking (application_key, product_id, variant_id, member_id, customer_name, customer_phone, customer_email,
    quantity, deposit_cents, deposit_paid, status, channel, created_at)
  SELECT '${key}', s.product_id, (SELECT v.id FROM product_variant v WHERE v.product_id = s.product_id), m.id, m.name, coalesce(m.phone, ''), coalesce(m.email, ''), 1, 5000, n % 2,
    CASE n % 10 WHEN 0 THEN 'cancelled' WHEN 1 THEN 'notified' ELSE 'booked' END, CASE WHEN n % 3 = 0 THEN 'online' ELSE 'staff' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-05-01', '+' || n || ' minutes')
  FROM seq JOIN setting s ON s.position = n % ${people}
  JOIN member m ON m.application_key = '${key}' AND m.member_number = n;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${RENTING_PRODUCTS})
INSERT INTO renting_product (application_key, name_zh_hk, name_en, units_owned, price_per_day_cents, price_per_week_cents, deposit_cents, late_fee_per_day_cents)
  SELECT '${key}', '租賃 ' || n, 'Rental ' || n, 5, 10000, 50000, 20000, 5000 FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products}),
  product AS (SELECT min(id) AS first FROM renting_product WHERE application_key = '${key}')
INSERT INTO renting_record (application_key, product_id, member_id, customer_name, customer_phone, units, starts_at, ends_at,
    rent_cents, deposit_cents, status, created_at)
  SELECT '${key}', product.first + n % ${RENTING_PRODUCTS}, m.id, m.name, coalesce(m.phone, ''), 1,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', '+' || n || ' hours', '+2 days'),
    20000, 20000, CASE n % 10 WHEN 0 THEN 'cancelled' WHEN 1 THEN 'success' WHEN 2 THEN 'rented' WHEN 3 THEN 'returned' ELSE 'completed' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-05-01', '+' || n || ' minutes')
  FROM seq, product JOIN member m ON m.application_key = '${key}' AND m.member_number = n;`;
}

/** The provider staff account and other stores, so the store list has more than a page of rows. */
function consoleSql(hash: string) {
  return `
INSERT OR IGNORE INTO internal_account (email, name, password_hash) VALUES ('${STAFF_EMAIL}', 'Bench Staff', '${hash}');
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${OTHER_STORES})
INSERT OR IGNORE INTO store_account (application_key, store_name, email, password_hash, cms_side_menu, accept_language, accept_currency)
  SELECT 'other-' || n, 'Other store ' || n, 'other-' || n || '@bench.test', '${hash}', '${MODULES}', '["zh-HK"]', '["HKD"]' FROM seq;`;
}

const fleetPlanSql = `INSERT INTO plan (id, name_zh_hk, name_en, plan_type, period_days, module_list)
  VALUES (${FLEET_PLAN_ID}, '車隊', 'Fleet', 'paid', 365, '${MODULES}');`;

/** `fleet-<n>`, n from 1 to `size`: the first `SELECT … FROM fleet` of a statement's stores. */
const fleetSeq = (size: number, where = "") =>
  `WITH RECURSIVE fleet(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM fleet WHERE n < ${size}) SELECT n FROM fleet ${where}`;

/**
 * The fleet's rows in the control database: its plan and each store's directory rows (odd n on SHARD_1, even on
 * SHARD_2), its e-mail's and its name's claims.
 */
function fleetDirectorySql(size: number) {
  return `
${fleetPlanSql}
INSERT INTO store_directory (application_key, shard)
  SELECT 'fleet-' || n, CASE n % 2 WHEN 1 THEN '${FLEET_SHARDS[0]}' ELSE '${FLEET_SHARDS[1]}' END FROM (${fleetSeq(size)});
INSERT INTO account_directory (email, application_key) SELECT 'fleet-' || n || '@bench.test', 'fleet-' || n FROM (${fleetSeq(size)});
INSERT INTO store_name_directory (store_name, application_key)
  SELECT printf('Fleet store %05d', n), 'fleet-' || n FROM (${fleetSeq(size)});`;
}

/**
 * The fleet's stores on one shard: each store's account, website data, its plan's purchase (one store in five expiring
 * within 14 days, on either shard: the store list's "expiring" filter has a full page at 100 stores too; the rest in
 * 2099) and three log entries (the store's creation by provider staff and two product edits), the newest of the bench.
 */
function fleetShardSql(size: number, shard: number, hash: string) {
  const stores = fleetSeq(size, `WHERE n % 2 = ${(shard + 1) % 2}`);
  return `
${fleetPlanSql}
INSERT INTO store_account (application_key, store_name, email, password_hash, cms_side_menu, accept_language, accept_currency,
    current_plan_type, current_plan_expiry_date, created_at)
  SELECT 'fleet-' || n, printf('Fleet store %05d', n), 'fleet-' || n || '@bench.test', '${hash}', '${MODULES}', '["zh-HK"]', '["HKD"]',
    'paid', CASE WHEN n % 5 = 0 THEN date('now', '+8 hours', '+' || (n / 5 % 14) || ' days') ELSE '2099-12-31' END,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes')
  FROM (${stores});
INSERT INTO website_data (application_key) SELECT application_key FROM store_account WHERE application_key LIKE 'fleet-%';
INSERT INTO purchased_plan (application_key, plan_id, store_payment_id, start_date, expiry_date, plan_type, plan_name_zh_hk, plan_name_en, module_list)
  SELECT application_key, ${FLEET_PLAN_ID}, 'bench', '2025-01-01', current_plan_expiry_date, 'paid', '車隊', 'Fleet', cms_side_menu
  FROM store_account WHERE application_key LIKE 'fleet-%';
WITH RECURSIVE entry(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM entry WHERE k < 2)
INSERT INTO log (application_key, actor_type, actor_id, actor_email, action, data_type, module, record_id, record_name_zh_hk, record_name_en, changes, created_at)
  SELECT s.application_key, iif(k = 0, 'console', 'store'), 1, iif(k = 0, '${STAFF_EMAIL}', s.email), iif(k = 0, 'add', 'edit'),
    iif(k = 0, 'store_account_data', 'product_data'), iif(k = 0, NULL, 'product'), iif(k = 0, s.application_key, 'B' || k),
    iif(k = 0, s.store_name, '產品 ' || k), iif(k = 0, s.store_name, 'Product ' || k),
    iif(k = 0, '{"store_name":[null,"' || s.store_name || '"]}', '{"price_cents":[1000,' || (1000 + k) || ']}'),
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '+' || (3 * CAST(substr(s.application_key, 7) AS INTEGER) + k) || ' minutes')
  FROM store_account s, entry WHERE s.application_key LIKE 'fleet-%';`;
}

/** Runs a seed's SQL file in one database of a bench state. */
function executeFile(binding: string, state: string, file: string, sql: string) {
  writeFileSync(file, sql);
  runStep("npx", ["wrangler", "d1", "execute", binding, "--local", "--persist-to", state, "--file", file]);
}

/** Seeds a fleet of `size` stores into a bench state: each shard's stores, then their directory rows. */
function seedFleet(state: string, size: number, hash: string) {
  FLEET_SHARDS.forEach((shard, index) =>
    executeFile(shard, state, `.wrangler/bench-fleet-${shard}.sql`, fleetShardSql(size, index, hash)),
  );
  executeFile("DB", state, ".wrangler/bench-fleet-directory.sql", fleetDirectorySql(size));
}

/**
 * Builds, seeds the stores (key → number of products) into a fresh state and starts the server; with `fleet`, also
 * FLEET stores over the shards, and the second server with SMALL_FLEET. Call the returned function to stop them
 * (they also stop when the process exits).
 */
export async function startBenchServer(stores: Record<string, number>, { fleet = false } = {}): Promise<() => void> {
  const hash = hashPassword(PASSWORD).replace(/'/g, "''");
  rmSync(STATE, { recursive: true, force: true });
  runStep("npm", ["run", "build"]);
  migrateEveryDatabase(["--local", "--persist-to", STATE]);
  const sql = Object.entries(stores).map(([key, products]) => storeSql(key, products, hash));
  const setAside = variantInsertTriggers();
  executeFile(
    "DB",
    STATE,
    ".wrangler/bench.sql",
    [
      consoleSql(hash),
      ...setAside.map(({ name }) => `DROP TRIGGER ${name};`),
      ...sql,
      // The variants' short-search pieces, which one of the set-aside triggers writes.
      `INSERT INTO product_gram SELECT application_key, gram, product_id, count(*) FROM searched_text_gram
        WHERE variant_id != 0 GROUP BY application_key, gram, product_id
        ON CONFLICT DO UPDATE SET sources = sources + excluded.sources;`,
      ...setAside.map((trigger) => `${trigger.sql};`),
      "INSERT OR IGNORE INTO store_directory (application_key, shard) SELECT application_key, 'DB' FROM store_account;",
      "INSERT OR IGNORE INTO account_directory (email, application_key) SELECT email, application_key FROM store_account UNION ALL SELECT email, application_key FROM store_staff;",
      "INSERT OR IGNORE INTO store_name_directory (store_name, application_key) SELECT store_name, application_key FROM store_account;",
    ].join("\n"),
  );

  const serve = (port: number, persistTo: string, log: string) =>
    serveWorker("scripts/bench/worker.ts", {
      port,
      persistTo,
      stdio: ["ignore", openSync(log, "w"), openSync(log, "a")],
    });
  if (!fleet) return serve(PORT, STATE, SERVER_LOG);
  rmSync(SMALL_FLEET_STATE, { recursive: true, force: true });
  cpSync(STATE, SMALL_FLEET_STATE, { recursive: true });
  seedFleet(STATE, FLEET, hash);
  seedFleet(SMALL_FLEET_STATE, SMALL_FLEET, hash);
  const stopMain = await serve(PORT, STATE, SERVER_LOG);
  const stopSmall = await serve(PORT + 1, SMALL_FLEET_STATE, SERVER_LOG.replace(".log", "-small-fleet.log")).catch(
    (error: unknown) => {
      stopMain();
      throw error;
    },
  );
  return () => {
    stopMain();
    stopSmall();
    rmSync(SMALL_FLEET_STATE, { recursive: true, force: true });
  };
}

/**
 * The triggers that roll a product's variants up into it one inserted variant at a time. Each such update
 * re-indexes the product for search, which for 300,000 variants takes longer than a bench run may; the seed
 * sets them aside, rolls every product up in one statement and puts them back as the migrations wrote them.
 * Likewise the stock levels' (a variant's opening level, a level recounting its variant's total): the seed writes
 * every level in one statement, summing to the variant's stock.
 */
function variantInsertTriggers(): { name: string; sql: string }[] {
  const output = execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      STATE,
      "--json",
      "--command",
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('product_variant', 'stock_level') AND sql LIKE '%AFTER INSERT ON%'",
    ],
    { env: WRANGLER_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const [{ results }] = JSON.parse(output) as [{ results: { name: string; sql: string }[] }];
  return results;
}

/**
 * The Cookie header of a bench account just signed in (its session, its bookmark) on a bench server: a store's
 * merchant or STAFF_EMAIL.
 */
export async function signIn(email: string, base = BASE): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((set) => set.split(";")[0]);
  if (!cookies.some((cookie) => cookie.startsWith("session="))) throw new Error(`could not sign in as ${email}`);
  return cookies.join("; ");
}
