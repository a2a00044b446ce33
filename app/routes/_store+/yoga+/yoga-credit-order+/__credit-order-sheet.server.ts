/**
 * The credit order list as .xlsx or CSV: one row per order the list's search and filters select, headed in
 * the user's language. Export only. The sheet machinery is `~/server/spreadsheet.server`.
 */
import type { CreditOrderRecord } from "#modules/credit-order/contract";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { resources } from "~/locales.generated.server";
import type { Locale } from "~/i18n";
import type { ActionClient } from "~/server/action-client.server";
import { defineSheet, everyListed, type SheetValue } from "~/server/spreadsheet.server";
import { creditOrderListPayload, type creditOrderListQuery } from "./__credit-order-list-query.server";

const COLUMNS = [
  { column: "id", field: "id", kind: "number" },
  { column: "created", field: "create_date", kind: "time" },
  { column: "channel", field: "channel", kind: "label" },
  { column: "status", field: "status", kind: "label" },
  { column: "payment_status", field: "payment_status", kind: "label" },
  { column: "payment_method", field: "payment_method", kind: "label" },
  { column: "member", field: "member_name", kind: "text" },
  { column: "member_code", field: "member_code", kind: "text" },
  { column: "phone", field: "member_phone", kind: "text" },
  { column: "package", field: "package_name_zh_hk", kind: "package" },
  { column: "credits", field: "credits", kind: "number" },
  { column: "price", field: "price_cents", kind: "money" },
  { column: "paid_at", field: "paid_at", kind: "time" },
] as const satisfies readonly { column: string; field: keyof CreditOrderRecord; kind: string }[];

type ColumnSpec = (typeof COLUMNS)[number];

const TEXTS = {
  en: { orders: resources.en["credit-order"], stores: resources.en.stores },
  "zh-HK": { orders: resources["zh-HK"]["credit-order"], stores: resources["zh-HK"].stores },
} as const;

const sheet = defineSheet({
  columns: COLUMNS,
  texts: { en: resources.en["credit-order"].sheet, "zh-HK": resources["zh-HK"]["credit-order"].sheet },
  fields: {},
});

function sheetValue(spec: ColumnSpec, order: CreditOrderRecord, locale: Locale): SheetValue {
  const { orders, stores } = TEXTS[locale];
  switch (spec.field) {
    case "create_date":
    case "paid_at": {
      const time = order[spec.field];
      return time ? hongKongTime(time) : null;
    }
    case "channel":
      return orders.channel[order.channel];
    case "status":
      return orders.status[order.status];
    case "payment_status":
      return orders["payment-status"][order.payment_status];
    case "payment_method":
      return stores.payment[order.payment_method];
    case "package_name_zh_hk":
      return localizedName(order, locale, "package_name");
    default:
      return order[spec.field];
  }
}

/** Every order the list's search and filters select, in the list's order, for an export. */
export function creditOrdersForExport(
  client: ActionClient,
  applicationKey: string,
  query: ReturnType<typeof creditOrderListQuery>,
): Promise<CreditOrderRecord[]> {
  return everyListed((paging) =>
    client.get_credit_order_data_and_total_number_by_sorting_and_limit({
      ...creditOrderListPayload(applicationKey, query),
      ...paging,
    }),
  );
}

const writer = sheet.recordWriter({
  value: sheetValue,
  cents: (spec, order: CreditOrderRecord) => (spec.kind === "money" ? order[spec.field] : undefined),
});

/** The orders as an .xlsx workbook with one sheet, headed in `locale`; prices are HK$ numbers with cents. */
export const creditOrdersToXlsx = writer.toXlsx;

/** The orders as CSV, in the columns of the .xlsx. */
export const creditOrdersToCsv = writer.toCsv;
