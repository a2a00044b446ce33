import { sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { members } from "../../backend/db/schema";
import { hongKongDate } from "../../contract/dates";
import { unique } from "../../tests/helpers/factories";

/** A member of the store, general level, with a unique e-mail and phone unless `overrides` say otherwise. */
export async function createMember(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof members.$inferInsert> = {},
) {
  const id = unique();
  // The store's next number, as add_member_data gives it.
  const next = sql`(select coalesce(max(member_number), 0) + 1 from member where application_key = ${applicationKey})`;
  const [row] = await db
    .insert(members)
    .values({
      applicationKey,
      memberNumber: next,
      memberCode: sql`(select printf('M%05d', ${next}))`,
      name: `Member ${id}`,
      email: `member-${id}@factory.test`,
      phone: `9${String(parseInt(id.slice(0, 7), 16) % 10_000_000).padStart(7, "0")}`,
      registrationDate: hongKongDate(new Date()),
      ...overrides,
    })
    .returning();
  return row;
}
