import { and, asc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { locations } from "../location/schema";
import { productVariants, stockLevels } from "./schema";

/**
 * The location sales and restocks take their stock from until the POS and online fulfilment choose theirs: the
 * store's first location (by position) that sells at a counter or ships online orders, else its first location
 * (every store has one). One subquery, so each write stays one statement.
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

/** The store's first location by position, where a new variant's opening stock is. */
export const firstLocation = (store: StoreScope) =>
  store.selectFields(locations, { id: locations.id }).orderBy(asc(locations.position)).limit(1);

/** A variant's stock at a location, as a subquery (NULL when the variant or location is not the store's). */
export const stockAt = (store: StoreScope, variantId: number | SQL | AnyColumn, locationId: number | SQL) =>
  sql<number>`(select ${stockLevels.stock} from ${stockLevels} where ${store.where(
    stockLevels,
    eq(stockLevels.variantId, variantId),
    eq(stockLevels.locationId, locationId),
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
