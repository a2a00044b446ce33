import { sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { homeBanners } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { HomeBannerExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A published slide without a window, last in the store's order. */
export async function createHomeBanner(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof homeBanners.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(homeBanners)
    .values({
      applicationKey,
      desktopImageUrl: `/uploads/${applicationKey}/${"0".repeat(64)}.png`,
      altZhHk: `橫額 ${id}`,
      altEn: `Banner ${id}`,
      publish: true,
      position: sql`(select coalesce(max(position), 0) + 1 from home_banner where application_key = ${applicationKey})`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function homeBannerExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<HomeBannerExampleRecords> {
  return { home_banner_id: (await createHomeBanner(db, application_key)).id };
}
