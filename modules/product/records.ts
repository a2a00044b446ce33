import { count, eq, inArray, sql } from "drizzle-orm";
import { isStockShort } from "./stock-levels";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import { MAX_QUANTITY } from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import type { ProductRecord } from "./contract";
import type { Caller } from "../../backend/caller";
import type { StoreScope } from "../../backend/db/scope";
import {
  addOnProducts,
  categories,
  productAddOns,
  productCategories,
  products,
  productVariants,
  uploads,
} from "../../backend/db/schema";
import { ActionError, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { errorText } from "../../backend/unique";
import { addVariantStatements, loggedOptions, loggedVariants, variantsOf } from "./variants";

export type ProductFields = Omit<Payload<"add_product_data">, "application_key">;
type EditedFields = Omit<ProductFields, "stock">;
/** A product's own fields and its one variant's, as a form or a sheet's row gives them. */
type ColumnFields = Omit<EditedFields, "options" | "variants">;
/** A product to add: with options and variants from a form, without from a sheet. */
export type NewProduct = Omit<ProductFields, "options" | "variants"> &
  Partial<Pick<ProductFields, "options" | "variants">>;
export type ProductRow = typeof products.$inferSelect;
export type Columns = ReturnType<typeof toColumns>;

/** The columns a product form sets; stock is set only when the product is added. */
export function toColumns(input: ColumnFields) {
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
    giftCardKind: input.gift_card_kind ?? null,
    // The range is an open amount's only.
    giftCardMinCents: input.gift_card_kind === "open" ? (input.gift_card_min_cents ?? null) : null,
    giftCardMaxCents: input.gift_card_kind === "open" ? (input.gift_card_max_cents ?? null) : null,
    giftCardValidMonths: input.gift_card_kind ? (input.gift_card_valid_months ?? null) : null,
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
export function splitColumns<C extends Partial<Columns>>(columns: C) {
  const entries = Object.entries(columns);
  return {
    own: Object.fromEntries(entries.filter(([column]) => !isVariantColumn(column))) as Omit<C, VariantColumn>,
    variant: Object.fromEntries(entries.filter(([column]) => isVariantColumn(column))) as Pick<C, VariantColumn>,
  };
}

/** The stock of a variant, as a statement of the batch leaves it. */
export const stockOfVariant = (store: StoreScope, variantId: number) =>
  sql<number>`(select ${productVariants.stock} from ${productVariants} where ${store.where(productVariants, eq(productVariants.id, variantId))})`;

export function toRecord(row: ProductRow, withSoldQuantity = true): ProductRecord {
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
    gift_card_kind: row.giftCardKind,
    gift_card_min_cents: row.giftCardMinCents,
    gift_card_max_cents: row.giftCardMaxCents,
    gift_card_valid_months: row.giftCardValidMonths,
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
export function ownLinksReads(store: StoreScope, input: OwnLinks) {
  return [
    store.selectFields(categories, { own: count() }, inArray(categories.id, [0, ...input.category_ids])),
    store.selectFields(addOnProducts, { own: count() }, inArray(addOnProducts.id, [0, ...input.add_on_product_ids])),
    store.selectFields(uploads, { own: count() }, inArray(uploads.objectKey, ["", ...imageKeys(input)])),
  ] as const;
}

const imageKeys = (input: OwnLinks) => [...new Set(input.images ?? [])].map((url) => url.slice(1));

/** Categories, add-ons and images named in a payload must be this store's own. */
export function assertOwnLinks(
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
export const productIdOf = (store: StoreScope, code: string) =>
  sql<number>`(select ${products.id} from ${products} where ${store.where(products, eq(products.productCode, code))})`;

export function linkStatements(
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

export const loggedVariantsOf = (input: {
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
export function toLogged(
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
export function addStatements(store: StoreScope, caller: Caller, now: Date, input: NewProduct) {
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

export const productByCode = (store: StoreScope, code: string) =>
  store.select(products, eq(products.productCode, code)).limit(1);

/** Each listed product's categories, read through the (product_id, category_id) index. */
export const categoryIdsOfProduct = sql<string>`(select json_group_array(pc.category_id) from ${productCategories} pc
  where pc.product_id = ${products}.id)`;

/**
 * A stock the database refused: below 0 (its CHECK) or over the maximum (NULL under NOT NULL); or no
 * stock to adjust, the product deleted since it was read.
 */
export function rethrowStockRefused(error: unknown): never {
  const text = errorText(error);
  if (/NOT NULL constraint failed: inventory_adjustment\./.test(text)) throw notFound();
  if (isStockShort(text)) throw new ActionError(409, "inventory-not-enough");
  if (/NOT NULL constraint failed: (product_variant|stock_level)\.stock\b/.test(text)) {
    throw new ActionError(409, withValue("inventory-over-maximum", MAX_QUANTITY));
  }
  throw error;
}
