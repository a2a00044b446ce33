import { count, eq, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { AddOnProductRecord } from "../../contract/add-ons";
import { contains } from "../db/like";
import { pagedList } from "../db/sort";
import type { StoreScope } from "../db/scope";
import { addOnProducts } from "../db/schema";
import { found } from "../errors";
import { namesOf } from "../log";
import { defineAction } from "../registry";
import { nextVersion, rethrowStaleVersion } from "../db/version";
import { requireOwnUploads, uploadsOf } from "./uploads";

type AddOnProductFields = Omit<Payload<"add_add_on_product_data">, "application_key">;
type AddOnProductRow = typeof addOnProducts.$inferSelect;

const DATA_TYPE = "add_on_product_data";

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

function toRecord(row: AddOnProductRow): AddOnProductRecord {
  return {
    id: row.id,
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    price_cents: row.priceCents,
    unlimited_inventory: row.unlimitedInventory,
    stock: row.stock,
    image_url: row.imageUrl,
    barcode: row.barcode,
    publish: row.publish,
    create_date: row.createdAt,
    version: row.version,
  };
}

/** The fields as the payload names them, blanks as they are stored, so the log shows only real changes. */
function toLogged(columns: ReturnType<typeof toColumns>) {
  return {
    name_zh_hk: columns.nameZhHk,
    name_en: columns.nameEn,
    price_cents: columns.priceCents,
    unlimited_inventory: columns.unlimitedInventory,
    stock: columns.stock,
    image_url: columns.imageUrl,
    barcode: columns.barcode,
    publish: columns.publish,
  };
}

const addOnById = (store: StoreScope, id: number) => store.select(addOnProducts, eq(addOnProducts.id, id)).limit(1);

export const addOnProductActions = [
  defineAction(
    "get_add_on_product_data_and_total_number_by_sorting_and_limit",
    "store:add_on_product:read",
    async (input, { store }) => {
      const matching = contains([addOnProducts.nameZhHk, addOnProducts.nameEn], input.keyword);
      return pagedList(
        store,
        input,
        {
          rows: store.select(addOnProducts, matching),
          count: store.selectFields(addOnProducts, { total: count() }, matching),
          sortBy: SORT_COLUMNS[input.sorting],
          id: addOnProducts.id,
        },
        toRecord,
      );
    },
  ),

  defineAction("get_add_on_product_data_by_application_key_and_id", "store:add_on_product:read", {
    reads: ({ id }, { store }) => [addOnById(store, id)] as const,
    handler: async (_input, _context, [rows]) => toRecord(found(rows)),
  }),

  defineAction("add_add_on_product_data", "store:add_on_product:write", {
    reads: ({ image_url }, { store }) => [uploadsOf(store, [image_url])] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [upload]) => {
      requireOwnUploads({ image_url: input.image_url }, upload);
      const [[added]] = await store.batch([
        store.insert(addOnProducts, [toColumns(input)]).returning({ id: addOnProducts.id }),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: sql`last_insert_rowid()`,
          recordName: namesOf(toColumns(input)),
          before: null,
          after: toLogged(toColumns(input)),
        }),
      ]);
      return { id: added.id };
    },
  }),

  defineAction("update_add_on_product_data_by_application_key_and_id", "store:add_on_product:write", {
    reads: ({ id, image_url }, { store }) => [addOnById(store, id), uploadsOf(store, [image_url])] as const,
    handler: async ({ application_key: _key, id, version, ...input }, { store, caller, now }, [rows, upload]) => {
      const before = found(rows);
      requireOwnUploads({ image_url: input.image_url }, upload);
      const columns = toColumns(input);
      await store
        .batch([
          store.update(
            addOnProducts,
            { ...columns, version: nextVersion(addOnProducts.version, version) },
            eq(addOnProducts.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: namesOf(columns),
            before: toLogged(before),
            after: toLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  // The product_add_on links go with it (ON DELETE CASCADE).
  defineAction("delete_add_on_product_data_by_application_key_and_id", "store:add_on_product:write", {
    reads: ({ id }, { store }) => [addOnById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      await store.batch([
        store.delete(addOnProducts, eq(addOnProducts.id, id)),
        store.log(caller, now, {
          action: "delete",
          dataType: DATA_TYPE,
          recordId: id,
          recordName: namesOf(row),
          before: { name_zh_hk: row.nameZhHk },
          after: null,
        }),
      ]);
      return null;
    },
  }),
];
