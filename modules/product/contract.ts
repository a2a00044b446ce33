import * as z from "zod";
import {
  alphanumeric,
  crossFieldCheck,
  whileValid,
  MAX_QUANTITY,
  multilineText,
  optional,
  text,
  urlCode,
  wholeNumberBetween,
} from "../../contract/field-rules";
import { BULK_OPERATIONS, MAX_PRODUCT_IMAGES, STOCK_STATUSES } from "../../contract/product-options";
import { uploadedFileUrl } from "../upload/contract";
import type { Examples } from "../../contract/examples";
import { withValue } from "../../contract/messages";
import { applicationKey, cents, flag, id, keyword, sorting, version, wholeNumber } from "../../contract/parts";
import {
  MAX_OPTION_TEXT_LENGTH,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  PRODUCT_IMPORT_MODES,
  PRODUCT_SORTS,
  PRODUCT_VARIANT_SORTS,
} from "./options";
import { sheetProducts, type SheetRowInput } from "./sheet-rows";
import { giftCardFields } from "../gift-card/contract";
import type { LocationName } from "../location/contract";
import { GIFT_CARD_PRODUCT_KINDS, MAX_GIFT_CARD_VALID_MONTHS, type GiftCardProductKind } from "../gift-card/options";

const optionalCents = optional(cents);
const optionalText = (max: number) => optional(text({ max }));

/** Every field of a product a merchant sets (spec §3 "Product"); the same for add, edit and import. */
export const productFields = {
  product_code: urlCode({ max: 64 }),
  name_zh_hk: text(),
  name_en: optionalText(70),
  description_zh_hk: multilineText({ max: 5000, required: false }),
  description_en: multilineText({ max: 5000, required: false }),
  price_cents: cents,
  original_price_cents: optionalCents,
  discount_price_cents: optionalCents,
  vip_price_cents: optionalCents,
  cost_cents: optionalCents,
  sku: optionalText(64),
  barcode: optional(alphanumeric({ max: 64 })),
  unlimited_inventory: flag,
  stock: wholeNumber(0, MAX_QUANTITY).default(0),
  purchase_limit: optional(wholeNumber(1, MAX_QUANTITY)),
  minimum_order_quantity: wholeNumber(1, MAX_QUANTITY).default(1),
  heavy: flag,
  bestseller: flag,
  publish: flag,
  seo_title: optionalText(70),
  seo_keyword: optionalText(70),
  /** A box of a few lines on the page, so line breaks are kept. */
  seo_description: multilineText({ max: 70, required: false }),
  descriptive_url: optional(urlCode({ max: 70 })),
  images: z.array(uploadedFileUrl()).max(MAX_PRODUCT_IMAGES).default([]),
  category_ids: z.array(id).max(100).default([]),
  add_on_product_ids: z.array(id).max(100).default([]),
  /**
   * Sold as a gift card (modules/gift-card): `fixed`, its prices are the face values; `open`, the buyer names
   * the amount between the minimum and the maximum. Each unit paid issues a card; none of its stock is taken.
   */
  gift_card_kind: optional(z.enum(GIFT_CARD_PRODUCT_KINDS)),
  gift_card_min_cents: optional(giftCardFields.amount_cents),
  gift_card_max_cents: optional(giftCardFields.amount_cents),
  /** The cards sold stay usable this many months from the day paid; blank: no expiry. */
  gift_card_valid_months: optional(wholeNumber(1, MAX_GIFT_CARD_VALID_MONTHS)),
};

/** One value of an option (M, 黑色), in both languages. */
export const productOptionValueFields = {
  value_zh_hk: text({ max: MAX_OPTION_TEXT_LENGTH }),
  value_en: optionalText(MAX_OPTION_TEXT_LENGTH),
};

