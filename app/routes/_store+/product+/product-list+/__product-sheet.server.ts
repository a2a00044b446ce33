/**
 * Products in a spreadsheet: the import template, reading an uploaded .xlsx into rows that
 * `add_product_data_in_batch` accepts, and exporting a product list as .xlsx or CSV. All three share
 * one set of columns and headers, so an export can be edited and imported back. A row is a variant, as
 * in Shopify's product CSV: a product's rows are one under the other with its code, its first row
 * carries its own fields and its options' names, every row its values of the options and the variant's
 * fields (modules/product/sheet-rows.ts reads them as products). The sheet machinery is
 * `~/server/spreadsheet.server`; this file says what a product's columns are.
 */
import type * as z from "zod";
import { withValue } from "#contract/messages";
import {
  PRODUCT_SHEET_FIELDS,
  productSheetRowFields,
  type ProductOptionRecord,
  type ProductRecord,
  type ProductVariantRecord,
} from "#modules/product/contract";
import { SHEET_OPTION_FIELDS, SHEET_PRODUCT_FIELDS, sheetProducts } from "#modules/product/sheet-rows";
import type { VariantOwnField } from "#modules/product/variants";
import { resources } from "~/locales.generated.server";
import type { Locale } from "~/i18n";
import {
  cellText,
  countInput,
  defineSheet,
  flagInput,
  flagValue,
  moneyInput,
  refusedRows,
  type Cell,
  type CellInput,
  type ParseResult as SheetParseResult,
  type SheetRows as SheetRowsOf,
  type SheetValue,
} from "~/server/spreadsheet.server";

export { refusedRows, type ColumnName, type RowError } from "~/server/spreadsheet.server";

type RowField = keyof typeof productSheetRowFields;
type Kind = "text" | "money" | "count" | "flag" | "categories";

const optionColumns = (number: 1 | 2 | 3) =>
  (["name_zh_hk", "name_en", "value_zh_hk", "value_en"] as const).map((part) => {
    const field = SHEET_OPTION_FIELDS[number - 1][part];
    return { column: field, field, kind: "text" } as const;
  });

/**
 * The sheet's columns in order: the product's names and descriptions, its options, the variant's fields,
 * the product's other fields (every one a merchant edits but images and add-ons), then the version an
 * export wrote, by which an import that updates products knows a product edited since.
 */
const COLUMNS = [
  { column: "product_code", field: "product_code", kind: "text" },
  { column: "name_zh_hk", field: "name_zh_hk", kind: "text" },
  { column: "name_en", field: "name_en", kind: "text" },
  { column: "description_zh_hk", field: "description_zh_hk", kind: "text" },
  { column: "description_en", field: "description_en", kind: "text" },
  ...optionColumns(1),
  ...optionColumns(2),
  ...optionColumns(3),
  { column: "price", field: "price_cents", kind: "money" },
  { column: "original_price", field: "original_price_cents", kind: "money" },
  { column: "discount_price", field: "discount_price_cents", kind: "money" },
  { column: "vip_price", field: "vip_price_cents", kind: "money" },
  { column: "cost", field: "cost_cents", kind: "money" },
  { column: "sku", field: "sku", kind: "text" },
  { column: "barcode", field: "barcode", kind: "text" },
  { column: "unlimited_inventory", field: "unlimited_inventory", kind: "flag" },
  { column: "stock", field: "stock", kind: "count" },
  { column: "heavy", field: "heavy", kind: "flag" },
  { column: "sellable", field: "sellable", kind: "flag" },
  { column: "image", field: "image_url", kind: "text" },
  { column: "purchase_limit", field: "purchase_limit", kind: "count" },
  { column: "minimum_order_quantity", field: "minimum_order_quantity", kind: "count" },
  { column: "bestseller", field: "bestseller", kind: "flag" },
  { column: "publish", field: "publish", kind: "flag" },
  { column: "seo_title", field: "seo_title", kind: "text" },
  { column: "seo_keyword", field: "seo_keyword", kind: "text" },
  { column: "seo_description", field: "seo_description", kind: "text" },
  { column: "descriptive_url", field: "descriptive_url", kind: "text" },
  { column: "categories", field: "category_ids", kind: "categories" },
  { column: "version", field: "version", kind: "count" },
] as const satisfies readonly { column: string; field: RowField; kind: Kind }[];

