import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { ActionError } from "../../backend/errors";
import { locationRead } from "../location/reads";
import { locations } from "../location/schema";
import { defaultLocationFor } from "../product/stock-levels";

const sellsAtCounter = eq(locations.sellsAtCounter, true);

/** The read of the location a counter sale names: the store's, one that sells at the counter. */
export const counterLocationRead = (store: StoreScope, id: number | undefined) =>
  locationRead(store, id, sellsAtCounter);

/** The counter's location of a sale, refused beside its field when it is not one; none named, none checked. */
export function checkedCounterLocation(id: number | undefined, [row]: { id: number }[]) {
  if (id === undefined) return undefined;
  if (!row) throw new ActionError(400, "location-not-counter", { location_id: ["location-not-counter"] });
  return row.id;
}

/** The locations a POS can work at, in the store's order. */
export const counterLocationsRead = (store: StoreScope) =>
  store
    .selectFields(
      locations,
      { id: locations.id, name_zh_hk: locations.nameZhHk, name_en: locations.nameEn },
      sellsAtCounter,
    )
    .orderBy(asc(locations.position));

/** Where a POS page works: the location it names when that sells at the counter, else the store's first that does. */
export const counterAt = (store: StoreScope, id: number | undefined): SQL<number> =>
  sql<number>`coalesce((${counterLocationRead(store, id)}), ${defaultLocationFor(store, "counter")})`;

/** The counter a POS page works at, of the locations it may choose: the one named, else the first. */
export const chosenCounter = <T extends { id: number }>(counters: T[], id: number | undefined) =>
  counters.find((counter) => counter.id === id) ?? counters[0];