/** An option (尺碼/Size) and its values, in the merchant's order. */
export const productOptionFields = {
  name_zh_hk: text({ max: MAX_OPTION_TEXT_LENGTH }),
  name_en: optionalText(MAX_OPTION_TEXT_LENGTH),
  values: z
    .array(z.object(productOptionValueFields), { error: "force-input" })
    .min(1, { error: "force-input" })
    .max(MAX_OPTION_VALUES, { error: withValue("too-many-option-values", MAX_OPTION_VALUES) }),
};

/**
 * A variant: one combination of the product's option values (`option_values`, the index of a value in
 * each option's `values`, one per option) with what is sold and counted of it. An existing variant keeps
 * its `id`; `stock` is its opening stock, read only when the variant is new.
 */
export const productVariantFields = {
  id: optional(id),
  option_values: z
    .array(wholeNumber(0, MAX_OPTION_VALUES - 1), { error: "force-input" })
    .max(MAX_PRODUCT_OPTIONS, { error: "variant-options-changed" }),
  sku: optionalText(64),
  barcode: optional(alphanumeric({ max: 64 })),
  price_cents: cents,
  original_price_cents: optionalCents,
  discount_price_cents: optionalCents,
  vip_price_cents: optionalCents,
  cost_cents: optionalCents,
  unlimited_inventory: flag,
  stock: wholeNumber(0, MAX_QUANTITY).default(0),
  heavy: flag,
  /** One of the product's `images`. */
  image_url: optional(uploadedFileUrl()),
  sellable: z.boolean().default(true),
};

/**
 * A product's options and variants, beside its fields. Without options (the default) there are no
 * variants here: the product's top-level price, SKU, barcode, stock… are its one variant. With options
 * the top-level variant fields are ignored, so its price may be left out.
 */
export const productVariantsFields = {
  price_cents: optional(cents),
  options: z
    .array(z.object(productOptionFields))
    .max(MAX_PRODUCT_OPTIONS, { error: withValue("too-many-options", MAX_PRODUCT_OPTIONS) })
    .default([]),
  variants: z
    .array(z.object(productVariantFields))
    .max(MAX_PRODUCT_VARIANTS, { error: withValue("too-many-variants", MAX_PRODUCT_VARIANTS) })
    .default([]),
};

