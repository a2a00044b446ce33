import { DEMO_STAFF, quote, type ModuleDemoData } from "../../scripts/demo-sql";
import { stockTransferNumber } from "./options";

/**
 * Demo Shop's transfers from its warehouse to its shops, one in each state, each of a different limited variant the
 * warehouse holds 4 or more of (chosen before any moves, by variant id): units sent, and received where said.
 */
const TRANSFERS = [
  { status: "received", to: "銅鑼灣店", quantity: 2, received: 2, daysAgo: 6, note: "週末補貨" },
  { status: "partially_received", to: "旺角店", quantity: 2, received: 1, daysAgo: 3, note: "一件稍後送到" },
  { status: "sent", to: "銅鑼灣店", quantity: 2, received: 0, daysAgo: 1, note: null },
  { status: "draft", to: "銅鑼灣店", quantity: 1, received: 0, daysAgo: 0, note: "下星期補貨" },
  { status: "cancelled", to: "旺角店", quantity: 1, received: 0, daysAgo: 4, note: "已改由供應商直送" },
] as const;

const WAREHOUSE = "貨倉";

/**
 * The transfers and their lines (skipped when Demo Shop has its first one), then each stock move recorded once as an
 * inventory adjustment at its location; the levels move by an adjustment only in the seed that recorded it (its
 * `created_at`), so a second seed moves nothing.
 */
function demoTransfersSql(now: Date) {
  const key = quote("demo-shop");
  const at = quote(now.toISOString());
  const place = (name: string) =>
    `(SELECT id FROM location WHERE application_key = ${key} AND name_zh_hk = ${quote(name)})`;
  const daysAgo = (days: number) => quote(new Date(now.getTime() - days * 86_400_000).toISOString());
  const transferOf = (number: number) =>
    `(SELECT id FROM stock_transfer WHERE application_key = ${key} AND transfer_number = ${number})`;
  const valueOf = (slot: number, language: "zh_hk" | "en") =>
    `(SELECT ${language === "en" ? "coalesce(nullif(value_en, ''), value_zh_hk)" : "value_zh_hk"} FROM product_option_value WHERE id = v.option_value_${slot}_id)`;
  const label = (language: "zh_hk" | "en") =>
    `coalesce(${valueOf(1, language)}, '') || coalesce(' / ' || ${valueOf(2, language)}, '') || coalesce(' / ' || ${valueOf(3, language)}, '')`;
  const rows = TRANSFERS.flatMap((transfer, index) => {
    const number = index + 1;
    const sent = transfer.status !== "draft" && transfer.status !== "cancelled";
    const variant = `(SELECT v.id FROM product_variant v JOIN stock_level s ON s.variant_id = v.id AND s.location_id = ${place(WAREHOUSE)}
        WHERE v.application_key = ${key} AND v.unlimited_inventory = 0 AND s.stock >= 4 ORDER BY v.id LIMIT 1 OFFSET ${index})`;
    return [
      `INSERT INTO stock_transfer (application_key, transfer_number, from_location_id, to_location_id, status, note,
        total_quantity, received_quantity, sent_at, sent_by, received_at, version, created_at)
      SELECT ${key}, ${number}, ${place(WAREHOUSE)}, ${place(transfer.to)}, ${quote(transfer.status)}, ${quote(transfer.note)},
        ${transfer.quantity}, ${transfer.received}, ${sent ? daysAgo(transfer.daysAgo) : "NULL"}, ${sent ? quote(DEMO_STAFF) : "NULL"},
        ${transfer.status === "received" ? daysAgo(transfer.daysAgo - 1) : "NULL"}, ${sent ? 2 : 1}, ${daysAgo(transfer.daysAgo)}
      WHERE ${variant} IS NOT NULL AND ${place(transfer.to)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_transfer WHERE application_key = ${key} AND transfer_number = ${number});`,
      `INSERT INTO stock_transfer_line (application_key, stock_transfer_id, position, product_id, variant_id, product_code,
        name_zh_hk, name_en, variant_name_zh_hk, variant_name_en, sku, barcode, quantity, received_quantity)
      SELECT ${key}, ${transferOf(number)}, 0, p.id, v.id, p.product_code, p.name_zh_hk, p.name_en, ${label("zh_hk")}, ${label("en")},
        v.sku, v.barcode, ${transfer.quantity}, ${transfer.received}
      FROM product_variant v JOIN product p ON p.id = v.product_id
      WHERE v.id = ${variant} AND ${transferOf(number)} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM stock_transfer_line WHERE stock_transfer_id = ${transferOf(number)});`,
    ];
  });
  const move = (number: number, location: string, change: number) => {
    const reason = quote(stockTransferNumber(number));
    return [
      `INSERT INTO inventory_adjustment (application_key, product_id, variant_id, before, after, reason, actor_email, created_at, location_id)
      SELECT l.application_key, l.product_id, l.variant_id, s.stock, s.stock + ${change}, ${reason}, ${quote(DEMO_STAFF)}, ${at}, s.location_id
      FROM stock_transfer_line l JOIN stock_level s ON s.variant_id = l.variant_id AND s.location_id = ${place(location)}
      WHERE l.stock_transfer_id = ${transferOf(number)}
        AND NOT EXISTS (SELECT 1 FROM inventory_adjustment a WHERE a.variant_id = l.variant_id AND a.location_id = s.location_id AND a.reason = ${reason});`,
      `UPDATE stock_level SET stock = stock + ${change}
      WHERE application_key = ${key} AND location_id = ${place(location)} AND variant_id IN (SELECT a.variant_id FROM inventory_adjustment a
        WHERE a.application_key = ${key} AND a.location_id = ${place(location)} AND a.reason = ${reason} AND a.created_at = ${at});`,
    ];
  };
  const moves = TRANSFERS.flatMap((transfer, index) => {
    if (transfer.status === "draft" || transfer.status === "cancelled") return [];
    return [
      ...move(index + 1, WAREHOUSE, -transfer.quantity),
      ...(transfer.received > 0 ? move(index + 1, transfer.to, transfer.received) : []),
    ];
  });
  return [...rows, ...moves].join("\n");
}

/** After the catalogue's stock and its warehouse share (products, rank 10) and the locations (rank 5). */
export const stockTransferDemoData: ModuleDemoData = { rank: 190, sql: ({ now }) => demoTransfersSql(now) };
