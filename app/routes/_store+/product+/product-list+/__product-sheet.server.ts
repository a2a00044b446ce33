/**
 * Products in a spreadsheet: the import template, reading an uploaded .xlsx into rows that
 * `add_product_data_in_batch` accepts, and exporting a product list as .xlsx or CSV. All three share
 * one set of columns and headers, so an export can be edited and imported back. Pure functions on
 * bytes and strings; the route does the I/O.
 *
 * SheetJS (Community Edition 0.20.3, on npm as @e965/xlsx) reads and writes synchronously in plain
 * JavaScript, with no Node built-ins and no Web Workers, so it runs in workerd without nodejs_compat
 * (tests/integration/product-sheet.test.ts).
 */
import * as XLSX from "@e965/xlsx";
import * as z from "zod";
import { withValue } from "#contract/messages";
import { productFields, type ProductRecord } from "#contract/products";
import enProducts from "../../../../../locales/en/products.json";
import zhProducts from "../../../../../locales/zh-HK/products.json";
import type { Locale } from "~/i18n";
import { centsToDollars, dollarsToCents, isWholeCents } from "#contract/money";

type ProductField = keyof typeof productFields;
type Kind = "text" | "money" | "count" | "flag" | "categories";

/** The sheet's columns in order: every field a merchant edits but images and add-ons. */
const COLUMNS = [
  { column: "product_code", field: "product_code", kind: "text" },
  { column: "name_zh_hk", field: "name_zh_hk", kind: "text" },
  { column: "name_en", field: "name_en", kind: "text" },
  { column: "description_zh_hk", field: "description_zh_hk", kind: "text" },
  { column: "description_en", field: "description_en", kind: "text" },
  { column: "price", field: "price_cents", kind: "money" },
  { column: "original_price", field: "original_price_cents", kind: "money" },
  { column: "discount_price", field: "discount_price_cents", kind: "money" },
  { column: "vip_price", field: "vip_price_cents", kind: "money" },
  { column: "cost", field: "cost_cents", kind: "money" },
  { column: "sku", field: "sku", kind: "text" },
  { column: "barcode", field: "barcode", kind: "text" },
  { column: "unlimited_inventory", field: "unlimited_inventory", kind: "flag" },
  { column: "stock", field: "stock", kind: "count" },
  { column: "purchase_limit", field: "purchase_limit", kind: "count" },
  { column: "minimum_order_quantity", field: "minimum_order_quantity", kind: "count" },
  { column: "heavy", field: "heavy", kind: "flag" },
  { column: "bestseller", field: "bestseller", kind: "flag" },
  { column: "publish", field: "publish", kind: "flag" },
  { column: "seo_title", field: "seo_title", kind: "text" },
  { column: "seo_keyword", field: "seo_keyword", kind: "text" },
  { column: "seo_description", field: "seo_description", kind: "text" },
  { column: "descriptive_url", field: "descriptive_url", kind: "text" },
  { column: "categories", field: "category_ids", kind: "categories" },
] as const satisfies readonly { column: string; field: ProductField; kind: Kind }[];

type ColumnSpec = (typeof COLUMNS)[number];
export type SheetColumn = ColumnSpec["column"];

const SHEET_TEXTS: Record<Locale, { title: string; headers: Record<SheetColumn, string> }> = {
  en: enProducts.sheet,
  "zh-HK": zhProducts.sheet,
};

const productRow = z.object(productFields);
export type ProductRow = z.output<typeof productRow>;
export type SheetCategory = { id: number; name_zh_hk: string; name_en: string };
/**
 * `row` as the spreadsheet numbers it (the header is row 1); `column` the column's key (an unknown
 * header's own text); `message` a catalogue key ("key" or "key:value").
 */
export type RowError = { row: number; column: string; message: string };
export type ParseResult =
  | {
      ok: true;
      rows: ProductRow[];
      /** The sheet row of each product (blank rows are skipped). */ rowNumbers: number[];
    }
  | { ok: false; error: "excel-empty" | "excel-error" | "no-data-need-to-update" }
  | { ok: false; rowErrors: RowError[] };
/** A listed product with the names of its categories, as the export writes it. */
export type ExportProduct = ProductRecord & { category_names: string[] };

// ---------------------------------------------------------------------------------------------
// Writing

type SheetValue = string | number | null;

function sheetValue(spec: ColumnSpec, product: ExportProduct): SheetValue {
  switch (spec.kind) {
    case "categories":
      return product.category_names.join(", ");
    case "money": {
      const cents = product[spec.field];
      return cents === null ? null : cents / 100;
    }
    case "flag":
      return product[spec.field] ? "Y" : "N";
    default:
      return product[spec.field];
  }
}

const headerTexts = (locale: Locale) => COLUMNS.map(({ column }) => SHEET_TEXTS[locale].headers[column]);

const moneyCell = (dollars: number): XLSX.CellObject => ({ t: "n", v: dollars, z: "0.00" });

