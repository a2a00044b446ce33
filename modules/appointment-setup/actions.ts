import { and, asc, count, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Payload } from "../../contract/actions";
import type {
  AppointmentCategoryRecord,
  AppointmentServiceRecord,
  ProviderRecord,
  ScheduleRowRecord,
} from "./contract";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import type { APPOINTMENT_STATUSES } from "../../contract/options";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentSchedules,
  appointmentServices,
  storeStaff,
} from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction, type BaseContext } from "../../backend/registry";
import { rethrowInUse } from "../../backend/unique";
import { forgetBookableServices } from "../appointment-booking/actions";

type ProviderFields = Omit<Payload<"add_appointment_provider_data">, "application_key">;
type CategoryFields = Omit<Payload<"add_appointment_category_data">, "application_key">;
type ServiceFields = Omit<Payload<"add_appointment_service_data">, "application_key">;

// ---------------------------------------------------------------------------------------------
// Providers

const PROVIDER_SORT_COLUMNS = {
  create_date: appointmentProviders.createdAt,
  name: sql`${appointmentProviders.nameEn} COLLATE NOCASE`,
} as const;

const providerSelection = {
  ...getTableColumns(appointmentProviders),
  staffName: sql<
    string | null
  >`(select ${storeStaff.name} from ${storeStaff} where ${storeStaff.id} = ${appointmentProviders.staffId})`,
};

/** Providers of the variant with their staff account's name: the other variant's are not found. */
const providersOf = (store: StoreScope, variant: AppointmentVariant, condition?: SQL) =>
  store.selectFields(appointmentProviders, providerSelection, eq(appointmentProviders.variant, variant), condition);

const providerById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
  providersOf(store, variant, eq(appointmentProviders.id, id)).limit(1);

const providerColumns = (input: ProviderFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  staffId: input.staff_id ?? null,
  active: input.active,
});

const providerRecord = (row: typeof appointmentProviders.$inferSelect & { staffName: string | null }): ProviderRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "variant", "createdAt", "calendarFeedVersion"],
    add: { create_date: row.createdAt },
  });

const providerLogged = (columns: ReturnType<typeof providerColumns>) =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "staffId", "active"] });

/** The staff account a provider links to: one of the store's (an empty read when none is named). */
const staffById = (store: StoreScope, id: number | undefined) =>
  store.selectFields(storeStaff, { id: storeStaff.id }, eq(storeStaff.id, id ?? 0)).limit(1);

function requireOwnStaff(staffId: number | undefined, rows: unknown[]) {
  if (staffId !== undefined && rows.length === 0) throw notFound();
}

// ---------------------------------------------------------------------------------------------
// Categories

const CATEGORY_SORT_COLUMNS = {
  create_date: appointmentCategories.createdAt,
  name: sql`${appointmentCategories.nameEn} COLLATE NOCASE`,
} as const;

const categoryById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
  store
    .select(appointmentCategories, eq(appointmentCategories.variant, variant), eq(appointmentCategories.id, id))
    .limit(1);

const categoryColumns = (input: CategoryFields) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  imageUrl: input.image_url ?? null,
  description: input.description ?? "",
  status: input.status,
});

const categoryRecord = (row: typeof appointmentCategories.$inferSelect): AppointmentCategoryRecord =>
  snakeCased(row, { omit: ["applicationKey", "variant", "createdAt"], add: { create_date: row.createdAt } });

const categoryLogged = (columns: ReturnType<typeof categoryColumns>) =>
  snakeCased(columns, { pick: ["nameZhHk", "nameEn", "imageUrl", "description", "status"] });

// ---------------------------------------------------------------------------------------------
// Services and their schedules

const SERVICE_SORT_COLUMNS = {
  sort_order: appointmentServices.sortOrder,
  create_date: appointmentServices.createdAt,
  name: sql`${appointmentServices.nameEn} COLLATE NOCASE`,
  price: appointmentServices.priceCents,
} as const;

const ofCategory = <T>(column: SQLiteColumn) =>
  sql<T>`(select ${column} from ${appointmentCategories} where ${appointmentCategories.id} = ${appointmentServices.categoryId})`;
const ofProvider = <T>(column: SQLiteColumn) =>
  sql<T>`(select ${column} from ${appointmentProviders} where ${appointmentProviders.id} = ${appointmentServices.providerId})`;

