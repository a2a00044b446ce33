import { and, asc, count, eq, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import { MAX_QUANTITY } from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import { allows, permissionFor } from "../../contract/permissions";
import type {
  ProductDetail,
  ProductOptionRecord,
  ProductRecord,
  ProductSheetField,
  ProductVariantRecord,
  ProductVariantStockRecord,
} from "./contract";
import { sheetKey, sheetProducts, type ProductOfRows, type SheetOption } from "./sheet-rows";
import { isShortVariant, labelOfVariant, variantLabel } from "./variant-sql";
import { searched } from "./search";
import { listOrder, pagedList } from "../../backend/db/sort";
import type { Caller } from "../../backend/caller";
import type { StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  categories,
  inventoryAdjustments,
  productAddOns,
  productCategories,
  products,
  productVariants,
  uploads,
} from "../../backend/db/schema";
import { ActionError, found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { chunks } from "../../backend/db/chunks";
import { defineAction } from "../../backend/registry";
import { errorText, rethrowUniqueViolation } from "../../backend/unique";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import {
  addVariantStatements,
  assertCodesFree,
  codeReads,
  loggedOptions,
  loggedVariants,
  ownInputOf,
  savedVariantsByProduct,
  toOptionsAndVariants,
  updateVariantStatements,
  variantReads,
  variantReadsOf,
  variantsOf,
  VARIANT_OWN_FIELDS,
  type SavedVariants,
} from "./variants";

type ProductFields = Omit<Payload<"add_product_data">, "application_key">;
type EditedFields = Omit<ProductFields, "stock">;
/** A product's own fields and its one variant's, as a form or a sheet's row gives them. */
type ColumnFields = Omit<EditedFields, "options" | "variants">;
/** A product to add: with options and variants from a form, without from a sheet. */
type NewProduct = Omit<ProductFields, "options" | "variants"> & Partial<Pick<ProductFields, "options" | "variants">>;
type ProductRow = typeof products.$inferSelect;

/** A used code, descriptive URL, SKU or barcode, beside its field of the product's form. */
const UNIQUE_FIELDS = {
  "product.product_code": { message: "product-code-used", field: "product_code" },
  "product.descriptive_url": { message: "descriptive-url-used", field: "descriptive_url" },
  "product_variant.sku": { message: "sku-used", field: "sku" },
  "product_variant.barcode": { message: "barcode-used", field: "barcode" },
} as const;
/**
 * A used SKU or barcode of a product with options, found only by racing another write (the payload's are
 * read first): which variant's, the database does not say.
 */
const VARIANT_UNIQUE_MESSAGES = {
  "product.product_code": { message: "product-code-used", field: "product_code" },
  "product.descriptive_url": { message: "descriptive-url-used", field: "descriptive_url" },
  "product_variant.sku": "sku-used",
  "product_variant.barcode": "barcode-used",
} as const;
/** A sheet's rows are checked before they are written: only a race with another write gets here. */
const UNIQUE_MESSAGES = {
  "product.product_code": "product-code-used",
  "product.descriptive_url": "descriptive-url-used",
  "product_variant.sku": "sku-used",
  "product_variant.barcode": "barcode-used",
} as const;

/** The columns a product form sets; stock is set only when the product is added. */
function toColumns(input: ColumnFields) {
  return {
    productCode: input.product_code,
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en ?? "",
    descriptionZhHk: input.description_zh_hk ?? "",
    descriptionEn: input.description_en ?? "",
    priceCents: input.price_cents,
    originalPriceCents: input.original_price_cents ?? null,
    discountPriceCents: input.discount_price_cents ?? null,
    vipPriceCents: input.vip_price_cents ?? null,
    costCents: input.cost_cents ?? null,
    sku: input.sku ?? null,
    barcode: input.barcode ?? null,
    unlimitedInventory: input.unlimited_inventory,
    purchaseLimit: input.purchase_limit ?? null,
    minimumOrderQuantity: input.minimum_order_quantity,
    heavy: input.heavy,
    bestseller: input.bestseller,
    publish: input.publish,
    seoTitle: input.seo_title ?? "",
    seoKeyword: input.seo_keyword ?? "",
    seoDescription: input.seo_description ?? "",
    descriptiveUrl: input.descriptive_url ?? null,
    images: input.images,
  };
}

/** The columns of a product's variant; a product without options has one, and the form's fields are its. */
const VARIANT_COLUMNS = [
  "priceCents",
  "originalPriceCents",
  "discountPriceCents",
  "vipPriceCents",
  "costCents",
  "sku",
  "barcode",
  "unlimitedInventory",
  "heavy",
] as const;
type VariantColumn = (typeof VARIANT_COLUMNS)[number];
const isVariantColumn = (column: string) => (VARIANT_COLUMNS as readonly string[]).includes(column);

/** A form's columns split into the product's own and its one variant's. */
function splitColumns<C extends Partial<Columns>>(columns: C) {
  const entries = Object.entries(columns);
  return {
    own: Object.fromEntries(entries.filter(([column]) => !isVariantColumn(column))) as Omit<C, VariantColumn>,
    variant: Object.fromEntries(entries.filter(([column]) => isVariantColumn(column))) as Pick<C, VariantColumn>,
  };
}

/** The stock of a variant, as a statement of the batch leaves it. */
const stockOfVariant = (store: StoreScope, variantId: number) =>
  sql<number>`(select ${productVariants.stock} from ${productVariants} where ${store.where(productVariants, eq(productVariants.id, variantId))})`;

function toRecord(row: ProductRow, withSoldQuantity = true): ProductRecord {
  return {
    id: row.id,
    product_code: row.productCode,
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    description_zh_hk: row.descriptionZhHk,
    description_en: row.descriptionEn,
    price_cents: row.priceCents,
    original_price_cents: row.originalPriceCents,
    discount_price_cents: row.discountPriceCents,
    vip_price_cents: row.vipPriceCents,
    cost_cents: row.costCents,
    profit_cents: row.costCents === null ? null : row.priceCents - row.costCents,
    sku: row.sku,
    barcode: row.barcode,
    unlimited_inventory: row.unlimitedInventory,
    stock: row.stock,
    stock_status: row.shortVariantCount > 0 ? "shortage" : "selling",
    short_variant_count: row.shortVariantCount,
    purchase_limit: row.purchaseLimit,
    minimum_order_quantity: row.minimumOrderQuantity,
    heavy: row.heavy,
    bestseller: row.bestseller,
    publish: row.publish,
    seo_title: row.seoTitle,
    seo_keyword: row.seoKeyword,
    seo_description: row.seoDescription,
    descriptive_url: row.descriptiveUrl,
    images: row.images,
    ...(withSoldQuantity ? { sold_quantity: row.soldQuantity } : {}),
    create_date: row.createdAt,
    version: row.version,
    price_max_cents: row.priceMaxCents,
    variant_count: row.variantCount,
  };
}

type OwnLinks = Pick<EditedFields, "category_ids" | "add_on_product_ids"> & { images?: string[] };

/** How many of the categories, add-ons and images a payload names are this store's own. */
function ownLinksReads(store: StoreScope, input: OwnLinks) {
  return [
    store.selectFields(categories, { own: count() }, inArray(categories.id, [0, ...input.category_ids])),
    store.selectFields(addOnProducts, { own: count() }, inArray(addOnProducts.id, [0, ...input.add_on_product_ids])),
    store.selectFields(uploads, { own: count() }, inArray(uploads.objectKey, ["", ...imageKeys(input)])),
  ] as const;
}

const imageKeys = (input: OwnLinks) => [...new Set(input.images ?? [])].map((url) => url.slice(1));

/** Categories, add-ons and images named in a payload must be this store's own. */
function assertOwnLinks(
  input: OwnLinks,
  [[categoryCount], [addOnCount], [imageCount]]: BatchResponse<ReturnType<typeof ownLinksReads>>,
) {
  if (imageCount.own !== imageKeys(input).length) {
    throw new ActionError(400, "invalid-payload", { images: ["invalid-file"] });
  }
  if (
    categoryCount.own !== new Set(input.category_ids).size ||
    addOnCount.own !== new Set(input.add_on_product_ids).size
  ) {
    throw notFound();
  }
}

/** The product's id inside a batch, before the batch has run (the insert comes first). */
const productIdOf = (store: StoreScope, code: string) =>
  sql<number>`(select ${products.id} from ${products} where ${store.where(products, eq(products.productCode, code))})`;

function linkStatements(
  store: StoreScope,
  code: string,
  input: Pick<ProductFields, "category_ids" | "add_on_product_ids">,
) {
  const productId = productIdOf(store, code);
  return [
    ...(input.category_ids.length
      ? [
          store.insert(
            productCategories,
            [...new Set(input.category_ids)].map((categoryId) => ({ productId, categoryId })),
          ),
        ]
      : []),
    ...(input.add_on_product_ids.length
      ? [
          store.insert(
            productAddOns,
            [...new Set(input.add_on_product_ids)].map((addOnProductId) => ({ productId, addOnProductId })),
          ),
        ]
      : []),
  ];
}

/** A product's options and variants as its log entries show them. */
type LoggedVariants = { options: string; variants: string };

const loggedVariantsOf = (input: {
  options: Parameters<typeof loggedOptions>[0];
  variants: Parameters<typeof loggedVariants>[1];
}): LoggedVariants => ({
  options: loggedOptions(input.options),
  variants: loggedVariants(input.options, input.variants),
});

/**
 * The fields as the payload names them, blanks as they are stored, so the log shows only real changes;
 * with the options and variants when the write sets them.
 */
function toLogged(
  columns: Omit<ReturnType<typeof toColumns>, "priceCents"> & { priceCents?: number },
  links: Pick<ProductFields, "category_ids" | "add_on_product_ids">,
  variants?: LoggedVariants,
) {
  return {
    product_code: columns.productCode,
    name_zh_hk: columns.nameZhHk,
    name_en: columns.nameEn,
    description_zh_hk: columns.descriptionZhHk,
    description_en: columns.descriptionEn,
    price_cents: columns.priceCents,
    original_price_cents: columns.originalPriceCents,
    discount_price_cents: columns.discountPriceCents,
    vip_price_cents: columns.vipPriceCents,
    cost_cents: columns.costCents,
    sku: columns.sku,
    barcode: columns.barcode,
    unlimited_inventory: columns.unlimitedInventory,
    purchase_limit: columns.purchaseLimit,
    minimum_order_quantity: columns.minimumOrderQuantity,
    heavy: columns.heavy,
    bestseller: columns.bestseller,
    publish: columns.publish,
    seo_title: columns.seoTitle,
    seo_keyword: columns.seoKeyword,
    seo_description: columns.seoDescription,
    descriptive_url: columns.descriptiveUrl,
    images: columns.images,
    category_ids: links.category_ids,
    add_on_product_ids: links.add_on_product_ids,
    ...variants,
  };
}

/**
 * A new product, its options, values and variants, its category and add-on links, and the log entry: to
 * run in one atomic batch.
 */
function addStatements(store: StoreScope, caller: Caller, now: Date, input: NewProduct) {
  const product = { ...input, options: input.options ?? [], variants: input.variants ?? [] };
  const columns = toColumns(product);
  const { own } = splitColumns(columns);
  const lowestPrice = Math.min(...variantsOf(product).map((variant) => variant.price_cents));
  return [
    // The price until the variants' triggers write the product's summary of them.
    store.insert(products, [{ ...own, priceCents: lowestPrice }]),
    ...addVariantStatements(store, productIdOf(store, input.product_code), product),
    ...linkStatements(store, input.product_code, input),
    store.log(caller, now, {
      action: "add",
      dataType: "product_data",
      recordId: input.product_code,
      recordName: namesOf(columns),
      before: null,
      after: { ...toLogged(columns, input, loggedVariantsOf(product)), stock: input.stock },
    }),
  ] as const;
}

/** The product with its category and add-on links, options, values and variants, by its code. */
function productReads(store: StoreScope, code: string) {
  const productId = productIdOf(store, code);
  return [
    store.select(products, eq(products.productCode, code)).limit(1),
    store.selectFields(
      productCategories,
      { id: productCategories.categoryId },
      eq(productCategories.productId, productId),
    ),
    store.selectFields(productAddOns, { id: productAddOns.addOnProductId }, eq(productAddOns.productId, productId)),
    ...variantReads(store, productId),
  ] as const;
}

function toDetail([[row], categoryLinks, addOnLinks, ...saved]: BatchResponse<
  ReturnType<typeof productReads>
>): ProductDetail {
  if (!row) throw notFound();
  return {
    ...toRecord(row),
    category_ids: categoryLinks.map((link) => link.id),
    add_on_product_ids: addOnLinks.map((link) => link.id),
    ...toOptionsAndVariants(saved),
  };
}

const productByCode = (store: StoreScope, code: string) =>
  store.select(products, eq(products.productCode, code)).limit(1);

/** The list's conditions; each one is served by a (application_key, …) index. */
function listConditions(
  store: StoreScope,
  input: Payload<"get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity">,
) {
  const conditions: (SQL | undefined)[] = [
    input.category_id
      ? inArray(
          products.id,
          store.selectFields(
            productCategories,
            { id: productCategories.productId },
            eq(productCategories.categoryId, input.category_id),
          ),
        )
      : undefined,
    input.publish ? eq(products.publish, input.publish === "published") : undefined,
    input.include_pos ? undefined : eq(products.publish, true),
    // Written out, not bound: the partial index (short_variant_count > 0) serves only the same condition.
    input.stock_status === "shortage" ? sql`${products.shortVariantCount} > 0` : undefined,
    input.stock_status === "selling" ? sql`${products.shortVariantCount} = 0` : undefined,
    input.bestseller === undefined ? undefined : eq(products.bestseller, input.bestseller),
  ];
  return conditions;
}

/** Each listed product's categories, read through the (product_id, category_id) index. */
const categoryIdsOfProduct = sql<string>`(select json_group_array(pc.category_id) from ${productCategories} pc
  where pc.product_id = ${products}.id)`;

const SORT_COLUMNS = {
  create_date: products.createdAt,
  name: sql`${products.nameZhHk} COLLATE NOCASE`,
  price: products.priceCents,
  stock: products.stock,
  sold_quantity: products.soldQuantity,
} as const;

/** A variant's conditions of the inventory list's shortage filter: limited, sellable, out of stock. */
function variantStockConditions(stockStatus: ProductVariantStockRecord["stock_status"] | undefined) {
  if (stockStatus === "shortage") {
    return and(
      eq(productVariants.unlimitedInventory, false),
      eq(productVariants.stock, 0),
      eq(productVariants.sellable, true),
    );
  }
  if (stockStatus === "selling") {
    return or(
      eq(productVariants.unlimitedInventory, true),
      not(eq(productVariants.stock, 0)),
      eq(productVariants.sellable, false),
    );
  }
  return undefined;
}

/** The inventory list's row: the variant with its product's code, names and label. */
const variantStockFields = {
  variant: productVariants,
  productCode: products.productCode,
  nameZhHk: products.nameZhHk,
  nameEn: products.nameEn,
  variantCount: products.variantCount,
  // Each under a name of its own: D1 hands back a row's columns by name.
  labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
  labelEn: variantLabel("en").as("label_en"),
};

/** A row of the inventory list (drizzle's types lose the selection once a scoped query is joined). */
interface VariantStockRow {
  variant: typeof productVariants.$inferSelect;
  productCode: string;
  nameZhHk: string;
  nameEn: string;
  variantCount: number;
  labelZhHk: string;
  labelEn: string;
}

function toVariantStockRecord(row: unknown): ProductVariantStockRecord {
  const { variant, ...product } = row as VariantStockRow;
  return {
    id: variant.id,
    product_code: product.productCode,
    name_zh_hk: product.nameZhHk,
    name_en: product.nameEn,
    label_zh_hk: product.labelZhHk,
    label_en: product.labelEn,
    sku: variant.sku,
    barcode: variant.barcode,
    unlimited_inventory: variant.unlimitedInventory,
    stock: variant.stock,
    sellable: variant.sellable,
    stock_status: isShortVariant(variant) ? "shortage" : "selling",
    variant_count: product.variantCount,
  };
}

/** A row of the variant choices (drizzle's types lose the selection once a scoped query is joined). */
interface VariantChoiceRow {
  id: number;
  productCode: string;
  nameZhHk: string;
  nameEn: string;
  labelZhHk: string;
  labelEn: string;
  sku: string | null;
}

/**
 * The variants of the product a payload names, with their labels: `variant_id`'s only when given, else
 * up to two (a second one means the payload must name one).
 */
const variantsOfProduct = (store: StoreScope, code: string, variantId: number | undefined) =>
  store
    .selectFields(
      productVariants,
      {
        id: productVariants.id,
        labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
        labelEn: variantLabel("en").as("label_en"),
      },
      eq(productVariants.productId, productIdOf(store, code)),
      variantId === undefined ? undefined : eq(productVariants.id, variantId),
    )
    .limit(2);

/**
 * The variant a payload names: `variant_id` when it is one of the product's (404 when not), else the
 * product's only variant (400 `variant-required` when it has several).
 */
function namedVariant<V>(variants: V[], variantId: number | undefined): V {
  if (variantId !== undefined) return found(variants);
  if (variants.length !== 1) throw variants.length === 0 ? notFound() : new ActionError(400, "variant-required");
  return variants[0];
}

export const productActions = [
  defineAction(
    "get_product_data_and_total_number_by_sorting_and_limit_merge_with_order_quantity",
    "store:product:read",
    async (input, { store }) => {
      const conditions = listConditions(store, input);
      return pagedList(
        store,
        input,
        {
          rows: searched(
            store.selectFields(products, { product: products, categoryIds: categoryIdsOfProduct }, ...conditions),
            input.keyword,
          ),
          count: searched(store.selectFields(products, { total: count() }, ...conditions), input.keyword),
          sortBy: SORT_COLUMNS[input.sorting],
          id: products.id,
        },
        (row) => ({
          ...toRecord(row.product, input.merge_with_quantity),
          category_ids: JSON.parse(row.categoryIds) as number[],
        }),
      );
    },
  ),

  /**
   * The inventory list: the store's variants along the (application_key, unlimited_inventory, stock, id)
   * index, each with its product (by id). A keyword starts from its matches in the search index instead,
   * as the product list, then their variants (by product_id), sorted: the store is then the products', so
   * the planner has no store-first index of the variants to walk in the list's order, looking each one up
   * in the search index.
   */
  defineAction(
    "get_product_variant_data_and_total_number_by_sorting_and_limit",
    "store:product_inventory:read",
    async (input, { store }) => {
      const condition = variantStockConditions(input.stock_status);
      const fromProducts = <F extends Parameters<StoreScope["selectFields"]>[1]>(fields: F) =>
        searched(
          store
            .selectFields(products, fields, condition)
            .innerJoin(productVariants, eq(productVariants.productId, products.id)),
          input.keyword,
        );
      const searching = input.keyword !== undefined;
      return pagedList(
        store,
        input,
        {
          rows: searching
            ? fromProducts(variantStockFields)
            : store
                .selectFields(productVariants, variantStockFields, condition)
                .innerJoin(products, eq(products.id, productVariants.productId)),
          count: searching
            ? fromProducts({ total: count() })
            : store.selectFields(productVariants, { total: count() }, condition),
          sortBy: [productVariants.unlimitedInventory, productVariants.stock],
          id: productVariants.id,
        },
        toVariantStockRecord,
      );
    },
  ),

  defineAction("get_product_variant_data_list_by_application_key_and_product_codes", "store", {
    reads: ({ product_codes }, { store }) =>
      // From the products by code, then each one's variants by the (product_id, position) index; the codes
      // in groups, under D1's 100 bound parameters.
      chunks(product_codes, 50).map((codes) =>
        store
          .selectFields(
            products,
            {
              id: productVariants.id,
              productCode: products.productCode,
              nameZhHk: products.nameZhHk,
              nameEn: products.nameEn,
              labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
              labelEn: variantLabel("en").as("label_en"),
              sku: productVariants.sku,
            },
            inArray(products.productCode, codes),
          )
          .innerJoin(productVariants, eq(productVariants.productId, products.id))
          .orderBy(asc(products.productCode), asc(productVariants.position), asc(productVariants.id)),
      ),
    handler: async ({ product_codes }, _context, groups) => {
      const rows = groups.flat() as unknown as VariantChoiceRow[];
      // Every product has a variant: a code without one is no product of the store's.
      const known = new Set(rows.map((row) => row.productCode));
      const unknown = product_codes.flatMap((code, index) => (known.has(code) ? [] : [index]));
      if (unknown.length > 0) {
        throw new ActionError(
          404,
          "not-found",
          Object.fromEntries(unknown.map((index) => [`product_codes.${index}`, ["product-not-found"]])),
        );
      }
      return rows.map((row) => ({
        id: row.id,
        product_code: row.productCode,
        name_zh_hk: row.nameZhHk,
        name_en: row.nameEn,
        label_zh_hk: row.labelZhHk,
        label_en: row.labelEn,
        sku: row.sku,
      }));
    },
  }),

  defineAction("get_product_data_by_application_key_and_product_code", "store:product:read", {
    reads: ({ product_code }, { store }) => productReads(store, product_code),
    handler: async (_input, _context, read) => toDetail(read),
  }),

  // One atomic batch: the product, its options, values and variants, its links, and the log entry.
  defineAction("add_product_data", "store:product:write", {
    reads: (input, { store }) => [...ownLinksReads(store, input), ...codeReads(store, variantsOf(input))] as const,
    handler: async (
      { application_key: _key, ...input },
      { store, caller, now },
      [categoryCount, addOnCount, imageCount, ...codeHolders],
    ) => {
      assertOwnLinks(input, [categoryCount, addOnCount, imageCount]);
      assertCodesFree(input, codeHolders.flat());
      await store
        .batch(addStatements(store, caller, now, input))
        .catch((error) => rethrowUniqueViolation(error, uniqueConflicts(input)));
      return { product_code: input.product_code };
    },
  }),

  /**
   * One atomic batch behind the product's version: its fields, options, values and variants (kept ones
   * by id, their stock untouched), its links, and the log entry.
   */
  defineAction("update_product_data_by_application_key_and_product_code", "store:product:write", {
    reads: (input, { store }) =>
      [
        ...productReads(store, input.product_code),
        ...ownLinksReads(store, input),
        ...codeReads(store, variantsOf(input)),
      ] as const,
    handler: async (
      { application_key: _key, product_code, version, ...input },
      { store, caller, now },
      [
        productRows,
        categoryLinks,
        addOnLinks,
        options,
        values,
        variants,
        categoryCount,
        addOnCount,
        imageCount,
        ...codeHolders
      ],
    ) => {
      const before = toDetail([productRows, categoryLinks, addOnLinks, options, values, variants]);
      assertOwnLinks(input, [categoryCount, addOnCount, imageCount]);
      assertCodesFree(input, codeHolders.flat(), before.id);
      const columns = toColumns({ ...input, product_code });
      const { own } = splitColumns(columns);
      await store
        .batch([
          store.update(
            products,
            { ...own, updatedAt: now.toISOString(), version: nextVersion(products.version, version) },
            eq(products.id, before.id),
          ),
          ...updateVariantStatements(store, before.id, input, [options, values, variants], now),
          store.delete(productCategories, eq(productCategories.productId, before.id)),
          store.delete(productAddOns, eq(productAddOns.productId, before.id)),
          ...linkStatements(store, product_code, input),
          store.log(caller, now, {
            action: "edit",
            dataType: "product_data",
            recordId: product_code,
            recordName: namesOf(columns),
            before: toLogged(productRows[0], before, loggedVariantsOf(before)),
            after: toLogged(columns, input, loggedVariantsOf(input)),
          }),
        ])
        .catch(rethrowStaleVersion)
        .catch((error) => rethrowUniqueViolation(error, uniqueConflicts(input)));
      return null;
    },
  }),

  defineAction("delete_product_data_by_application_key_and_product_code", "store:product:write", {
    reads: ({ product_code }, { store }) => [productByCode(store, product_code)] as const,
    handler: async ({ product_code }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      await store.batch([
        store.delete(products, eq(products.id, row.id)),
        store.log(caller, now, {
          action: "delete",
          dataType: "product_data",
          recordId: product_code,
          recordName: namesOf(row),
          before: { name_zh_hk: row.nameZhHk },
          after: null,
        }),
      ]);
      return null;
    },
  }),

  defineAction("update_product_data_in_bulk_by_application_key_and_product_codes", "store:product:write", {
    reads: ({ product_codes, category_id }, { store }) =>
      [
        store.select(products, inArray(products.productCode, product_codes)),
        ...ownLinksReads(store, { category_ids: category_id ? [category_id] : [], add_on_product_ids: [] }),
      ] as const,
    handler: async ({ operation, category_id }, { store, caller, now }, [rows, ...owned]) => {
      if (rows.length === 0) throw notFound();
      if (operation === "set_category") {
        if (!category_id) throw new ActionError(400, "invalid-payload", { category_id: ["force-input"] });
        assertOwnLinks({ category_ids: [category_id], add_on_product_ids: [] }, owned);
      }
      const ids = rows.map((row) => row.id);
      // A new version each, so an edit form still open on one of them cannot undo this unseen.
      const newVersion = { version: sql`${products.version} + 1` };
      const write = {
        publish: () => store.update(products, { publish: true, ...newVersion }, inArray(products.id, ids)),
        unpublish: () => store.update(products, { publish: false, ...newVersion }, inArray(products.id, ids)),
        set_category: () =>
          store
            .insert(
              productCategories,
              ids.map((productId) => ({ productId, categoryId: category_id! })),
            )
            .onConflictDoNothing(),
        delete: () => store.delete(products, inArray(products.id, ids)),
      }[operation]();
      const logs = rows.map((row) =>
        store.log(caller, now, {
          action: operation === "delete" ? "delete" : "edit",
          dataType: "product_data",
          recordId: row.productCode,
          recordName: namesOf(row),
          before: operation === "delete" ? { name_zh_hk: row.nameZhHk } : { publish: row.publish },
          after:
            operation === "delete"
              ? null
              : operation === "set_category"
                ? { publish: row.publish, category_id }
                : { publish: operation === "publish" },
        }),
      );
      const versioned =
        operation === "set_category" ? [store.update(products, newVersion, inArray(products.id, ids))] : [];
      await store.batch([write, ...versioned, ...logs]);
      return { updated: rows.length };
    },
  }),

  /**
   * The variant's stock changes, its adjustment row and the log entry in one atomic batch. The database
   * refuses a stock below 0 (the column's CHECK) or over the maximum (NULL, refused by NOT NULL), so
   * concurrent adjustments can never oversell; the adjustment and log read the stock the update left.
   */
  defineAction("add_inventory_adjustment_data", "store:product_inventory:write", {
    reads: ({ product_code, variant_id }, { store }) =>
      [productByCode(store, product_code), variantsOfProduct(store, product_code, variant_id)] as const,
    handler: async ({ product_code, variant_id, change, reason }, { store, caller, now }, [rows, variants]) => {
      const product = found(rows);
      const variant = namedVariant(variants, variant_id);
      const stockNow = stockOfVariant(store, variant.id);
      const stockBefore = sql<number>`${stockNow} - ${change}`;
      const label = variant.labelZhHk;
      const [, [adjustment]] = await store
        .batch([
          store.update(
            productVariants,
            {
              stock: sql`case when ${productVariants.stock} + ${change} <= ${MAX_QUANTITY} then ${productVariants.stock} + ${change} end`,
              updatedAt: now.toISOString(),
            },
            eq(productVariants.id, variant.id),
          ),
          store
            .insert(inventoryAdjustments, [
              {
                productId: product.id,
                variantId: variant.id,
                before: stockBefore,
                after: stockNow,
                reason,
                actorEmail: caller.email,
                createdAt: now.toISOString(),
              },
            ])
            .returning({ before: inventoryAdjustments.before, after: inventoryAdjustments.after }),
          store.log(caller, now, {
            action: "edit",
            dataType: "product_stock",
            recordId: product_code,
            recordName: namesOf(product),
            before: null,
            after: null,
            changes: label
              ? sql`json_object('variant', json_array(null, ${label}), 'stock', json_array(${stockBefore}, ${stockNow}), 'reason', json_array(null, ${reason}))`
              : sql`json_object('stock', json_array(${stockBefore}, ${stockNow}), 'reason', json_array(null, ${reason}))`,
          }),
        ])
        .catch(rethrowStockRefused);
      return adjustment;
    },
  }),

  defineAction(
    "get_inventory_adjustment_data_list_by_application_key_and_product_code",
    "store:product_inventory:read",
    {
      reads: ({ product_code, variant_id }, { store }) =>
        [
          productByCode(store, product_code),
          variantsOfProduct(store, product_code, variant_id),
          store
            .selectFields(
              inventoryAdjustments,
              {
                adjustment: inventoryAdjustments,
                labelZhHk: labelOfVariant(inventoryAdjustments.variantId, "zh_hk").as("label_zh_hk"),
                labelEn: labelOfVariant(inventoryAdjustments.variantId, "en").as("label_en"),
              },
              eq(inventoryAdjustments.productId, productIdOf(store, product_code)),
              variant_id === undefined ? undefined : eq(inventoryAdjustments.variantId, variant_id),
            )
            .orderBy(...listOrder("DESC", inventoryAdjustments.createdAt, inventoryAdjustments.id))
            .limit(100),
        ] as const,
      handler: async ({ variant_id }, _context, [product, variants, rows]) => {
        found(product);
        if (variant_id !== undefined) found(variants);
        return rows.map(({ adjustment, labelZhHk, labelEn }) => ({
          id: adjustment.id,
          variant_id: adjustment.variantId,
          label_zh_hk: labelZhHk,
          label_en: labelEn,
          before: adjustment.before,
          after: adjustment.after,
          reason: adjustment.reason,
          actor_email: adjustment.actorEmail,
          create_date: adjustment.createdAt,
        }));
      },
    },
  ),

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

/** The conflicts a unique index can answer a product's write with, beside the form's fields it has. */
const uniqueConflicts = (input: Pick<ProductFields, "options">) =>
  input.options.length > 0 ? VARIANT_UNIQUE_MESSAGES : UNIQUE_FIELDS;
type ExistingProduct = { row: ProductRow; categoryIds: number[]; saved: SavedVariants };
type Columns = ReturnType<typeof toColumns>;
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
      return [
        store.insert(inventoryAdjustments, [
          {
            productId: row.id,
            variantId,
            before: stockNow,
            after: count,
            reason,
            actorEmail: caller.email,
            createdAt: now.toISOString(),
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
    ...stock.map(({ variantId, stock: count }) =>
      store.update(productVariants, { stock: count, updatedAt: now.toISOString() }, eq(productVariants.id, variantId)),
    ),
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

/**
 * A stock the database refused: below 0 (its CHECK) or over the maximum (NULL under NOT NULL); or no
 * stock to adjust, the product deleted since it was read.
 */
function rethrowStockRefused(error: unknown): never {
  const text = errorText(error);
  if (/NOT NULL constraint failed: inventory_adjustment\./.test(text)) throw notFound();
  if (text.includes("product_variant_stock_not_negative")) throw new ActionError(409, "inventory-not-enough");
  if (/NOT NULL constraint failed: product_variant\.stock\b/.test(text)) {
    throw new ActionError(409, withValue("inventory-over-maximum", MAX_QUANTITY));
  }
  throw error;
}
