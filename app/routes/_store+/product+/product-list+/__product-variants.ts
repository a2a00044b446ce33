import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import type { ProductOptionRecord, ProductVariantRecord } from "#modules/product/contract";
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from "#modules/product/options";

/**
 * The product form's options and variants as the form holds them (strings, as posted; a ticked box is
 * "on"), and each step the merchant takes on them. The page's steps and the editor share it.
 */

/** An option: its name, and its values typed as one list per language. */
export interface OptionRow {
  name_zh_hk?: string;
  name_en?: string;
  values_zh_hk?: string;
  values_en?: string;
}

/** A variant: its combination (the index of its value in each option) and its own fields. */
export interface VariantRow {
  id?: string;
  option_values?: string[];
  /** Ticked for the bulk bar. */
  selected?: string;
  sku?: string;
  barcode?: string;
  price_cents?: string;
  original_price_cents?: string;
  discount_price_cents?: string;
  vip_price_cents?: string;
  cost_cents?: string;
  unlimited_inventory?: string;
  stock?: string;
  heavy?: string;
  image_url?: string;
  sellable?: string;
}

/** Values typed in one box: separated by commas (either width), 、 or line breaks. */
const VALUE_SEPARATORS = /[,，、\n]/;

/**
 * The values typed in a box. Blanks are dropped, but with `keepGaps` (the English values, which pair
 * with the Chinese ones by position) a blank between two values stays, as a value without English.
 */
export function parseValueList(text: unknown, { keepGaps = false } = {}): string[] {
  if (typeof text !== "string") return [];
  const values = text.split(VALUE_SEPARATORS).map((value) => value.trim());
  if (!keepGaps) return values.filter(Boolean);
  while (values.length > 0 && values[values.length - 1] === "") values.pop();
  return values;
}

export const BLANK_OPTION: OptionRow = { name_zh_hk: "", name_en: "", values_zh_hk: "", values_en: "" };

/** How many values each option has (its Chinese values, which every value has). */
export const valueCounts = (options: OptionRow[]) =>
  options.map((option) => parseValueList(option.values_zh_hk).length);

/** How many variants generating makes: every combination of one value per option. */
export const combinationCount = (counts: number[]) =>
  counts.length === 0 ? 0 : counts.reduce((product, count) => product * count, 1);

/** Every combination, the first option's values outermost (S/黑, S/白, M/黑…). */
export function allCombinations(counts: number[]): number[][] {
  if (counts.length === 0) return [];
  return counts.reduce<number[][]>(
    (combinations, count) =>
      combinations.flatMap((combination) => Array.from({ length: count }, (_, value) => [...combination, value])),
    [[]],
  );
}

/** A row's combination; empty when the form sent something else. */
export function indexesOf(row: VariantRow): number[] {
  const indexes = (Array.isArray(row.option_values) ? row.option_values : []).map(Number);
  return indexes.every((at) => Number.isInteger(at) && at >= 0) ? indexes : [];
}

const keyOf = (indexes: number[]) => indexes.join(",");

/**
 * A row's combination fitted to the options as they are now: an option added since takes its first
 * value, and a value removed since leaves the row out (undefined).
 */
function fitted(indexes: number[], counts: number[]): number[] | undefined {
  const fit = counts.map((_, option) => indexes[option] ?? 0);
  return fit.every((at, option) => at < counts[option]) ? fit : undefined;
}

/** The fields a new variant takes from the product's own (its one variant's) so far. */
const CARRIED_FIELDS = [
  "price_cents",
  "original_price_cents",
  "discount_price_cents",
  "vip_price_cents",
  "cost_cents",
  "unlimited_inventory",
  "heavy",
] as const;

/** A new variant of this combination: sellable, no stock yet, priced as the product was. */
export function newVariantRow(indexes: number[], product: Partial<Record<string, unknown>>): VariantRow {
  const carried = Object.fromEntries(
    CARRIED_FIELDS.flatMap((field) => (typeof product[field] === "string" ? [[field, product[field]]] : [])),
  );
  return { option_values: indexes.map(String), ...carried, stock: "0", sellable: "on" };
}

/**
 * Every combination of the options' values, in order: a combination the rows have keeps its row (its
 * id and everything typed in it), the others are new rows made by `newRow`. Rows whose value is gone
 * are left out. The caller keeps the count within MAX_PRODUCT_VARIANTS (combinationCount).
 */
export function generateVariants(
  rows: VariantRow[],
  counts: number[],
  newRow: (indexes: number[]) => VariantRow,
): VariantRow[] {
  const kept = new Map<string, VariantRow>();
  for (const row of rows) {
    const fit = fitted(indexesOf(row), counts);
    if (fit && !kept.has(keyOf(fit))) kept.set(keyOf(fit), { ...row, option_values: fit.map(String) });
  }
  return allCombinations(counts).map((combination) => kept.get(keyOf(combination)) ?? newRow(combination));
}

export const hasCombination = (rows: VariantRow[], indexes: number[]) =>
  rows.some((row) => keyOf(indexesOf(row)) === keyOf(indexes));

