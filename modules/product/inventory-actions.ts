import { and, asc, count, eq, not, or, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { MAX_QUANTITY } from "../../contract/field-rules";
import type { ProductVariantStockList, ProductVariantStockRecord, StockLevelRecord } from "./contract";
import { isShortVariant, labelOfVariant, variantLabel } from "./variant-sql";
import { searched } from "./search";
import { listOrder, pagedList } from "../../backend/db/sort";
import type { StoreScope } from "../../backend/db/scope";
import { inventoryAdjustments, locations, products, productVariants, stockLevels } from "../../backend/db/schema";
import { stockAt, updateStockAt } from "./stock-levels";
import { locationInUse, payloadLocation, rethrowLocationRefused, writeLocation } from "../../backend/location-access";
import { ActionError, found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { defineAction, WithExtra } from "../../backend/registry";
import { productByCode, productIdOf, rethrowStockRefused } from "./records";
import { locationsRead } from "../location/reads";

/**
 * A variant's conditions of the inventory list's shortage filter: limited, sellable, out of stock (its total's,
 * or at a location its stock there).
 */
function variantStockConditions(
  stockStatus: ProductVariantStockRecord["stock_status"] | undefined,
  stock: typeof productVariants.stock | typeof stockLevels.stock = productVariants.stock,
) {
  if (stockStatus === "shortage") {
    return and(eq(productVariants.unlimitedInventory, false), eq(stock, 0), eq(productVariants.sellable, true));
  }
  if (stockStatus === "selling") {
    return or(eq(productVariants.unlimitedInventory, true), not(eq(stock, 0)), eq(productVariants.sellable, false));
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

/** A row of the inventory list at a location: the variant's stock there beside it. */
const levelStockFields = { ...variantStockFields, levelStock: sql<number>`${stockLevels.stock}`.as("level_stock") };

/** A row of the inventory list (drizzle's types lose the selection once a scoped query is joined). */
interface VariantStockRow {
  variant: typeof productVariants.$inferSelect;
  productCode: string;
  nameZhHk: string;
  nameEn: string;
  variantCount: number;
  labelZhHk: string;
  labelEn: string;
  levelStock?: number;
}

/** A row of the stock history, with its location's names (none when deleted or before locations). */
interface AdjustmentRow {
  adjustment: typeof inventoryAdjustments.$inferSelect;
  labelZhHk: string;
  labelEn: string;
  locationZhHk: string | null;
  locationEn: string | null;
}

/** A variant's stock at a location, with its label and the location's names. */
interface StockLevelRow {
  variantId: number;
  labelZhHk: string;
  labelEn: string;
  locationId: number;
  locationZhHk: string;
  locationEn: string;
  stock: number;
}

function toVariantStockRecord(row: unknown): ProductVariantStockRecord {
  const { variant: total, levelStock, ...product } = row as VariantStockRow;
  const variant = levelStock === undefined ? total : { ...total, stock: levelStock };
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

export const productInventoryActions = [
  /**
   * The inventory list: the store's variants along the (application_key, unlimited_inventory, stock, id)
   * index, each with its product (by id). A keyword starts from its matches in the search index instead,
   * as the product list, then their variants (by product_id), sorted: the store is then the products', so
   * the planner has no store-first index of the variants to walk in the list's order, looking each one up
   * in the search index. The store's locations, which the list is read and adjusted by, are read with the caller.
   */
  defineAction("get_product_variant_data_and_total_number_by_sorting_and_limit", "store:product_inventory:read", {
    reads: (_input, { store }) => [locationsRead(store)] as const,
    handler: async (input, { store }, [storeLocations]): Promise<WithExtra<ProductVariantStockList>> => {
      const { data: variants, extra } = await variantStockPage(store, input);
      return new WithExtra({ variants, locations: storeLocations }, extra);
    },
  }),

  /**
   * The variant's stock changes  /**
   * The variant's stock changes, its adjustment row and the log entry in one atomic batch. The database
   * refuses a stock below 0 (the column's CHECK) or over the maximum (NULL, refused by NOT NULL), so
   * concurrent adjustments can never oversell; the adjustment and log read the stock the update left.
   */
  defineAction("add_inventory_adjustment_data", "store:product_inventory:write", {
    reads: ({ product_code, variant_id, location_id }, { store }) =>
      [
        productByCode(store, product_code),
        variantsOfProduct(store, product_code, variant_id),
        payloadLocation(store, location_id),
      ] as const,
    handler: async (
      { product_code, variant_id, location_id, change, reason },
      { store, caller, now },
      [rows, variants, location],
    ) => {
      const product = found(rows);
      const variant = namedVariant(variants, variant_id);
      const locationId = writeLocation(caller, location, location_id);
      const stockNow = stockAt(store, variant.id, locationId);
      const stockBefore = sql<number>`${stockNow} - ${change}`;
      const label = variant.labelZhHk;
      const [, , , [adjustment]] = await store
        .batch([
          locationInUse(store, caller, locationId),
          updateStockAt(
            store,
            variant.id,
            locationId,
            sql`case when ${stockLevels.stock} + ${change} <= ${MAX_QUANTITY} then ${stockLevels.stock} + ${change} end`,
          ),
          store.update(productVariants, { updatedAt: now.toISOString() }, eq(productVariants.id, variant.id)),
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
                locationId,
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
            changes: sql`json_object(${label ? sql`'variant', json_array(null, ${label}), ` : sql``}'location', json_array(null, ${locationName(store, locationId)}), 'stock', json_array(${stockBefore}, ${stockNow}), 'reason', json_array(null, ${reason}))`,
          }),
        ])
        .catch(rethrowLocationRefused)
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
                locationZhHk: locations.nameZhHk,
                locationEn: locations.nameEn,
              },
              eq(inventoryAdjustments.productId, productIdOf(store, product_code)),
              variant_id === undefined ? undefined : eq(inventoryAdjustments.variantId, variant_id),
            )
            .leftJoin(locations, eq(locations.id, inventoryAdjustments.locationId))
            .orderBy(...listOrder("DESC", inventoryAdjustments.createdAt, inventoryAdjustments.id))
            .limit(100),
        ] as const,
      handler: async ({ variant_id }, _context, [product, variants, rows]) => {
        found(product);
        if (variant_id !== undefined) found(variants);
        return (rows as unknown as AdjustmentRow[]).map(
          ({ adjustment, labelZhHk, labelEn, locationZhHk, locationEn }) => ({
            id: adjustment.id,
            variant_id: adjustment.variantId,
            label_zh_hk: labelZhHk,
            label_en: labelEn,
            before: adjustment.before,
            after: adjustment.after,
            reason: adjustment.reason,
            actor_email: adjustment.actorEmail,
            create_date: adjustment.createdAt,
            location_id: adjustment.locationId,
            location_name_zh_hk: locationZhHk,
            location_name_en: locationEn,
          }),
        );
      },
    },
  ),

  defineAction("get_stock_level_data_list_by_application_key_and_product_code", "store:product_inventory:read", {
    reads: ({ product_code }, { store }) =>
      [
        productByCode(store, product_code),
        // The product's variants by its id, each one's rows by the primary key's variant_id, each location by id.
        store
          .selectFields(
            productVariants,
            {
              variantId: stockLevels.variantId,
              labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
              labelEn: variantLabel("en").as("label_en"),
              locationId: locations.id,
              locationZhHk: locations.nameZhHk,
              locationEn: locations.nameEn,
              stock: stockLevels.stock,
            },
            eq(productVariants.productId, productIdOf(store, product_code)),
          )
          .innerJoin(stockLevels, eq(stockLevels.variantId, productVariants.id))
          .innerJoin(locations, eq(locations.id, stockLevels.locationId))
          .orderBy(asc(productVariants.position), asc(productVariants.id), asc(locations.position)),
      ] as const,
    handler: async (_input, _context, [product, rows]) => {
      found(product);
      return (rows as unknown as StockLevelRow[]).map((row): StockLevelRecord => ({
        variant_id: row.variantId,
        label_zh_hk: row.labelZhHk,
        label_en: row.labelEn,
        location_id: row.locationId,
        location_name_zh_hk: row.locationZhHk,
        location_name_en: row.locationEn,
        stock: row.stock,
      }));
    },
  }),
];

/** A location's name as the log keeps it: in Chinese. */
const locationName = (store: StoreScope, id: number) =>
  sql<string>`(${store.selectFields(locations, { name: locations.nameZhHk }, eq(locations.id, id))})`;

/** One page of the inventory list: the variants' totals, or with `location_id` their stock there. */
function variantStockPage(
  store: StoreScope,
  input: Payload<"get_product_variant_data_and_total_number_by_sorting_and_limit">,
) {
  if (input.location_id !== undefined) return variantsAtLocation(store, input, input.location_id);
  const condition = variantStockConditions(input.stock_status);
  const fromProducts = <F extends Parameters<StoreScope["selectFields"]>[1]>(fields: F) =>
    searched(
      store,
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
}

/**
 * The inventory list at a location: the location's rows along the (application_key, location_id, stock,
 * variant_id) index, each with its variant and product by id; a keyword starts from its matches, as the list
 * of totals does, then their variants' rows at the location by primary key.
 */
function variantsAtLocation(
  store: StoreScope,
  input: Payload<"get_product_variant_data_and_total_number_by_sorting_and_limit">,
  locationId: number,
) {
  const condition = and(
    eq(stockLevels.locationId, locationId),
    variantStockConditions(input.stock_status, stockLevels.stock),
  );
  if (input.keyword !== undefined) {
    const fromProducts = <F extends Parameters<StoreScope["selectFields"]>[1]>(fields: F) =>
      searched(
        store,
        store
          .selectFields(products, fields)
          .innerJoin(productVariants, eq(productVariants.productId, products.id))
          .innerJoin(stockLevels, and(eq(stockLevels.variantId, productVariants.id), condition)),
        input.keyword,
      );
    return pagedList(
      store,
      input,
      {
        rows: fromProducts(levelStockFields),
        count: fromProducts({ total: count() }),
        sortBy: stockLevels.stock,
        id: stockLevels.variantId,
      },
      toVariantStockRecord,
    );
  }
  return pagedList(
    store,
    input,
    {
      rows: store
        .selectFields(stockLevels, levelStockFields, condition)
        .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId)),
      count: input.stock_status
        ? store
            .selectFields(stockLevels, { total: count() }, condition)
            .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
        : store.selectFields(stockLevels, { total: count() }, condition),
      sortBy: stockLevels.stock,
      id: stockLevels.variantId,
    },
    toVariantStockRecord,
  );
}
