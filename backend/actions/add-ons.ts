import { count, eq, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { AddOnProductRecord } from "../../contract/add-ons";
import { startsWith } from "../db/like";
import { listOrder } from "../db/order";
import type { StoreScope } from "../db/scope";
import { addOnProducts } from "../db/schema";
import { notFound } from "../errors";
import { defineAction, WithExtra } from "../registry";
import { requireOwnUpload } from "./uploads";

type AddOnProductFields = Omit<Payload<"add_add_on_product_data">, "application_key">;
type AddOnProductRow = typeof addOnProducts.$inferSelect;

const DATA_TYPE = "add_on_product_data";

const SORT_COLUMNS = {
  create_date: addOnProducts.createdAt,
  name: sql`${addOnProducts.nameZhHk} COLLATE NOCASE`,
  price: addOnProducts.priceCents,
} as const;

function columnsFrom(input: AddOnProductFields) {
  return {
    nameZhHk: input.name_zh_hk,
    nameEn: input.name_en ?? "",
    priceCents: input.price_cents,
    unlimitedInventory: input.unlimited_inventory,
    stock: input.stock,
    imageUrl: input.image_url ?? null,
    publish: input.publish,
  };
}

export function addOnProductRecord(row: AddOnProductRow): AddOnProductRecord {
  return {
    id: row.id,
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    price_cents: row.priceCents,
    unlimited_inventory: row.unlimitedInventory,
    stock: row.stock,
    image_url: row.imageUrl,
    publish: row.publish,
    create_date: row.createdAt,
  };
}

/** The fields as the payload names them, blanks as they are stored, so the log shows only real changes. */
function loggedFields(input: AddOnProductFields) {
  return { ...input, name_en: input.name_en ?? "", image_url: input.image_url ?? null };
}

async function findAddOnProduct(store: StoreScope, id: number) {
  const [row] = await store.select(addOnProducts, eq(addOnProducts.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export const addOnProductActions = [
  defineAction(
    "get_add_on_product_data_and_total_number_by_sorting_and_limit",
    "store:add_on_product:read",
    async ({ sorting, direction, limit, page, keyword }, { store }) => {
      const matching = startsWith([addOnProducts.nameZhHk, addOnProducts.nameEn], keyword);
      const [rows, [{ total }]] = await store.batch([
        store
          .select(addOnProducts, matching)
          .orderBy(...listOrder(direction, SORT_COLUMNS[sorting], addOnProducts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        store.selectFields(addOnProducts, { total: count() }, matching),
      ]);
      return new WithExtra(rows.map(addOnProductRecord), { total_number: total });
    },
  ),

  defineAction(
    "get_add_on_product_data_by_application_key_and_id",
    "store:add_on_product:read",
    async ({ id }, { store }) => addOnProductRecord(await findAddOnProduct(store, id)),
  ),

  defineAction(
    "add_add_on_product_data",
    "store:add_on_product:write",
    async ({ application_key: _key, ...input }, { store, caller, now }) => {
      await requireOwnUpload(store, input.image_url ?? null, "image_url");
      const [[added]] = await store.batch([
        store.insert(addOnProducts, [columnsFrom(input)]).returning({ id: addOnProducts.id }),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: sql`last_insert_rowid()`,
          before: null,
          after: loggedFields(input),
        }),
      ]);
      return { id: added.id };
    },
  ),

  defineAction(
    "update_add_on_product_data_by_application_key_and_id",
    "store:add_on_product:write",
    async ({ application_key: _key, id, ...input }, { store, caller, now }) => {
      const { id: _id, create_date: _created, ...was } = addOnProductRecord(await findAddOnProduct(store, id));
      await requireOwnUpload(store, input.image_url ?? null, "image_url");
      await store.batch([
        store.update(addOnProducts, columnsFrom(input), eq(addOnProducts.id, id)),
        store.log(caller, now, {
          action: "edit",
          dataType: DATA_TYPE,
          recordId: id,
          before: was,
          after: loggedFields(input),
        }),
      ]);
      return null;
    },
  ),

  // The product_add_on links go with it (ON DELETE CASCADE).
  defineAction(
    "delete_add_on_product_data_by_application_key_and_id",
    "store:add_on_product:write",
    async ({ id }, { store, caller, now }) => {
      const row = await findAddOnProduct(store, id);
      await store.batch([
        store.delete(addOnProducts, eq(addOnProducts.id, id)),
        store.log(caller, now, {
          action: "delete",
          dataType: DATA_TYPE,
          recordId: id,
          before: { name_zh_hk: row.nameZhHk },
          after: null,
        }),
      ]);
      return null;
    },
  ),
];
