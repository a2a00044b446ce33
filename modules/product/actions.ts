import { asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import type { ProductDetail } from "./contract";
import { variantLabel } from "./variant-sql";
import { searched } from "./search";
import { pagedList } from "../../backend/db/sort";
import type { StoreScope } from "../../backend/db/scope";
import { productAddOns, productCategories, products, productVariants } from "../../backend/db/schema";
import { ActionError, found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { chunks } from "../../backend/db/chunks";
import { defineAction } from "../../backend/registry";
import { rethrowUniqueViolation } from "../../backend/unique";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import {
  addStatements,
  assertOwnLinks,
  categoryIdsOfProduct,
  linkStatements,
  loggedVariantsOf,
  ownLinksReads,
  productByCode,
  productIdOf,
  splitColumns,
  toColumns,
  toLogged,
  toRecord,
  type ProductFields,
} from "./records";
import { productInventoryActions } from "./inventory-actions";
import { productSheetActions } from "./sheet-actions";
import {
  assertCodesFree,
  codeReads,
  toOptionsAndVariants,
  updateVariantStatements,
  variantReads,
  variantsOf,
} from "./variants";

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

/** The conflicts a unique index can answer a product's write with, beside the form's fields it has. */
const uniqueConflicts = (input: Pick<ProductFields, "options">) =>
  input.options.length > 0 ? VARIANT_UNIQUE_MESSAGES : UNIQUE_FIELDS;

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

const SORT_COLUMNS = {
  create_date: products.createdAt,
  name: sql`${products.nameZhHk} COLLATE NOCASE`,
  price: products.priceCents,
  stock: products.stock,
  sold_quantity: products.soldQuantity,
} as const;

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
            store,
            store.selectFields(products, { product: products, categoryIds: categoryIdsOfProduct }, ...conditions),
            input.keyword,
          ),
          count: searched(store, store.selectFields(products, { total: count() }, ...conditions), input.keyword),
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

  ...productInventoryActions,
  ...productSheetActions,
];