type ColumnSpec = (typeof COLUMNS)[number];
export type SheetColumn = ColumnSpec["column"];
type SheetField = ColumnSpec["field"];

const SHEET_TEXTS = { en: resources.en.product.sheet, "zh-HK": resources["zh-HK"].product.sheet } as const;

const sheet = defineSheet({ columns: COLUMNS, texts: SHEET_TEXTS, fields: productSheetRowFields });

export type ProductRow = z.output<z.ZodObject<typeof productSheetRowFields>>;
export type SheetCategory = { id: number; name_zh_hk: string; name_en: string };
export type SheetRows = SheetRowsOf<ProductRow>;
export type ParseResult = SheetParseResult<ProductRow>;

type VariantField = VariantOwnField | "stock";
type OwnField = Exclude<
  (typeof SHEET_PRODUCT_FIELDS)[number],
  `option${number}_${string}` | "category_ids" | "version"
>;

/** What the sheet holds of a product: its own fields, category names, options and variants (no version in the template). */
export type SheetProduct = Pick<ProductRecord, OwnField | "product_code"> & {
  version: number | null;
  category_names: string[];
  options: (Pick<ProductOptionRecord, "name_zh_hk" | "name_en"> & {
    values: Omit<ProductOptionRecord["values"][number], "id">[];
  })[];
  variants: Pick<ProductVariantRecord, VariantField | "option_values">[];
};
/** A listed product with the names of its categories, its options and variants, as the export writes it. */
export type ExportProduct = ProductRecord & Pick<SheetProduct, "category_names" | "options" | "variants">;

// ---------------------------------------------------------------------------------------------
// Writing

/** A row's cells by field: the product's fields only on its first row (category names under `category_ids`). */
type SheetLine = Partial<Record<SheetField, SheetValue | boolean | string[]>>;

const OWN_FIELDS = SHEET_PRODUCT_FIELDS.filter(
  (field): field is OwnField => !field.startsWith("option") && field !== "category_ids" && field !== "version",
);

/** A product's rows: a row per variant, in their order. */
function sheetLines(product: SheetProduct): SheetLine[] {
  return product.variants.map((variant, at) => {
    const line: SheetLine = { product_code: product.product_code };
    if (at === 0) {
      for (const field of OWN_FIELDS) line[field] = product[field];
      line.category_ids = product.category_names;
      line.version = product.version;
    }
    product.options.forEach((option, index) => {
      const fields = SHEET_OPTION_FIELDS[index];
      const value = option.values[variant.option_values[index]];
      if (at === 0) {
        line[fields.name_zh_hk] = option.name_zh_hk;
        line[fields.name_en] = option.name_en;
      }
      line[fields.value_zh_hk] = value?.value_zh_hk;
      line[fields.value_en] = value?.value_en;
    });
    const { option_values: _values, ...fields } = variant;
    return { ...line, ...fields };
  });
}

function sheetValue(spec: ColumnSpec, line: SheetLine): SheetValue {
  const value = line[spec.field];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "boolean" ? flagValue(value) : value;
}

const writer = sheet.recordWriter({
  value: sheetValue,
  cents: (spec, line: SheetLine) =>
    spec.kind === "money" ? ((line[spec.field] as number | null | undefined) ?? null) : undefined,
});

/** The listed products as an .xlsx workbook with one sheet, a row per variant, headed in `locale`. */
export const productsToXlsx = (products: ExportProduct[], locale: Locale) =>
  writer.toXlsx(products.flatMap(sheetLines), locale);

