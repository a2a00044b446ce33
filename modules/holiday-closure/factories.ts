import type { Db } from "../../backend/db/client";
import { holidayClosures } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { HolidayClosureExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A one-day closure of the store on Christmas 2026 unless said. */
export async function createHolidayClosure(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof holidayClosures.$inferInsert> = {},
) {
  const [row] = await db
    .insert(holidayClosures)
    .values({
      applicationKey,
      startDate: "2026-12-25",
      endDate: "2026-12-25",
      nameZhHk: `休息 ${unique()}`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function holidayClosureExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<HolidayClosureExampleRecords> {
  return { holiday_closure_id: (await createHolidayClosure(db, application_key)).id };
}

/** The record of the edit page, for the route sweep. */
export async function holidayClosureRouteRecords(db: Db, applicationKey: string) {
  return { "/holiday-closure-list/": (await createHolidayClosure(db, applicationKey)).id };
}