/** What the checks between a product's fields read; a field that failed its own rule holds what was sent. */
interface VariantsInput {
  price_cents?: unknown;
  images?: unknown;
  options?: unknown;
  variants?: unknown;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const entriesOf = (value: unknown): Record<string, unknown>[] =>
  listOf(value).map((item) => (typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {}));

/** The positions of texts that repeat an earlier one, compared by `key`; blanks and non-texts are skipped. */
function repeats(texts: unknown[], key: (text: string) => string = (text) => text): number[] {
  const seen = new Set<string>();
  return texts.flatMap((text, index) => {
    if (typeof text !== "string" || text.trim() === "") return [];
    const compared = key(text.trim());
    if (seen.has(compared)) return [index];
    seen.add(compared);
    return [];
  });
}

/** Names and values read alike whatever their letters' case ("Size" repeats "size"). */
const asRead = (text: string) => text.toLocaleLowerCase("en");

/** A price for the one variant of a product without options ("force-input" at `price_cents`). */
export function refineSingleVariantPrice(value: VariantsInput, ctx: z.RefinementCtx) {
  if (entriesOf(value.options).length === 0 && value.price_cents === undefined) {
    ctx.addIssue({ code: "custom", message: "force-input", path: ["price_cents"] });
  }
}

/** Each option's name once in the product, in each language ("option-name-repeated" beside the second). */
export function refineOptionNames(value: VariantsInput, ctx: z.RefinementCtx) {
  const options = entriesOf(value.options);
  for (const field of ["name_zh_hk", "name_en"]) {
    const names = options.map((option) => option[field]);
    for (const index of repeats(names, asRead)) {
      ctx.addIssue({ code: "custom", message: "option-name-repeated", path: ["options", index, field] });
    }
  }
}

/** Each value once in its option, in each language ("option-value-repeated:<value>" beside the second). */
export function refineOptionValues(value: VariantsInput, ctx: z.RefinementCtx) {
  entriesOf(value.options).forEach((option, optionIndex) => {
    const values = entriesOf(option.values);
    for (const field of ["value_zh_hk", "value_en"]) {
      const texts = values.map((item) => item[field]);
      for (const index of repeats(texts, asRead)) {
        ctx.addIssue({
          code: "custom",
          message: withValue("option-value-repeated", String(texts[index]).trim()),
          path: ["options", optionIndex, "values", index, field],
        });
      }
    }
  });
}

/**
 * The variants fit the options: none without options, at least one with them, each a combination of
 * existing values ("variant-options-changed") and each combination once ("variant-combination-repeated");
 * SKUs and barcodes once in the product ("sku-repeated", "barcode-repeated"); a variant's image one of the
 * product's ("image-not-of-product").
 */
export function refineVariants(value: VariantsInput, ctx: z.RefinementCtx) {
  const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  const options = entriesOf(value.options);
  const variants = entriesOf(value.variants);
  if (options.length === 0) {
    if (variants.length > 0) issue("variants-without-options", ["variants"]);
    return;
  }
  if (variants.length === 0) issue("variants-required", ["variants"]);
  // An option whose values failed their own rules has no count to hold its variants to.
  const failedOptions = new Set(
    ctx.issues.flatMap((failed) => (failed.path?.[0] === "options" ? [failed.path[1]] : [])),
  );
  const valueCounts = options.map((option, index) =>
    Array.isArray(option.values) && !failedOptions.has(index) ? option.values.length : undefined,
  );
  const images = new Set(listOf(value.images));
  const combinations = new Set<string>();
  variants.forEach((variant, index) => {
    const indexes = variant.option_values;
    if (Array.isArray(indexes) && indexes.every((at) => Number.isInteger(at))) {
      const fits =
        indexes.length === options.length &&
        indexes.every((at: number, option) => valueCounts[option] === undefined || at < valueCounts[option]);
      const combination = indexes.join(",");
      if (!fits) issue("variant-options-changed", ["variants", index, "option_values"]);
      else if (combinations.has(combination))
        issue("variant-combination-repeated", ["variants", index, "option_values"]);
      combinations.add(combination);
    }
    if (typeof variant.image_url === "string" && !images.has(variant.image_url)) {
      issue("image-not-of-product", ["variants", index, "image_url"]);
    }
  });
  for (const [field, message] of [
    ["sku", "sku-repeated"],
    ["barcode", "barcode-repeated"],
  ] as const) {
    for (const index of repeats(variants.map((variant) => variant[field]))) issue(message, ["variants", index, field]);
  }
}

/** A sheet's rows as products: each problem beside its row's field (`rows.<i>.<field>`). */
function refineSheetRows(value: { rows: SheetRowInput[] }, ctx: z.RefinementCtx) {
  for (const { row, field, message } of sheetProducts(value.rows).issues) {
    ctx.addIssue({ code: "custom", message, path: ["rows", row, field] });
  }
}

/** A product's checks between its fields, options and variants. */
/** An open-amount gift card names its minimum and maximum, the minimum no more than the maximum. */
export function refineGiftCardRange(
  value: { gift_card_kind?: unknown; gift_card_min_cents?: unknown; gift_card_max_cents?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.gift_card_kind !== "open") return;
  const { gift_card_min_cents: min, gift_card_max_cents: max } = value;
  if (min === undefined) ctx.addIssue({ code: "custom", message: "force-input", path: ["gift_card_min_cents"] });
  if (max === undefined) ctx.addIssue({ code: "custom", message: "force-input", path: ["gift_card_max_cents"] });
  if (typeof min === "number" && typeof max === "number" && max < min) {
    ctx.addIssue({
      code: "custom",
      message: withValue("number-at-least", min / 100),
      path: ["gift_card_max_cents"],
    });
  }
}

const productChecks = [
  crossFieldCheck(refineSingleVariantPrice),
  crossFieldCheck(refineGiftCardRange),
  crossFieldCheck(refineOptionNames),
  crossFieldCheck(refineOptionValues),
  crossFieldCheck(refineVariants),
];

const optionText = optionalText(MAX_OPTION_TEXT_LENGTH);

/**
 * A row of a sheet: one variant of a product, with its product's fields (the same on each of the
 * product's rows), its options' names and its values of them, and the version an export wrote (blank in
 * a new product's rows), so that an import updating the product refuses rows of a product edited since.
 */
export const productSheetRowFields = {
  ...productFields,
  option1_name_zh_hk: optionText,
  option1_name_en: optionText,
  option1_value_zh_hk: optionText,
  option1_value_en: optionText,
  option2_name_zh_hk: optionText,
  option2_name_en: optionText,
  option2_value_zh_hk: optionText,
  option2_value_en: optionText,
  option3_name_zh_hk: optionText,
  option3_name_en: optionText,
  option3_value_zh_hk: optionText,
  option3_value_en: optionText,
  sellable: productVariantFields.sellable,
  image_url: productVariantFields.image_url,
  version: optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, { below: "format-not-match", above: "format-not-match" })),
};

