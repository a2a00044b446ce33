import type { Db } from "../../backend/db/client";
import { courseCoaches, courseTypes, creditPackageCourseTypes, creditPackages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { CourseSetupExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** An active coach of the store. */
export async function createCoach(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof courseCoaches.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(courseCoaches)
    .values({ applicationKey, nameZhHk: `導師 ${id}`, nameEn: `Coach ${id}`, ...overrides })
    .returning();
  return row;
}

export async function createCourseType(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof courseTypes.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(courseTypes)
    .values({ applicationKey, nameZhHk: `課程 ${id}`, nameEn: `Class ${id}`, colour: "#2e7d32", ...overrides })
    .returning();
  return row;
}

/** A package on sale (10 credits, HK$1,000, 90 days from purchase) paying for the given course types. */
export async function createCreditPackage(
  db: Db,
  applicationKey: string,
  courseTypeIds: number[],
  overrides: Partial<typeof creditPackages.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(creditPackages)
    .values({
      applicationKey,
      nameZhHk: `套票 ${id}`,
      nameEn: `Package ${id}`,
      credits: 10,
      priceCents: 100000,
      validityDays: 90,
      validityStarts: "purchase",
      onSale: true,
      ...overrides,
    })
    .returning();
  if (courseTypeIds.length > 0) {
    await db
      .insert(creditPackageCourseTypes)
      .values(courseTypeIds.map((courseTypeId) => ({ applicationKey, packageId: row.id, courseTypeId })));
  }
  return row;
}

export async function courseSetupExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<CourseSetupExampleRecords> {
  const [coach, courseType] = await Promise.all([
    createCoach(db, application_key),
    createCourseType(db, application_key),
  ]);
  const creditPackage = await createCreditPackage(db, application_key, [courseType.id]);
  return { coach_id: coach.id, course_type_id: courseType.id, credit_package_id: creditPackage.id };
}
