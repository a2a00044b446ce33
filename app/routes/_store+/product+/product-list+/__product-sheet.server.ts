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

type SheetTexts = (typeof enProducts)["sheet"];
const SHEET_TEXTS: Record<Locale, SheetTexts> = { en: enProducts.sheet, "zh-HK": zhProducts.sheet };

const productRow = z.object(productFields);
export type ProductRow = z.output<typeof productRow>;
export type SheetCategory = { id: number; name_zh_hk: string; name_en: string };
/** Where a column is: its header as the sheet writes it and, when the sheet has it, its letter ("F"). */
export type ColumnName = { column: string; letter?: string };
/**
 * `row` as the spreadsheet numbers it (the header is row 1); the column by its header (a missing
 * column by the template's header, in the sheet's language); `message` a catalogue key ("key" or
 * "key:value").
 */
export type RowError = ColumnName & { row: number; message: string };
export type SheetRows = {
  ok: true;
  rows: ProductRow[];
  /** The sheet row of each product (blank rows and the template's example are skipped). */
  rowNumbers: number[];
  /** Each product field's column, to name the columns of the backend's refusals. */
  columns: Partial<Record<string, ColumnName>>;
};
export type ParseResult =
  | SheetRows
  | { ok: false; error: "excel-empty" | "excel-error" | "no-data-need-to-update" }
  | { ok: false; rowErrors: RowError[] };
/** What the sheet holds of a product: its columns' fields, with category names for their ids. */
export type SheetProduct = Pick<ProductRecord, Exclude<ColumnSpec["field"], "category_ids">> & {
  category_names: string[];
};
/** A listed product with the names of its categories, as the export writes it. */
export type ExportProduct = ProductRecord & { category_names: string[] };

// ---------------------------------------------------------------------------------------------
// Writing

type SheetValue = string | number | null;

function sheetValue(spec: ColumnSpec, product: SheetProduct): SheetValue {
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

function xlsxRow(product: SheetProduct): (SheetValue | XLSX.CellObject)[] {
  return COLUMNS.map((spec) => {
    const value = sheetValue(spec, product);
    return spec.kind === "money" && typeof value === "number" ? moneyCell(value) : value;
  });
}

function workbookBytes(sheet: XLSX.WorkSheet, locale: Locale): Uint8Array {
  sheet["!cols"] = headerTexts(locale).map((header) => ({ wch: Math.max(12, header.length + 4) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, SHEET_TEXTS[locale].title);
  return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }));
}

/** The listed products as an .xlsx workbook with one sheet, headed in `locale`. */
export function productsToXlsx(products: SheetProduct[], locale: Locale): Uint8Array {
  return workbookBytes(XLSX.utils.aoa_to_sheet([headerTexts(locale), ...products.map(xlsxRow)]), locale);
}

/** A product as a merchant would fill it in, in `locale`; its product code marks it as the example. */
function exampleProduct(locale: Locale): SheetProduct {
  const texts = SHEET_TEXTS[locale].example;
  return {
    product_code: texts.product_code,
    name_zh_hk: texts.name_zh_hk,
    name_en: texts.name_en,
    description_zh_hk: texts.description_zh_hk,
    description_en: texts.description_en,
    price_cents: 2850,
    original_price_cents: 3200,
    discount_price_cents: null,
    vip_price_cents: 2600,
    cost_cents: 1280,
    sku: "TEA-JAS-500",
    barcode: "4891234567890",
    unlimited_inventory: false,
    stock: 120,
    purchase_limit: 10,
    minimum_order_quantity: 1,
    heavy: false,
    bestseller: true,
    publish: true,
    seo_title: texts.seo_title,
    seo_keyword: texts.seo_keyword,
    seo_description: texts.seo_description,
    descriptive_url: texts.descriptive_url,
    category_names: [texts.category],
  };
}

/**
 * The import template: the header row in `locale` and one example row, which the import skips (its
 * product code says it is the example, and a note on that cell says it is skipped), so that an
 * untouched template imports nothing.
 */
export function productTemplate(locale: Locale): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([headerTexts(locale), xlsxRow(exampleProduct(locale))]);
  sheet.A2.c = [{ t: SHEET_TEXTS[locale].example.note }];
  return workbookBytes(sheet, locale);
}