/**
 * The fields an import can set on a product the store has: the sheet's columns but the product code,
 * which finds the product, and the version (images and add-ons are never in a sheet); `options` stands
 * for the option columns together, which say the product's options and which variant each row is.
 */
export const PRODUCT_SHEET_FIELDS = [
  "name_zh_hk",
  "name_en",
  "description_zh_hk",
  "description_en",
  "options",
  "price_cents",
  "original_price_cents",
  "discount_price_cents",
  "vip_price_cents",
  "cost_cents",
  "sku",
  "barcode",
  "unlimited_inventory",
  "stock",
  "heavy",
  "sellable",
  "image_url",
  "purchase_limit",
  "minimum_order_quantity",
  "bestseller",
  "publish",
  "seo_title",
  "seo_keyword",
  "seo_description",
  "descriptive_url",
  "category_ids",
] as const satisfies readonly (keyof typeof productSheetRowFields | "options")[];
export type ProductSheetField = (typeof PRODUCT_SHEET_FIELDS)[number];

const productCode = { application_key: applicationKey, product_code: urlCode({ max: 64 }) };

/** One of the product's variants; left out, the product's only one (400 `variant-required` when it has several). */
const variantOfProduct = { variant_id: optional(id) };

/** What a person types to change a product's stock. */
export const inventoryAdjustmentFields = {
  change: wholeNumberBetween(-MAX_QUANTITY, MAX_QUANTITY).refine((value) => value !== 0, { error: "force-input" }),
  reason: text({ max: 200 }),
};

