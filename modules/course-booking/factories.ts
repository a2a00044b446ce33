import type { Db } from "../../backend/db/client";
import { courseBookings, courseSessions } from "../../backend/db/schema";
import { createCourseSession } from "../course-session/factories";
import { createCoach, createCourseType, createCreditPackage } from "../course-setup/factories";
import { createPaidCreditOrder } from "../credit-order/factories";
import { createMember } from "../member/factories";

/**
 * A session of a new type and coach (tomorrow 10:00 HKT by default) and a member who bought a package of
 * 3 credits for that type, optionally already booked on it: what a booking page needs.
 */
export async function createCourseBookingSetup(
  db: Db,
  applicationKey: string,
  options: { booked?: boolean; session?: Partial<typeof courseSessions.$inferInsert> } = {},
) {
  const [coach, type] = await Promise.all([createCoach(db, applicationKey), createCourseType(db, applicationKey)]);
  const creditPackage = await createCreditPackage(db, applicationKey, [type.id], { credits: 3 });
  const [session, member] = await Promise.all([
    createCourseSession(db, applicationKey, { courseTypeId: type.id, coachId: coach.id }, options.session),
    createMember(db, applicationKey),
  ]);
  const { credit } = await createPaidCreditOrder(db, applicationKey, member.id, creditPackage);
  const [booking] = options.booked
    ? await db
        .insert(courseBookings)
        .values({ applicationKey, sessionId: session.id, memberId: member.id, creditId: credit.id, creditsSpent: 1 })
        .returning()
    : [null];
  return { coach, type, creditPackage, session, member, credit, booking };
}
