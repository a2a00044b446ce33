import { eq } from "drizzle-orm";
import { bookingLinkExpiry } from "../../backend/booking-link";
import type { Db } from "../../backend/db/client";
import { courseBookings, courseSessions, courseWaitlist, creditPackages } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { courseSessionExampleRecords, createCourseSession } from "../course-session/factories";
import {
  courseSetupExampleRecords,
  createCoach,
  createCourseType,
  createCreditPackage,
} from "../course-setup/factories";
import { createPaidCreditOrder } from "../credit-order/factories";
import { bookingLinkToken } from "../appointment-booking/factories";
import { createMember } from "../member/factories";
import type { CourseBookingExampleRecords } from "./contract";

/**
 * A session of a new type and coach (tomorrow 10:00 HKT by default) and a member who bought a package of
 * 3 credits for that type, optionally already booked on it, and optionally (`waiter`) a second member with
 * the same credits who is not: what a booking page and its waitlist need.
 */
export async function createCourseBookingSetup(
  db: Db,
  applicationKey: string,
  options: { booked?: boolean; waiter?: boolean; session?: Partial<typeof courseSessions.$inferInsert> } = {},
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
  const waiter = options.waiter ? await createMember(db, applicationKey) : null;
  const waiterCredit = waiter
    ? (await createPaidCreditOrder(db, applicationKey, waiter.id, creditPackage)).credit
    : null;
  return { coach, type, creditPackage, session, member, credit, booking, waiter, waiterCredit };
}

export async function courseBookingExampleRecords(
  db: Db,
  { application_key, member_id, session_secret, of }: SharedExampleRecords,
): Promise<CourseBookingExampleRecords> {
  const [{ course_type_id, coach_id, credit_package_id }, { course_session_id }] = await Promise.all([
    of(courseSetupExampleRecords),
    of(courseSessionExampleRecords),
  ]);
  const [[creditPackage], [session]] = await Promise.all([
    db.select().from(creditPackages).where(eq(creditPackages.id, credit_package_id)),
    db.select().from(courseSessions).where(eq(courseSessions.id, course_session_id)),
  ]);
  const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
  const [{ credit }, bookedSession, fullSession, other] = await Promise.all([
    createPaidCreditOrder(db, application_key, member_id, creditPackage),
    createCourseSession(
      db,
      application_key,
      { courseTypeId: course_type_id, coachId: coach_id },
      { startsAt: dayAfter(session.startsAt), endsAt: dayAfter(session.endsAt) },
    ),
    createCourseSession(
      db,
      application_key,
      { courseTypeId: course_type_id, coachId: coach_id },
      { startsAt: dayAfter(dayAfter(session.startsAt)), endsAt: dayAfter(dayAfter(session.endsAt)), maxPlaces: 1 },
    ),
    createMember(db, application_key),
  ]);
  const { credit: otherCredit } = await createPaidCreditOrder(db, application_key, other.id, creditPackage);
  const [[booking]] = await Promise.all([
    db
      .insert(courseBookings)
      .values({
        applicationKey: application_key,
        sessionId: bookedSession.id,
        memberId: member_id,
        creditId: credit.id,
        creditsSpent: 1,
      })
      .returning({ id: courseBookings.id }),
    db.insert(courseBookings).values({
      applicationKey: application_key,
      sessionId: fullSession.id,
      memberId: other.id,
      creditId: otherCredit.id,
      creditsSpent: 1,
    }),
  ]);
  const [entry] = await db
    .insert(courseWaitlist)
    .values({ applicationKey: application_key, sessionId: fullSession.id, memberId: member_id, creditId: credit.id })
    .returning({ id: courseWaitlist.id });
  return {
    member_credit_id: credit.id,
    course_booking_id: booking.id,
    course_waitlist_id: entry.id,
    course_booking_token: await bookingLinkToken(session_secret, {
      applicationKey: application_key,
      kind: "class",
      id: booking.id,
      expires: bookingLinkExpiry(bookedSession.startsAt),
    }),
  };
}
