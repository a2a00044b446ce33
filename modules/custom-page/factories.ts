import type { Db } from "../../backend/db/client";
import { customPages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

export async function createCustomPage(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof customPages.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(customPages)
    .values({ applicationKey, titleZhHk: `頁面 ${id}`, titleEn: `Page ${id}`, link: `page-${id}`, ...overrides })
    .returning();
  return row;
}
