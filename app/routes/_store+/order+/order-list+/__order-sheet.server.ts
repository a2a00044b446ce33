/**
 * The order list as .xlsx or CSV: one row per order the list's search and filters select, headed in the
 * user's language. Export only (orders are never imported). The sheet machinery is `~/server/spreadsheet.server`.
 */
import type { OrderListRecord } from "#modules/order/contract";
import { hongKongTime } from "#contract/dates";
import { resources } from "~/locales.generated.server";
import type { Locale } from "~/i18n";
import { defineSheet, type SheetValue } from "~/server/spreadsheet.server";

type Kind = "number" | "time" | "text" | "count" | "money" | "label";

const COLUMNS = [
  { column: "order_number", field: "order_number", kind: "number" },
  { column: "created", field: "create_date", kind: "time" },
  { column: "channel", field: "channel", kind: "label" },
  { column: "status", field: "status", kind: "label" },
  { column: "payment_status", field: "payment_status", kind: "label" },
  { column: "payment_method", field: "payment_method", kind: "label" },
  { column: "customer", field: "customer_name", kind: "text" },
  { column: "phone", field: "customer_phone", kind: "text" },
  { column: "email", field: "customer_email", kind: "text" },
  { column: "member_code", field: "member_code", kind: "text" },
  { column: "item_count", field: "item_count", kind: "count" },
  { column: "subtotal", field: "subtotal_cents", kind: "money" },
  { column: "discounts", field: "discount_cents", kind: "money" },
  { column: "delivery", field: "delivery_charge_cents", kind: "money" },
  { column: "card_fee", field: "card_fee_cents", kind: "money" },
  { column: "total", field: "total_cents", kind: "money" },
  { column: "refunded", field: "refunded_cents", kind: "money" },
  { column: "delivery_method", field: "delivery_method", kind: "label" },
  { column: "district", field: "delivery_district", kind: "label" },
  { column: "delivery_number", field: "delivery_number", kind: "text" },
] as const satisfies readonly { column: string; field: keyof ExportOrder; kind: Kind }[];

type ColumnSpec = (typeof COLUMNS)[number];

/** What the sheet holds of an order; `discount_cents` is the coupon and cash-dollar discounts together. */
export type ExportOrder = Omit<OrderListRecord, "version"> & { discount_cents: number };

const TEXTS = {
  en: { orders: resources.en.order, stores: resources.en.stores, members: resources.en.member },
  "zh-HK": { orders: resources["zh-HK"].order, stores: resources["zh-HK"].stores, members: resources["zh-HK"].member },
} as const;

const sheet = defineSheet({
  columns: COLUMNS,
  texts: { en: resources.en.order.sheet, "zh-HK": resources["zh-HK"].order.sheet },
  fields: {},
});

export const exportOrder = (order: OrderListRecord): ExportOrder => ({
  ...order,
  discount_cents: order.coupon_discount_cents + order.cash_dollar_discount_cents,
});

function label(spec: ColumnSpec, order: ExportOrder, locale: Locale): string | null {
  const { orders, stores, members } = TEXTS[locale];
  switch (spec.field) {
    case "channel":
      return orders.channel[order.channel];
    case "status":
      return orders.status[order.status];
    case "payment_status":
      return orders["payment-status"][order.payment_status];
    case "payment_method":
      return order.payment_method && stores.payment[order.payment_method];
    case "delivery_method":
      return order.delivery_method && stores.delivery[order.delivery_method];
    case "delivery_district":
      return order.delivery_district && members.district[order.delivery_district];
    default:
      return null;
  }
}

function sheetValue(spec: ColumnSpec, order: ExportOrder, locale: Locale): SheetValue {
  switch (spec.kind) {
    case "time":
      return hongKongTime(order.create_date);
    case "label":
      return label(spec, order, locale);
    default:
      return order[spec.field];
  }
}

const writer = sheet.recordWriter({
  value: sheetValue,
  cents: (spec, order: ExportOrder) => (spec.kind === "money" ? order[spec.field] : undefined),
});

/** The orders as an .xlsx workbook with one sheet, headed in `locale`; amounts are HK$ numbers with cents. */
export const ordersToXlsx = writer.toXlsx;

/** The orders as CSV, in the columns of the .xlsx. */
export const ordersToCsv = writer.toCsv;
