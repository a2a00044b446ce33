import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Payload } from "../../contract/actions";
import { centsToDollars } from "../../contract/money";
import type { ProductOptionRecord, ProductVariantRecord } from "./contract";
import { chunks } from "../../backend/db/chunks";
import type { StoreScope } from "../../backend/db/scope";
import { productOptions, productOptionValues, productVariants } from "../../backend/db/schema";
import { ActionError, notFound } from "../../backend/errors";

/**
 * A product's options, their values and its variants: how they are read, and the statements that write
 * them beside the product's own (in its add or edit batch). Options and values are matched by position,
 * so a value renamed in its place keeps its id and its variants; variants are matched by id.
 */

type ProductInput = Omit<Payload<"add_product_data">, "application_key">;
type OptionInput = ProductInput["options"][number];
type VariantInput = ProductInput["variants"][number];
type OptionRow = typeof productOptions.$inferSelect;
type ValueRow = typeof productOptionValues.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** A product's id in a statement: known after reading it, a subquery when the batch adds it. */
type ProductId = number | SQL<number>;
type Statement = BatchItem<"sqlite">;

/**
 * A variant's own fields (what it is sold and counted as, but its stock) by their names in the contract and
 * in the table: every conversion between a payload, a saved row, a record and a sheet's row reads this list.
 */
const VARIANT_OWN_COLUMNS = {
  sku: "sku",
  barcode: "barcode",
  price_cents: "priceCents",
  original_price_cents: "originalPriceCents",
  discount_price_cents: "discountPriceCents",
  vip_price_cents: "vipPriceCents",
  cost_cents: "costCents",
  unlimited_inventory: "unlimitedInventory",
  heavy: "heavy",
  image_url: "imageUrl",
  sellable: "sellable",
} as const satisfies Partial<Record<keyof VariantInput, keyof VariantRow>>;

export type VariantOwnField = keyof typeof VARIANT_OWN_COLUMNS;
export const VARIANT_OWN_FIELDS = Object.keys(VARIANT_OWN_COLUMNS) as VariantOwnField[];
type OwnColumns = Pick<VariantRow, (typeof VARIANT_OWN_COLUMNS)[VariantOwnField]>;
/** A variant's own fields whichever way a blank is written: left out (a payload) or null (a record). */
type OwnFields = { [F in keyof OwnInput]: OwnInput[F] | null };
type OwnInput = Pick<VariantInput, VariantOwnField>;

/** A variant's own fields as its columns hold them: a blank is NULL. */
const ownColumnsOf = (variant: OwnFields) =>
  Object.fromEntries(
    VARIANT_OWN_FIELDS.map((field) => [VARIANT_OWN_COLUMNS[field], variant[field] ?? null]),
  ) as OwnColumns;

/** A saved variant's own fields under their contract names, as its record shows them. */
const ownFieldsOf = (row: OwnColumns) =>
  Object.fromEntries(VARIANT_OWN_FIELDS.map((field) => [field, row[VARIANT_OWN_COLUMNS[field]]])) as Pick<
    ProductVariantRecord,
    VariantOwnField
  >;

/** A variant's own fields as a payload gives them: a blank is left out. */
export const ownInputOf = (variant: OwnFields) =>
  Object.fromEntries(VARIANT_OWN_FIELDS.map((field) => [field, variant[field] ?? undefined])) as OwnInput;

/** What a product's variants are made of: its options and variants, or its own fields for its one variant. */
type VariantSource = Partial<Pick<ProductInput, "options" | "variants" | "stock">> &
  Pick<ProductInput, Exclude<VariantOwnField, "image_url" | "sellable">>;

/** Variants per insert: about 28 bound values each (the product's and each option value's id are subqueries). */
const VARIANTS_PER_INSERT = 3;
/** Option values per insert: about 7 bound values each. */
const VALUES_PER_INSERT = 12;
/** Ids per `IN (…)`, beside the few other values of the statement, under D1's 100 bound values. */
const IDS_PER_STATEMENT = 90;