export const productPayloads = {
  /** The spec's list call, with its payload as named there, plus search and filters. */
  get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity: z.object({
    application_key: applicationKey,
    ...sorting(PRODUCT_SORTS),
    /** Leave add-on products out (they live in their own list here, so lists never mix them in). */
    filter_additional_product: flag,
    /** Merge in the quantity sold through orders. */
    merge_with_quantity: flag,
    /** Include products the online shop hides but the POS sells (unpublished ones). */
    include_pos: z.boolean().default(true),
    keyword,
    category_id: optional(id),
    publish: optional(z.enum(["published", "unpublished"])),
    stock_status: optional(z.enum(STOCK_STATUSES)),
    bestseller: optional(z.boolean()),
  }),
  get_product_data_by_application_key_and_product_code: z.object(productCode),
  add_product_data: z
    .object({ application_key: applicationKey, ...productFields, ...productVariantsFields })
    .check(...productChecks),
  /**
   * Stock is not edited here: it changes only through recorded adjustments (a new variant's `stock` is
   * its opening stock). Options and their values are matched by position: a value renamed in its place
   * keeps its variants; variants keep their `id`.
   */
  update_product_data_by_application_key_and_product_code: z
    .object({ ...productFields, ...productVariantsFields, ...productCode, version })
    .omit({ stock: true })
    .check(...productChecks),
  delete_product_data_by_application_key_and_product_code: z.object(productCode),
  update_product_data_in_bulk_by_application_key_and_product_codes: z.object({
    application_key: applicationKey,
    product_codes: z
      .array(urlCode({ max: 64 }))
      .min(1, { error: "force-input" })
      .max(100),
    operation: z.enum(BULK_OPERATIONS),
    category_id: optional(id),
  }),
  /**
   * Adds `change` (negative to take stock out); stock stays from 0 ('inventory-not-enough') to
   * MAX_QUANTITY ('inventory-over-maximum:<MAX_QUANTITY>').
   */
  /** The stock changes at `location_id` (the store's first location when not given). */
  add_inventory_adjustment_data: z.object({
    ...productCode,
    ...variantOfProduct,
    location_id: optional(id),
    ...inventoryAdjustmentFields,
  }),
  /** The product's stock history, newest first (the last 100): of all its variants, or of `variant_id`'s. */
  get_inventory_adjustment_data_list_by_application_key_and_product_code: z.object({
    ...productCode,
    variant_id: optional(id),
  }),
  /**
   * The inventory list: one row per variant, by stock (limited variants by their stock, unlimited ones
   * after them), found by the product search's keyword (names, any variant's SKU or barcode, product
   * code); `shortage` keeps the variants that are limited, sellable and out of stock. With `location_id`, the
   * stock, its order and the shortage are that location's (sorted by its stock alone); else the totals.
   */
  get_product_variant_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(PRODUCT_VARIANT_SORTS),
    keyword,
    stock_status: optional(z.enum(STOCK_STATUSES)),
    location_id: optional(id),
  }),
  /** The product's stock at each of the store's locations, per variant, the locations in their order. */
  get_stock_level_data_list_by_application_key_and_product_code: z.object({ ...productCode }),
  /**
   * The variants of these products, each product's in its order: what a supplier's line chooses. A code of
   * no product of the store is 404, `product-not-found` beside it (`product_codes.<i>`).
   */
  get_product_variant_data_list_by_application_key_and_product_codes: z.object({
    application_key: applicationKey,
    product_codes: z
      .array(urlCode({ max: 64 }))
      .min(1, { error: "force-input" })
      .max(100),
  }),
  /**
   * The spreadsheet import: every row is written, or none when any row fails. With `add_only` a row whose
   * product code the store has is refused ('product-code-used'); with `add_and_update` it updates that
   * product's `updated_fields` (the sheet's columns; the others keep their values), refused
   * ('edited-since-export') when the row's `version` is not the product's. A changed stock is recorded in
   * the stock history with `stock_reason`.
   */
  add_product_data_in_batch: z
    .object({
      application_key: applicationKey,
      rows: z.array(z.object(productSheetRowFields)).min(1).max(500),
      mode: z.enum(PRODUCT_IMPORT_MODES).default("add_only"),
      updated_fields: z
        .array(z.enum(PRODUCT_SHEET_FIELDS))
        .max(PRODUCT_SHEET_FIELDS.length)
        .default([...PRODUCT_SHEET_FIELDS]),
      stock_reason: optional(text({ max: 200 })),
    })
    .check(z.superRefine(refineSheetRows, whileValid)),
  /**
   * These products' options and variants, for an export with a row per variant. A code of no product of
   * the store is 404, `product-not-found` beside it (`product_codes.<i>`).
   */
  get_product_variant_sheet_data_list_by_application_key_and_product_codes: z.object({
    application_key: applicationKey,
    product_codes: z
      .array(urlCode({ max: 64 }))
      .min(1, { error: "force-input" })
      .max(100),
  }),
};