/** A service with its category's and provider's names (one lookup by id each). */
const serviceSelection = {
  ...getTableColumns(appointmentServices),
  categoryNameZhHk: ofCategory<string>(appointmentCategories.nameZhHk),
  categoryNameEn: ofCategory<string>(appointmentCategories.nameEn),
  categoryStatus: ofCategory<(typeof APPOINTMENT_STATUSES)[number]>(appointmentCategories.status),
  providerNameZhHk: ofProvider<string>(appointmentProviders.nameZhHk),
  providerNameEn: ofProvider<string>(appointmentProviders.nameEn),
};

const servicesOf = (store: StoreScope, variant: AppointmentVariant, condition?: SQL) =>
  store.selectFields(appointmentServices, serviceSelection, eq(appointmentServices.variant, variant), condition);

const serviceById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
  servicesOf(store, variant, eq(appointmentServices.id, id)).limit(1);

/** A service's schedule rows; read beside `serviceById`, whose 404 keeps another variant's rows unseen. */
const schedulesOf = (store: StoreScope, serviceId: number) =>
  store
    .select(appointmentSchedules, eq(appointmentSchedules.serviceId, serviceId))
    .orderBy(asc(appointmentSchedules.id));

type ServiceRow = Awaited<ReturnType<typeof serviceById>>[number];

const serviceRecord = (row: ServiceRow): AppointmentServiceRecord => ({
  id: row.id,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  description: row.description,
  category_id: row.categoryId,
  category_name_zh_hk: row.categoryNameZhHk,
  category_name_en: row.categoryNameEn,
  category_status: row.categoryStatus,
  provider_id: row.providerId,
  provider_name_zh_hk: row.providerNameZhHk,
  provider_name_en: row.providerNameEn,
  duration_minutes: row.durationMinutes,
  price_cents: row.priceCents,
  buffer_before_minutes: row.bufferBeforeMinutes,
  buffer_after_minutes: row.bufferAfterMinutes,
  capacity: row.capacity,
  min_notice_hours: row.minNoticeHours,
  booking_window_days: row.bookingWindowDays,
  status: row.status,
  sort_order: row.sortOrder,
  create_date: row.createdAt,
  version: row.version,
});

const serviceColumns = (input: Omit<ServiceFields, "schedules">) => ({
  nameZhHk: input.name_zh_hk,
  nameEn: input.name_en ?? "",
  description: input.description ?? "",
  categoryId: input.category_id,
  providerId: input.provider_id,
  durationMinutes: input.duration_minutes,
  priceCents: input.price_cents,
  bufferBeforeMinutes: input.buffer_before_minutes,
  bufferAfterMinutes: input.buffer_after_minutes,
  capacity: input.capacity,
  minNoticeHours: input.min_notice_hours,
  bookingWindowDays: input.booking_window_days,
  status: input.status,
});

/** The rows as the table keeps them: a date only on a date row, no times on a closed one. */
const scheduleColumns = (rows: ServiceFields["schedules"]) =>
  rows.map((row) => {
    const dated = row.schedule_type === "specific_date";
    const closed = dated && row.closed;
    return {
      scheduleType: row.schedule_type,
      specificDate: dated ? (row.specific_date ?? null) : null,
      closed,
      startTime: closed ? null : (row.start_time ?? null),
      endTime: closed ? null : (row.end_time ?? null),
    };
  });

const scheduleRecord = (row: ReturnType<typeof scheduleColumns>[number]): ScheduleRowRecord => ({
  schedule_type: row.scheduleType,
  specific_date: row.specificDate,
  closed: row.closed,
  start_time: row.startTime,
  end_time: row.endTime,
});

/** The schedule in one line for the log: "monday 10:00–18:00; 2026-12-25 closed". */
const scheduleSummary = (rows: ReturnType<typeof scheduleColumns>) =>
  rows
    .map((row) => {
      const day = row.scheduleType === "specific_date" ? row.specificDate : row.scheduleType;
      return row.closed ? `${day} closed` : `${day} ${row.startTime}–${row.endTime}`;
    })
    .join("; ");