export const hasRoomForVariant = (rows: VariantRow[]) => rows.length < MAX_PRODUCT_VARIANTS;

/** One more variant, at the end; the caller checks it is a new combination and there is room. */
export const addVariant = (rows: VariantRow[], row: VariantRow) => [...rows, row];

export const removeVariant = (rows: VariantRow[], index: number) => rows.filter((_, at) => at !== index);

export const hasRoomForOption = (options: OptionRow[]) => options.length < MAX_PRODUCT_OPTIONS;

export const addOption = (options: OptionRow[]) => (hasRoomForOption(options) ? [...options, BLANK_OPTION] : options);

/**
 * The options without the one at `index`, and the variants without its value: variants that then
 * repeat a combination keep the first; without options there are no variants.
 */
export function removeOption(options: OptionRow[], rows: VariantRow[], index: number) {
  const remaining = options.filter((_, at) => at !== index);
  const seen = new Set<string>();
  const kept = remaining.length
    ? rows.flatMap((row) => {
        const indexes = indexesOf(row).filter((_, at) => at !== index);
        if (seen.has(keyOf(indexes))) return [];
        seen.add(keyOf(indexes));
        return [{ ...row, option_values: indexes.map(String) }];
      })
    : [];
  return { options: remaining, variants: kept };
}

export const isTicked = (row: VariantRow) => row.selected === "on";
/** A saved variant has an id; its stock changes only through stock adjustments. */
export const isSaved = (row: VariantRow) => Boolean(row.id);

/** The ticked rows' price or opening stock set to `value` (as typed). */
export const setForTicked = (rows: VariantRow[], field: "price_cents" | "stock", value: string) =>
  rows.map((row) => (isTicked(row) ? { ...row, [field]: value } : row));

/** A variant's name from its values in the reader's language ("M / 黑色"); a value that is gone is left out. */
export function variantLabel(options: OptionRow[], indexes: number[], locale: string): string {
  return options
    .flatMap((option, at) => {
      const valueZhHk = parseValueList(option.values_zh_hk)[indexes[at]];
      const valueEn = parseValueList(option.values_en, { keepGaps: true })[indexes[at]] ?? "";
      return valueZhHk === undefined
        ? []
        : [localizedName({ value_zh_hk: valueZhHk, value_en: valueEn }, locale, "value")];
    })
    .join(" / ");
}

/** A saved product's options as the form holds them: each language's values in one box. */
export const optionRowsOf = (options: ProductOptionRecord[]): OptionRow[] =>
  options.map((option) => ({
    name_zh_hk: option.name_zh_hk,
    name_en: option.name_en,
    values_zh_hk: option.values.map((value) => value.value_zh_hk).join(", "),
    values_en: option.values.some((value) => value.value_en)
      ? option.values.map((value) => value.value_en).join(", ")
      : "",
  }));

const dollars = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
const ticked = (on: boolean) => (on ? "on" : "");

/** A saved product's variants as the form holds them, prices in HK$. */
export const variantRowsOf = (variants: ProductVariantRecord[]): VariantRow[] =>
  variants.map((variant) => ({
    id: String(variant.id),
    option_values: variant.option_values.map(String),
    sku: variant.sku ?? "",
    barcode: variant.barcode ?? "",
    price_cents: centsToDollars(variant.price_cents),
    original_price_cents: dollars(variant.original_price_cents),
    discount_price_cents: dollars(variant.discount_price_cents),
    vip_price_cents: dollars(variant.vip_price_cents),
    cost_cents: dollars(variant.cost_cents),
    unlimited_inventory: ticked(variant.unlimited_inventory),
    heavy: ticked(variant.heavy),
    image_url: variant.image_url ?? "",
    sellable: ticked(variant.sellable),
  }));

/** The name of the field a step's button posts; a submit without a step saves. */
export const STEP_FIELD = "intent";

const WHOLE_FORM_STEPS = ["generate", "add-option", "add-variant", "set-price", "set-stock"] as const;
const ROW_STEPS = ["remove-option", "remove-variant"] as const;

/** A change to the form's options or variants that the server makes without saving. */
export type ProductStep =
  { kind: (typeof WHOLE_FORM_STEPS)[number] } | { kind: (typeof ROW_STEPS)[number]; index: number };

/** The value a step's button posts: the step, and for a row's step the row ("remove-variant:3"). */
export const stepIntent = (step: ProductStep) => ("index" in step ? `${step.kind}:${step.index}` : step.kind);

export function productStepOf(intent: FormDataEntryValue | null): ProductStep | undefined {
  if (typeof intent !== "string") return undefined;
  const wholeForm = WHOLE_FORM_STEPS.find((kind) => kind === intent);
  if (wholeForm) return { kind: wholeForm };
  const [kind, index] = intent.split(":");
  const row = ROW_STEPS.find((candidate) => candidate === kind);
  return row && /^\d+$/.test(index ?? "") ? { kind: row, index: Number(index) } : undefined;
}

/** Whether a posted form is a step (the browser sends it to the server unchecked). */
export const isProductStep = (formData: FormData) => productStepOf(formData.get(STEP_FIELD)) !== undefined;