function xlsxRow(product: ExportProduct): (SheetValue | XLSX.CellObject)[] {
  return COLUMNS.map((spec) => {
    const value = sheetValue(spec, product);
    return spec.kind === "money" && typeof value === "number" ? moneyCell(value) : value;
  });
}

/** The listed products as an .xlsx workbook with one sheet, headed in `locale`. */
export function productsToXlsx(products: ExportProduct[], locale: Locale): Uint8Array {
  const headers = headerTexts(locale);
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...products.map(xlsxRow)]);
  sheet["!cols"] = headers.map((header) => ({ wch: Math.max(12, header.length + 4) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, SHEET_TEXTS[locale].title);
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }));
}

/** The import template: an .xlsx with just the header row in `locale`. */
export function productTemplate(locale: Locale): Uint8Array {
  return productsToXlsx([], locale);
}

/** Excel would run a cell starting with one of these as a formula (CSV injection), so such text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvText(spec: ColumnSpec, product: ExportProduct): string {
  if (spec.kind === "money") {
    const cents = product[spec.field];
    return cents === null ? "" : centsToDollars(cents);
  }
  return String(sheetValue(spec, product) ?? "");
}

/** The listed products as CSV (RFC 4180, CRLF) with a UTF-8 byte order mark so that Excel reads the Chinese right. */
export function productsToCsv(products: ExportProduct[], locale: Locale): string {
  const lines = [headerTexts(locale), ...products.map((product) => COLUMNS.map((spec) => csvText(spec, product)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Reading

type Cell = string | number | boolean | null;
type Table = Cell[][];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The first sheet's cells from A1, or undefined when the bytes are not a readable .xlsx. */
function readFirstSheet(bytes: Uint8Array): Table | undefined {
  // SheetJS reads any other bytes as CSV text, but an .xlsx is always a zip archive.
  if (!ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte)) return undefined;
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: "array", sheets: 0, dense: true, cellText: false, cellHTML: false });
  } catch {
    return undefined;
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  const range = sheet?.["!ref"];
  if (!range) return [];
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
    range: { s: { r: 0, c: 0 }, e: XLSX.utils.decode_range(range).e },
  });
}

const cellText = (cell: Cell | undefined) => (cell == null ? "" : String(cell).trim());
const isBlankRow = (cells: Cell[]) => cells.every((cell) => cellText(cell) === "");

/** Header texts compare by their letters only: full-width brackets, spacing and case do not matter. */
const normalizeHeader = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

const SPEC_BY_HEADER = new Map(
  Object.values(SHEET_TEXTS).flatMap(({ headers }) =>
    COLUMNS.map((spec) => [normalizeHeader(headers[spec.column]), spec] as const),
  ),
);

const REQUIRED_COLUMNS = new Set(COLUMNS.filter((spec) => !productFields[spec.field].safeParse(undefined).success));

/** What each sheet column holds: a column spec, or undefined under a blank header. */
type Layout = (ColumnSpec | undefined)[];

function readHeader(cells: Cell[]): { layout: Layout; errors: RowError[] } {
  const errors: RowError[] = [];
  const layout = cells.map((cell) => {
    const text = cellText(cell);
    if (text === "") return undefined;
    const spec = SPEC_BY_HEADER.get(normalizeHeader(text));
    if (!spec) errors.push({ row: 1, column: text, message: "format-not-match" });
    return spec;
  });
  for (const spec of COLUMNS) {
    const count = layout.filter((held) => held === spec).length;
    if (count > 1) errors.push({ row: 1, column: spec.column, message: "format-not-match" });
    if (count === 0 && REQUIRED_COLUMNS.has(spec)) errors.push({ row: 1, column: spec.column, message: "force-input" });
  }
  return { layout, errors };
}

type CellInput = { value: unknown } | { error: string };
const FORMAT_NOT_MATCH: CellInput = { error: "format-not-match" };

function numberInput(cell: Cell): number | undefined {
  if (typeof cell === "number") return cell;
  const text = cellText(cell);
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

function moneyInput(cell: Cell): CellInput {
  const dollars = numberInput(cell);
  if (dollars === undefined || !isWholeCents(dollars)) return FORMAT_NOT_MATCH;
  return { value: dollarsToCents(dollars) };
}

function countInput(cell: Cell): CellInput {
  const count = numberInput(cell);
  return count === undefined ? FORMAT_NOT_MATCH : { value: count };
}

const YES = new Set(["y", "yes", "是", "true", "1"]);
const NO = new Set(["n", "no", "否", "false", "0"]);

function flagInput(cell: Cell): CellInput {
  if (typeof cell === "boolean") return { value: cell };
  const word = cellText(cell).toLowerCase();
  if (YES.has(word)) return { value: true };
  if (NO.has(word)) return { value: false };
  return FORMAT_NOT_MATCH;
}

const categoryKey = (name: string) => name.trim().toLowerCase();

function categoryIdsByName(categories: SheetCategory[]): Map<string, number> {
  const entries = categories.flatMap(({ id, name_zh_hk, name_en }) =>
    [name_zh_hk, name_en].filter(Boolean).map((name) => [categoryKey(name), id] as const),
  );
  return new Map(entries);
}

function categoriesInput(cell: Cell, idsByName: Map<string, number>): CellInput {
  const names = cellText(cell)
    .split(/[,，、]/)
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !idsByName.has(categoryKey(name)));
  if (unknown) return { error: withValue("category-not-found", unknown) };
  return { value: [...new Set(names.map((name) => idsByName.get(categoryKey(name))))] };
}

