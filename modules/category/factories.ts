import type { Db } from "../../backend/db/client";
import { categories } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

export async function createCategory(db: Db, applicationKey: string, name = `Category ${unique()}`) {
  const [row] = await db
    .insert(categories)
    .values({ applicationKey, nameZhHk: name, nameEn: name, publish: true })
    .returning();
  return row;
}
