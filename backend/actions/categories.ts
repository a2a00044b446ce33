import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { CategoryRecord } from "../../contract/categories";
import type { Payload } from "../../contract/actions";
import type { StoreScope } from "../db/scope";
import { categories } from "../db/schema";
import { found } from "../errors";
import { namesOf } from "../log";
import { defineAction } from "../registry";
import { nextVersion, rethrowStaleVersion } from "../db/version";
import { requireOwnUploads, uploadsOf } from "./uploads";

type CategoryRow = typeof categories.$inferSelect;
type CategoryFields = Omit<Payload<"add_category_data">, "application_key">;

function selectCategories(store: StoreScope, ...conditions: SQL[]) {
  return store.select(categories, ...conditions);
}

function toRecord(row: CategoryRow): CategoryRecord {
  return {
    id: row.id,
    data_type: "category_data",
    application_key: row.applicationKey,
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    image_url: row.imageUrl,
    sort_order: row.sortOrder,
    publish: row.publish,
    product_count: row.productCount,
    create_date: row.createdAt,
    version: row.version,
  };
}

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
function toLogged(row: ReturnType<typeof toColumns>): CategoryFields {
  return {
    name_zh_hk: row.nameZhHk,
    name_en: row.nameEn,
    image_url: row.imageUrl,
    sort_order: row.sortOrder,
    publish: row.publish,
  };
}

const categoryById = (store: StoreScope, id: number) => selectCategories(store, eq(categories.id, id)).limit(1);

export const categoryActions = [
  defineAction("get_category_data_list_by_application_key", "store:category:read", async (_input, { store }) => {
    const rows = await selectCategories(store).orderBy(asc(categories.sortOrder), asc(categories.id));
    return rows.map(toRecord);
  }),

  defineAction("get_category_data_by_application_key_and_id", "store:category:read", {
    reads: ({ id }, { store }) => [categoryById(store, id)] as const,
    handler: async (_input, _context, [rows]) => toRecord(found(rows)),
  }),

  defineAction("add_category_data", "store:category:write", {
    reads: ({ image_url }, { store }) => [uploadsOf(store, [image_url])] as const,
    handler: async ({ application_key: _key, ...fields }, { store, caller, now }, [upload]) => {
      requireOwnUploads({ image_url: fields.image_url }, upload);
      const columns = toColumns(fields);
      const [[category]] = await store.batch([
        store.insert(categories, [columns]).returning({ id: categories.id }),
        store.log(caller, now, {
          action: "add",
          dataType: "category_data",
          recordId: sql`last_insert_rowid()`,
          recordName: namesOf(columns),
          before: null,
          after: toLogged(columns),
        }),
      ]);
      return { id: category.id };
    },
  }),

  defineAction("update_category_data_by_application_key_and_id", "store:category:write", {
    reads: ({ id, image_url }, { store }) => [categoryById(store, id), uploadsOf(store, [image_url])] as const,
    handler: async ({ application_key: _key, id, version, ...fields }, { store, caller, now }, [rows, upload]) => {
      const before = found(rows);
      requireOwnUploads({ image_url: fields.image_url }, upload);
      const columns = toColumns(fields);
      await store
        .batch([
          store.update(
            categories,
            { ...columns, version: nextVersion(categories.version, version) },
            eq(categories.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: "category_data",
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

  // Its products stay; only their link to the category goes (product_category cascades).
  defineAction("delete_category_data_by_application_key_and_id", "store:category:write", {
    reads: ({ id }, { store }) => [categoryById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const before = found(rows);
      await store.batch([
        store.delete(categories, eq(categories.id, id)),
        store.log(caller, now, {
          action: "delete",
          dataType: "category_data",
          recordId: id,
          recordName: namesOf(before),
          before: toLogged(before),
          after: null,
        }),
      ]);
      return null;
    },
  }),
];