const serviceLogged = (columns: ReturnType<typeof serviceColumns>, schedules: ReturnType<typeof scheduleColumns>) => ({
  name_zh_hk: columns.nameZhHk,
  name_en: columns.nameEn,
  description: columns.description,
  category_id: columns.categoryId,
  provider_id: columns.providerId,
  duration_minutes: columns.durationMinutes,
  price_cents: columns.priceCents,
  buffer_before_minutes: columns.bufferBeforeMinutes,
  buffer_after_minutes: columns.bufferAfterMinutes,
  capacity: columns.capacity,
  min_notice_hours: columns.minNoticeHours,
  booking_window_days: columns.bookingWindowDays,
  status: columns.status,
  schedules: scheduleSummary(schedules),
});

/** The category and provider a service form names: both of the store and the variant, else 404. */
const linkReads = (store: StoreScope, variant: AppointmentVariant, input: ServiceFields) =>
  [
    categoryById(store, variant, input.category_id),
    store
      .selectFields(
        appointmentProviders,
        { id: appointmentProviders.id },
        eq(appointmentProviders.variant, variant),
        eq(appointmentProviders.id, input.provider_id),
      )
      .limit(1),
  ] as const;

const insertSchedules = (
  store: StoreScope,
  serviceId: number | ReturnType<typeof sql<number>>,
  rows: ReturnType<typeof scheduleColumns>,
) =>
  store.insert(
    appointmentSchedules,
    rows.map((row) => ({ ...row, serviceId })),
  );

/**
 * Every service of the variant renumbered 1..n in the store site's order with one of them moved a place
 * (`delta` -3: up, +3: down, over positions spaced by two), in one statement: two moves at the same time
 * run one after the other, and the order stays a permutation whatever it was before (ties included).
 */
const moveStatement = (store: StoreScope, variant: AppointmentVariant, id: number, delta: number) =>
  store.update(
    appointmentServices,
    {
      sortOrder: sql`(with ranked as (
          select s.id, row_number() over (order by s.sort_order, s.id) as pos
          from appointment_service s where s.application_key = ${store.applicationKey} and s.variant = ${variant}
        ), moved as (
          select ranked.id, row_number() over (
            order by case when ranked.id = ${id} then ranked.pos * 2 + ${delta} else ranked.pos * 2 end
          ) as pos from ranked
        )
        select moved.pos from moved where moved.id = appointment_service.id)`,
    },
    eq(appointmentServices.variant, variant),
  );

// ---------------------------------------------------------------------------------------------
// The actions, once per variant

const choicesOf = (store: StoreScope, variant: AppointmentVariant) =>
  [
    store
      .selectFields(
        appointmentCategories,
        {
          id: appointmentCategories.id,
          name_zh_hk: appointmentCategories.nameZhHk,
          name_en: appointmentCategories.nameEn,
          status: appointmentCategories.status,
        },
        eq(appointmentCategories.variant, variant),
      )
      .orderBy(asc(appointmentCategories.createdAt), asc(appointmentCategories.id)),
    store
      .selectFields(
        appointmentProviders,
        {
          id: appointmentProviders.id,
          name_zh_hk: appointmentProviders.nameZhHk,
          name_en: appointmentProviders.nameEn,
          active: appointmentProviders.active,
          staff_id: appointmentProviders.staffId,
        },
        eq(appointmentProviders.variant, variant),
      )
      .orderBy(asc(appointmentProviders.createdAt), asc(appointmentProviders.id)),
    store
      .selectFields(
        appointmentServices,
        {
          id: appointmentServices.id,
          name_zh_hk: appointmentServices.nameZhHk,
          name_en: appointmentServices.nameEn,
          status: appointmentServices.status,
          category_id: appointmentServices.categoryId,
          provider_id: appointmentServices.providerId,
          duration_minutes: appointmentServices.durationMinutes,
          price_cents: appointmentServices.priceCents,
          capacity: appointmentServices.capacity,
        },
        eq(appointmentServices.variant, variant),
      )
      .orderBy(asc(appointmentServices.sortOrder), asc(appointmentServices.id)),
    store
      .selectFields(storeStaff, { id: storeStaff.id, name: storeStaff.name }, eq(storeStaff.disabled, false))
      .orderBy(asc(storeStaff.name), asc(storeStaff.id)),
  ] as const;

