import type { Db } from "../../backend/db/client";
import { customPages } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { CustomPageExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

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

export async function customPageExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<CustomPageExampleRecords> {
  const page = await createCustomPage(db, application_key, { publish: true });
  return { custom_page_id: page.id, custom_page_link: page.link };
}
