import { asc, type SQL } from "drizzle-orm";
import type { CategoryRecord } from "./contract";
import type { Payload } from "../../contract/actions";
import { defineStoreCrud } from "../../backend/crud";
import type { StoreScope } from "../../backend/db/scope";
import { categories } from "../../backend/db/schema";
import { namesOf } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";

type CategoryRow = typeof categories.$inferSelect;
type CategoryFields = Omit<Payload<"add_category_data">, "application_key">;

function selectCategories(store: StoreScope, ...conditions: SQL[]) {
  return store.select(categories, ...conditions);
}

const toRecord = (row: CategoryRow): CategoryRecord =>
  snakeCased(row, { omit: ["createdAt"], add: { data_type: "category_data", create_date: row.createdAt } });

function toColumns(input: CategoryFields) {
  return {
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en,
    imageUrl: input.image_url,
    sortOrder: input.sort_order,
    publish: input.publish,
  };
}

/** The fields as the payload names them, as they are stored, for the log. */
const toLogged = (columns: ReturnType<typeof toColumns>): CategoryFields =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "imageUrl", "sortOrder", "publish"] });

const crud = defineStoreCrud({
  entity: "category",
  table: categories,
  module: "category",
  dataType: "category_data",
  toColumns,
  toRecord,
  toLogged,
  nameOf: namesOf,
  uploads: ["image_url"],
});

export const categoryActions = [
  defineAction("get_category_data_list_by_application_key", "store:category:read", async (_input, { store }) => {
    const rows = await selectCategories(store).orderBy(asc(categories.sortOrder), asc(categories.id));
    return rows.map(toRecord);
  }),

  crud.get(),
  crud.add(),
  crud.edit(),
  // Its products stay; only their link to the category goes (product_category cascades).
  crud.delete(),
];