/** A product's options, their values and its variants, each in the merchant's order. */
export function variantReads(store: StoreScope, productId: ProductId) {
  return [
    store.select(productOptions, eq(productOptions.productId, productId)).orderBy(productOptions.position),
    store
      .select(
        productOptionValues,
        inArray(
          productOptionValues.optionId,
          store.selectFields(productOptions, { id: productOptions.id }, eq(productOptions.productId, productId)),
        ),
      )
      .orderBy(productOptionValues.optionId, productOptionValues.position),
    store
      .select(productVariants, eq(productVariants.productId, productId))
      .orderBy(productVariants.position, productVariants.id),
  ] as const;
}

export type SavedVariants = BatchResponse<ReturnType<typeof variantReads>>;

/** The options, values and variants of several products (`productIds`, a subquery), each product's in order. */
export function variantReadsOf(store: StoreScope, productIds: SQL | SQLiteSelect) {
  return [
    store
      .select(productOptions, inArray(productOptions.productId, productIds))
      .orderBy(productOptions.productId, productOptions.position),
    store
      .select(
        productOptionValues,
        inArray(
          productOptionValues.optionId,
          store.selectFields(productOptions, { id: productOptions.id }, inArray(productOptions.productId, productIds)),
        ),
      )
      .orderBy(productOptionValues.optionId, productOptionValues.position),
    store
      .select(productVariants, inArray(productVariants.productId, productIds))
      .orderBy(productVariants.productId, productVariants.position, productVariants.id),
  ] as const;
}

/** What `variantReadsOf` read, as each product's own options, values and variants. */
export function savedVariantsByProduct([options, values, variants]: SavedVariants): Map<number, SavedVariants> {
  const byProduct = new Map<number, SavedVariants>();
  const of = (productId: number) => {
    let saved = byProduct.get(productId);
    if (!saved) byProduct.set(productId, (saved = [[], [], []]));
    return saved;
  };
  const productOfOption = new Map(options.map((option) => [option.id, option.productId]));
  for (const option of options) of(option.productId)[0].push(option);
  for (const value of values) of(productOfOption.get(value.optionId)!)[1].push(value);
  for (const variant of variants) of(variant.productId)[2].push(variant);
  return byProduct;
}

const optionValueIds = (variant: VariantRow) =>
  [variant.optionValue1Id, variant.optionValue2Id, variant.optionValue3Id].filter((id): id is number => id !== null);

/** Each value's index in its option, by the value's id. */
function valueIndexes(values: ValueRow[]) {
  const indexes = new Map<number, number>();
  const seen = new Map<number, number>();
  for (const value of values) {
    const index = seen.get(value.optionId) ?? 0;
    indexes.set(value.id, index);
    seen.set(value.optionId, index + 1);
  }
  return indexes;
}

/** A saved variant's combination: the index of its value in each option. */
const combinationOf = (variant: VariantRow, indexes: Map<number, number>) =>
  optionValueIds(variant).map((id) => indexes.get(id) ?? 0);

/** The options and variants as the product's detail gives them, each variant named by its values. */
export function toOptionsAndVariants([options, values, variants]: SavedVariants): {
  options: ProductOptionRecord[];
  variants: ProductVariantRecord[];
} {
  const byId = new Map(values.map((value) => [value.id, value]));
  const indexes = valueIndexes(values);
  const label = (variant: VariantRow, name: (value: ValueRow) => string) =>
    optionValueIds(variant)
      .flatMap((id) => {
        const value = byId.get(id);
        return value ? [name(value)] : [];
      })
      .join(" / ");
  return {
    options: options.map((option) => ({
      name_zh_hk: option.nameZhHk,
      name_en: option.nameEn,
      values: values
        .filter((value) => value.optionId === option.id)
        .map((value) => ({ id: value.id, value_zh_hk: value.valueZhHk, value_en: value.valueEn })),
    })),
    variants: variants.map((variant) => ({
      id: variant.id,
      option_values: combinationOf(variant, indexes),
      ...ownFieldsOf(variant),
      stock: variant.stock,
      label_zh_hk: label(variant, (value) => value.valueZhHk),
      label_en: label(variant, (value) => value.valueEn || value.valueZhHk),
    })),
  };
}

