import { DEMO_STAFF, quote, type ModuleDemoData } from "../../scripts/demo-sql";

/**
 * Demo Shop's offline sale to review: its latest counter sale, as if a device had sold it offline and the server
 * found its first product's last unit gone (oversold by 1) and the price changed since.
 */
function demoOfflineReviewSql(): string {
  const key = quote("demo-shop");
  const order = `(SELECT id FROM store_order WHERE application_key = ${key} AND channel = 'pos'
    ORDER BY created_at DESC, id DESC LIMIT 1)`;
  return `INSERT INTO pos_offline_review (application_key, order_id, sold_by, differences, created_at)
    SELECT ${key}, l.order_id, ${quote(DEMO_STAFF)},
      json_array(
        json_object('kind', 'stock', 'position', l.position, 'name_zh_hk', l.name_zh_hk, 'name_en', l.name_en,
          'short', 1),
        json_object('kind', 'price', 'position', l.position, 'name_zh_hk', l.name_zh_hk, 'name_en', l.name_en,
          'charged_cents', l.unit_price_cents, 'now_cents', l.unit_price_cents + 1000)),
      o.created_at
    FROM order_line l JOIN store_order o ON o.id = l.order_id
    WHERE l.application_key = ${key} AND l.order_id = ${order} AND l.kind = 'product'
      AND NOT EXISTS (SELECT 1 FROM pos_offline_review WHERE application_key = ${key})
    ORDER BY l.position LIMIT 1;`;
}

export const posDemoData: ModuleDemoData = { rank: 35, sql: () => demoOfflineReviewSql() };
