import * as XLSX from "@e965/xlsx";
import { resources } from "~/locales.generated.server";
import { parseProductSheet, type SheetCategory } from "./__product-sheet.server";

export const EN = resources.en.product.sheet.headers;
export const ZH = resources["zh-HK"].product.sheet.headers;

const categories: SheetCategory[] = [
  { id: 7, name_zh_hk: "飲品", name_en: "Drinks" },
  { id: 9, name_zh_hk: "熱飲", name_en: "Hot drinks" },
];

export type Cell = string | number | boolean | null;

export function readSheet(bytes: Uint8Array) {
  const workbook = XLSX.read(bytes, { type: "array" });
  const name = workbook.SheetNames[0];
  return { name, rows: XLSX.utils.sheet_to_json<Cell[]>(workbook.Sheets[name], { header: 1, raw: true }) };
}

export const parse = (bytes: Uint8Array, locale: "en" | "zh-HK" = "en") =>
  parseProductSheet(bytes, { categories, locale });

export function rowsOf(result: ReturnType<typeof parse>) {
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result)}`);
  return result.rows;
}

/** A column's letter in the template ("A" for the product code). */
export const letterOf = (key: keyof typeof EN) => XLSX.utils.encode_col(Object.keys(EN).indexOf(key));

export const IMAGE = `/uploads/app/${"a".repeat(64)}.png`;
