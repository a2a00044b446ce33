import type { Db } from "../../backend/db/client";
import { posShifts } from "../../backend/db/schema";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import type { PosShiftExampleRecords } from "./contract";

export async function posShiftExampleRecords(
  db: Db,
  { application_key, email }: SharedExampleRecords,
): Promise<PosShiftExampleRecords> {
  const [shift] = await db
    .insert(posShifts)
    .values({ applicationKey: application_key, openedBy: email, floatCents: 500_00 })
    .returning({ id: posShifts.id });
  return { pos_shift_id: shift.id };
}
