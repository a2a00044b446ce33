import type { Db } from "../../backend/db/client";
import { courseSessions } from "../../backend/db/schema";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";

/** A scheduled one-hour session, by default tomorrow at 10:00 HKT, needing 1 credit, with 10 places. */
export async function createCourseSession(
  db: Db,
  applicationKey: string,
  links: { courseTypeId: number; coachId: number },
  overrides: Partial<typeof courseSessions.$inferInsert> = {},
) {
  const startsAt = new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const [row] = await db
    .insert(courseSessions)
    .values({
      applicationKey,
      ...links,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      creditsNeeded: 1,
      maxPlaces: 10,
      ...overrides,
    })
    .returning();
  return row;
}
