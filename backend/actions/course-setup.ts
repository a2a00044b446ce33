import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { CoachRecord, CourseTypeRecord, CreditPackageRecord } from "../../contract/course-setup";
import { contains } from "../db/like";
import type { StoreScope } from "../db/scope";
import {
  courseCoaches,
  courseTypes,
  creditPackageCourseTypes,
  creditPackages,
  storeAccounts,
  storeSettings,
} from "../db/schema";
import { pagedList } from "../db/sort";
import { nextVersion, rethrowStaleVersion } from "../db/version";
import { ActionError, found, notFound } from "../errors";
import { namesOf, oneName } from "../log";
import { forgetCachedReplies } from "../public-cache";
import { defineAction, type BaseContext } from "../registry";
import { errorText } from "../unique";
import { requireOwnUploads, uploadsOf } from "./uploads";

type CoachFields = Omit<Payload<"add_yoga_coach_data">, "application_key">;
type CourseTypeFields = Omit<Payload<"add_yoga_course_type_data">, "application_key">;
type PackageFields = Omit<Payload<"add_credit_package_data">, "application_key">;

/** A delete its rows' references refuse (sessions of a coach or type, orders of a package): 409 record-in-use. */
function rethrowInUse(error: unknown): never {
  if (errorText(error).includes("FOREIGN KEY constraint failed")) throw new ActionError(409, "record-in-use");
  throw error;
}

// ---------------------------------------------------------------------------------------------
// Coaches

const COACH_SORT_COLUMNS = {
  create_date: courseCoaches.createdAt,
  name: sql`${courseCoaches.nameEn} COLLATE NOCASE`,
} as const;

const coachColumns = (input: CoachFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  photoUrl: input.photo_url ?? null,
  bio: input.bio ?? "",
  active: input.active,
});

const coachRecord = (row: typeof courseCoaches.$inferSelect): CoachRecord => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  photo_url: row.photoUrl,
  bio: row.bio,
  active: row.active,
  create_date: row.createdAt,
  version: row.version,
});

const coachLogged = (columns: ReturnType<typeof coachColumns>) => ({
  name_zh_hk: columns.nameZhHk,
  name_en: columns.nameEn,
  photo_url: columns.photoUrl,
  bio: columns.bio,
  active: columns.active,
});

const coachById = (store: StoreScope, id: number) => store.select(courseCoaches, eq(courseCoaches.id, id)).limit(1);

// ---------------------------------------------------------------------------------------------
// Course types

const COURSE_TYPE_SORT_COLUMNS = {
  create_date: courseTypes.createdAt,
  name: sql`${courseTypes.nameEn} COLLATE NOCASE`,
} as const;

const courseTypeColumns = (input: CourseTypeFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  colour: input.colour,
  description: input.description ?? "",
});

const courseTypeRecord = (row: typeof courseTypes.$inferSelect): CourseTypeRecord => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  colour: row.colour,
  description: row.description,
  create_date: row.createdAt,
  version: row.version,
});

const courseTypeLogged = (columns: ReturnType<typeof courseTypeColumns>) => ({
  name_zh_hk: columns.nameZhHk,
  name_en: columns.nameEn,
  colour: columns.colour,
  description: columns.description,
});

const courseTypeById = (store: StoreScope, id: number) => store.select(courseTypes, eq(courseTypes.id, id)).limit(1);

// ---------------------------------------------------------------------------------------------
// Credit packages

const PACKAGE_SORT_COLUMNS = {
  create_date: creditPackages.createdAt,
  price: creditPackages.priceCents,
} as const;

const packageColumns = (input: PackageFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  credits: input.credits,
  priceCents: input.price_cents,
  validityDays: input.validity_days,
  validityStarts: input.validity_starts,
  onSale: input.on_sale,
});

const packageRecord = (row: typeof creditPackages.$inferSelect): CreditPackageRecord => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  credits: row.credits,
  price_cents: row.priceCents,
  validity_days: row.validityDays,
  validity_starts: row.validityStarts,
  on_sale: row.onSale,
  create_date: row.createdAt,
  version: row.version,
});

const packageLogged = (columns: ReturnType<typeof packageColumns>, courseTypeIds: number[]) => ({
  name_zh_hk: columns.nameZhHk,
  name_en: columns.nameEn,
  credits: columns.credits,
  price_cents: columns.priceCents,
  validity_days: columns.validityDays,
  validity_starts: columns.validityStarts,
  course_type_ids: [...courseTypeIds].sort((a, b) => a - b),
  on_sale: columns.onSale,
});

