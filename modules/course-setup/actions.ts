import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { CoachRecord, CourseTypeRecord, CreditPackageRecord } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import {
  courseCoaches,
  courseTypes,
  creditPackageCourseTypes,
  creditPackages,
  storeSettings,
} from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { forgetStoreReply } from "../../backend/public-cache";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction, type BaseContext } from "../../backend/registry";
import { saveStoreSettings, settingsEditReads } from "../../backend/store-settings";
import { rethrowInUse } from "../../backend/unique";

type CoachFields = Omit<Payload<"add_yoga_coach_data">, "application_key">;
type CourseTypeFields = Omit<Payload<"add_yoga_course_type_data">, "application_key">;
type PackageFields = Omit<Payload<"add_credit_package_data">, "application_key">;

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

const coachRecord = (row: typeof courseCoaches.$inferSelect): CoachRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "createdAt", "updatedAt", "calendarFeedVersion"],
    add: { create_date: row.createdAt },
  });

const coachLogged = (columns: ReturnType<typeof coachColumns>) =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "photoUrl", "bio", "active"] });

const coachCrud = defineStoreCrud({
  entity: "yoga_coach",
  table: courseCoaches,
  module: "yoga_course",
  dataType: "yoga_coach_data",
  toColumns: coachColumns,
  toRecord: coachRecord,
  toLogged: coachLogged,
  nameOf: namesOf,
  uploads: ["photo_url"],
  touchesUpdatedAt: true,
});

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

const courseTypeRecord = (row: typeof courseTypes.$inferSelect): CourseTypeRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt", "updatedAt"], add: { create_date: row.createdAt } });

const courseTypeLogged = (columns: ReturnType<typeof courseTypeColumns>) =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "colour", "description"] });

const courseTypeCrud = defineStoreCrud({
  entity: "yoga_course_type",
  table: courseTypes,
  module: "yoga_course",
  dataType: "yoga_course_type_data",
  toColumns: courseTypeColumns,
  toRecord: courseTypeRecord,
  toLogged: courseTypeLogged,
  nameOf: namesOf,
  touchesUpdatedAt: true,
});

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

const packageRecord = (row: typeof creditPackages.$inferSelect): CreditPackageRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt", "updatedAt"], add: { create_date: row.createdAt } });

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

/** The store website's list of packages on sale (modules/credit-order/actions.ts) changes with every package write. */
const forgetWebsitePackages = (store: StoreScope, afterReply: BaseContext["afterReply"]) =>
  forgetStoreReply(store, afterReply, "get_online_credit_package_data_list_by_application_key");

const packageById = (store: StoreScope, id: number) => store.select(creditPackages, eq(creditPackages.id, id)).limit(1);

/** Only the list and the delete: a package's other actions keep its course types with it. */
const packageCrud = defineStoreCrud({
  entity: "credit_package",
  table: creditPackages,
  module: "credit_package",
  toRecord: packageRecord,
  dataType: "credit_package_data",
  nameOf: namesOf,
  afterWrite: (store, { afterReply }) => forgetWebsitePackages(store, afterReply),
});

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

export const courseSetupActions = [
  coachCrud.list({
    search: [courseCoaches.nameZhHk, courseCoaches.nameEn],
    sorts: COACH_SORT_COLUMNS,
    filter: ({ status }) => (status ? eq(courseCoaches.active, status === "active") : undefined),
  }),
  coachCrud.get(),
  coachCrud.add(),
  coachCrud.edit(),
  coachCrud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }), refusal: rethrowInUse }),

  courseTypeCrud.list({ search: [courseTypes.nameZhHk, courseTypes.nameEn], sorts: COURSE_TYPE_SORT_COLUMNS }),
  courseTypeCrud.get(),
  courseTypeCrud.add(),
  courseTypeCrud.edit(),
  // The packages paying for it stop doing so (their links cascade); sessions of it refuse the delete.
  courseTypeCrud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }), refusal: rethrowInUse }),

  packageCrud.list({
    search: [creditPackages.nameZhHk, creditPackages.nameEn],
    sorts: PACKAGE_SORT_COLUMNS,
    filter: ({ status }) => (status ? eq(creditPackages.onSale, status === "on_sale") : undefined),
  }),

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

  packageCrud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }), refusal: rethrowInUse }),

  defineAction("get_course_setting_data_by_application_key", "store:credit_package:read", {
    reads: (_input, { store }) => [store.select(storeSettings).limit(1)] as const,
    handler: async (_input, _context, [settings]) => {
      const setting = found(settings);
      return { course_cancel_hours: setting.courseCancelHours, version: setting.courseVersion };
    },
  }),

  defineAction("update_course_setting_data_by_application_key", "store:credit_package:write", {
    reads: (_input, { store }) => settingsEditReads(store),
    handler: async ({ course_cancel_hours, version }, context, [accounts, settings]) => {
      const before = found(settings);
      await saveStoreSettings(
        context,
        accounts,
        {
          courseCancelHours: course_cancel_hours,
          courseVersion: nextVersion(storeSettings.courseVersion, version),
        },
        { before: { course_cancel_hours: before.courseCancelHours }, after: { course_cancel_hours } },
      );
      return null;
    },
  }),

  defineAction("get_yoga_course_type_data_list_by_application_key", "store:credit_package:read", {
    reads: (_input, { store }) => [courseTypeChoices(store)] as const,
    handler: async (_input, _context, [types]) => types,
  }),
];
