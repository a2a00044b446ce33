import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { locations, posShifts } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import type { PosShiftExampleRecords } from "./contract";

export async function posShiftExampleRecords(
  db: Db,
  { application_key, email }: SharedExampleRecords,
): Promise<PosShiftExampleRecords> {
  const [shift] = await db
    .insert(posShifts)
    .values({
      applicationKey: application_key,
      locationId: firstLocationSql(db, application_key),
      openedBy: email,
      floatCents: 500_00,
    })
    .returning({ id: posShifts.id });
  return { pos_shift_id: shift.id };
}

/** The store's first location by position, where its shifts are unless a test says otherwise. */
export const firstLocationSql = (db: Db, applicationKey: string) =>
  sql<number>`(${db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.applicationKey, applicationKey))
    .orderBy(asc(locations.position))
    .limit(1)})`;