/**
 * The variants a payload describes: its variants with options, else its top-level fields as the one
 * variant (whose price the contract requires then).
 */
export function variantsOf(input: VariantSource): VariantInput[] {
  if (input.options?.length) return input.variants ?? [];
  return [
    {
      option_values: [],
      sku: input.sku,
      barcode: input.barcode,
      price_cents: input.price_cents!,
      original_price_cents: input.original_price_cents,
      discount_price_cents: input.discount_price_cents,
      vip_price_cents: input.vip_price_cents,
      cost_cents: input.cost_cents,
      unlimited_inventory: input.unlimited_inventory,
      stock: input.stock ?? 0,
      heavy: input.heavy,
      sellable: true,
    },
  ];
}

/** The id of an option, by its position, inside the batch. */
const optionIdOf = (productId: ProductId, position: number) =>
  sql<number>`(select ${productOptions.id} from ${productOptions} where ${productOptions.productId} = ${productId} and ${productOptions.position} = ${position})`;

/** The id of a value, by its option's position and its own, inside the batch (a new value has none before). */
const optionValueIdOf = (productId: ProductId, option: number, value: number) =>
  sql<number>`(select ${productOptionValues.id} from ${productOptionValues} where ${productOptionValues.optionId} = ${optionIdOf(productId, option)} and ${productOptionValues.position} = ${value})`;

/** A variant's own columns but its stock, which only a new variant takes from the payload. */
const ownVariantColumns = (variant: OwnFields, position: number) => ({ position, ...ownColumnsOf(variant) });

/** A variant's columns but its stock: its own, its product and the ids of its combination's values. */
function variantColumns(variant: VariantInput, productId: ProductId, position: number) {
  const valueId = (option: number) =>
    option < variant.option_values.length
      ? optionValueIdOf(productId, option + 1, variant.option_values[option] + 1)
      : null;
  return {
    productId,
    optionValue1Id: valueId(0),
    optionValue2Id: valueId(1),
    optionValue3Id: valueId(2),
    ...ownVariantColumns(variant, position),
  };
}

/** A saved variant's own columns as a payload's would be, to tell whether an edit changes it. */
const savedOwnColumns = (saved: VariantRow) => ownVariantColumns(ownFieldsOf(saved), saved.position);

const optionColumns = (option: OptionInput) => ({ nameZhHk: option.name_zh_hk, nameEn: option.name_en ?? "" });
const valueColumns = (value: OptionInput["values"][number]) => ({
  valueZhHk: value.value_zh_hk,
  valueEn: value.value_en ?? "",
});

/** New values of an option (from `from`, a position counted from 0), inserted in chunks. */
function valueInserts(
  store: StoreScope,
  productId: ProductId,
  optionPosition: number,
  values: OptionInput["values"],
  from = 0,
): Statement[] {
  const rows = values.slice(from).map((value, at) => ({
    optionId: optionIdOf(productId, optionPosition),
    position: from + at + 1,
    ...valueColumns(value),
  }));
  return chunks(rows, VALUES_PER_INSERT).map((chunk) => store.insert(productOptionValues, chunk));
}

/** New variants, from their position in the product, inserted in chunks with their opening stock. */
function variantInserts(
  store: StoreScope,
  productId: ProductId,
  variants: { variant: VariantInput; position: number }[],
): Statement[] {
  const rows = variants.map(({ variant, position }) => ({
    ...variantColumns(variant, productId, position),
    stock: variant.stock,
  }));
  return chunks(rows, VARIANTS_PER_INSERT).map((chunk) => store.insert(productVariants, chunk));
}