/** Excel would run a cell starting with one of these as a formula (CSV injection), so such text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvText(spec: ColumnSpec, product: SheetProduct): string {
  if (spec.kind === "money") {
    const cents = product[spec.field];
    return cents === null ? "" : centsToDollars(cents);
  }
  return String(sheetValue(spec, product) ?? "");
}

/** The listed products as CSV (RFC 4180, CRLF) with a UTF-8 byte order mark so that Excel reads the Chinese right. */
export function productsToCsv(products: SheetProduct[], locale: Locale): string {
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

/** A column the sheet has: what it holds, and its header and letter there. */
type PlacedColumn = { spec: ColumnSpec; column: string; letter: string };
/** The sheet's columns in sheet order (undefined under a blank header) and the language of their headers. */
type Layout = { columns: (PlacedColumn | undefined)[]; language: Locale };

/** The language most of the headers are written in; the page's when they do not tell. */
function headerLanguage(headers: string[], pageLocale: Locale): Locale {
  const writtenIn = (locale: Locale) => {
    const own = new Set(Object.values(SHEET_TEXTS[locale].headers).map(normalizeHeader));
    return headers.filter((header) => own.has(normalizeHeader(header))).length;
  };
  const english = writtenIn("en");
  const chinese = writtenIn("zh-HK");
  return english === chinese ? pageLocale : english > chinese ? "en" : "zh-HK";
}

const columnIndex = (layout: Layout, column: SheetColumn) =>
  layout.columns.findIndex((placed) => placed?.spec.column === column);

/** A column by its header in the sheet; one the sheet lacks by the template's header in the sheet's language. */
function nameOf(layout: Layout, column: SheetColumn): ColumnName {
  const placed = layout.columns[columnIndex(layout, column)];
  return placed
    ? { column: placed.column, letter: placed.letter }
    : { column: SHEET_TEXTS[layout.language].headers[column] };
}

function readHeader(cells: Cell[], pageLocale: Locale): { layout: Layout; errors: RowError[] } {
  const errors: RowError[] = [];
  const held = new Set<ColumnSpec>();
  const columns = cells.map((cell, index) => {
    const column = cellText(cell);
    if (column === "") return undefined;
    const letter = XLSX.utils.encode_col(index);
    const spec = SPEC_BY_HEADER.get(normalizeHeader(column));
    if (!spec || held.has(spec)) {
      errors.push({ row: 1, column, letter, message: spec ? "column-repeated" : "column-unknown" });
      return undefined;
    }
    held.add(spec);
    return { spec, column, letter };
  });
  const layout = { columns, language: headerLanguage(cells.map(cellText), pageLocale) };
  for (const spec of REQUIRED_COLUMNS) {
    if (!held.has(spec)) errors.push({ row: 1, ...nameOf(layout, spec.column), message: "column-missing" });
  }
  return { layout, errors };
}

/** The template's example row, in either language, is known by its product code. */
const EXAMPLE_CODES = new Set(Object.values(SHEET_TEXTS).map(({ example }) => example.product_code.toLowerCase()));

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
  layout.columns.forEach((placed, index) => {
    if (!placed) return;
    const { spec } = placed;
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
    const index = columnIndex(layout, column);
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

const listErrors = (row: DataRow, errors: CellErrors, layout: Layout): RowError[] =>
  COLUMNS.flatMap(({ column }) => {
    const message = errors.get(column);
    return message ? [{ row: row.number, ...nameOf(layout, column), message }] : [];
  });

/**
 * Reads an uploaded .xlsx (headers in either language, in any order) into product rows. Rows come
 * back only when every row passes, so the import writes all of them or none. `locale` (the page's)
 * names a missing column when the headers do not tell the sheet's language.
 */
export function parseProductSheet(
  bytes: Uint8Array,
  { categories, locale }: { categories: SheetCategory[]; locale: Locale },
): ParseResult {
  if (bytes.length === 0) return { ok: false, error: "excel-empty" };
  const table = readFirstSheet(bytes);
  if (!table) return { ok: false, error: "excel-error" };
  if (isBlankRow(table.flat())) return { ok: false, error: "excel-empty" };

  const [headerCells, ...rest] = table;
  const { layout, errors: headerErrors } = readHeader(headerCells, locale);
  if (headerErrors.length > 0) return { ok: false, rowErrors: headerErrors };

  const codeIndex = columnIndex(layout, "product_code");
  const isExample = (row: DataRow) => EXAMPLE_CODES.has(cellText(row.cells[codeIndex]).toLowerCase());
  const rows = rest
    .map((cells, index) => ({ number: index + 2, cells }))
    .filter((row) => !isBlankRow(row.cells) && !isExample(row));
  if (rows.length === 0) return { ok: false, error: "no-data-need-to-update" };

  const idsByName = categoryIdsByName(categories);
  const parsed = rows.map((row) => parseRow(row, layout, idsByName));
  const errors = parsed.map((result) => result.errors);
  markRepeats(rows, layout, errors);

  const rowErrors = rows.flatMap((row, index) => listErrors(row, errors[index], layout));
  if (rowErrors.length > 0) return { ok: false, rowErrors };
  return {
    ok: true,
    rows: parsed.flatMap((result) => (result.product ? [result.product] : [])),
    rowNumbers: rows.map((row) => row.number),
    columns: Object.fromEntries(
      layout.columns.flatMap((placed) =>
        placed ? [[placed.spec.field, { column: placed.column, letter: placed.letter }]] : [],
      ),
    ),
  };
}

/** The backend's refusals of an import's rows (`rows.<index>.<field>`), as the sheet's rows and columns. */
export function refusedRows(sheet: SheetRows, fields: Record<string, string[]>): RowError[] {
  return Object.entries(fields).map(([path, [message]]) => {
    const [, index, field] = path.split(".");
    return { row: sheet.rowNumbers[Number(index)], ...(sheet.columns[field] ?? { column: "" }), message };
  });
}