export interface ProductRecord {
  id: number;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  description_zh_hk: string;
  description_en: string;
  price_cents: number;
  original_price_cents: number | null;
  discount_price_cents: number | null;
  vip_price_cents: number | null;
  cost_cents: number | null;
  /** Price less cost, when the cost is known. */
  profit_cents: number | null;
  sku: string | null;
  barcode: string | null;
  unlimited_inventory: boolean;
  stock: number;
  /** `shortage` while any of its variants is short (limited, sellable and out of stock). */
  stock_status: (typeof STOCK_STATUSES)[number];
  /** How many of its variants are short. */
  short_variant_count: number;
  purchase_limit: number | null;
  minimum_order_quantity: number;
  heavy: boolean;
  bestseller: boolean;
  publish: boolean;
  gift_card_kind: GiftCardProductKind | null;
  gift_card_min_cents: number | null;
  gift_card_max_cents: number | null;
  gift_card_valid_months: number | null;
  seo_title: string;
  seo_keyword: string;
  seo_description: string;
  descriptive_url: string | null;
  images: string[];
  /** Only with merge_with_quantity. */
  sold_quantity?: number;
  create_date: string;
  version: number;
  /** The highest of its variants' prices; `price_cents` is the lowest. */
  price_max_cents: number;
  variant_count: number;
}

export interface ProductOptionRecord {
  name_zh_hk: string;
  name_en: string;
  values: { id: number; value_zh_hk: string; value_en: string }[];
}

export interface ProductVariantRecord {
  id: number;
  /** The index of its value in each option's `values`, one per option. */
  option_values: number[];
  sku: string | null;
  barcode: string | null;
  price_cents: number;
  original_price_cents: number | null;
  discount_price_cents: number | null;
  vip_price_cents: number | null;
  cost_cents: number | null;
  unlimited_inventory: boolean;
  stock: number;
  heavy: boolean;
  image_url: string | null;
  sellable: boolean;
  /** Its option values in order ("M / 黑色"); empty for a product without options. */
  label_zh_hk: string;
  label_en: string;
}

export interface ProductDetail extends ProductRecord {
  category_ids: number[];
  add_on_product_ids: number[];
  /** In the merchant's order; none for a product with one variant. */
  options: ProductOptionRecord[];
  /** In the merchant's order; a product without options has exactly one. */
  variants: ProductVariantRecord[];
}

export interface InventoryAdjustmentRecord {
  id: number;
  /** The variant whose stock changed, and its option values ("M / 黑色"; empty without options). */
  variant_id: number | null;
  label_zh_hk: string;
  label_en: string;
  before: number;
  after: number;
  reason: string;
  actor_email: string;
  create_date: string;
  /** Where it changed; null before locations (migration 0069) or once the location is deleted. */
  location_id: number | null;
  location_name_zh_hk: string | null;
  location_name_en: string | null;
}

/** A variant's stock at a location (the product page's stock by location). */
export interface StockLevelRecord {
  variant_id: number;
  label_zh_hk: string;
  label_en: string;
  location_id: number;
  location_name_zh_hk: string;
  location_name_en: string;
  stock: number;
}

/** A page of the inventory list, with the store's locations in their order to read and adjust it by. */
export interface ProductVariantStockList {
  variants: ProductVariantStockRecord[];
  locations: LocationName[];
}

/** A variant's stock, as the inventory list shows it. */
export interface ProductVariantStockRecord {
  /** The variant's id. */
  id: number;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  /** Its option values in order ("M / 黑色"); empty for a product without options. */
  label_zh_hk: string;
  label_en: string;
  sku: string | null;
  barcode: string | null;
  unlimited_inventory: boolean;
  stock: number;
  sellable: boolean;
  /** `shortage` when limited, sellable and out of stock. */
  stock_status: (typeof STOCK_STATUSES)[number];
  /** How many variants its product has. */
  variant_count: number;
}

/** A product's options and variants, each in the merchant's order, as an export writes them. */
export interface ProductVariantSheetRecord {
  product_code: string;
  options: ProductOptionRecord[];
  variants: ProductVariantRecord[];
}

/** A variant to choose on a form's line. */
export interface ProductVariantChoice {
  id: number;
  product_code: string;
  name_zh_hk: string;
  name_en: string;
  label_zh_hk: string;
  label_en: string;
  sku: string | null;
}

