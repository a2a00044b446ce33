/**
 * A module's records in a spreadsheet: writing a list as .xlsx or CSV and reading an uploaded .xlsx
 * into rows of the module's field rules. A module describes its columns (`defineSheet`) and how each
 * kind of cell reads; the headers, their two languages, row errors and the file handling are shared.
 * Pure functions on bytes and strings; the routes do the I/O.
 *
 * SheetJS (Community Edition 0.20.3, on npm as @e965/xlsx) reads and writes synchronously in plain
 * JavaScript, with no Node built-ins and no Web Workers, so it runs in workerd without nodejs_compat
 * (modules/product/sheet.integration.test.ts).
 */
import * as XLSX from "@e965/xlsx";
import * as z from "zod";
import type { Locale } from "~/i18n";
import { ActionFailure } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { DEFAULT_MAX_UPLOAD_MB } from "#contract/upload-rules";
import { centsToDollars, dollarsToCents, isWholeCents } from "#contract/money";

export type Cell = string | number | boolean | null;
type Table = Cell[][];
export type SheetValue = string | number | null;

/**
 * A column of a sheet: its key in the locales' `sheet.headers`, the payload field it fills (a field the
 * row's rules lack makes a column the export writes and the import accepts but does not read: a code the
 * store gives, a balance), how its cells read.
 */
export type ColumnSpec = { column: string; field: string; kind: string };
/** A module's sheet texts in one language: the worksheet's name and each column's header. */
export type SheetTexts<C extends string> = { title: string; headers: Record<C, string> };

/** Where a column is: its header as the sheet writes it and, when the sheet has it, its letter ("F"). */
export type ColumnName = { column: string; letter?: string };
/**
 * `row` as the spreadsheet numbers it (the header is row 1); the column by its header (a missing
 * column by the template's header, in the sheet's language); `message` a catalogue key ("key" or
 * "key:value").
 */
export type RowError = ColumnName & { row: number; message: string };
export type SheetRows<Row> = {
  ok: true;
  rows: Row[];
  /** The sheet row of each record (blank rows and the template's example are skipped). */
  rowNumbers: number[];
  /** Each field's column, to name the columns of the backend's refusals. */
  columns: Partial<Record<string, ColumnName>>;
  /** Each column the sheet lacks, by the template's header in the sheet's language, for a refusal beside it. */
  absent: Partial<Record<string, ColumnName>>;
};
export type ParseResult<Row> =
  | SheetRows<Row>
  | { ok: false; error: "excel-empty" | "excel-error" | "no-data-need-to-update" }
  | { ok: false; rowErrors: RowError[] };

/** A cell read for its field: the value for the field rules, or the error key. */
export type CellInput = { value: unknown } | { error: string };
export const FORMAT_NOT_MATCH: CellInput = { error: "format-not-match" };

export const cellText = (cell: Cell | undefined) => (cell == null ? "" : String(cell).trim());
const isBlankRow = (cells: Cell[]) => cells.every((cell) => cellText(cell) === "");