function setupActionsOf(variant: AppointmentVariant) {
  const p = variant === "general" ? ("" as const) : ("medi_" as const);
  const module = APPOINTMENT_MODULES[variant];
  const read = `store:${module}:read` as const;
  const write = `store:${module}:write` as const;
  /** The store website's bookable services (modules/appointment-booking/actions.ts) change with these writes. */
  const forgetWebsiteServices = (store: StoreScope, { afterReply }: Pick<BaseContext, "afterReply">) =>
    afterReply(() => forgetBookableServices(store.applicationKey, variant));
  const providerCrud = defineStoreCrud({
    entity: `${p}appointment_provider`,
    table: appointmentProviders,
    module,
    scope: { variant },
    selection: providerSelection,
    toRecord: providerRecord,
    dataType: `${p}appointment_provider_data`,
    nameOf: namesOf,
    toColumns: providerColumns,
    toLogged: providerLogged,
    linked: ({ staff_id }, store) => [
      { read: staffById(store, staff_id), require: (rows) => requireOwnStaff(staff_id, rows) },
    ],
  });
  const categoryCrud = defineStoreCrud({
    entity: `${p}appointment_category`,
    table: appointmentCategories,
    module,
    scope: { variant },
    toRecord: categoryRecord,
    dataType: `${p}appointment_category_data`,
    nameOf: namesOf,
    toColumns: categoryColumns,
    toLogged: categoryLogged,
    uploads: ["image_url"],
    afterWrite: forgetWebsiteServices,
  });

  return [
    providerCrud.list({
      search: [appointmentProviders.nameZhHk, appointmentProviders.nameEn],
      sorts: PROVIDER_SORT_COLUMNS,
      filter: (input) => (input.status ? eq(appointmentProviders.active, input.status === "active") : undefined),
    }),
    providerCrud.get(),
    providerCrud.add(),
    providerCrud.edit({ afterWrite: forgetWebsiteServices }),
    providerCrud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }), refusal: rethrowInUse }),

    categoryCrud.list({
      search: [appointmentCategories.nameZhHk, appointmentCategories.nameEn],
      sorts: CATEGORY_SORT_COLUMNS,
      filter: (input) => (input.status ? eq(appointmentCategories.status, input.status) : undefined),
    }),
    categoryCrud.get(),
    categoryCrud.add(),
    categoryCrud.edit(),
    categoryCrud.delete({ logged: (row) => ({ name_zh_hk: row.nameZhHk }), refusal: rethrowInUse }),

    defineAction(`get_${p}appointment_service_data_and_total_number_by_sorting_and_limit`, read, {
      // A filter by another store's (or variant's) category or provider is not found, as a record would be.
      reads: ({ category_id, provider_id }, { store }) =>
        [categoryById(store, variant, category_id ?? 0), providerById(store, variant, provider_id ?? 0)] as const,
      handler: async (input, { store }, [categories, providers]) => {
        if (input.category_id !== undefined) found(categories);
        if (input.provider_id !== undefined) found(providers);
        const matching = and(
          contains([appointmentServices.nameZhHk, appointmentServices.nameEn], input.keyword),
          input.category_id === undefined ? undefined : eq(appointmentServices.categoryId, input.category_id),
          input.provider_id === undefined ? undefined : eq(appointmentServices.providerId, input.provider_id),
          input.status ? eq(appointmentServices.status, input.status) : undefined,
        );
        return pagedList(
          store,
          input,
          {
            rows: servicesOf(store, variant, matching),
            count: store.selectFields(
              appointmentServices,
              { total: count() },
              eq(appointmentServices.variant, variant),
              matching,
            ),
            sortBy: SERVICE_SORT_COLUMNS[input.sorting],
            id: appointmentServices.id,
          },
          serviceRecord,
        );
      },
    }),

    defineAction(`get_${p}appointment_service_data_by_application_key_and_id`, read, {
      reads: ({ id }, { store }) => [serviceById(store, variant, id), schedulesOf(store, id)] as const,
      handler: async (_input, _context, [rows, schedules]) => ({
        ...serviceRecord(found(rows)),
        schedules: schedules.map(scheduleRecord),
      }),
    }),

    defineAction(`add_${p}appointment_service_data`, write, {
      reads: (input, { store }) => linkReads(store, variant, input),
      handler: async (
        { application_key: _key, schedules, ...input },
        { store, caller, now, afterReply },
        [categories, providers],
      ) => {
        found(categories);
        found(providers);
        const columns = serviceColumns(input);
        const rows = scheduleColumns(schedules);
        const ofVariant = store.where(appointmentServices, eq(appointmentServices.variant, variant));
        // The batch runs alone and ids only grow: the store's newest service is the one just inserted.
        const newServiceId = sql<number>`(select max(${appointmentServices.id}) from ${appointmentServices} where ${ofVariant})`;
        const [[added]] = await store.batch([
          store
            .insert(appointmentServices, [
              {
                ...columns,
                variant,
                sortOrder: sql`(select coalesce(max(${appointmentServices.sortOrder}), 0) + 1 from ${appointmentServices} where ${ofVariant})`,
              },
            ])
            .returning({ id: appointmentServices.id }),
          store.log(caller, now, {
            action: "add",
            dataType: `${p}appointment_service_data`,
            recordId: sql`last_insert_rowid()`,
            recordName: namesOf(columns),
            before: null,
            after: serviceLogged(columns, rows),
          }),
          ...(rows.length > 0 ? [insertSchedules(store, newServiceId, rows)] : []),
        ]);
        await forgetWebsiteServices(store, { afterReply });
        return { id: added.id };
      },
    }),

    defineAction(`update_${p}appointment_service_data_by_application_key_and_id`, write, {
      reads: (input, { store }) =>
        [
          serviceById(store, variant, input.id),
          schedulesOf(store, input.id),
          ...linkReads(store, variant, input),
        ] as const,
      handler: async (
        { application_key: _key, id, version, schedules, ...input },
        { store, caller, now, afterReply },
        [services, beforeSchedules, categories, providers],
      ) => {
        const before = found(services);
        found(categories);
        found(providers);
        const columns = serviceColumns(input);
        const rows = scheduleColumns(schedules);
        await store
          .batch([
            store.update(
              appointmentServices,
              { ...columns, version: nextVersion(appointmentServices.version, version) },
              eq(appointmentServices.variant, variant),
              eq(appointmentServices.id, id),
            ),
            store.delete(appointmentSchedules, eq(appointmentSchedules.serviceId, id)),
            ...(rows.length > 0 ? [insertSchedules(store, id, rows)] : []),
            store.log(caller, now, {
              action: "edit",
              dataType: `${p}appointment_service_data`,
              recordId: id,
              recordName: namesOf(columns),
              before: serviceLogged(before, beforeSchedules),
              after: serviceLogged(columns, rows),
            }),
          ])
          .catch(rethrowStaleVersion);
        await forgetWebsiteServices(store, { afterReply });
        return null;
      },
    }),

    defineAction(`update_${p}appointment_service_position_data_by_application_key_and_id`, write, {
      reads: ({ id }, { store }) =>
        [
          store
            .selectFields(
              appointmentServices,
              { id: appointmentServices.id },
              eq(appointmentServices.variant, variant),
              eq(appointmentServices.id, id),
            )
            .limit(1),
        ] as const,
      handler: async ({ id, move }, { store, afterReply }, [rows]) => {
        found(rows);
        await store.batch([moveStatement(store, variant, id, move === "up" ? -3 : 3)]);
        await forgetWebsiteServices(store, { afterReply });
        return null;
      },
    }),

    defineAction(`delete_${p}appointment_service_data_by_application_key_and_id`, write, {
      reads: ({ id }, { store }) => [serviceById(store, variant, id)] as const,
      handler: async ({ id }, { store, caller, now, afterReply }, [rows]) => {
        const row = found(rows);
        await store
          .batch([
            store.delete(appointmentServices, eq(appointmentServices.variant, variant), eq(appointmentServices.id, id)),
            store.log(caller, now, {
              action: "delete",
              dataType: `${p}appointment_service_data`,
              recordId: id,
              recordName: namesOf(row),
              before: { name_zh_hk: row.nameZhHk },
              after: null,
            }),
          ])
          .catch(rethrowInUse);
        await forgetWebsiteServices(store, { afterReply });
        return null;
      },
    }),

    defineAction(`get_${p}appointment_choice_data_list_by_application_key`, read, {
      reads: (_input, { store }) => choicesOf(store, variant),
      handler: async (_input, _context, [categories, providers, services, staff]) => ({
        categories,
        providers,
        services,
        staff,
      }),
    }),
  ];
}

export const appointmentSetupActions = [...setupActionsOf("general"), ...setupActionsOf("medical")];