/** The store website's list of packages on sale (backend/actions/credit-orders.ts) changes with every package write. */
const forgetWebsitePackages = (store: StoreScope, afterReply: BaseContext["afterReply"]) =>
  afterReply(() =>
    forgetCachedReplies([
      {
        name: "get_online_credit_package_data_list_by_application_key",
        payload: { application_key: store.applicationKey },
      },
    ]),
  );

const packageById = (store: StoreScope, id: number) => store.select(creditPackages, eq(creditPackages.id, id)).limit(1);

const packageTypeIds = (store: StoreScope, id: number) =>
  store.selectFields(
    creditPackageCourseTypes,
    { id: creditPackageCourseTypes.courseTypeId },
    eq(creditPackageCourseTypes.packageId, id),
  );

/** How many of the named course types are the store's own: all of them, or the payload names another's. */
const ownCourseTypeCount = (store: StoreScope, ids: number[]) =>
  store.selectFields(courseTypes, { own: count() }, inArray(courseTypes.id, [0, ...ids]));

function requireOwnCourseTypes(ids: number[], [{ own }]: { own: number }[]) {
  if (own !== new Set(ids).size) throw notFound();
}

/** The package's links to its course types; `packageId` may be a subquery of a package inserted earlier in the batch. */
const linkStatement = (store: StoreScope, packageId: number | ReturnType<typeof sql<number>>, ids: number[]) =>
  store.insert(
    creditPackageCourseTypes,
    [...new Set(ids)].map((courseTypeId) => ({ packageId, courseTypeId })),
  );

// ---------------------------------------------------------------------------------------------
// The course setting (store_setting.course_cancel_hours, its own version)

const courseTypeChoices = (store: StoreScope) =>
  store
    .selectFields(courseTypes, {
      id: courseTypes.id,
      name_zh_hk: courseTypes.nameZhHk,
      name_en: courseTypes.nameEn,
      colour: courseTypes.colour,
    })
    .orderBy(asc(courseTypes.createdAt), asc(courseTypes.id));

const settingReads = (store: StoreScope) =>
  [store.select(storeAccounts).limit(1), store.select(storeSettings).limit(1)] as const;

