import type { Db } from "../../backend/db/client";
import { categories } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";
import type { CategoryExampleRecords } from "./contract";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";

export async function createCategory(db: Db, applicationKey: string, name = `Category ${unique()}`) {
  const [row] = await db
    .insert(categories)
    .values({ applicationKey, nameZhHk: name, nameEn: name, publish: true })
    .returning();
  return row;
}

export async function categoryExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
): Promise<CategoryExampleRecords> {
  return { category_id: (await createCategory(db, application_key)).id };
}
