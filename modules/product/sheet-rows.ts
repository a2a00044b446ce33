import { withValue } from "../../contract/messages";
import { MAX_OPTION_VALUES, MAX_PRODUCT_VARIANTS } from "./options";

/**
 * A sheet's rows as products: one row per variant, a product's rows one under the other sharing its code,
 * its options' names and values in each row's option columns (as Shopify's product CSV has them). Pure,
 * so that the contract, the backend and the sheet's reader tell the same rows the same problems.
 */

/** The columns of each option, 1 to 3, by the row's field names. */
export const SHEET_OPTION_FIELDS = [
  {
    name_zh_hk: "option1_name_zh_hk",
    name_en: "option1_name_en",
    value_zh_hk: "option1_value_zh_hk",
    value_en: "option1_value_en",
  },
  {
    name_zh_hk: "option2_name_zh_hk",
    name_en: "option2_name_en",
    value_zh_hk: "option2_value_zh_hk",
    value_en: "option2_value_en",
  },
  {
    name_zh_hk: "option3_name_zh_hk",
    name_en: "option3_name_en",
    value_zh_hk: "option3_value_zh_hk",
    value_en: "option3_value_en",
  },
] as const;

type OptionField = (typeof SHEET_OPTION_FIELDS)[number][keyof (typeof SHEET_OPTION_FIELDS)[number]];

/**
 * A row's fields of its product rather than its variant, the options' names among them: the product's
 * rows carry the same (the sheet's reader fills a later row's blank cells from the first).
 */
export const SHEET_PRODUCT_FIELDS = [
  "name_zh_hk",
  "name_en",
  "description_zh_hk",
  "description_en",
  ...SHEET_OPTION_FIELDS.flatMap((option) => [option.name_zh_hk, option.name_en]),
  "purchase_limit",
  "minimum_order_quantity",
  "bestseller",
  "publish",
  "seo_title",
  "seo_keyword",
  "seo_description",
  "descriptive_url",
  "category_ids",
  "version",
] as const;

/** What the grouping reads of a row. */
export type SheetRowInput = {
  product_code: string;
  sku?: string;
  barcode?: string;
  descriptive_url?: string;
  image_url?: string;
  sellable: boolean;
} & Partial<Record<OptionField, string>> &
  Partial<Record<(typeof SHEET_PRODUCT_FIELDS)[number], unknown>>;

export interface SheetOption {
  name_zh_hk: string;
  name_en?: string;
  values: { value_zh_hk: string; value_en?: string }[];
}

/** A product of the sheet: its rows (by index, the first carries its fields), options and each row's combination. */
export interface ProductOfRows {
  rows: number[];
  options: SheetOption[];
  /** Per row, the index of its value in each option's `values`. */
  combinations: number[][];
}

/** A row's problem: its index among the rows, the field (its column) and the message key. */
export type SheetRowIssue = { row: number; field: string; message: string };

/** Names and values read alike whatever their letters' case, as on the product page. */
export const sheetKey = (text: string) => text.toLocaleLowerCase("en");

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The indexes of texts that repeat one seen before, compared by `key`. */
function repeated(texts: (string | undefined)[], key: (text: string) => string = (text) => text) {
  const seen = new Set<string>();
  return texts.flatMap((text, index) => {
    if (text === undefined) return [];
    const compared = key(text);
    if (seen.has(compared)) return [index];
    seen.add(compared);
    return [];
  });
}

