import { asc, eq, gt, lt, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppointmentRecordDetail, BookableService } from "./contract";
import type { AppointmentVariant } from "../../contract/appointments";
import { hongKongDayStart, hongKongTime } from "../../contract/dates";
import type { StoreScope } from "../../backend/db/scope";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentRecords,
  appointmentSchedules,
  appointmentServices,
  members,
  storeAccounts,
} from "../../backend/db/schema";
import { ActionError } from "../../backend/errors";
import type { RecordName } from "../../backend/log";
import { errorText } from "../../backend/unique";

/** The bookings' queries and helpers, shared by the staff's, the website's and the customer's link's actions. */

export const DATA_TYPES = {
  general: "appointment_record_data",
  medical: "medi_appointment_record_data",
} as const satisfies Record<AppointmentVariant, string>;

const DAY_MS = 86_400_000;

/** A related record's field as a scalar subquery, by its primary key. */
const lookup = <T>(table: SQLiteTable, column: SQLiteColumn, key: SQLiteColumn, value: SQLiteColumn | SQL) =>
  sql<T>`(select ${column} from ${table} where ${key} = ${value})`;

const categoryOf = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentCategories, column, appointmentCategories.id, appointmentServices.categoryId);
const providerOf = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentProviders, column, appointmentProviders.id, appointmentServices.providerId);

export const serviceFields = {
  service: appointmentServices,
  categoryNameZhHk: categoryOf<string>(appointmentCategories.nameZhHk),
  categoryNameEn: categoryOf<string>(appointmentCategories.nameEn),
  categoryStatus: categoryOf<"accept" | "stop">(appointmentCategories.status),
  providerNameZhHk: providerOf<string>(appointmentProviders.nameZhHk),
  providerNameEn: providerOf<string>(appointmentProviders.nameEn),
  providerActive: providerOf<number>(appointmentProviders.active),
};

const ofVariant = (variant: AppointmentVariant) => eq(appointmentServices.variant, variant);

export const serviceById = (store: StoreScope, variant: AppointmentVariant, id: number | SQL) =>
  store.selectFields(appointmentServices, serviceFields, eq(appointmentServices.id, id), ofVariant(variant)).limit(1);
export type ServiceRow = Awaited<ReturnType<typeof serviceById>>[number];

/** The services that take bookings, of categories that take bookings and active providers, in the store website's order. */
export const bookableServices = (store: StoreScope, variant: AppointmentVariant) =>
  store
    .selectFields(
      appointmentServices,
      serviceFields,
      ofVariant(variant),
      eq(appointmentServices.status, "accept"),
      sql`${categoryOf(appointmentCategories.status)} = 'accept'`,
      sql`${providerOf(appointmentProviders.active)} = 1`,
    )
    .orderBy(asc(appointmentServices.sortOrder), asc(appointmentServices.id));

export const schedulesOf = (store: StoreScope, serviceId: number | SQL) =>
  store.selectFields(
    appointmentSchedules,
    {
      scheduleType: appointmentSchedules.scheduleType,
      specificDate: appointmentSchedules.specificDate,
      closed: appointmentSchedules.closed,
      startTime: appointmentSchedules.startTime,
      endTime: appointmentSchedules.endTime,
    },
    eq(appointmentSchedules.serviceId, serviceId),
  );

/**
 * The provider's success bookings whose blocked time can touch the Hong Kong dates from `from` to `to`
 * (bookings span at most a day, buffers included, which bounds the search by its start). The provider is the
 * service's, or, for the free times of a booking (`exceptRecordId`), the booking's own: a move may have given it
 * to another provider than its service's.
 */
