import { and, asc, Column, eq, getTableName, is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Caller } from "../../backend/caller";
import type { StoreScope } from "../../backend/db/scope";
import { MAX_QUANTITY } from "../../contract/field-rules";
import { locations } from "../location/schema";
import { inventoryAdjustments, products, productVariants, stockLevels } from "./schema";

/**
 * The location of a use when nothing names one: the store's first location (by position) that sells at a
 * counter or ships online orders, else its first location (every store has one). Where a sale's stock comes
 * from when no location holds it (the stock CHECK then refuses it) and where lines sold before locations are
 * given back. One subquery, so each write stays one statement.
 */
export const defaultLocationFor = (store: StoreScope, use: "counter" | "online"): SQL<number> =>
  sql<number>`coalesce((${store
    .selectFields(
      locations,
      { id: locations.id },
      eq(use === "counter" ? locations.sellsAtCounter : locations.shipsOnlineOrders, true),
    )
    .orderBy(asc(locations.position))
    .limit(1)}), (${firstLocation(store)}))`;

/**
 * Where a sale takes a variant's `units` from when no counter names its location (a website order, one a
 * quotation or booking makes): the `preferred` location (the customer's pickup point) when it holds them, else
 * the first location by position of its `use` that holds them, else the preferred one or the default, where the
 * stock CHECK refuses the sale as short.
 */
export const fulfilmentLocation = (
  store: StoreScope,
  use: "counter" | "online",
  variantId: number,
  units: number,
  preferred?: SQL<number | null>,
): SQL<number> => {
  const holding = (...conditions: SQL[]) =>
    sql`(select ${locations.id} from ${locations} join ${stockLevels} on ${and(
      eq(stockLevels.locationId, locations.id),
      eq(stockLevels.variantId, variantId),
    )} where ${store.where(locations, sql`${stockLevels.stock} >= ${units}`, ...conditions)} order by ${locations.position} limit 1)`;
  const usable = eq(use === "counter" ? locations.sellsAtCounter : locations.shipsOnlineOrders, true);
  return preferred
    ? sql<number>`coalesce(${holding(eq(locations.id, preferred))}, ${holding(usable)}, ${preferred}, ${defaultLocationFor(store, use)})`
    : sql<number>`coalesce(${holding(usable)}, ${defaultLocationFor(store, use)})`;
};

/** The pickup point a website order is collected at: the one whose address, in either language, the customer chose. */
export const pickupLocation = (store: StoreScope, address: string | undefined): SQL<number | null> =>
  sql`(${store
    .selectFields(
      locations,
      { id: locations.id },
      eq(locations.isPickupPoint, true),
      sql`${address ?? ""} in (${locations.addressZhHk}, ${locations.addressEn})`,
    )
    .orderBy(asc(locations.position))
    .limit(1)})`;

/** The store's first location by position, where a new variant's opening stock is. */
export const firstLocation = (store: StoreScope) =>
  store.selectFields(locations, { id: locations.id }).orderBy(asc(locations.position)).limit(1);

/**
 * A column of the outer query, named with its table: drizzle names columns bare in a one-table query, which
 * inside a subquery would name the subquery's own table's column.
 */
const outer = (column: AnyColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A variant's stock at a location, as a subquery (NULL when the variant or location is not the store's). */
export const stockAt = (store: StoreScope, variantId: number | SQL | AnyColumn, locationId: number | SQL) =>
  sql<number>`(select ${stockLevels.stock} from ${stockLevels} where ${store.where(
    stockLevels,
    eq(stockLevels.variantId, is(variantId, Column) ? outer(variantId) : variantId),
    eq(stockLevels.locationId, locationId),
  )})`;

/** The stock a product's limited variants have at a location, as a subquery of a query of products. */
export const productStockAt = (store: StoreScope, locationId: SQL<number>) =>
  sql<number>`(select coalesce(sum(${stockLevels.stock}), 0) from ${stockLevels} where ${store.where(
    stockLevels,
    eq(stockLevels.locationId, locationId),
    sql`${stockLevels.variantId} in (select ${productVariants.id} from ${productVariants} where ${productVariants.productId} = ${outer(products.id)} and not ${productVariants.unlimitedInventory})`,
  )})`;

/** The update of a variant's stock at a location to `stock`, an expression of its current `stock_level.stock`. */
export const updateStockAt = (
  store: StoreScope,
  variantId: number | SQL,
  locationId: number | SQL,
  stock: SQL,
  ...conditions: SQL[]
) =>
  store.update(
    stockLevels,
    { stock },
    and(eq(stockLevels.variantId, variantId), eq(stockLevels.locationId, locationId), ...conditions),
  );

/**
 * The variant of a stock level is limited (an unlimited one keeps its stock through sales and restocks): its
 * variant by primary key, never a list of the store's limited variants.
 */
export const levelOfLimitedVariant = () =>
  sql`not (select ${productVariants.unlimitedInventory} from ${productVariants} where ${productVariants.id} = ${stockLevels.variantId})`;

/** Whether an error is a stock level the database refused below 0. */
export const isStockShort = (text: string) =>
  /stock_level_stock_not_negative|product_variant_stock_not_negative/.test(text);

/**
 * A variant's stock moved at a location (`change` units, negative when it leaves; at most MAX_QUANTITY there)
 * with its inventory adjustment giving `reason` (a purchase order's or transfer's number): an unlimited variant
 * keeps its stock and gets none; a deleted one (null), neither.
 */
export function stockMove(
  store: StoreScope,
  caller: Caller,
  now: Date,
  move: { variantId: number | null; locationId: number; change: number; reason: string },
): BatchItem<"sqlite">[] {
  const { variantId, locationId, change } = move;
  if (variantId === null) return [];
  const levelNow = stockAt(store, variantId, locationId);
  return [
    updateStockAt(
      store,
      variantId,
      locationId,
      sql`case when ${stockLevels.stock} + ${change} <= ${MAX_QUANTITY} then ${stockLevels.stock} + ${change} end`,
      levelOfLimitedVariant(),
    ),
    store.insertFrom(inventoryAdjustments, (qb) =>
      qb
        // Every column, in the table's order (drizzle's rule for INSERT … SELECT); the id is the table's to give.
        .select({
          id: sql`null`.as("id"),
          applicationKey: productVariants.applicationKey,
          productId: productVariants.productId,
          variantId: productVariants.id,
          before: sql`${levelNow} - ${change}`.as("before"),
          after: sql`${levelNow}`.as("after"),
          reason: sql`${move.reason}`.as("reason"),
          actorEmail: sql`${caller.email}`.as("actor_email"),
          createdAt: sql`${now.toISOString()}`.as("created_at"),
          locationId: sql`${locationId}`.as("location_id"),
        })
        .from(productVariants)
        .where(
          store.where(
            productVariants,
            eq(productVariants.id, variantId),
            eq(productVariants.unlimitedInventory, false),
          ),
        ),
    ),
  ];
}
