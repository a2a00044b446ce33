import { eq, type SQL } from "drizzle-orm";
import type { StoreScope } from "../../backend/db/scope";
import { locations } from "./schema";

/** The read of a location a payload names, the store's own and meeting `conditions`: none when it names none. */
export const locationRead = (store: StoreScope, id: number | undefined, ...conditions: SQL[]) =>
  store.selectFields(locations, { id: locations.id }, eq(locations.id, id ?? 0), ...conditions).limit(1);