export const providerBookings = (
  store: StoreScope,
  variant: AppointmentVariant,
  serviceId: number | SQL,
  from: string,
  to: string,
  exceptRecordId?: number,
) =>
  store.selectFields(
    appointmentRecords,
    {
      serviceId: appointmentRecords.serviceId,
      startsAt: appointmentRecords.startsAt,
      blockedFrom: appointmentRecords.blockedFrom,
      blockedUntil: appointmentRecords.blockedUntil,
    },
    eq(appointmentRecords.variant, variant),
    eq(
      appointmentRecords.providerId,
      exceptRecordId === undefined
        ? sql`(select ${appointmentServices.providerId} from ${appointmentServices} where ${appointmentServices.id} = ${serviceId})`
        : sql`(select booking.provider_id from appointment_record as booking
            where booking.id = ${exceptRecordId} and booking.application_key = ${store.applicationKey})`,
    ),
    eq(appointmentRecords.status, "success"),
    gt(appointmentRecords.blockedFrom, new Date(Date.parse(hongKongDayStart(from)) - DAY_MS).toISOString()),
    lt(appointmentRecords.blockedFrom, new Date(Date.parse(hongKongDayStart(to, 1)) + DAY_MS).toISOString()),
    exceptRecordId === undefined ? undefined : ne(appointmentRecords.id, exceptRecordId),
  );

/**
 * The service a staff slots read is about: the one named; or the booking's, which moves within the time
 * it holds now; or the first that takes bookings, in the store website's order.
 */
export function slotsService(
  store: StoreScope,
  variant: AppointmentVariant,
  input: { service_id?: number; record_id?: number },
): number | SQL {
  if (input.service_id !== undefined) return input.service_id;
  if (input.record_id !== undefined) {
    return sql`(select booking.service_id from appointment_record as booking
      where booking.id = ${input.record_id} and booking.application_key = ${store.applicationKey}
        and booking.variant = ${variant})`;
  }
  return sql`(select service.id from appointment_service as service
    join appointment_category as category on category.id = service.category_id
    join appointment_provider as provider on provider.id = service.provider_id
    where service.application_key = ${store.applicationKey} and service.variant = ${variant}
      and service.status = 'accept' and category.status = 'accept' and provider.active = 1
    order by service.sort_order, service.id limit 1)`;
}

export function toBookable(row: ServiceRow): BookableService {
  const { service } = row;
  return {
    id: service.id,
    name_zh_hk: service.nameZhHk,
    name_en: service.nameEn,
    description: service.description,
    duration_minutes: service.durationMinutes,
    price_cents: service.priceCents,
    capacity: service.capacity,
    category: { id: service.categoryId, name_zh_hk: row.categoryNameZhHk, name_en: row.categoryNameEn },
    provider: { id: service.providerId, name_zh_hk: row.providerNameZhHk, name_en: row.providerNameEn },
  };
}

const recordService = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentServices, column, appointmentServices.id, appointmentRecords.serviceId);
const recordProvider = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentProviders, column, appointmentProviders.id, appointmentRecords.providerId);
const recordMember = <T>(column: SQLiteColumn) => lookup<T>(members, column, members.id, appointmentRecords.memberId);

/** One booking of the variant with its service's and provider's names and its member. */
export const recordById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
  store
    .selectFields(
      appointmentRecords,
      {
        record: appointmentRecords,
        serviceNameZhHk: recordService<string>(appointmentServices.nameZhHk),
        serviceNameEn: recordService<string>(appointmentServices.nameEn),
        durationMinutes: recordService<number>(appointmentServices.durationMinutes),
        providerNameZhHk: recordProvider<string>(appointmentProviders.nameZhHk),
        providerNameEn: recordProvider<string>(appointmentProviders.nameEn),
        memberName: recordMember<string | null>(members.name),
        memberCode: recordMember<string | null>(members.memberCode),
      },
      eq(appointmentRecords.id, id),
      eq(appointmentRecords.variant, variant),
    )
    .limit(1);
export type RecordRow = Awaited<ReturnType<typeof recordById>>[number];

