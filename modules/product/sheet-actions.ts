import { eq, inArray, or, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { allows, permissionFor } from "../../contract/permissions";
import type { ProductOptionRecord, ProductSheetField, ProductVariantRecord } from "./contract";
import { sheetKey, sheetProducts, type ProductOfRows, type SheetOption } from "./sheet-rows";
import type { Caller } from "../../backend/caller";
import type { StoreScope } from "../../backend/db/scope";
import {
  inventoryAdjustments,
  productCategories,
  products,
  productVariants,
  stockLevels,
} from "../../backend/db/schema";
import { firstLocation, stockAt, updateStockAt } from "./stock-levels";
import { ActionError } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { chunks } from "../../backend/db/chunks";
import { defineAction } from "../../backend/registry";
import { rethrowUniqueViolation } from "../../backend/unique";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import {
  addStatements,
  assertOwnLinks,
  categoryIdsOfProduct,
  loggedVariantsOf,
  ownLinksReads,
  rethrowStockRefused,
  stockOfVariant,
  toColumns,
  toLogged,
  type Columns,
  type NewProduct,
  type ProductFields,
  type ProductRow,
} from "./records";
import {
  codeReads,
  ownInputOf,
  savedVariantsByProduct,
  toOptionsAndVariants,
  updateVariantStatements,
  variantReadsOf,
  VARIANT_OWN_FIELDS,
  type SavedVariants,
} from "./variants";

/** A sheet's rows are checked before they are written: only a race with another write gets here. */
const UNIQUE_MESSAGES = {
  "product.product_code": "product-code-used",
  "product.descriptive_url": "descriptive-url-used",
  "product_variant.sku": "sku-used",
  "product_variant.barcode": "barcode-used",
} as const;

export const productSheetActions = [
  /**
   * Every row is written in one atomic batch, or none: refused codes, SKUs, barcodes, URLs, images and
   * versions are reported by row. The rows are read as products (modules/product/sheet-rows.ts): a row
   * per variant, a product's rows together. Products the store has are updated with only what differs: their
   * own fields with a new version (over the version read, so an edit saved meanwhile makes the batch 409),
   * categories, options, values and variants (a row is the saved variant of its combination of values),
   * and each variant's stock with an adjustment in the stock history. A product equal to its rows writes
   * nothing.
   */
  defineAction("add_product_data_in_batch", "store:product:write", {
    reads: ({ rows }, { store }) =>
      [
        ...ownLinksReads(store, linksOfRows(rows)),
        ...chunks(firstRowsOf(rows), CODES_PER_READ).flatMap((chunk) => {
          const codes = chunk.map((row) => row.product_code);
          const urls = chunk.flatMap((row) => (row.descriptive_url ? [row.descriptive_url.toLowerCase()] : []));
          return [
            store.selectFields(
              products,
              { product: products, categoryIds: categoryIdsOfProduct },
              or(
                inArray(products.productCode, codes),
                urls.length ? inArray(sql`lower(${products.descriptiveUrl})`, urls) : undefined,
              ),
            ),
            ...variantReadsOf(store, productIdsOf(store, codes)),
          ];
        }),
        ...codeReads(store, rows),
      ] as const,
    handler: async (
      { rows, mode, updated_fields, stock_reason },
      { store, caller, now },
      [categoryCount, addOnCount, imageCount, ...read],
    ) => {
      const productReadCount = chunks(firstRowsOf(rows), CODES_PER_READ).length * 4;
      const byCode = existingProducts(read.slice(0, productReadCount));
      const holders = read.slice(productReadCount).flat() as CodeHolder[];
      const urlOwners = new Map(
        [...byCode.values()].flatMap(({ row }) =>
          row.descriptiveUrl ? [[row.descriptiveUrl.toLowerCase(), row.productCode]] : [],
        ),
      );
      const holdersOf = (field: "sku" | "barcode", code: string | undefined) =>
        code ? holders.filter((holder) => holder[field] === code).map((holder) => holder.productId) : [];
      const updating = mode === "add_and_update";
      // Stock changes through recorded adjustments: an import changes a variant's stock only for who may adjust it.
      const mayAdjustStock = allows(permissionFor(caller, "product_inventory"), "write");
      const fields: Record<string, string[]> = {};
      const refuse = (row: number, field: string, message: string) => (fields[`rows.${row}.${field}`] = [message]);
      const adds: NewProduct[] = [];
      const updates: ImportedChange[] = [];
      for (const product of sheetProducts(rows).products) {
        const [firstIndex] = product.rows;
        const first = rows[firstIndex];
        const current = byCode.get(first.product_code);
        if (current && !updating) refuse(firstIndex, "product_code", "product-code-used");
        const urlOwner = first.descriptive_url ? urlOwners.get(first.descriptive_url.toLowerCase()) : undefined;
        if (urlOwner !== undefined && !(updating && urlOwner === first.product_code)) {
          refuse(firstIndex, "descriptive_url", "descriptive-url-used");
        }
        for (const index of product.rows) {
          const row = rows[index];
          if (holdersOf("sku", row.sku).some((id) => id !== current?.row.id)) refuse(index, "sku", "sku-used");
          if (holdersOf("barcode", row.barcode).some((id) => id !== current?.row.id)) {
            refuse(index, "barcode", "barcode-used");
          }
          if (row.image_url && !current?.row.images.includes(row.image_url)) {
            refuse(index, "image_url", "image-not-of-product");
          }
        }
        if (!current || !updating) {
          adds.push(newProductOf(rows, product));
          continue;
        }
        const change = importedChange(store, now, current, rows, product, updated_fields);
        if (change.edited && first.version !== undefined && first.version !== current.row.version) {
          refuse(firstIndex, "version", "edited-since-export");
        }
        if (!mayAdjustStock) for (const { index } of change.stock) refuse(index, "stock", "forbidden");
        if (change.variantRequired) refuse(firstIndex, "product_code", "variant-required");
        if (change.changed) updates.push(change);
      }
      if (Object.keys(fields).length > 0) throw new ActionError(409, "invalid-payload", fields);
      assertOwnLinks(linksOfRows(rows), [categoryCount, addOnCount, imageCount]);
      if (!stock_reason && updates.some((change) => change.stock.length > 0)) {
        throw new ActionError(400, "invalid-payload", { stock_reason: ["force-input"] });
      }
      const statements = [
        ...adds.flatMap((product) => addStatements(store, caller, now, product)),
        ...updates.flatMap((change) => importedUpdateStatements(store, caller, now, change, stock_reason ?? "")),
      ];
      if (statements.length === 0) return { added: 0, updated: 0 };
      await store
        .batch(statements as [(typeof statements)[number], ...typeof statements])
        .catch(rethrowImportRaced)
        .catch(rethrowStockRefused)
        .catch((error) => rethrowUniqueViolation(error, UNIQUE_MESSAGES));
      return { added: adds.length, updated: updates.length };
    },
  }),

  /** From the products by code, then their options, values and variants (each read by product), in groups of codes. */
  defineAction("get_product_variant_sheet_data_list_by_application_key_and_product_codes", "store:product:read", {
    reads: ({ product_codes }, { store }) =>
      chunks(product_codes, CODES_PER_READ).flatMap((codes) => [
        store.selectFields(
          products,
          { product: products, categoryIds: categoryIdsOfProduct },
          inArray(products.productCode, codes),
        ),
        ...variantReadsOf(store, productIdsOf(store, codes)),
      ]),
    handler: async ({ product_codes }, _context, read) => {
      const byCode = existingProducts(read);
      const unknown = product_codes.flatMap((code, index) => (byCode.has(code) ? [] : [index]));
      if (unknown.length > 0) {
        throw new ActionError(
          404,
          "not-found",
          Object.fromEntries(unknown.map((index) => [`product_codes.${index}`, ["product-not-found"]])),
        );
      }
      return product_codes.map((code) => ({ product_code: code, ...toOptionsAndVariants(byCode.get(code)!.saved) }));
    },
  }),
];

/** Product codes per read of the products an import or export names (each code a bound value). */
const CODES_PER_READ = 40;

type ImportedRow = Payload<"add_product_data_in_batch">["rows"][number];
type CodeHolder = { productId: number; sku: string | null; barcode: string | null };

/** The first row of each product: the one that carries its fields (a product's rows are together). */
const firstRowsOf = (rows: ImportedRow[]) =>
  rows.filter((row, index) => index === 0 || rows[index - 1].product_code !== row.product_code);

const productIdsOf = (store: StoreScope, codes: string[]) =>
  store.selectFields(products, { id: products.id }, inArray(products.productCode, codes));

type ExistingProduct = { row: ProductRow; categoryIds: number[]; saved: SavedVariants };
type ImportedChange = ReturnType<typeof importedChange>;

/**
 * The products read by code (with their categories), each with its options, values and variants: reads in
 * groups of four, the products then `variantReadsOf` theirs.
 */
function existingProducts(read: unknown[]): Map<string, ExistingProduct> {
  const byCode = new Map<string, ExistingProduct>();
  for (let at = 0; at < read.length; at += 4) {
    const found = read[at] as { product: ProductRow; categoryIds: string }[];
    const saved = savedVariantsByProduct(read.slice(at + 1, at + 4) as unknown as SavedVariants);
    for (const { product, categoryIds } of found) {
      byCode.set(product.productCode, {
        row: product,
        categoryIds: (JSON.parse(categoryIds) as number[]).sort((a, b) => a - b),
        saved: saved.get(product.id) ?? [[], [], []],
      });
    }
  }
  return byCode;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The product's own column each field of a sheet sets; the variants' fields, categories and stock are written apart. */
const SHEET_FIELD_COLUMNS = {
  name_zh_hk: "nameZhHk",
  name_en: "nameEn",
  description_zh_hk: "descriptionZhHk",
  description_en: "descriptionEn",
  options: null,
  price_cents: null,
  original_price_cents: null,
  discount_price_cents: null,
  vip_price_cents: null,
  cost_cents: null,
  sku: null,
  barcode: null,
  unlimited_inventory: null,
  stock: null,
  heavy: null,
  sellable: null,
  image_url: null,
  purchase_limit: "purchaseLimit",
  minimum_order_quantity: "minimumOrderQuantity",
  bestseller: "bestseller",
  publish: "publish",
  seo_title: "seoTitle",
  seo_keyword: "seoKeyword",
  seo_description: "seoDescription",
  descriptive_url: "descriptiveUrl",
  category_ids: null,
} as const satisfies Record<ProductSheetField, keyof Columns | null>;

type VariantInput = ProductFields["variants"][number];

const variantOfRow = (row: ImportedRow): Omit<VariantInput, "option_values"> => ({
  ...ownInputOf(row),
  stock: row.stock,
});

/** A product's fields for a form's payload: its first row's, with its options and a variant per row. */
function newProductOf(rows: ImportedRow[], { rows: indexes, options, combinations }: ProductOfRows): NewProduct {
  const first = rows[indexes[0]];
  return {
    ...first,
    options,
    variants: options.length
      ? indexes.map((index, at) => ({ ...variantOfRow(rows[index]), option_values: combinations[at] }))
      : [],
  };
}

/** A saved variant as a payload would give it, with its id. */
const savedVariantInput = (variant: ProductVariantRecord): VariantInput => ({
  id: variant.id,
  option_values: variant.option_values,
  ...ownInputOf(variant),
  stock: variant.stock,
});

/** A variant as a row sets it: the row's fields the sheet carries over the saved variant's (all of them for a new one). */
function variantFromRow(
  saved: VariantInput | undefined,
  row: ImportedRow,
  carried: readonly ProductSheetField[],
): Omit<VariantInput, "option_values"> {
  const sheet = variantOfRow(row);
  if (!saved) return sheet;
  const set = VARIANT_OWN_FIELDS.filter((field) => carried.includes(field)).map((field) => [field, sheet[field]]);
  return { ...saved, ...Object.fromEntries(set) };
}

/** A value's place in its option: the saved values (by their text) keep theirs, new ones follow in the rows' order. */
function alignedOptions(sheet: SheetOption[], saved: ProductOptionRecord[]) {
  return sheet.map((option, at) => {
    const savedKeys = (saved[at]?.values ?? []).map((value) => sheetKey(value.value_zh_hk));
    const order = option.values
      .map((value, index) => ({ index, place: savedKeys.indexOf(sheetKey(value.value_zh_hk)) }))
      .sort(
        (a, b) => (a.place === -1 ? Infinity : a.place) - (b.place === -1 ? Infinity : b.place) || a.index - b.index,
      )
      .map(({ index }) => index);
    return { option: { ...option, values: order.map((index) => option.values[index]) }, placeOf: order };
  });
}

/** A combination as text, to find the saved variant a row is. */
const combinationText = (options: { values: { value_zh_hk: string }[] }[], combination: number[]) =>
  combination.map((index, option) => sheetKey(options[option].values[index].value_zh_hk)).join("\u0000");

/**
 * The options and variants a product's rows make of it. The option columns left out of the sheet leave
 * its options and variants as they are: then a product with several variants cannot say which one its
 * row is (`variantRequired` when the row changes a variant), and one with a single variant takes the
 * row's fields. Each saved variant the rows keep is listed with its row, for its stock.
 */
function importedVariants(
  current: ExistingProduct,
  saved: ReturnType<typeof toOptionsAndVariants>,
  rows: ImportedRow[],
  product: ProductOfRows,
  carried: readonly ProductSheetField[],
) {
  const savedOptions = saved.options.map(({ name_zh_hk, name_en, values }) => ({
    name_zh_hk,
    name_en,
    values: values.map(({ value_zh_hk, value_en }) => ({ value_zh_hk, value_en })),
  }));
  const savedInputs = saved.variants.map(savedVariantInput);
  if (!carried.includes("options")) {
    const row = rows[product.rows[0]];
    const [firstSaved] = savedInputs;
    if (savedInputs.length === 1) {
      const variant = { ...variantFromRow(firstSaved, row, carried), option_values: firstSaved.option_values };
      return { options: savedOptions, variants: [variant], kept: [{ variant, index: product.rows[0] }] };
    }
    const stockChanged = carried.includes("stock") && row.stock !== current.row.stock;
    const variantRequired = stockChanged || !sameValue(variantFromRow(firstSaved, row, carried), firstSaved);
    return { options: savedOptions, variants: savedInputs, kept: [], variantRequired };
  }
  const aligned = alignedOptions(product.options, saved.options);
  const options = aligned.map(({ option }) => option);
  const savedByText = new Map(
    savedInputs.map((variant) => [combinationText(saved.options, variant.option_values), variant]),
  );
  const kept: { variant: VariantInput; index: number }[] = [];
  const variants = product.rows.map((index, at) => {
    const combination = product.combinations[at].map((value, option) => aligned[option].placeOf.indexOf(value));
    // Between no options and some, the first variant carries on (as on the product page), keeping its history.
    const match =
      options.length && saved.options.length
        ? savedByText.get(combinationText(options, combination))
        : at === 0
          ? savedInputs[0]
          : undefined;
    const variant = { ...variantFromRow(match, rows[index], carried), option_values: combination };
    if (match) kept.push({ variant, index });
    return variant;
  });
  return { options, variants, kept };
}

/**
 * What a product's rows change of it, among the fields the sheet carries: its own columns and its
 * categories, its options, values and variants (the statements that write them), each kept variant's
 * stock. `edited` is all but the stock: the fields its form edits, so a new version.
 */
function importedChange(
  store: StoreScope,
  now: Date,
  current: ExistingProduct,
  rows: ImportedRow[],
  product: ProductOfRows,
  carried: readonly ProductSheetField[],
) {
  const first = rows[product.rows[0]];
  const next = toColumns(first);
  const columns: Partial<Columns> = {};
  for (const field of carried) {
    const column = SHEET_FIELD_COLUMNS[field];
    if (column && !sameValue(next[column], current.row[column])) Object.assign(columns, { [column]: next[column] });
  }
  const categoryIds = [...new Set(first.category_ids)].sort((a, b) => a - b);
  const categoriesChanged = carried.includes("category_ids") && !sameValue(categoryIds, current.categoryIds);
  const saved = toOptionsAndVariants(current.saved);
  const { options, variants, kept, variantRequired = false } = importedVariants(current, saved, rows, product, carried);
  const [firstVariant] = variants;
  const input = { ...firstVariant, options, variants: options.length ? variants : [] };
  const variantStatements = updateVariantStatements(store, current.row.id, input, current.saved, now);
  const savedById = new Map(saved.variants.map((variant) => [variant.id, variant]));
  const stock = carried.includes("stock")
    ? kept.flatMap(({ variant, index }) => {
        const was = savedById.get(variant.id!)!;
        return rows[index].stock === was.stock
          ? []
          : [{ index, variantId: was.id, label: was.label_zh_hk, stock: rows[index].stock }];
      })
    : [];
  const edited = Object.keys(columns).length > 0 || categoriesChanged || variantStatements.length > 0;
  return {
    current,
    saved,
    columns,
    categoryIds: categoriesChanged ? categoryIds : undefined,
    options,
    variants,
    variantStatements,
    stock,
    edited,
    changed: edited || stock.length > 0,
    variantRequired,
  };
}

/** A variant's fields as the product's summary columns name them (a product without options is its variant). */
const summaryOf = (variant: VariantInput) => ({
  priceCents: variant.price_cents,
  originalPriceCents: variant.original_price_cents ?? null,
  discountPriceCents: variant.discount_price_cents ?? null,
  vipPriceCents: variant.vip_price_cents ?? null,
  costCents: variant.cost_cents ?? null,
  sku: variant.sku ?? null,
  barcode: variant.barcode ?? null,
  unlimitedInventory: variant.unlimited_inventory,
  heavy: variant.heavy,
});

/**
 * A product's update from its rows: each changed stock's adjustment and its log entry first (they read the
 * stock the update replaces), then the product's changed columns with a new version, its options, values
 * and variants, the stocks, its categories and the log entry of the edit. A change of stock alone keeps
 * the version, as every stock adjustment does.
 */
function importedUpdateStatements(
  store: StoreScope,
  caller: Caller,
  now: Date,
  { current, saved, columns, categoryIds, options, variants, variantStatements, stock, edited }: ImportedChange,
  reason: string,
) {
  const { row } = current;
  const links = { category_ids: current.categoryIds, add_on_product_ids: [] };
  const after = { ...row, ...columns, ...(options.length ? {} : summaryOf(variants[0])) };
  return [
    ...stock.flatMap(({ variantId, label, stock: count }) => {
      const stockNow = stockOfVariant(store, variantId);
      const levelNow = stockAt(store, variantId, sql`(${firstLocation(store)})`);
      return [
        store.insert(inventoryAdjustments, [
          {
            productId: row.id,
            variantId,
            before: levelNow,
            after: sql`${levelNow} + ${count} - ${stockNow}`,
            reason,
            actorEmail: caller.email,
            createdAt: now.toISOString(),
            locationId: sql`(${firstLocation(store)})`,
          },
        ]),
        store.log(caller, now, {
          action: "edit",
          dataType: "product_stock",
          recordId: row.productCode,
          recordName: namesOf(after),
          before: null,
          after: null,
          changes: label
            ? sql`json_object('variant', json_array(null, ${label}), 'stock', json_array(${stockNow}, ${count}), 'reason', json_array(null, ${reason}))`
            : sql`json_object('stock', json_array(${stockNow}, ${count}), 'reason', json_array(null, ${reason}))`,
        }),
      ];
    }),
    store.update(
      products,
      {
        ...columns,
        ...(edited ? { version: nextVersion(products.version, row.version) } : {}),
        updatedAt: now.toISOString(),
      },
      eq(products.id, row.id),
    ),
    ...variantStatements,
    // A sheet's stock is the variant's total: the difference is made at the store's first location.
    ...stock.flatMap(({ variantId, stock: count }) => [
      updateStockAt(
        store,
        variantId,
        sql`(${firstLocation(store)})`,
        sql`${stockLevels.stock} + ${count} - ${stockOfVariant(store, variantId)}`,
      ),
      store.update(productVariants, { updatedAt: now.toISOString() }, eq(productVariants.id, variantId)),
    ]),
    ...(categoryIds
      ? [
          store.delete(productCategories, eq(productCategories.productId, row.id)),
          ...(categoryIds.length
            ? [
                store.insert(
                  productCategories,
                  categoryIds.map((categoryId) => ({ productId: row.id, categoryId })),
                ),
              ]
            : []),
        ]
      : []),
    ...(edited
      ? [
          store.log(caller, now, {
            action: "edit",
            dataType: "product_data",
            recordId: row.productCode,
            recordName: namesOf(after),
            before: toLogged(row, links, loggedVariantsOf(saved)),
            after: toLogged(
              after,
              { ...links, category_ids: categoryIds ?? current.categoryIds },
              loggedVariantsOf({ options, variants }),
            ),
          }),
        ]
      : []),
  ];
}

/** A product edited between the import's reads and its write: nothing is written, the file can be imported again. */
function rethrowImportRaced(error: unknown): never {
  try {
    rethrowStaleVersion(error);
  } catch (thrown) {
    if (thrown instanceof ActionError && thrown.messageKey === "edited-elsewhere") {
      throw new ActionError(409, "products-changed-during-import");
    }
    throw thrown;
  }
}

const linksOfRows = (rows: Pick<ProductFields, "category_ids" | "add_on_product_ids">[]) => ({
  category_ids: [...new Set(rows.flatMap((row) => row.category_ids))],
  add_on_product_ids: [...new Set(rows.flatMap((row) => row.add_on_product_ids))],
});
