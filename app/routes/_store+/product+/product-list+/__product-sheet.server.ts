/**
 * Products in a spreadsheet: the import template, reading an uploaded .xlsx into rows that
 * `add_product_data_in_batch` accepts, and exporting a product list as .xlsx or CSV. All three share
 * one set of columns and headers, so an export can be edited and imported back. The sheet machinery
 * is `~/server/spreadsheet.server`; this file says what a product's columns are.
 */
import type * as z from "zod";
import { withValue } from "#contract/messages";
import { PRODUCT_SHEET_FIELDS, productSheetRowFields, type ProductRecord } from "#modules/product/contract";
import { resources } from "~/locales.generated.server";
import type { Locale } from "~/i18n";
import {
  cellText,
  countInput,
  defineSheet,
  flagInput,
  flagValue,
  moneyInput,
  type Cell,
  type CellInput,
  type ParseResult as SheetParseResult,
  type SheetRows as SheetRowsOf,
  type SheetValue,
} from "~/server/spreadsheet.server";

export { refusedRows, type ColumnName, type RowError } from "~/server/spreadsheet.server";

type ProductField = keyof typeof productSheetRowFields;
type Kind = "text" | "money" | "count" | "flag" | "categories";

/**
 * The sheet's columns in order: every field a merchant edits but images and add-ons, then the version an
 * export wrote, by which an import that updates products knows a row whose product was edited since.
 */
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
  { column: "version", field: "version", kind: "count" },
] as const satisfies readonly { column: string; field: ProductField; kind: Kind }[];

type ColumnSpec = (typeof COLUMNS)[number];
export type SheetColumn = ColumnSpec["column"];

const SHEET_TEXTS = { en: resources.en.product.sheet, "zh-HK": resources["zh-HK"].product.sheet } as const;

const sheet = defineSheet({ columns: COLUMNS, texts: SHEET_TEXTS, fields: productSheetRowFields });

export type ProductRow = z.output<z.ZodObject<typeof productSheetRowFields>>;
export type SheetCategory = { id: number; name_zh_hk: string; name_en: string };
export type SheetRows = SheetRowsOf<ProductRow>;
export type ParseResult = SheetParseResult<ProductRow>;
/** What the sheet holds of a product: its columns' fields, with category names for their ids (no version in the template). */
export type SheetProduct = Pick<ProductRecord, Exclude<ColumnSpec["field"], "category_ids" | "version">> & {
  version: number | null;
  category_names: string[];
};
/** A listed product with the names of its categories, as the export writes it. */
export type ExportProduct = ProductRecord & { category_names: string[] };

// ---------------------------------------------------------------------------------------------
// Writing

function sheetValue(spec: ColumnSpec, product: SheetProduct): SheetValue {
  switch (spec.kind) {
    case "categories":
      return product.category_names.join(", ");
    case "flag":
      return flagValue(product[spec.field]);
    default:
      return product[spec.field];
  }
}

const writer = sheet.recordWriter({
  value: sheetValue,
  cents: (spec, product: SheetProduct) => (spec.kind === "money" ? product[spec.field] : undefined),
});

/** The listed products as an .xlsx workbook with one sheet, headed in `locale`. */
export const productsToXlsx = writer.toXlsx;

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
    version: null,
  };
}

/**
 * The import template: the header row in `locale` and one example row, which the import skips (its
 * product code says it is the example, and a note on that cell says it is skipped), so that an
 * untouched template imports nothing.
 */
export function productTemplate(locale: Locale): Uint8Array {
  return sheet.toXlsx([writer.xlsxRow(exampleProduct(locale), locale)], locale, (cells) => {
    cells.A2.c = [{ t: SHEET_TEXTS[locale].example.note }];
  });
}

/** The listed products as CSV, in the columns of the .xlsx. */
export const productsToCsv = writer.toCsv;

// ---------------------------------------------------------------------------------------------
// Reading

/** The template's example row, in either language, is known by its product code. */
const EXAMPLE_CODES = new Set(Object.values(SHEET_TEXTS).map(({ example }) => example.product_code.toLowerCase()));

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

/** Product codes must be unique within the sheet; descriptive URLs too, ignoring case as the database does. */
const UNIQUE_COLUMNS = [
  { column: "product_code", message: "product-code-repeated", key: (text: string) => text },
  { column: "descriptive_url", message: "descriptive-url-repeated", key: (text: string) => text.toLowerCase() },
] as const;

/**
 * Reads an uploaded .xlsx (headers in either language, in any order) into product rows. Rows come
 * back only when every row passes, so the import writes all of them or none. `locale` (the page's)
 * names a missing column when the headers do not tell the sheet's language.
 */
export function parseProductSheet(
  bytes: Uint8Array,
  { categories, locale }: { categories: SheetCategory[]; locale: Locale },
): ParseResult {
  const idsByName = categoryIdsByName(categories);
  return sheet.parse(bytes, {
    locale,
    cellInput: (spec, cell) => cellInput(spec, cell, idsByName),
    isExample: (text) => EXAMPLE_CODES.has(text("product_code").toLowerCase()),
    unique: UNIQUE_COLUMNS,
  });
}

/**
 * The fields an import that updates products sets: those of the columns the sheet has, so a sheet of a
 * few columns leaves every other field of its products as it is.
 */
export const updatedFields = (sheet: Pick<SheetRows, "columns">) =>
  PRODUCT_SHEET_FIELDS.filter((field) => sheet.columns[field] !== undefined);