function cellInput(spec: ColumnSpec, cell: Cell, idsByName: Map<string, number>): CellInput {
  // Blank is "force-input" in every required column, as on a form; for price the number rule
  // alone would say "format-not-match".
  if (cellText(cell) === "") return REQUIRED_COLUMNS.has(spec) ? { error: "force-input" } : { value: undefined };
  switch (spec.kind) {
    case "text":
      return { value: String(cell) };
    case "money":
      return moneyInput(cell);
    case "count":
      return countInput(cell);
    case "flag":
      return flagInput(cell);
    case "categories":
      return categoriesInput(cell, idsByName);
  }
}

const COLUMN_BY_FIELD = new Map<PropertyKey, SheetColumn>(COLUMNS.map(({ column, field }) => [field, column]));

type DataRow = { number: number; cells: Cell[] };
/** The first error in each column of a row. */
type CellErrors = Map<SheetColumn, string>;

/** One row through the field rules: the product, or the row's errors. */
function parseRow(row: DataRow, layout: Layout, idsByName: Map<string, number>) {
  const input: Record<string, unknown> = {};
  const errors: CellErrors = new Map();
  layout.forEach((spec, index) => {
    if (!spec) return;
    const read = cellInput(spec, row.cells[index] ?? null, idsByName);
    if ("error" in read) errors.set(spec.column, read.error);
    else input[spec.field] = read.value;
  });
  const result = productRow.safeParse(input);
  for (const issue of result.error?.issues ?? []) {
    const column = COLUMN_BY_FIELD.get(issue.path[0]);
    if (column && !errors.has(column)) errors.set(column, issue.message);
  }
  return { product: result.data, errors };
}

/** Product codes must be unique within the sheet; descriptive URLs too, ignoring case as the database does. */
const UNIQUE_COLUMNS = [
  { column: "product_code", message: "product-code-repeated", key: (text: string) => text },
  { column: "descriptive_url", message: "descriptive-url-repeated", key: (text: string) => text.toLowerCase() },
] as const;

function markRepeats(rows: DataRow[], layout: Layout, errors: CellErrors[]) {
  for (const { column, message, key } of UNIQUE_COLUMNS) {
    const index = layout.findIndex((spec) => spec?.column === column);
    if (index === -1) continue;
    const seen = new Set<string>();
    rows.forEach((row, rowIndex) => {
      const text = cellText(row.cells[index]);
      if (text === "") return;
      if (seen.has(key(text)) && !errors[rowIndex].has(column)) errors[rowIndex].set(column, message);
      seen.add(key(text));
    });
  }
}

const listErrors = (row: DataRow, errors: CellErrors): RowError[] =>
  COLUMNS.flatMap(({ column }) => {
    const message = errors.get(column);
    return message ? [{ row: row.number, column, message }] : [];
  });

/**
 * Reads an uploaded .xlsx (headers in either language, in any order) into product rows. Rows come
 * back only when every row passes, so the import writes all of them or none.
 */
export function parseProductSheet(bytes: Uint8Array, { categories }: { categories: SheetCategory[] }): ParseResult {
  if (bytes.length === 0) return { ok: false, error: "excel-empty" };
  const table = readFirstSheet(bytes);
  if (!table) return { ok: false, error: "excel-error" };
  if (isBlankRow(table.flat())) return { ok: false, error: "excel-empty" };

  const [headerCells, ...rest] = table;
  const { layout, errors: headerErrors } = readHeader(headerCells);
  if (headerErrors.length > 0) return { ok: false, rowErrors: headerErrors };

  const rows = rest.map((cells, index) => ({ number: index + 2, cells })).filter((row) => !isBlankRow(row.cells));
  if (rows.length === 0) return { ok: false, error: "no-data-need-to-update" };

  const idsByName = categoryIdsByName(categories);
  const parsed = rows.map((row) => parseRow(row, layout, idsByName));
  const errors = parsed.map((result) => result.errors);
  markRepeats(rows, layout, errors);

  const rowErrors = rows.flatMap((row, index) => listErrors(row, errors[index]));
  if (rowErrors.length > 0) return { ok: false, rowErrors };
  return {
    ok: true,
    rows: parsed.flatMap((result) => (result.product ? [result.product] : [])),
    rowNumbers: rows.map((row) => row.number),
  };
}