function numberInput(cell: Cell): number | undefined {
  if (typeof cell === "number") return cell;
  const text = cellText(cell);
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** HK$ in dollars, at most two decimals, to cents. */
export function moneyInput(cell: Cell): CellInput {
  const dollars = numberInput(cell);
  if (dollars === undefined || !isWholeCents(dollars)) return FORMAT_NOT_MATCH;
  return { value: dollarsToCents(dollars) };
}

/** A number for the field's own range rule. */
export function countInput(cell: Cell): CellInput {
  const count = numberInput(cell);
  return count === undefined ? FORMAT_NOT_MATCH : { value: count };
}

const YES = new Set(["y", "yes", "是", "true", "1"]);
const NO = new Set(["n", "no", "否", "false", "0"]);

/** Y/N, yes/no, 是/否, true/false, 1/0 or a spreadsheet boolean. */
export function flagInput(cell: Cell): CellInput {
  if (typeof cell === "boolean") return { value: cell };
  const word = cellText(cell).toLowerCase();
  if (YES.has(word)) return { value: true };
  if (NO.has(word)) return { value: false };
  return FORMAT_NOT_MATCH;
}

export const flagValue = (flag: boolean) => (flag ? "Y" : "N");
export const moneyCell = (dollars: number): XLSX.CellObject => ({ t: "n", v: dollars, z: "0.00" });

/** Excel would run a cell starting with one of these as a formula (CSV injection), so such text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180), safe to open in Excel. */
export function csvField(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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

/** Header texts compare by their letters only: full-width brackets, spacing and case do not matter. */
const normalizeHeader = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/** A column whose text must be unique within the sheet (`key` says when two texts are the same). */
export type UniqueColumn<C extends string> = { column: C; message: string; key: (text: string) => string };

export interface ReadOptions<Spec extends ColumnSpec> {
  /** The page's language: it names a missing column when the headers do not tell the sheet's. */
  locale: Locale;
  /** A non-blank cell read for its field; blank cells are the sheet's to judge (required or left out). */
  cellInput: (spec: Spec, cell: Cell) => CellInput;
  /** The template's example row, which the import skips. */
  isExample?: (text: (column: Spec["column"]) => string) => boolean;
  unique?: readonly UniqueColumn<Spec["column"]>[];
  /**
   * Records of several rows, one under the other with the same `key` (a product's variants): a later
   * row's blank cells in `columns` are its record's first row's.
   */
  continued?: { key: Spec["column"]; columns: readonly Spec["column"][] };
}

/**
 * A module's sheet: `columns` in order, `texts` per language, `fields` the payload's field rules for
 * one row. Headers are read in either language and in any order.
 */
export function defineSheet<Spec extends ColumnSpec, Fields extends z.ZodRawShape>(definition: {
  columns: readonly Spec[];
  texts: Record<Locale, SheetTexts<Spec["column"]>>;
  fields: Fields;
}) {
  type Column = Spec["column"];
  type Row = z.output<z.ZodObject<Fields>>;
  const { columns: COLUMNS, texts: TEXTS, fields } = definition;
  const rowSchema = z.object(fields);

  const headerTexts = (locale: Locale) => COLUMNS.map(({ column }) => TEXTS[locale].headers[column as Column]);

  /** One sheet of rows under the headers in `locale`, as .xlsx bytes; `edit` may annotate its cells. */
  function toXlsx(rows: (SheetValue | XLSX.CellObject)[][], locale: Locale, edit?: (sheet: XLSX.WorkSheet) => void) {
    const sheet = XLSX.utils.aoa_to_sheet([headerTexts(locale), ...rows]);
    edit?.(sheet);
    sheet["!cols"] = headerTexts(locale).map((header) => ({ wch: Math.max(12, header.length + 4) }));
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, TEXTS[locale].title);
    return new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }));
  }

  /** Rows of text under the headers in `locale`, as CSV (RFC 4180, CRLF) with a UTF-8 byte order mark so that Excel reads the Chinese right. */
  function toCsv(rows: string[][], locale: Locale): string {
    const lines = [headerTexts(locale), ...rows];
    return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
  }

  /**
   * Records in the sheet's columns, as .xlsx and as CSV: `value` is a column's cell in `locale`, `cents` the
   * amount of a money column (undefined for any other column), which the .xlsx holds as HK$ with cents and the
   * CSV writes as dollars.
   */
  function recordWriter<Item>(cell: {
    value: (spec: Spec, item: Item, locale: Locale) => SheetValue;
    cents: (spec: Spec, item: Item) => number | null | undefined;
  }) {
    const xlsxRow = (item: Item, locale: Locale) =>
      COLUMNS.map((spec): SheetValue | XLSX.CellObject => {
        const cents = cell.cents(spec, item);
        if (cents === undefined) return cell.value(spec, item, locale);
        return cents === null ? null : moneyCell(cents / 100);
      });
    const csvRow = (item: Item, locale: Locale) =>
      COLUMNS.map((spec) => {
        const cents = cell.cents(spec, item);
        if (cents === undefined) return String(cell.value(spec, item, locale) ?? "");
        return cents === null ? "" : centsToDollars(cents);
      });
    return {
      xlsxRow,
      /** The records as an .xlsx workbook with one sheet, headed in `locale`. */
      toXlsx: (items: Item[], locale: Locale) =>
        toXlsx(
          items.map((item) => xlsxRow(item, locale)),
          locale,
        ),
      /** The records as CSV, in the columns of the .xlsx. */
      toCsv: (items: Item[], locale: Locale) =>
        toCsv(
          items.map((item) => csvRow(item, locale)),
          locale,
        ),
    };
  }

  const SPEC_BY_HEADER = new Map(
    Object.values(TEXTS).flatMap(({ headers }) =>
      COLUMNS.map((spec) => [normalizeHeader(headers[spec.column as Column]), spec] as const),
    ),
  );
  const isRead = (spec: Spec) => spec.field in fields;
  const REQUIRED_COLUMNS = new Set(
    COLUMNS.filter((spec) => isRead(spec) && !z.safeParse(fields[spec.field], undefined).success),
  );
  const COLUMN_BY_FIELD = new Map<PropertyKey, Column>(COLUMNS.map(({ column, field }) => [field, column]));

  /** A column the sheet has: what it holds, and its header and letter there. */
  type PlacedColumn = { spec: Spec; column: string; letter: string };
  /** The sheet's columns in sheet order (undefined under a blank header) and the language of their headers. */
  type Layout = { columns: (PlacedColumn | undefined)[]; language: Locale };

  /** The language most of the headers are written in; the page's when they do not tell. */
  function headerLanguage(headers: string[], pageLocale: Locale): Locale {
    const writtenIn = (locale: Locale) => {
      const own = new Set(Object.values<string>(TEXTS[locale].headers).map(normalizeHeader));
      return headers.filter((header) => own.has(normalizeHeader(header))).length;
    };
    const english = writtenIn("en");
    const chinese = writtenIn("zh-HK");
    return english === chinese ? pageLocale : english > chinese ? "en" : "zh-HK";
  }

  const columnIndex = (layout: Layout, column: Column) =>
    layout.columns.findIndex((placed) => placed?.spec.column === column);

  /** A column by its header in the sheet; one the sheet lacks by the template's header in the sheet's language. */
  function nameOf(layout: Layout, column: Column): ColumnName {
    const placed = layout.columns[columnIndex(layout, column)];
    return placed
      ? { column: placed.column, letter: placed.letter }
      : { column: TEXTS[layout.language].headers[column] };
  }

  function readHeader(cells: Cell[], pageLocale: Locale): { layout: Layout; errors: RowError[] } {
    const errors: RowError[] = [];
    const held = new Set<Spec>();
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

  type DataRow = { number: number; cells: Cell[] };
  /** The first error in each column of a row. */
  type CellErrors = Map<Column, string>;

  /** One row through the field rules: the record, or the row's errors. */
  function parseRow(row: DataRow, layout: Layout, options: ReadOptions<Spec>) {
    const input: Record<string, unknown> = {};
    const errors: CellErrors = new Map();
    layout.columns.forEach((placed, index) => {
      if (!placed || !isRead(placed.spec)) return;
      const { spec } = placed;
      const cell = row.cells[index] ?? null;
      // Blank is "force-input" in every required column, as on a form; for a number the number rule
      // alone would say "format-not-match".
      const read: CellInput =
        cellText(cell) === ""
          ? REQUIRED_COLUMNS.has(spec)
            ? { error: "force-input" }
            : { value: undefined }
          : options.cellInput(spec, cell);
      if ("error" in read) errors.set(spec.column, read.error);
      else input[spec.field] = read.value;
    });
    const result = rowSchema.safeParse(input);
    for (const issue of result.error?.issues ?? []) {
      const column = COLUMN_BY_FIELD.get(issue.path[0]);
      if (column && !errors.has(column)) errors.set(column, issue.message);
    }
    return { record: result.data, errors };
  }

  function markRepeats(rows: DataRow[], layout: Layout, errors: CellErrors[], unique: ReadOptions<Spec>["unique"]) {
    for (const { column, message, key } of unique ?? []) {
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

  function continuedRows(
    rows: DataRow[],
    layout: Layout,
    { key, columns }: NonNullable<ReadOptions<Spec>["continued"]>,
  ) {
    const keyIndex = columnIndex(layout, key);
    const indexes = columns.map((column) => columnIndex(layout, column)).filter((index) => index !== -1);
    const keyOf = (row: DataRow) => cellText(row.cells[keyIndex]);
    let first: DataRow | undefined;
    return rows.map((row, at) => {
      if (!first || keyOf(row) === "" || keyOf(row) !== keyOf(rows[at - 1])) {
        first = row;
        return row;
      }
      const cells = [...row.cells];
      for (const index of indexes) if (cellText(cells[index]) === "") cells[index] = first.cells[index] ?? null;
      return { ...row, cells };
    });
  }

  const listErrors = (row: DataRow, errors: CellErrors, layout: Layout): RowError[] =>
    COLUMNS.flatMap(({ column }) => {
      const message = errors.get(column);
      return message ? [{ row: row.number, ...nameOf(layout, column), message }] : [];
    });

  /**
   * Reads an uploaded .xlsx into rows. Rows come back only when every row passes, so the import
   * writes all of them or none.
   */
  function parse(bytes: Uint8Array, options: ReadOptions<Spec>): ParseResult<Row> {
    if (bytes.length === 0) return { ok: false, error: "excel-empty" };
    const table = readFirstSheet(bytes);
    if (!table) return { ok: false, error: "excel-error" };
    if (isBlankRow(table.flat())) return { ok: false, error: "excel-empty" };

    const [headerCells, ...rest] = table;
    const { layout, errors: headerErrors } = readHeader(headerCells, options.locale);
    if (headerErrors.length > 0) return { ok: false, rowErrors: headerErrors };

    const isExample = (row: DataRow) =>
      options.isExample?.((column) => cellText(row.cells[columnIndex(layout, column)])) ?? false;
    const filled = rest
      .map((cells, index) => ({ number: index + 2, cells }))
      .filter((row) => !isBlankRow(row.cells) && !isExample(row));
    if (filled.length === 0) return { ok: false, error: "no-data-need-to-update" };
    const rows = options.continued ? continuedRows(filled, layout, options.continued) : filled;

    const parsed = rows.map((row) => parseRow(row, layout, options));
    const errors = parsed.map((result) => result.errors);
    markRepeats(rows, layout, errors, options.unique);

    const rowErrors = rows.flatMap((row, index) => listErrors(row, errors[index], layout));
    if (rowErrors.length > 0) return { ok: false, rowErrors };
    return {
      ok: true,
      rows: parsed.flatMap((result) => (result.record ? [result.record] : [])),
      rowNumbers: rows.map((row) => row.number),
      columns: Object.fromEntries(
        layout.columns.flatMap((placed) =>
          placed ? [[placed.spec.field, { column: placed.column, letter: placed.letter }]] : [],
        ),
      ),
      absent: Object.fromEntries(
        COLUMNS.filter((spec) => columnIndex(layout, spec.column) === -1).map((spec) => [
          spec.field,
          nameOf(layout, spec.column),
        ]),
      ),
    };
  }

  return { columns: COLUMNS, texts: TEXTS, toXlsx, toCsv, recordWriter, parse };
}

/** The backend's refusals of an import's rows (`rows.<index>.<field>`), as the sheet's rows and columns. */
export function refusedRows(sheet: SheetRows<unknown>, fields: Record<string, string[]>): RowError[] {
  return Object.entries(fields).map(([path, [message]]) => {
    const [, index, field] = path.split(".");
    return {
      row: sheet.rowNumbers[Number(index)],
      ...(sheet.columns[field] ?? sheet.absent[field] ?? { column: "" }),
      message,
    };
  });
}

/** What an import page's action answers when it writes nothing: a problem with the file, or with rows. */
export type ImportOutcome = { error?: string; rowErrors?: RowError[] };

/**
 * An import page's action: the posted form's file through `parse`, then its rows to `save` (the backend's
 * batch, given the parsed sheet too: which columns it has), whose refusals of single rows come back as row
 * errors and a conflict with no row (409) as the file's error. Answers how many rows were written and what
 * `save` answered, or why none were.
 */
export async function importSheet<Row, Saved>(
  form: FormData,
  parse: (bytes: Uint8Array) => ParseResult<Row> | Promise<ParseResult<Row>>,
  save: (rows: Row[], sheet: SheetRows<Row>) => Promise<Saved>,
): Promise<{ imported: number; saved: Saved } | ImportOutcome> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "excel-empty" };
  if (file.size > DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) return { error: `file-size-exceed:${DEFAULT_MAX_UPLOAD_MB}` };
  const parsed = await parse(new Uint8Array(await file.arrayBuffer()));
  if (!parsed.ok) return "rowErrors" in parsed ? { rowErrors: parsed.rowErrors } : { error: parsed.error };
  try {
    return { imported: parsed.rows.length, saved: await save(parsed.rows, parsed) };
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    if (error.fields) return { rowErrors: refusedRows(parsed, error.fields) };
    if (error.status === 409) return { error: error.messageKey };
    throw error;
  }
}

const EXPORT_PAGE_SIZE = 100;
/** An export's ceiling (10,000 records); narrow the filters for more. */
const MAX_EXPORT_PAGES = 100;

/** Every record of a list for an export, page after page of the list's own action, up to the ceiling. */
export async function allPages<T>(page: (page: number, limit: number) => Promise<T[]>): Promise<T[]> {
  const records: T[] = [];
  for (let number = 1; number <= MAX_EXPORT_PAGES; number++) {
    const data = await page(number, EXPORT_PAGE_SIZE);
    records.push(...data);
    if (data.length < EXPORT_PAGE_SIZE) break;
  }
  return records;
}

/**
 * Every record a list action answers for an export, page after page (`list` calls it with the page's
 * `limit` and `page`); a refusal is the route's error.
 */
export const everyListed = <T>(list: (paging: { limit: number; page: number }) => Promise<{ data: T[] }>) =>
  allPages(async (page, limit) => (await list({ limit, page }).catch(asRouteError)).data);
