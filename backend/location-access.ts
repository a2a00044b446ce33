import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { integer, sqliteTable, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Caller } from "./caller";
import { locations } from "./db/schema";
import type { StoreScope } from "./db/scope";
import { ActionError, found } from "./errors";
import { errorText } from "./unique";

/**
 * Store staff limited to some locations (issue 41). The one place that answers where a caller may work: what a
 * page offers, what a list or read narrows to and what a write at a location is refused (modules/location/README.md).
 */

type Located = Pick<Caller, "accountType" | "locations">;

/**
 * The guard of writes at a location (migration 0072): a view that holds nothing, whose INSTEAD OF INSERT trigger
 * refuses the batch when the account may not use the location. Declared here, not in a schema: drizzle-kit writes
 * no views' triggers.
 */
const locationUse = sqliteTable("location_use", {
  applicationKey: text("application_key").notNull(),
  accountType: text("account_type").notNull(),
  accountId: integer("account_id").notNull(),
  locationId: integer("location_id").notNull(),
});

/** The locations the caller may use (ids), or null for every location: the store account, provider staff and unlimited staff. */
export function allowedLocations(caller: Located): number[] | null {
  return caller.accountType === "store_staff" ? (caller.locations ?? null) : null;
}

/** Whether the caller may use the location. */
export function mayUseLocation(caller: Located, locationId: number): boolean {
  const allowed = allowedLocations(caller);
  return allowed === null || allowed.includes(locationId);
}

/** A condition that a location column is one the caller may use (for a select or a write's WHERE); none when every one. */
export function locationAllowed(caller: Located, column: SQLiteColumn): SQL | undefined {
  const allowed = allowedLocations(caller);
  return allowed === null ? undefined : inArray(column, allowed);
}

export const locationNotAllowed = () => new ActionError(403, "location-not-allowed");

/**
 * A write's location, as its reads name it: the one the payload chooses, else the store's in the fulfilment order
 * (`writeLocation` picks the first the caller may use).
 */
export const payloadLocation = (store: StoreScope, locationId: number | undefined) =>
  store
    .selectFields(locations, { id: locations.id }, locationId === undefined ? undefined : eq(locations.id, locationId))
    .orderBy(asc(locations.position))
    .limit(100);

/**
 * The location a write is at, from `payloadLocation`'s rows: the chosen one (404 when not the store's, 403
 * `location-not-allowed` when the caller may not use it), else the first the caller may use (403 when none).
 */
export function writeLocation(caller: Located, rows: readonly { id: number }[], chosen: number | undefined): number {
  const location = chosen === undefined ? rows.find(({ id }) => mayUseLocation(caller, id)) : found(rows);
  if (!location || !mayUseLocation(caller, location.id)) throw locationNotAllowed();
  return location.id;
}

/**
 * The statement to put first in a write's batch at a location: the database refuses the whole batch when the
 * caller is a store staff account limited to other locations, as its rows are when the batch runs (so a limit
 * the merchant sets while the request is on its way holds too). Catch the batch with `rethrowLocationRefused`.
 */
export const locationInUse = (
  store: StoreScope,
  caller: Pick<Caller, "accountType" | "accountId">,
  locationId: number,
) => store.insert(locationUse, [{ accountType: caller.accountType, accountId: caller.accountId, locationId }]);

/** A batch refused by `locationInUse` as 403 `location-not-allowed`; any other error as it was. */
export function rethrowLocationRefused(error: unknown): never {
  if (/location-not-allowed/.test(errorText(error))) throw locationNotAllowed();
  throw error;
}
