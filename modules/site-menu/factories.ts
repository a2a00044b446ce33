import { sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { menuItems } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { SiteMenuExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

/** A menu item linking to a web address, last under its parent (or at the top). */
export async function createMenuItem(
  db: Db,
  applicationKey: string,
  parent: { id: number; depth: number } | null = null,
  overrides: Partial<typeof menuItems.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(menuItems)
    .values({
      applicationKey,
      parentId: parent?.id ?? null,
      depth: (parent?.depth ?? 0) + 1,
      position: sql`(select coalesce(max(position), 0) + 1 from menu_item where application_key = ${applicationKey})`,
      labelZhHk: `項目 ${id}`,
      labelEn: `Item ${id}`,
      linkKind: "url",
      linkUrl: `/item-${id}`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function siteMenuExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<SiteMenuExampleRecords> {
  const item = await createMenuItem(db, application_key);
  await createMenuItem(db, application_key, item);
  return { menu_item_id: item.id };
}
