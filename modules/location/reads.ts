import { asc, eq, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { locations } from "./schema";

/** The read of a location a payload names, the store's own and meeting `conditions`: none when it names none. */
export const locationRead = (store: StoreScope, id: number | undefined, ...conditions: SQL[]) =>
  store.selectFields(locations, { id: locations.id }, eq(locations.id, id ?? 0), ...conditions).limit(1);

/**
 * The store's locations meeting `conditions`, named (`LocationName`) in the fulfilment order: an action that
 * answers a page offering a choice of location reads them beside its own rows, so the page makes one request.
 */
export const locationsRead = (store: StoreScope, ...conditions: SQL[]) =>
  store
    .selectFields(
      locations,
      { id: locations.id, name_zh_hk: locations.nameZhHk, name_en: locations.nameEn },
      ...conditions,
    )
    .orderBy(asc(locations.position));
