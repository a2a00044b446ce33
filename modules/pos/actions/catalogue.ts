// The catalogue an offline POS keeps in the browser (issue 39): what it needs to sell without the server, read
// page by page while online. The sales it makes come back through `add_pos_offline_order_data` (offline.ts).
import { asc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../../backend/db/scope";
import {
  addOnProducts,
  categories,
  coupons,
  productAddOns,
  productCategories,
  products,
  productVariants,
  storeSettings,
} from "../../../backend/db/schema";
import { unitPriceCents } from "../../../backend/member-checkout";
import { defineAction } from "../../../backend/registry";
import { PAYMENT_METHODS } from "../../../contract/options";
import { optionValuesOf, variantNames } from "../../product/variant-names";
import { stockAt } from "../../product/stock-levels";
import { chosenCounter, counterAt, counterLocationsRead } from "../counter-location";
import { mayUseLocation } from "../../../backend/location-access";
import type { PaymentSetting } from "../../setting/contract";
import { paymentMethodsOf } from "../../setting/actions";
import { OFFLINE_PAYMENT_METHODS, type PosOfflineCatalogue } from "../contract";
import { POS_CATALOGUE_PAGE_SIZE } from "../options";

type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

/** The methods the counter takes: cash always, and those the store's payment setting has on. */
export const counterPaymentMethods = (methods: PaymentSetting["methods"] | undefined) =>
  PAYMENT_METHODS.filter((method) => method === "cash" || methods?.[method].enabled);

const isOfflineMethod = (method: string): method is OfflinePaymentMethod =>
  (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** The store's published add-ons, by name: the POS offers each as an order add-on. */
export const publishedAddOnsQuery = (store: StoreScope) =>
  store
    .selectFields(
      addOnProducts,
      {
        id: addOnProducts.id,
        nameZhHk: addOnProducts.nameZhHk,
        nameEn: addOnProducts.nameEn,
        priceCents: addOnProducts.priceCents,
        unlimitedInventory: addOnProducts.unlimitedInventory,
        stock: addOnProducts.stock,
        barcode: addOnProducts.barcode,
      },
      eq(addOnProducts.publish, true),
    )
    .orderBy(asc(sql`${addOnProducts.nameZhHk} COLLATE NOCASE`));

export const publishedCategoriesQuery = (store: StoreScope) =>
  store
    .selectFields(
      categories,
      { id: categories.id, nameZhHk: categories.nameZhHk, nameEn: categories.nameEn },
      eq(categories.publish, true),
    )
    .orderBy(asc(categories.sortOrder), asc(categories.id));

export const toAddOn = (addOn: { id: number; nameZhHk: string; nameEn: string; priceCents: number }) => ({
  id: addOn.id,
  name_zh_hk: addOn.nameZhHk,
  name_en: addOn.nameEn,
  price_cents: addOn.priceCents,
});

const stockOf = (row: { unlimitedInventory: boolean; stock: number }) => (row.unlimitedInventory ? null : row.stock);

/**
 * The page's products: published, not gift cards (their amounts and codes need the server), after `afterId` in
 * id order, along product_store_publish_id_idx.
 */
const onPage = (afterId: number) =>
  [eq(products.publish, true), isNull(products.giftCardKind), gt(products.id, afterId)] as const;

/** Rows by their product's id. */
function byProduct<T extends { productId: number }>(rows: readonly T[]) {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const group = grouped.get(row.productId);
    if (group) group.push(row);
    else grouped.set(row.productId, [row]);
  }
  return (productId: number) => grouped.get(productId) ?? [];
}

/** One round trip: the page with its variants, option values and links, and what every page carries. */
/** `at`: the counter's location, whose stock the variants carry. */
function catalogueReads(store: StoreScope, afterId: number, now: Date, at: SQL<number>) {
  // The page's ids, the subquery its variants, option values and links are read by.
  const pageIds = store
    .selectFields(products, { id: products.id }, ...onPage(afterId))
    .orderBy(asc(products.id))
    .limit(POS_CATALOGUE_PAGE_SIZE);
  const ofPage = sql`${pageIds}`;
  return [
    store
      .selectFields(
        products,
        {
          id: products.id,
          productCode: products.productCode,
          nameZhHk: products.nameZhHk,
          nameEn: products.nameEn,
          barcode: products.barcode,
          sku: products.sku,
          images: products.images,
        },
        ...onPage(afterId),
      )
      .orderBy(asc(products.id))
      .limit(POS_CATALOGUE_PAGE_SIZE),
    store
      .selectFields(
        productVariants,
        {
          id: productVariants.id,
          productId: productVariants.productId,
          optionValue1Id: productVariants.optionValue1Id,
          optionValue2Id: productVariants.optionValue2Id,
          optionValue3Id: productVariants.optionValue3Id,
          barcode: productVariants.barcode,
          sku: productVariants.sku,
          priceCents: productVariants.priceCents,
          discountPriceCents: productVariants.discountPriceCents,
          vipPriceCents: productVariants.vipPriceCents,
          unlimitedInventory: productVariants.unlimitedInventory,
          stock: sql<number>`coalesce(${stockAt(store, productVariants.id, at)}, 0)`,
          sellable: productVariants.sellable,
        },
        sql`${productVariants.productId} in ${ofPage}`,
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    optionValuesOf(store, ofPage),
    store.selectFields(
      productCategories,
      { productId: productCategories.productId, categoryId: productCategories.categoryId },
      sql`${productCategories.productId} in ${ofPage}`,
    ),
    store.selectFields(
      productAddOns,
      { productId: productAddOns.productId, addOnProductId: productAddOns.addOnProductId },
      sql`${productAddOns.productId} in ${ofPage}`,
    ),
    publishedAddOnsQuery(store),
    publishedCategoriesQuery(store),
    // Only what a counter may apply without a member nor the server: every customer's, reusable, uses left.
    store
      .selectFields(
        coupons,
        {
          code: coupons.code,
          discountType: coupons.discountType,
          discountValue: coupons.discountValue,
          minimumSubtotalCents: coupons.minimumSubtotalCents,
          startsAt: coupons.startsAt,
          expiresAt: coupons.expiresAt,
        },
        eq(coupons.disabled, false),
        gt(coupons.expiresAt, now.toISOString()),
        eq(coupons.audience, "all"),
        eq(coupons.usage, "reusable"),
        or(isNull(coupons.usageLimit), lt(coupons.timesUsed, coupons.usageLimit)),
      )
      .orderBy(asc(coupons.code)),
    store.select(storeSettings).limit(1),
  ] as const;
}

export const posCatalogueActions = [
  defineAction("get_pos_offline_catalogue_data_by_application_key", "store:pos:write", {
    reads: ({ after_id, location_id }, { store, now }) =>
      [
        ...catalogueReads(store, after_id ?? 0, now, counterAt(store, location_id)),
        counterLocationsRead(store),
      ] as const,
    handler: async (
      { location_id },
      { now, caller },
      [
        pageRows,
        variantRows,
        values,
        categoryLinks,
        addOnLinks,
        addOnRows,
        categoryRows,
        couponRows,
        [setting],
        counters,
      ],
    ): Promise<PosOfflineCatalogue> => {
      const published = new Set(addOnRows.map((addOn) => addOn.id));
      const listed = new Set(categoryRows.map((category) => category.id));
      const [variantsOf, categoriesOf, addOnsOf] = [
        byProduct(variantRows),
        byProduct(categoryLinks),
        byProduct(addOnLinks),
      ];
      return {
        products: pageRows.map((product) => ({
          id: product.id,
          product_code: product.productCode,
          name_zh_hk: product.nameZhHk,
          name_en: product.nameEn,
          barcode: product.barcode,
          sku: product.sku,
          category_ids: categoriesOf(product.id)
            .map((link) => link.categoryId)
            .filter((categoryId) => listed.has(categoryId)),
          image_url: product.images[0] ?? null,
          add_on_ids: addOnsOf(product.id)
            .map((link) => link.addOnProductId)
            .filter((addOnId) => published.has(addOnId)),
          variants: variantsOf(product.id).map((variant) => {
            const names = variantNames(variant, values);
            return {
              id: variant.id,
              name_zh_hk: names.zh,
              name_en: names.en,
              barcode: variant.barcode,
              sku: variant.sku,
              price_cents: unitPriceCents(variant, false),
              stock: stockOf(variant),
              sellable: variant.sellable,
            };
          }),
        })),
        next_after_id: pageRows.length === POS_CATALOGUE_PAGE_SIZE ? pageRows.at(-1)!.id : null,
        location_id:
          chosenCounter(
            counters.filter((counter) => mayUseLocation(caller, counter.id)),
            location_id,
          )?.id ?? null,
        add_ons: addOnRows.map((addOn) => ({ ...toAddOn(addOn), stock: stockOf(addOn), barcode: addOn.barcode })),
        order_add_on_ids: addOnRows.map((addOn) => addOn.id),
        categories: categoryRows.map((category) => ({
          id: category.id,
          name_zh_hk: category.nameZhHk,
          name_en: category.nameEn,
        })),
        coupons: couponRows.map((coupon) => ({
          code: coupon.code,
          discount_type: coupon.discountType,
          discount_value: coupon.discountValue,
          minimum_subtotal_cents: coupon.minimumSubtotalCents,
          starts_at: coupon.startsAt,
          expires_at: coupon.expiresAt,
        })),
        payment_methods: counterPaymentMethods(setting && paymentMethodsOf(setting)).filter(isOfflineMethod),
        refreshed_at: now.toISOString(),
      };
    },
  }),
];
