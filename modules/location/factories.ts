import { eq, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { locations } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { LocationExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A shop of the store, last in the fulfilment order, selling at a counter unless said. */
export async function createLocation(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof locations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(locations)
    .values({
      applicationKey,
      nameZhHk: `分店 ${unique()}`,
      sellsAtCounter: true,
      position: sql`(select coalesce(max(${locations.position}), 0) + 1 from ${locations} where ${eq(locations.applicationKey, applicationKey)})`,
      ...overrides,
    })
    .returning();
  return row;
}

/** A second location, so the example delete does not meet the store's last one. */
export async function locationExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<LocationExampleRecords> {
  return { location_id: (await createLocation(db, application_key)).id };
}

/** The record of the edit page, for the route sweep. */
export async function locationRouteRecords(db: Db, applicationKey: string) {
  return { "/location-list/": (await createLocation(db, applicationKey)).id };
}