export const courseSetupActions = [
  defineAction(
    "get_yoga_coach_data_and_total_number_by_sorting_and_limit",
    "store:yoga_course:read",
    async (input, { store }) => {
      const matching = and(
        contains([courseCoaches.nameZhHk, courseCoaches.nameEn], input.keyword),
        input.status ? eq(courseCoaches.active, input.status === "active") : undefined,
      );
      return pagedList(
        store,
        input,
        {
          rows: store.select(courseCoaches, matching),
          count: store.selectFields(courseCoaches, { total: count() }, matching),
          sortBy: COACH_SORT_COLUMNS[input.sorting],
          id: courseCoaches.id,
        },
        coachRecord,
      );
    },
  ),

  defineAction("get_yoga_coach_data_by_application_key_and_id", "store:yoga_course:read", {
    reads: ({ id }, { store }) => [coachById(store, id)] as const,
    handler: async (_input, _context, [rows]) => coachRecord(found(rows)),
  }),

  defineAction("add_yoga_coach_data", "store:yoga_course:write", {
    reads: ({ photo_url }, { store }) => [uploadsOf(store, [photo_url])] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [uploaded]) => {
      requireOwnUploads({ photo_url: input.photo_url }, uploaded);
      const columns = coachColumns(input);
      const [[added]] = await store.batch([
        store.insert(courseCoaches, [columns]).returning({ id: courseCoaches.id }),
        store.log(caller, now, {
          action: "add",
          dataType: "yoga_coach_data",
          recordId: sql`last_insert_rowid()`,
          recordName: namesOf(columns),
          before: null,
          after: coachLogged(columns),
        }),
      ]);
      return { id: added.id };
    },
  }),

  defineAction("update_yoga_coach_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id, photo_url }, { store }) => [coachById(store, id), uploadsOf(store, [photo_url])] as const,
    handler: async ({ application_key: _key, id, version, ...input }, { store, caller, now }, [rows, uploaded]) => {
      const before = found(rows);
      requireOwnUploads({ photo_url: input.photo_url }, uploaded);
      const columns = coachColumns(input);
      await store
        .batch([
          store.update(
            courseCoaches,
            { ...columns, updatedAt: now.toISOString(), version: nextVersion(courseCoaches.version, version) },
            eq(courseCoaches.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: "yoga_coach_data",
            recordId: id,
            recordName: namesOf(columns),
            before: coachLogged(before),
            after: coachLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("delete_yoga_coach_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [coachById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      await store
        .batch([
          store.delete(courseCoaches, eq(courseCoaches.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: "yoga_coach_data",
            recordId: id,
            recordName: namesOf(row),
            before: { name_zh_hk: row.nameZhHk },
            after: null,
          }),
        ])
        .catch(rethrowInUse);
      return null;
    },
  }),

  defineAction(
    "get_yoga_course_type_data_and_total_number_by_sorting_and_limit",
    "store:yoga_course:read",
    async (input, { store }) => {
      const matching = contains([courseTypes.nameZhHk, courseTypes.nameEn], input.keyword);
      return pagedList(
        store,
        input,
        {
          rows: store.select(courseTypes, matching),
          count: store.selectFields(courseTypes, { total: count() }, matching),
          sortBy: COURSE_TYPE_SORT_COLUMNS[input.sorting],
          id: courseTypes.id,
        },
        courseTypeRecord,
      );
    },
  ),

  defineAction("get_yoga_course_type_data_by_application_key_and_id", "store:yoga_course:read", {
    reads: ({ id }, { store }) => [courseTypeById(store, id)] as const,
    handler: async (_input, _context, [rows]) => courseTypeRecord(found(rows)),
  }),

  defineAction(
    "add_yoga_course_type_data",
    "store:yoga_course:write",
    async ({ application_key: _key, ...input }, { store, caller, now }) => {
      const columns = courseTypeColumns(input);
      const [[added]] = await store.batch([
        store.insert(courseTypes, [columns]).returning({ id: courseTypes.id }),
        store.log(caller, now, {
          action: "add",
          dataType: "yoga_course_type_data",
          recordId: sql`last_insert_rowid()`,
          recordName: namesOf(columns),
          before: null,
          after: courseTypeLogged(columns),
        }),
      ]);
      return { id: added.id };
    },
  ),

  defineAction("update_yoga_course_type_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [courseTypeById(store, id)] as const,
    handler: async ({ application_key: _key, id, version, ...input }, { store, caller, now }, [rows]) => {
      const before = found(rows);
      const columns = courseTypeColumns(input);
      await store
        .batch([
          store.update(
            courseTypes,
            { ...columns, updatedAt: now.toISOString(), version: nextVersion(courseTypes.version, version) },
            eq(courseTypes.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: "yoga_course_type_data",
            recordId: id,
            recordName: namesOf(columns),
            before: courseTypeLogged(before),
            after: courseTypeLogged(columns),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  // The packages paying for it stop doing so (their links cascade); sessions of it refuse the delete.
  defineAction("delete_yoga_course_type_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [courseTypeById(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows]) => {
      const row = found(rows);
      await store
        .batch([
          store.delete(courseTypes, eq(courseTypes.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: "yoga_course_type_data",
            recordId: id,
            recordName: namesOf(row),
            before: { name_zh_hk: row.nameZhHk },
            after: null,
          }),
        ])
        .catch(rethrowInUse);
      return null;
    },
  }),

  defineAction(
    "get_credit_package_data_and_total_number_by_sorting_and_limit",
    "store:credit_package:read",
    async (input, { store }) => {
      const matching = and(
        contains([creditPackages.nameZhHk, creditPackages.nameEn], input.keyword),
        input.status ? eq(creditPackages.onSale, input.status === "on_sale") : undefined,
      );
      return pagedList(
        store,
        input,
        {
          rows: store.select(creditPackages, matching),
          count: store.selectFields(creditPackages, { total: count() }, matching),
          sortBy: PACKAGE_SORT_COLUMNS[input.sorting],
          id: creditPackages.id,
        },
        packageRecord,
      );
    },
  ),

  defineAction("get_credit_package_data_by_application_key_and_id", "store:credit_package:read", {
    reads: ({ id }, { store }) => [packageById(store, id), packageTypeIds(store, id)] as const,
    handler: async (_input, _context, [rows, links]) => ({
      ...packageRecord(found(rows)),
      course_type_ids: links.map((link) => link.id).sort((a, b) => a - b),
    }),
  }),

  defineAction("add_credit_package_data", "store:credit_package:write", {
    reads: ({ course_type_ids }, { store }) => [ownCourseTypeCount(store, course_type_ids)] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now, afterReply }, [owned]) => {
      requireOwnCourseTypes(input.course_type_ids, owned);
      const columns = packageColumns(input);
      // The package just inserted: the store's newest (ids only grow, and a batch runs alone).
      const newPackageId = sql<number>`(select max(${creditPackages.id}) from ${creditPackages} where ${store.where(creditPackages)})`;
      const [[added]] = await store.batch([
        store.insert(creditPackages, [columns]).returning({ id: creditPackages.id }),
        store.log(caller, now, {
          action: "add",
          dataType: "credit_package_data",
          recordId: sql`last_insert_rowid()`,
          recordName: namesOf(columns),
          before: null,
          after: packageLogged(columns, input.course_type_ids),
        }),
        linkStatement(store, newPackageId, input.course_type_ids),
      ]);
      await forgetWebsitePackages(store, afterReply);
      return { id: added.id };
    },
  }),

  defineAction("update_credit_package_data_by_application_key_and_id", "store:credit_package:write", {
    reads: ({ id, course_type_ids }, { store }) =>
      [packageById(store, id), packageTypeIds(store, id), ownCourseTypeCount(store, course_type_ids)] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, caller, now, afterReply },
      [rows, links, owned],
    ) => {
      const before = found(rows);
      requireOwnCourseTypes(input.course_type_ids, owned);
      const columns = packageColumns(input);
      await store
        .batch([
          store.update(
            creditPackages,
            { ...columns, updatedAt: now.toISOString(), version: nextVersion(creditPackages.version, version) },
            eq(creditPackages.id, id),
          ),
          store.delete(creditPackageCourseTypes, eq(creditPackageCourseTypes.packageId, id)),
          linkStatement(store, id, input.course_type_ids),
          store.log(caller, now, {
            action: "edit",
            dataType: "credit_package_data",
            recordId: id,
            recordName: namesOf(columns),
            before: packageLogged(
              before,
              links.map((link) => link.id),
            ),
            after: packageLogged(columns, input.course_type_ids),
          }),
        ])
        .catch(rethrowStaleVersion);
      await forgetWebsitePackages(store, afterReply);
      return null;
    },
  }),

  defineAction("delete_credit_package_data_by_application_key_and_id", "store:credit_package:write", {
    reads: ({ id }, { store }) => [packageById(store, id)] as const,
    handler: async ({ id }, { store, caller, now, afterReply }, [rows]) => {
      const row = found(rows);
      await store
        .batch([
          store.delete(creditPackages, eq(creditPackages.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: "credit_package_data",
            recordId: id,
            recordName: namesOf(row),
            before: { name_zh_hk: row.nameZhHk },
            after: null,
          }),
        ])
        .catch(rethrowInUse);
      await forgetWebsitePackages(store, afterReply);
      return null;
    },
  }),

  defineAction("get_course_setting_data_by_application_key", "store:credit_package:read", {
    reads: (_input, { store }) => [store.select(storeSettings).limit(1)] as const,
    handler: async (_input, _context, [settings]) => {
      const setting = found(settings);
      return { course_cancel_hours: setting.courseCancelHours, version: setting.courseVersion };
    },
  }),

  defineAction("update_course_setting_data_by_application_key", "store:credit_package:write", {
    reads: (_input, { store }) => settingReads(store),
    handler: async ({ course_cancel_hours, version }, { store, caller, now }, [accounts, settings]) => {
      const before = found(settings);
      await store
        .batch([
          store.update(storeSettings, {
            courseCancelHours: course_cancel_hours,
            courseVersion: nextVersion(storeSettings.courseVersion, version),
          }),
          store.log(caller, now, {
            action: "edit",
            dataType: "store_setting_data",
            recordId: store.applicationKey,
            recordName: oneName(found(accounts).storeName),
            before: { course_cancel_hours: before.courseCancelHours },
            after: { course_cancel_hours },
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("get_yoga_course_type_data_list_by_application_key", "store:credit_package:read", {
    reads: (_input, { store }) => [courseTypeChoices(store)] as const,
    handler: async (_input, _context, [types]) => types,
  }),
];