/** The product's options, from its first row's names, and each row's combination of their values. */
function optionsOf(
  rows: SheetRowInput[],
  indexes: number[],
  issue: (row: number, field: string, message: string) => void,
) {
  const first = rows[indexes[0]];
  const named = SHEET_OPTION_FIELDS.map((fields) => first[fields.name_zh_hk] !== undefined);
  const count = named.lastIndexOf(true) + 1;
  // An option needs its name on the first row when a later option has one, or its English name or a value does.
  const nameless = SHEET_OPTION_FIELDS.map(
    (fields, option) =>
      !named[option] &&
      (option < count ||
        indexes.some((index) =>
          [fields.name_en, fields.value_zh_hk, fields.value_en].some((field) => rows[index][field] !== undefined),
        )),
  );
  nameless.forEach((missing, option) => {
    if (missing) issue(indexes[0], SHEET_OPTION_FIELDS[option].name_zh_hk, "force-input");
  });
  const options: SheetOption[] = [];
  for (const field of ["name_zh_hk", "name_en"] as const) {
    const names = SHEET_OPTION_FIELDS.slice(0, count).map((fields) => first[fields[field]]);
    for (const option of repeated(names, sheetKey)) {
      issue(indexes[0], SHEET_OPTION_FIELDS[option][field], "option-name-repeated");
    }
  }
  const valueIndexes = SHEET_OPTION_FIELDS.slice(0, count).map(() => new Map<string, number>());
  for (const fields of SHEET_OPTION_FIELDS.slice(0, count)) {
    options.push({ name_zh_hk: first[fields.name_zh_hk] ?? "", name_en: first[fields.name_en], values: [] });
  }
  const combinations = indexes.map((index) =>
    SHEET_OPTION_FIELDS.flatMap((fields, option) => {
      if (!named[option]) return [];
      const value = rows[index][fields.value_zh_hk];
      const valueEn = rows[index][fields.value_en];
      if (value === undefined) {
        issue(index, fields.value_zh_hk, "force-input");
        return [-1];
      }
      const { values } = options[option];
      const known = valueIndexes[option].get(sheetKey(value));
      if (known === undefined) {
        if (values.length === MAX_OPTION_VALUES) {
          issue(index, fields.value_zh_hk, withValue("too-many-option-values", MAX_OPTION_VALUES));
        }
        const taken =
          valueEn !== undefined &&
          values.some((other) => other.value_en && sheetKey(other.value_en) === sheetKey(valueEn));
        if (taken) issue(index, fields.value_en, withValue("option-value-repeated", valueEn));
        valueIndexes[option].set(sheetKey(value), values.length);
        values.push({ value_zh_hk: value, value_en: valueEn });
        return [values.length - 1];
      }
      const earlier = values[known];
      if (valueEn !== undefined && earlier.value_en === undefined) earlier.value_en = valueEn;
      else if (valueEn !== undefined && earlier.value_en !== valueEn)
        issue(index, fields.value_en, "differs-from-earlier-row");
      return [known];
    }),
  );
  return { options, combinations };
}

/**
 * The rows as products, and every problem by row and field: a product's rows are together (a code seen
 * before is `product-code-repeated`, as is a second row of a product without options), its later rows
 * repeat its fields or leave them out (`differs-from-earlier-row`), each row has a value for each option
 * the first row names, each combination once, at most MAX_PRODUCT_VARIANTS rows, an image or "not for
 * sale" only for a variant of a product with options (`needs-options`); SKUs, barcodes and descriptive URLs
 * once in the file.
 */
export function sheetProducts(rows: SheetRowInput[]): { products: ProductOfRows[]; issues: SheetRowIssue[] } {
  const issues: SheetRowIssue[] = [];
  const issue = (row: number, field: string, message: string) => issues.push({ row, field, message });
  const groups: number[][] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (index > 0 && rows[index - 1].product_code === row.product_code) {
      groups.at(-1)!.push(index);
    } else if (seen.has(row.product_code)) {
      issue(index, "product_code", "product-code-repeated");
    } else {
      seen.add(row.product_code);
      groups.push([index]);
    }
  });
  const products = groups.map((indexes): ProductOfRows => {
    const first = rows[indexes[0]];
    for (const index of indexes.slice(1)) {
      for (const field of SHEET_PRODUCT_FIELDS) {
        if (!sameValue(rows[index][field], first[field])) issue(index, field, "differs-from-earlier-row");
      }
    }
    const { options, combinations } = optionsOf(rows, indexes, issue);
    if (options.length === 0) {
      for (const index of indexes.slice(1)) issue(index, "product_code", "product-code-repeated");
      for (const index of indexes) {
        if (rows[index].image_url !== undefined) issue(index, "image_url", "needs-options");
        if (!rows[index].sellable) issue(index, "sellable", "needs-options");
      }
    }
    if (options.length > 0) {
      const keys = combinations.map((combination) => (combination.includes(-1) ? undefined : combination.join(",")));
      for (const at of repeated(keys)) {
        issue(indexes[at], SHEET_OPTION_FIELDS[0].value_zh_hk, "variant-combination-repeated");
      }
      if (indexes.length > MAX_PRODUCT_VARIANTS) {
        issue(indexes[MAX_PRODUCT_VARIANTS], "product_code", withValue("too-many-variants", MAX_PRODUCT_VARIANTS));
      }
    }
    return { rows: indexes, options, combinations };
  });
  for (const [field, message] of [
    ["sku", "sku-repeated"],
    ["barcode", "barcode-repeated"],
  ] as const) {
    for (const index of repeated(rows.map((row) => row[field]))) issue(index, field, message);
  }
  const urls = groups.map((indexes) => rows[indexes[0]].descriptive_url);
  for (const at of repeated(urls, (url) => url.toLowerCase()))
    issue(groups[at][0], "descriptive_url", "descriptive-url-repeated");
  return { products, issues: issues.sort((a, b) => a.row - b.row) };
}
