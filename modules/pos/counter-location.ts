import { eq } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { ActionError } from "../../backend/errors";
import { locationRead } from "../location/reads";
import { locations } from "../location/schema";

/** The read of the location a counter sale names: the store's, one that sells at the counter. */
export const counterLocationRead = (store: StoreScope, id: number | undefined) =>
  locationRead(store, id, eq(locations.sellsAtCounter, true));

/** The counter's location of a sale, refused beside its field when it is not one; none named, none checked. */
export function checkedCounterLocation(id: number | undefined, [row]: { id: number }[]) {
  if (id === undefined) return undefined;
  if (!row) throw new ActionError(400, "location-not-counter", { location_id: ["location-not-counter"] });
  return row.id;
}