/** A new product's options, values and variants, after the product's insert in its batch. */
export function addVariantStatements(
  store: StoreScope,
  productId: ProductId,
  input: VariantSource & Pick<ProductInput, "options">,
): Statement[] {
  return [
    ...(input.options.length
      ? [
          store.insert(
            productOptions,
            input.options.map((option, at) => ({ productId, position: at + 1, ...optionColumns(option) })),
          ),
        ]
      : []),
    ...input.options.flatMap((option, at) => valueInserts(store, productId, at + 1, option.values)),
    ...variantInserts(
      store,
      productId,
      variantsOf(input).map((variant, at) => ({ variant, position: at + 1 })),
    ),
  ];
}

/**
 * An edited product's options, values and variants, in its edit batch. Kept variants keep their id and
 * stock; new ones are inserted with their opening stock; the others are deleted. When a product without
 * options gets some, its one variant becomes the first new one, keeping its stock, history and order
 * lines; when it loses them, its first variant stays as the one. In order, so that no unique index
 * refuses a state on the way: removed variants go first, kept variants' changing SKUs and barcodes are
 * cleared, new options and values come before the variants that name them, and options and values
 * that are gone go last, once no variant names them.
 */
export function updateVariantStatements(
  store: StoreScope,
  productId: number,
  input: VariantSource & Pick<ProductInput, "options">,
  [savedOptions, savedValues, savedVariants]: SavedVariants,
  now: Date,
): Statement[] {
  const targets = variantsOf(input).map((variant) => ({ ...variant }));
  const savedIds = new Set(savedVariants.map((variant) => variant.id));
  if (targets.some((variant) => variant.id !== undefined && !savedIds.has(variant.id))) throw notFound();
  const [firstSaved] = savedVariants;
  if (input.options.length === 0 || savedOptions.length === 0) {
    // From one variant to options, or back: the first variant carries on.
    if (firstSaved && !targets.some((variant) => variant.id !== undefined)) targets[0].id = firstSaved.id;
  }
  const keptIds = new Set(targets.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
  const removedIds = savedVariants.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id);
  const savedById = new Map(savedVariants.map((variant) => [variant.id, variant]));
  const indexes = valueIndexes(savedValues);
  const positioned = targets.map((variant, at) => ({ variant, position: at + 1 }));
  const kept = positioned.flatMap(({ variant, position }) => {
    const saved = variant.id === undefined ? undefined : savedById.get(variant.id);
    return saved ? [{ variant, position, saved }] : [];
  });
  const changed = kept.filter(
    ({ variant, position, saved }) =>
      JSON.stringify([ownVariantColumns(variant, position), variant.option_values]) !==
      JSON.stringify([savedOwnColumns(saved), combinationOf(saved, indexes)]),
  );
  const codesMoving = changed
    .filter(({ variant, saved }) => (variant.sku ?? null) !== saved.sku || (variant.barcode ?? null) !== saved.barcode)
    .map(({ saved }) => saved.id);
  const savedValuesOf = (option: OptionRow) => savedValues.filter((value) => value.optionId === option.id);
  const updatedAt = now.toISOString();
  return [
    ...chunks(removedIds, IDS_PER_STATEMENT).map((ids) =>
      store.delete(productVariants, inArray(productVariants.id, ids)),
    ),
    ...input.options.flatMap((option, at): Statement[] => {
      const saved = savedOptions[at];
      const position = at + 1;
      if (!saved) {
        return [
          store.insert(productOptions, [{ productId, position, ...optionColumns(option) }]),
          ...valueInserts(store, productId, position, option.values),
        ];
      }
      const values = savedValuesOf(saved);
      const renamed = saved.nameZhHk !== option.name_zh_hk || saved.nameEn !== (option.name_en ?? "");
      return [
        ...(renamed ? [store.update(productOptions, optionColumns(option), eq(productOptions.id, saved.id))] : []),
        ...option.values.slice(0, values.length).flatMap((value, index): Statement[] => {
          const was = values[index];
          const same = was.valueZhHk === value.value_zh_hk && was.valueEn === (value.value_en ?? "");
          return same
            ? []
            : [store.update(productOptionValues, valueColumns(value), eq(productOptionValues.id, was.id))];
        }),
        ...valueInserts(store, productId, position, option.values, values.length),
      ];
    }),
    ...chunks(codesMoving, IDS_PER_STATEMENT).map((ids) =>
      store.update(productVariants, { sku: null, barcode: null }, inArray(productVariants.id, ids)),
    ),
    ...changed.map(({ variant, position, saved }) =>
      store.update(
        productVariants,
        { ...variantColumns(variant, productId, position), updatedAt },
        eq(productVariants.id, saved.id),
      ),
    ),
    ...variantInserts(
      store,
      productId,
      positioned.filter(({ variant }) => variant.id === undefined),
    ),
    ...input.options.flatMap((option, at): Statement[] => {
      const saved = savedOptions[at];
      return saved && savedValuesOf(saved).length > option.values.length
        ? [
            store.delete(
              productOptionValues,
              and(eq(productOptionValues.optionId, saved.id), gt(productOptionValues.position, option.values.length)),
            ),
          ]
        : [];
    }),
    ...(savedOptions.length > input.options.length
      ? [
          store.delete(
            productOptions,
            and(eq(productOptions.productId, productId), gt(productOptions.position, input.options.length)),
          ),
        ]
      : []),
  ];
}

