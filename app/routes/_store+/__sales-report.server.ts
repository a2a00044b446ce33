import * as XLSX from "@e965/xlsx";
import { daysBetween, hongKongDate } from "#contract/dates";
import { centsToDollars } from "#contract/money";
import { salesReportPayloads, type SalesReport } from "#modules/sales-report/contract";
import { SALES_FIGURES } from "#modules/sales-report/options";
import type { ActionClient } from "~/server/action-client.server";
import type { AppTFunction } from "~/i18n";
import { asRouteError } from "~/server/errors.server";
import { moneyCell } from "~/server/spreadsheet.server";
import { readId } from "~/utils/list-query.server";

export type SalesRange = { from: string; to: string };

const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today and the quick ranges ending today, Hong Kong days. */
export function quickRanges(now: Date) {
  const today = hongKongDate(now);
  return {
    today: { from: today, to: today },
    "last-7-days": { from: shiftDays(today, -6), to: today },
    "last-30-days": { from: shiftDays(today, -29), to: today },
  } satisfies Record<string, SalesRange>;
}

/** `?from=&to=` from the URL; a range the report would refuse (or none) reads as today. */
export function salesRange(url: URL, now: Date): SalesRange {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? from;
  const parsed = salesReportPayloads.get_order_sales_report_data_by_application_key.safeParse({
    application_key: "store",
    from,
    to,
  });
  return parsed.success ? { from: parsed.data.from, to: parsed.data.to } : quickRanges(now).today;
}

/** `?location=`: the location whose orders the report is of; none (or no id) is the whole store. */
export function salesLocation(url: URL): number | undefined {
  const id = readId(url, "location");
  return id ? Number(id) : undefined;
}

export const salesReport = (client: ActionClient, applicationKey: string, range: SalesRange, location?: number) =>
  client
    .get_order_sales_report_data_by_application_key({
      application_key: applicationKey,
      ...range,
      location_id: location,
    })
    .then(({ data }) => data)
    .catch(asRouteError);

/** A row per day and the range's total, with the figures' headers in the page's language. */
function table(report: SalesReport, t: AppTFunction) {
  const header = [t("sales-report:date"), ...SALES_FIGURES.map((figure) => t(`sales-report:figure.${figure}`))];
  const rows = [
    ...report.days.map((day) => ({ label: day.date, ...day })),
    { label: t("sales-report:total"), ...report.totals },
  ];
  return { header, rows };
}

export function salesXlsx(report: SalesReport, t: AppTFunction): Uint8Array {
  const { header, rows } = table(report, t);
  const sheet = XLSX.utils.aoa_to_sheet([
    header,
    ...rows.map((row) => [
      row.label,
      ...SALES_FIGURES.map((figure) => (figure === "orders" ? row.orders : moneyCell(row[figure] / 100))),
    ]),
  ]);
  sheet["!cols"] = header.map((text) => ({ wch: Math.max(12, text.length + 4) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, t("sales-report:sheet-title"));
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }));
}

/** CSV with a byte order mark so that Excel reads the Chinese headers right; no cell holds text people typed. */
export function salesCsv(report: SalesReport, t: AppTFunction): string {
  const { header, rows } = table(report, t);
  const lines = [
    header,
    ...rows.map((row) => [
      row.label,
      ...SALES_FIGURES.map((figure) => (figure === "orders" ? String(row.orders) : centsToDollars(row[figure]))),
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}

export const sheetName = (range: SalesRange, extension: string) =>
  `sales-${range.from}${daysBetween(range.from, range.to) > 0 ? `-${range.to}` : ""}.${extension}`;
