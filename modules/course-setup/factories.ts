import type { Db } from "../../backend/db/client";
import { courseCoaches, courseTypes, creditPackageCourseTypes, creditPackages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

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