/** The store's variants holding any of the payload's SKUs or barcodes, in statements of at most 90 codes. */
export function codeReads(store: StoreScope, variants: Pick<VariantInput, "sku" | "barcode">[]) {
  const skus = [...new Set(variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])))];
  const barcodes = [...new Set(variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : [])))];
  const holders = { productId: productVariants.productId, sku: productVariants.sku, barcode: productVariants.barcode };
  return [
    ...chunks(skus, IDS_PER_STATEMENT).map((chunk) =>
      store.selectFields(productVariants, holders, inArray(productVariants.sku, chunk)),
    ),
    ...chunks(barcodes, IDS_PER_STATEMENT).map((chunk) =>
      store.selectFields(productVariants, holders, inArray(productVariants.barcode, chunk)),
    ),
  ];
}

type CodeHolder = { productId: number; sku: string | null; barcode: string | null };

/**
 * A SKU or barcode another product's variant has: 409 beside the variant's field (`variants.<i>.sku`),
 * or beside the product's own field for a product without options.
 */
export function assertCodesFree(input: VariantSource, holders: CodeHolder[], productId?: number) {
  const others = holders.filter((holder) => holder.productId !== productId);
  const takenSkus = new Set(others.map((holder) => holder.sku));
  const takenBarcodes = new Set(others.map((holder) => holder.barcode));
  const fields: Record<string, string[]> = {};
  const at = (index: number, field: string) => (input.options?.length ? `variants.${index}.${field}` : field);
  variantsOf(input).forEach((variant, index) => {
    if (variant.sku && takenSkus.has(variant.sku)) fields[at(index, "sku")] = ["sku-used"];
    if (variant.barcode && takenBarcodes.has(variant.barcode)) fields[at(index, "barcode")] = ["barcode-used"];
  });
  if (Object.keys(fields).length > 0) throw new ActionError(409, "invalid-payload", fields);
}

/** The options as the log shows them: each with its values. */
export const loggedOptions = (options: { name_zh_hk: string; values: { value_zh_hk: string }[] }[]) =>
  options
    .map((option) => `${option.name_zh_hk}: ${option.values.map((value) => value.value_zh_hk).join(", ")}`)
    .join("; ");

/** The variants as the log shows them: each by its values, with its codes and price. */
export const loggedVariants = (
  options: { values: { value_zh_hk: string }[] }[],
  variants: {
    option_values: number[];
    sku?: string | null;
    barcode?: string | null;
    price_cents: number;
    sellable: boolean;
  }[],
) =>
  options.length === 0
    ? ""
    : variants
        .map((variant) => {
          const name = variant.option_values
            .map((index, option) => options[option]?.values[index]?.value_zh_hk)
            .join(" / ");
          const codes = [variant.sku, variant.barcode].filter(Boolean).join(" ");
          return [name, codes, `HK$${centsToDollars(variant.price_cents)}`, variant.sellable ? "" : "×"]
            .filter(Boolean)
            .join(" ");
        })
        .join("; ");
