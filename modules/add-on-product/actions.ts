import { sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { AddOnProductRecord } from "./contract";
import { defineStoreCrud } from "../../backend/crud";
import { addOnProducts } from "../../backend/db/schema";
import { namesOf } from "../../backend/log";
import { snakeCased } from "../../backend/records";

type AddOnProductFields = Omit<Payload<"add_add_on_product_data">, "application_key">;
type AddOnProductRow = typeof addOnProducts.$inferSelect;

const SORT_COLUMNS = {
  create_date: addOnProducts.createdAt,
  name: sql`${addOnProducts.nameZhHk} COLLATE NOCASE`,
  price: addOnProducts.priceCents,
} as const;

function toColumns(input: AddOnProductFields) {
  return {
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en ?? "",
    priceCents: input.price_cents,
    unlimitedInventory: input.unlimited_inventory,
    stock: input.stock,
    imageUrl: input.image_url ?? null,
    barcode: input.barcode ?? null,
    publish: input.publish,
  };
}

const toRecord = (row: AddOnProductRow): AddOnProductRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

/** The fields as the payload names them, blanks as they are stored, so the log shows only real changes. */
const toLogged = (columns: ReturnType<typeof toColumns>) =>
  snakeCased(columns, {
    pick: ["nameZhHk", "nameEn", "priceCents", "unlimitedInventory", "stock", "imageUrl", "barcode", "publish"],
  });

const crud = defineStoreCrud({
  entity: "add_on_product",
  table: addOnProducts,
  module: "add_on_product",
  dataType: "add_on_product_data",
  toColumns,
  toRecord,
  toLogged,
  nameOf: namesOf,
  uploads: ["image_url"],
});

export const addOnProductActions = [
  crud.list({ search: [addOnProducts.nameZhHk, addOnProducts.nameEn], sorts: SORT_COLUMNS }),
  crud.get(),
  crud.add(),
  crud.edit(),
  // The product_add_on links go with it (ON DELETE CASCADE).
  crud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }) }),
];