export function toDetail(row: RecordRow, bookingLink: string | null): AppointmentRecordDetail {
  const { record } = row;
  return {
    id: record.id,
    variant: record.variant,
    service: {
      id: record.serviceId,
      name_zh_hk: row.serviceNameZhHk,
      name_en: row.serviceNameEn,
      duration_minutes: row.durationMinutes,
    },
    provider: { id: record.providerId, name_zh_hk: row.providerNameZhHk, name_en: row.providerNameEn },
    member:
      record.memberId === null
        ? null
        : { id: record.memberId, name: row.memberName ?? "", member_code: row.memberCode ?? "" },
    customer_name: record.customerName,
    customer_phone: record.customerPhone,
    customer_email: record.customerEmail,
    starts_at: record.startsAt,
    ends_at: record.endsAt,
    price_cents: record.priceCents,
    status: record.status,
    channel: record.channel,
    note: record.note,
    actor_email: record.actorEmail,
    cancelled_at: record.cancelledAt,
    completed_at: record.completedAt,
    reminded_at: record.remindedAt,
    booking_link: bookingLink,
    create_date: record.createdAt,
    version: record.version,
  };
}

/** The service of a booking (as a subquery on its id) with its schedules, for a move. */
export const serviceOfRecord = (id: number) =>
  sql<number>`(select ${appointmentRecords.serviceId} from ${appointmentRecords} where ${appointmentRecords.id} = ${id})`;

/** An active provider of the variant, by id (none for 0: no provider asked). */
export const activeProviderById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
  store
    .selectFields(
      appointmentProviders,
      { id: appointmentProviders.id, nameZhHk: appointmentProviders.nameZhHk, nameEn: appointmentProviders.nameEn },
      eq(appointmentProviders.id, id),
      eq(appointmentProviders.variant, variant),
      eq(appointmentProviders.active, true),
    )
    .limit(1);

export const memberById = (store: StoreScope, id: number | null) =>
  store
    .selectFields(
      members,
      { id: members.id, name: members.name, phone: members.phone, email: members.email, disabled: members.disabled },
      eq(members.id, id ?? 0),
    )
    .limit(1);

export const storeNameOf = (store: StoreScope) =>
  store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }).limit(1);

/** "陳大文 · 剪髮 2026-03-02 10:00": the customer and the service, as the log names a booking. */
export const bookingName = (
  customer: string,
  service: { nameZhHk: string; nameEn: string },
  startsAt: string,
): RecordName => ({
  zhHk: `${customer} · ${service.nameZhHk} ${hongKongTime(startsAt)}`,
  en: `${customer} · ${service.nameEn || service.nameZhHk} ${hongKongTime(startsAt)}`,
});

/** The UTC instant of a Hong Kong date and HH:MM time. */
export const instantOf = (date: string, time: string) =>
  new Date(
    Date.parse(hongKongDayStart(date)) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000,
  ).toISOString();

/** The database's refusals of a booking's insert or move, by the trigger that refused it. */
export function rethrowBookingRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("appointment_time_overlap")) throw new ActionError(409, "appointment-time-overlap");
  if (text.includes("appointment_category_unavailable")) throw new ActionError(409, "appointment-category-unavailable");
  if (text.includes("appointment_record_closed")) throw new ActionError(409, "appointment-record-closed");
  throw error;
}

export const serviceNames = (row: ServiceRow) => ({ nameZhHk: row.service.nameZhHk, nameEn: row.service.nameEn });
export const providerNames = (row: ServiceRow) => ({ nameZhHk: row.providerNameZhHk, nameEn: row.providerNameEn });

/** A service takes bookings while it, its category and its provider do (a trigger holds it under concurrency too). */
export const takesBookings = (row: ServiceRow) =>
  row.service.status === "accept" && row.categoryStatus === "accept" && row.providerActive === 1;

export function refuseStopped(row: ServiceRow) {
  if (!takesBookings(row)) throw new ActionError(409, "appointment-category-unavailable");
}