export interface ProductResults {
  get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity: (ProductRecord & {
    category_ids: number[];
  })[];
  get_product_data_by_application_key_and_product_code: ProductDetail;
  add_product_data: { product_code: string };
  update_product_data_by_application_key_and_product_code: null;
  delete_product_data_by_application_key_and_product_code: null;
  update_product_data_in_bulk_by_application_key_and_product_codes: { updated: number };
  add_inventory_adjustment_data: { before: number; after: number };
  get_inventory_adjustment_data_list_by_application_key_and_product_code: InventoryAdjustmentRecord[];
  get_product_variant_data_and_total_number_by_sorting_and_limit: ProductVariantStockList;
  get_stock_level_data_list_by_application_key_and_product_code: StockLevelRecord[];
  get_product_variant_data_list_by_application_key_and_product_codes: ProductVariantChoice[];
  /** How many rows added a product, and how many changed one (rows equal to their product change nothing). */
  add_product_data_in_batch: { added: number; updated: number };
  get_product_variant_sheet_data_list_by_application_key_and_product_codes: ProductVariantSheetRecord[];
}

const exampleProduct = { name_zh_hk: "例子", price_cents: 1000 };

export const productExamples: Examples<typeof productPayloads> = {
  get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity: ({ application_key }) => ({
    application_key,
  }),
  get_product_data_by_application_key_and_product_code: ({ application_key, product_code }) => ({
    application_key,
    product_code,
  }),
  add_product_data: ({ application_key, category_id, add_on_product_id }) => ({
    application_key,
    product_code: "EXAMPLE-NEW",
    ...exampleProduct,
    category_ids: [category_id],
    add_on_product_ids: [add_on_product_id],
    options: [{ name_zh_hk: "尺碼", name_en: "Size", values: [{ value_zh_hk: "S" }, { value_zh_hk: "M" }] }],
    variants: [
      { option_values: [0], price_cents: 1000, sku: "EXAMPLE-NEW-S" },
      { option_values: [1], price_cents: 1200, sku: "EXAMPLE-NEW-M", barcode: "4890000000001" },
    ],
  }),
  update_product_data_by_application_key_and_product_code: ({ application_key, product_code }) => ({
    application_key,
    product_code,
    ...exampleProduct,
    version: 1,
  }),
  delete_product_data_by_application_key_and_product_code: ({ application_key, product_code }) => ({
    application_key,
    product_code,
  }),
  update_product_data_in_bulk_by_application_key_and_product_codes: ({ application_key, product_code }) => ({
    application_key,
    product_codes: [product_code],
    operation: "delete",
  }),
  add_inventory_adjustment_data: ({ application_key, product_code }) => ({
    application_key,
    product_code,
    change: -1,
    reason: "example",
  }),
  get_inventory_adjustment_data_list_by_application_key_and_product_code: ({ application_key, product_code }) => ({
    application_key,
    product_code,
  }),
  get_product_variant_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    sorting: "stock",
    direction: "ASC",
    stock_status: "shortage",
  }),
  get_stock_level_data_list_by_application_key_and_product_code: ({ application_key, product_code }) => ({
    application_key,
    product_code,
  }),
  get_product_variant_data_list_by_application_key_and_product_codes: ({ application_key, product_code }) => ({
    application_key,
    product_codes: [product_code],
  }),
  add_product_data_in_batch: ({ application_key, category_id }) => ({
    application_key,
    rows: [
      { product_code: "EXAMPLE-IMPORTED", ...exampleProduct, category_ids: [category_id] },
      ...["S", "M"].map((size) => ({
        product_code: "EXAMPLE-IMPORTED-TEE",
        ...exampleProduct,
        option1_name_zh_hk: "尺碼",
        option1_value_zh_hk: size,
        sku: `EXAMPLE-IMPORTED-TEE-${size}`,
      })),
    ],
  }),
  get_product_variant_sheet_data_list_by_application_key_and_product_codes: ({ application_key, product_code }) => ({
    application_key,
    product_codes: [product_code],
  }),
};
