import type { Db } from "../../backend/db/client";
import { courseSessions } from "../../backend/db/schema";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import { courseSetupExampleRecords } from "../course-setup/factories";
import type { CourseSessionExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

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

export async function courseSessionExampleRecords(
  db: Db,
  { application_key, of }: SharedExampleRecords,
): Promise<CourseSessionExampleRecords> {
  const { course_type_id, coach_id } = await of(courseSetupExampleRecords);
  const links = { courseTypeId: course_type_id, coachId: coach_id };
  const [session, cancellableSession] = await Promise.all([
    createCourseSession(db, application_key, links),
    createCourseSession(db, application_key, links),
  ]);
  return { course_session_id: session.id, cancellable_course_session_id: cancellableSession.id };
}