/** A product as a merchant would fill it in, in `locale`, in two sizes; its product code marks it as the example. */
function exampleProduct(locale: Locale): SheetProduct {
  const texts = SHEET_TEXTS[locale].example;
  const variant = {
    discount_price_cents: null,
    unlimited_inventory: false,
    heavy: false,
    image_url: null,
    sellable: true,
  };
  return {
    product_code: texts.product_code,
    name_zh_hk: texts.name_zh_hk,
    name_en: texts.name_en,
    description_zh_hk: texts.description_zh_hk,
    description_en: texts.description_en,
    purchase_limit: 10,
    minimum_order_quantity: 1,
    bestseller: true,
    publish: true,
    seo_title: texts.seo_title,
    seo_keyword: texts.seo_keyword,
    seo_description: texts.seo_description,
    descriptive_url: texts.descriptive_url,
    category_names: [texts.category],
    version: null,
    options: [
      {
        name_zh_hk: texts.option_name_zh_hk,
        name_en: texts.option_name_en,
        values: [
          { value_zh_hk: texts.small_zh_hk, value_en: texts.small_en },
          { value_zh_hk: texts.large_zh_hk, value_en: texts.large_en },
        ],
      },
    ],
    variants: [
      {
        ...variant,
        option_values: [0],
        price_cents: 2850,
        original_price_cents: 3200,
        vip_price_cents: 2600,
        cost_cents: 1280,
        sku: "TEA-JAS-500",
        barcode: "4891234567890",
        stock: 120,
      },
      {
        ...variant,
        option_values: [1],
        price_cents: 4800,
        original_price_cents: null,
        vip_price_cents: 4500,
        cost_cents: 2300,
        sku: "TEA-JAS-1000",
        barcode: "4891234567906",
        stock: 60,
      },
    ],
  };
}

/**
 * The import template: the header row in `locale` and the example product's two rows, which the import
 * skips (their product code says they are the example, and a note on the first says so), so that an
 * untouched template imports nothing.
 */
export function productTemplate(locale: Locale): Uint8Array {
  const rows = sheetLines(exampleProduct(locale)).map((line) => writer.xlsxRow(line, locale));
  return sheet.toXlsx(rows, locale, (cells) => {
    cells.A2.c = [{ t: SHEET_TEXTS[locale].example.note }];
  });
}

/** The listed products as CSV, in the columns of the .xlsx. */
export const productsToCsv = (products: ExportProduct[], locale: Locale) =>
  writer.toCsv(products.flatMap(sheetLines), locale);

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

const COLUMN_ORDER = new Map<string, number>(COLUMNS.map((spec, index) => [spec.field, index]));

/** The product fields' columns and the options' names, which a product's later rows may leave blank. */
const CONTINUED_COLUMNS = COLUMNS.filter((spec) =>
  (SHEET_PRODUCT_FIELDS as readonly string[]).includes(spec.field),
).map((spec) => spec.column);
/**
 * Reads an uploaded .xlsx (headers in either language, in any order) into product rows, a row per
 * variant. A product's later rows take its first row's product fields where they are blank. Rows come
 * back only when every row passes, alone and as products, so the import writes all of them or none.
 * `locale` (the page's) names a missing column when the headers do not tell the sheet's language.
 */
export function parseProductSheet(
  bytes: Uint8Array,
  { categories, locale }: { categories: SheetCategory[]; locale: Locale },
): ParseResult {
  const idsByName = categoryIdsByName(categories);
  const parsed = sheet.parse(bytes, {
    locale,
    cellInput: (spec, cell) => cellInput(spec, cell, idsByName),
    isExample: (text) => EXAMPLE_CODES.has(text("product_code").toLowerCase()),
    continued: { key: "product_code", columns: CONTINUED_COLUMNS },
  });
  if (!parsed.ok) return parsed;
  const issues = sheetProducts(parsed.rows).issues.sort(
    (a, b) => a.row - b.row || (COLUMN_ORDER.get(a.field) ?? 0) - (COLUMN_ORDER.get(b.field) ?? 0),
  );
  if (issues.length === 0) return parsed;
  const fields = Object.fromEntries(issues.map(({ row, field, message }) => [`rows.${row}.${field}`, [message]]));
  return { ok: false, rowErrors: refusedRows(parsed, fields) };
}

/**
 * The fields an import that updates products sets: those of the columns the sheet has, so a sheet of a
 * few columns leaves every other field of its products as it is (without option columns, their options
 * and variants too).
 */
export const updatedFields = (sheet: Pick<SheetRows, "columns">) =>
  PRODUCT_SHEET_FIELDS.filter((field) =>
    field === "options"
      ? SHEET_OPTION_FIELDS.some((option) => Object.values(option).some((column) => sheet.columns[column]))
      : sheet.columns[field] !== undefined,
  );
