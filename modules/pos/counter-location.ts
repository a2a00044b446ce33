import { eq, sql, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import type { Caller } from "../../backend/caller";
import { ActionError } from "../../backend/errors";
import { locationNotAllowed, mayUseLocation } from "../../backend/location-access";
import { locationRead, locationsRead } from "../location/reads";
import { locations } from "../location/schema";
import { defaultLocationFor } from "../product/stock-levels";

const sellsAtCounter = eq(locations.sellsAtCounter, true);

/**
 * The counter a sale is made or a shift opened at, of the store's counter locations: the one it names (400 beside the field when
 * that does not sell at the counter, 403 when the caller may not use it), else the first the caller may use;
 * none when there is none.
 */
export function counterFor(caller: Pick<Caller, "accountType" | "locations">, counters: { id: number }[], id?: number) {
  if (id === undefined) return counters.find((counter) => mayUseLocation(caller, counter.id))?.id;
  if (!counters.some((counter) => counter.id === id)) {
    throw new ActionError(400, "location-not-counter", { location_id: ["location-not-counter"] });
  }
  if (!mayUseLocation(caller, id)) throw locationNotAllowed();
  return id;
}

/** The locations a POS can work at, in the store's order. */
export const counterLocationsRead = (store: StoreScope) => locationsRead(store, sellsAtCounter);

/** Where a POS page works: the location it names when that sells at the counter, else the store's first that does. */
export const counterAt = (store: StoreScope, id: number | undefined): SQL<number> =>
  sql<number>`coalesce((${locationRead(store, id, sellsAtCounter)}), ${defaultLocationFor(store, "counter")})`;

/** The counter a POS page works at, of the locations it may choose: the one named, else the first. */
export const chosenCounter = <T extends { id: number }>(counters: T[], id: number | undefined) =>
  counters.find((counter) => counter.id === id) ?? counters[0];
