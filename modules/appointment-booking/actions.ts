import { asc, eq, gt, lt, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { emailTexts } from "../../backend/locales.generated";
import {
  APPOINTMENT_BOOKING_ACTIONS,
  MAX_BOOKING_MEMBER_MATCHES,
  type AppointmentRecordDetail,
  type BookableService,
  type OnlineBooking,
} from "./contract";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import { hongKongDate, hongKongDayStart, hongKongTime } from "../../contract/dates";
import {
  blockedTime,
  fits,
  freeSlots,
  staffNoticeRefusal,
  withinBookingRules,
  type DaySlots,
} from "../../backend/appointment-availability";
import { memberMatchesQuery, toMemberMatch } from "../../backend/member-picks";
import { forStore, type StoreScope } from "../../backend/db/scope";
import {
  appointmentCategories,
  appointmentProviders,
  appointmentRecords,
  appointmentSchedules,
  appointmentServices,
  members,
  storeAccounts,
} from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import type { RecordName } from "../../backend/log";
import type { Mailer } from "../../backend/mail";
import { forgetCachedReplies } from "../../backend/public-cache";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction, type BaseContext } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";

const { en, "zh-HK": zhHK } = emailTexts;

/**
 * Website bookings per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_BOOKINGS_PER_STORE = 2000;
export const ONLINE_BOOKINGS_PER_CLIENT = 10;

/** How long the store website's list of bookable services is answered from the cache. */
export const BOOKABLE_SERVICES_CACHE_SECONDS = 60;

const DATA_TYPES = {
  general: "appointment_record_data",
  medical: "medi_appointment_record_data",
} as const satisfies Record<AppointmentVariant, string>;

const DAY_MS = 86_400_000;

/**
 * Forgets the store website's cached list of bookable services of the variant: every write that changes a
 * service, its schedule-free fields, its category, the services' order or a provider's name calls it after
 * its batch (the appointment setup's writes).
 */
export function forgetBookableServices(applicationKey: string, variant: AppointmentVariant) {
  return forgetCachedReplies([
    { name: APPOINTMENT_BOOKING_ACTIONS[variant].onlineServices, payload: { application_key: applicationKey } },
  ]);
}

/** A related record's field as a scalar subquery, by its primary key. */
const lookup = <T>(table: SQLiteTable, column: SQLiteColumn, key: SQLiteColumn, value: SQLiteColumn | SQL) =>
  sql<T>`(select ${column} from ${table} where ${key} = ${value})`;

const categoryOf = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentCategories, column, appointmentCategories.id, appointmentServices.categoryId);
const providerOf = <T>(column: SQLiteColumn) =>
  lookup<T>(appointmentProviders, column, appointmentProviders.id, appointmentServices.providerId);

const serviceFields = {
  service: appointmentServices,
  categoryNameZhHk: categoryOf<string>(appointmentCategories.nameZhHk),
  categoryNameEn: categoryOf<string>(appointmentCategories.nameEn),
  categoryStatus: categoryOf<"accept" | "stop">(appointmentCategories.status),
  providerNameZhHk: providerOf<string>(appointmentProviders.nameZhHk),
  providerNameEn: providerOf<string>(appointmentProviders.nameEn),
  providerActive: providerOf<number>(appointmentProviders.active),
};

const ofVariant = (variant: AppointmentVariant) => eq(appointmentServices.variant, variant);

const serviceById = (store: StoreScope, variant: AppointmentVariant, id: number | SQL) =>
  store.selectFields(appointmentServices, serviceFields, eq(appointmentServices.id, id), ofVariant(variant)).limit(1);
type ServiceRow = Awaited<ReturnType<typeof serviceById>>[number];

/** The services that take bookings, of categories that take bookings and active providers, in the store website's order. */
const bookableServices = (store: StoreScope, variant: AppointmentVariant) =>
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

const schedulesOf = (store: StoreScope, serviceId: number | SQL) =>
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
 * (bookings span at most a day, buffers included, which bounds the search by its start).
 */
const providerBookings = (
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
      sql`(select ${appointmentServices.providerId} from ${appointmentServices} where ${appointmentServices.id} = ${serviceId})`,
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
function slotsService(
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

function toBookable(row: ServiceRow): BookableService {
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
const recordById = (store: StoreScope, variant: AppointmentVariant, id: number) =>
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
type RecordRow = Awaited<ReturnType<typeof recordById>>[number];

function toDetail(row: RecordRow): AppointmentRecordDetail {
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
    create_date: record.createdAt,
    version: record.version,
  };
}

/** The service of a booking (as a subquery on its id) with its schedules, for a move. */
const serviceOfRecord = (id: number) =>
  sql<number>`(select ${appointmentRecords.serviceId} from ${appointmentRecords} where ${appointmentRecords.id} = ${id})`;

const memberById = (store: StoreScope, id: number | null) =>
  store
    .selectFields(
      members,
      { id: members.id, name: members.name, phone: members.phone, email: members.email, disabled: members.disabled },
      eq(members.id, id ?? 0),
    )
    .limit(1);

const storeNameOf = (store: StoreScope) =>
  store.selectFields(storeAccounts, { storeName: storeAccounts.storeName }).limit(1);

/** "陳大文 · 剪髮 2026-03-02 10:00": the customer and the service, as the log names a booking. */
const bookingName = (
  customer: string,
  service: { nameZhHk: string; nameEn: string },
  startsAt: string,
): RecordName => ({
  zhHk: `${customer} · ${service.nameZhHk} ${hongKongTime(startsAt)}`,
  en: `${customer} · ${service.nameEn || service.nameZhHk} ${hongKongTime(startsAt)}`,
});

/** The UTC instant of a Hong Kong date and HH:MM time. */
const instantOf = (date: string, time: string) =>
  new Date(
    Date.parse(hongKongDayStart(date)) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000,
  ).toISOString();

/** The database's refusals of a booking's insert or move, by the trigger that refused it. */
function rethrowBookingRefusal(error: unknown): never {
  const text = errorText(error);
  if (text.includes("appointment_time_overlap")) throw new ActionError(409, "appointment-time-overlap");
  if (text.includes("appointment_category_unavailable")) throw new ActionError(409, "appointment-category-unavailable");
  if (text.includes("appointment_record_closed")) throw new ActionError(409, "appointment-record-closed");
  throw error;
}

type EmailKind = "booked" | "moved" | "cancelled" | "completed";

/** The customer's e-mail about their appointment, in Chinese then English. */
async function emailCustomer(
  context: Pick<BaseContext, "mailer" | "afterReply">,
  kind: EmailKind,
  booking: {
    id: number;
    to: string;
    storeName: string;
    startsAt: string;
    service: { nameZhHk: string; nameEn: string };
    provider: { nameZhHk: string; nameEn: string };
  },
) {
  if (booking.to === "") return;
  const fill = (template: string, names: "zh" | "en") =>
    template
      .replaceAll("{{store}}", booking.storeName)
      .replaceAll("{{number}}", `#${booking.id}`)
      .replaceAll("{{time}}", hongKongTime(booking.startsAt))
      .replaceAll(
        "{{service}}",
        names === "zh" ? booking.service.nameZhHk : booking.service.nameEn || booking.service.nameZhHk,
      )
      .replaceAll(
        "{{provider}}",
        names === "zh" ? booking.provider.nameZhHk : booking.provider.nameEn || booking.provider.nameZhHk,
      );
  const body = `appointment-${kind}-body` as const;
  const message = {
    to: booking.to,
    subject: `${fill(zhHK["appointment-subject"], "zh")} / ${fill(en["appointment-subject"], "en")}`,
    text: `${fill(zhHK[body], "zh")}\n\n----\n\n${fill(en[body], "en")}`,
  };
  const mailer: Mailer = context.mailer;
  await context.afterReply(() => mailer.send(message));
}

const serviceNames = (row: ServiceRow) => ({ nameZhHk: row.service.nameZhHk, nameEn: row.service.nameEn });
const providerNames = (row: ServiceRow) => ({ nameZhHk: row.providerNameZhHk, nameEn: row.providerNameEn });

/** A service takes bookings while it, its category and its provider do (a trigger holds it under concurrency too). */
const takesBookings = (row: ServiceRow) =>
  row.service.status === "accept" && row.categoryStatus === "accept" && row.providerActive === 1;

function refuseStopped(row: ServiceRow) {
  if (!takesBookings(row)) throw new ActionError(409, "appointment-category-unavailable");
}

function slotsAnswer(
  row: ServiceRow,
  schedules: Parameters<typeof freeSlots>[0]["schedules"],
  bookings: Parameters<typeof freeSlots>[0]["bookings"],
  input: { date_from: string; date_to: string },
  now: Date,
  bookingRules: boolean,
): { service: BookableService; days: DaySlots[] } {
  return {
    service: toBookable(row),
    days: freeSlots({
      service: row.service,
      schedules,
      bookings,
      from: input.date_from,
      to: input.date_to,
      now,
      bookingRules,
    }),
  };
}

const isReplay = (error: unknown) =>
  /UNIQUE constraint failed: appointment_record\.application_key, appointment_record\.idempotency_key/.test(
    errorText(error),
  );

const bookingOfSubmission = (store: StoreScope, variant: AppointmentVariant, idempotencyKey: string) =>
  store
    .select(
      appointmentRecords,
      eq(appointmentRecords.idempotencyKey, idempotencyKey),
      eq(appointmentRecords.variant, variant),
    )
    .limit(1);

const toOnline = (record: typeof appointmentRecords.$inferSelect): OnlineBooking => ({
  id: record.id,
  status: record.status,
  starts_at: record.startsAt,
  ends_at: record.endsAt,
  price_cents: record.priceCents,
});

function bookingActionsOf(variant: AppointmentVariant) {
  const names = APPOINTMENT_BOOKING_ACTIONS[variant];
  const module = APPOINTMENT_MODULES[variant];
  const dataType = DATA_TYPES[variant];
  const read = `store:${module}:read` as const;
  const write = `store:${module}:write` as const;

  return [
    defineAction(names.slots, read, {
      reads: (input, { store }) => {
        const service = slotsService(store, variant, input);
        return [
          serviceById(store, variant, service),
          schedulesOf(store, service),
          providerBookings(store, variant, service, input.date_from, input.date_to, input.record_id),
        ] as const;
      },
      handler: async (input, { now }, [serviceRows, schedules, bookings]) => {
        const named = input.service_id !== undefined || input.record_id !== undefined;
        if (serviceRows.length === 0 && !named) return null;
        return slotsAnswer(found(serviceRows), schedules, bookings, input, now, false);
      },
    }),

    defineAction(names.options, read, {
      reads: ({ keyword }, { store }) =>
        [bookableServices(store, variant), memberMatchesQuery(store, keyword, MAX_BOOKING_MEMBER_MATCHES)] as const,
      handler: async (_input, _context, [services, matches]) => ({
        services: services.map(toBookable),
        members: matches.map(toMemberMatch),
      }),
    }),

    defineAction(names.record, read, {
      reads: ({ id }, { store }) => [recordById(store, variant, id)] as const,
      handler: async (_input, _context, [rows]) => toDetail(found(rows)),
    }),

    /** Staff book inside the day's schedule, no window; a past or too-soon time only confirmed (a walk-in). */
    defineAction(names.book, write, {
      reads: (input, { store }) =>
        [
          serviceById(store, variant, input.service_id),
          schedulesOf(store, input.service_id),
          memberById(store, input.member_id),
          storeNameOf(store),
        ] as const,
      handler: async (input, context, [serviceRows, schedules, memberRows, [account]]) => {
        const { store, caller, now } = context;
        const row = found(serviceRows);
        const member = input.member_id === null ? null : found(memberRows);
        refuseStopped(row);
        const time = blockedTime(row.service, Date.parse(instantOf(input.date, input.time)));
        if (!fits(row.service, schedules, time.startsAt)) {
          throw new ActionError(422, "service-time-cannot-cover-span");
        }
        const refusal = staffNoticeRefusal(row.service, time.startsAt, now);
        if (refusal && !input.confirm_outside_rules) throw new ActionError(409, refusal, { time: [refusal] });
        const customer = member
          ? { customerName: member.name, customerPhone: member.phone ?? "", customerEmail: member.email }
          : {
              customerName: input.customer_name ?? "",
              customerPhone: input.customer_phone ?? "",
              customerEmail: input.customer_email ?? "",
            };
        const values = {
          variant,
          serviceId: row.service.id,
          providerId: row.service.providerId,
          memberId: member?.id ?? null,
          ...customer,
          ...time,
          priceCents: row.service.priceCents,
          channel: "staff" as const,
          note: input.note ?? "",
          actorEmail: caller.email,
        };
        const [[booking]] = await store
          .batch([
            store.insert(appointmentRecords, [values]).returning({ id: appointmentRecords.id }),
            store.log(caller, now, {
              action: "add",
              dataType,
              recordId: sql`last_insert_rowid()`,
              recordName: bookingName(customer.customerName, row.service, time.startsAt),
              before: null,
              after: {
                service_id: values.serviceId,
                provider_id: values.providerId,
                member_id: values.memberId,
                customer_name: values.customerName,
                customer_phone: values.customerPhone,
                customer_email: values.customerEmail,
                starts_at: values.startsAt,
                ends_at: values.endsAt,
                price_cents: values.priceCents,
                status: "success",
                channel: "staff",
                note: values.note,
              },
            }),
          ])
          .catch(rethrowBookingRefusal);
        await emailCustomer(context, "booked", {
          id: booking.id,
          to: customer.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: time.startsAt,
          service: serviceNames(row),
          provider: providerNames(row),
        });
        return { id: booking.id };
      },
    }),

    /** A new start for a booked appointment, as booking checks it; the trigger keeps the provider's times apart. */
    defineAction(names.move, write, {
      reads: ({ id }, { store }) =>
        [
          recordById(store, variant, id),
          store
            .selectFields(appointmentServices, serviceFields, eq(appointmentServices.id, serviceOfRecord(id)))
            .limit(1),
          schedulesOf(store, serviceOfRecord(id)),
          storeNameOf(store),
        ] as const,
      handler: async (input, context, [recordRows, serviceRows, schedules, [account]]) => {
        const { store, caller, now } = context;
        const { record } = found(recordRows);
        const row = found(serviceRows);
        if (record.status !== "success") throw new ActionError(409, "appointment-record-closed");
        const time = blockedTime(row.service, Date.parse(instantOf(input.date, input.time)));
        if (!fits(row.service, schedules, time.startsAt)) {
          throw new ActionError(422, "service-time-cannot-cover-span");
        }
        const refusal = staffNoticeRefusal(row.service, time.startsAt, now);
        if (refusal && !input.confirm_outside_rules) throw new ActionError(409, refusal, { time: [refusal] });
        await store
          .batch([
            store.update(
              appointmentRecords,
              {
                ...time,
                actorEmail: caller.email,
                version: nextVersion(appointmentRecords.version, input.version),
              },
              eq(appointmentRecords.id, record.id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType,
              recordId: record.id,
              recordName: bookingName(record.customerName, row.service, record.startsAt),
              before: { starts_at: record.startsAt, ends_at: record.endsAt },
              after: { starts_at: time.startsAt, ends_at: time.endsAt },
            }),
          ])
          .catch((error: unknown) => {
            if (errorText(error).includes("appointment_time_overlap")) {
              throw new ActionError(409, "appointment-time-overlap");
            }
            rethrowStaleVersion(error);
          });
        await emailCustomer(context, "moved", {
          id: record.id,
          to: record.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: time.startsAt,
          service: serviceNames(row),
          provider: providerNames(row),
        });
        return { id: record.id };
      },
    }),

    /**
     * Cancels or completes once: the UPDATE leaves `version` NULL (refused) unless the booking is still
     * success, so of two racing changes exactly one is saved and e-mailed.
     */
    defineAction(names.status, write, {
      reads: ({ id }, { store }) => [recordById(store, variant, id), storeNameOf(store)] as const,
      handler: async ({ status }, context, [rows, [account]]) => {
        const { store, caller, now } = context;
        const row = found(rows);
        const { record } = row;
        if (record.status !== "success") throw new ActionError(409, "appointment-record-closed");
        const at = now.toISOString();
        await store
          .batch([
            store.update(
              appointmentRecords,
              {
                status,
                ...(status === "cancelled" ? { cancelledAt: at } : { completedAt: at }),
                actorEmail: caller.email,
                version: sql`case when ${appointmentRecords.status} = 'success' then ${appointmentRecords.version} + 1 end`,
              },
              eq(appointmentRecords.id, record.id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType,
              recordId: record.id,
              recordName: bookingName(
                record.customerName,
                { nameZhHk: row.serviceNameZhHk, nameEn: row.serviceNameEn },
                record.startsAt,
              ),
              before: { status: "success" },
              after: { status },
            }),
          ])
          .catch((error: unknown) => {
            const text = errorText(error);
            if (text.includes("appointment_record_closed") || /NOT NULL constraint failed: \w+\.version/.test(text)) {
              throw new ActionError(409, "appointment-record-closed");
            }
            throw error;
          });
        await emailCustomer(context, status, {
          id: record.id,
          to: record.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: record.startsAt,
          service: { nameZhHk: row.serviceNameZhHk, nameEn: row.serviceNameEn },
          provider: { nameZhHk: row.providerNameZhHk, nameEn: row.providerNameEn },
        });
        return { id: record.id };
      },
    }),

    defineAction(names.note, write, {
      reads: ({ id }, { store }) => [recordById(store, variant, id)] as const,
      handler: async (input, { store, caller, now }, [rows]) => {
        const row = found(rows);
        const { record } = row;
        const note = input.note ?? "";
        await store
          .batch([
            store.update(
              appointmentRecords,
              { note, actorEmail: caller.email, version: nextVersion(appointmentRecords.version, input.version) },
              eq(appointmentRecords.id, record.id),
            ),
            store.log(caller, now, {
              action: "edit",
              dataType,
              recordId: record.id,
              recordName: bookingName(
                record.customerName,
                { nameZhHk: row.serviceNameZhHk, nameEn: row.serviceNameEn },
                record.startsAt,
              ),
              before: { note: record.note },
              after: { note },
            }),
          ])
          .catch(rethrowStaleVersion);
        return { id: record.id };
      },
    }),

    defineAction(names.onlineServices, "public", {
      cacheSeconds: BOOKABLE_SERVICES_CACHE_SECONDS,
      reads: ({ application_key }, { db, now }) => {
        const store = forStore(db, application_key);
        return [...storeWebsiteReads(store, now), bookableServices(store, variant)] as const;
      },
      handler: async (_input, { now }, [accounts, plans, services]) => {
        refuseClosedWebsite([accounts, plans], module, now);
        return services.map(toBookable);
      },
    }),

    defineAction(names.onlineSlots, "public", {
      reads: (input, { db, now }) => {
        const store = forStore(db, input.application_key);
        return [
          ...storeWebsiteReads(store, now),
          serviceById(store, variant, input.service_id),
          schedulesOf(store, input.service_id),
          providerBookings(store, variant, input.service_id, input.date_from, input.date_to),
        ] as const;
      },
      handler: async (input, { now }, [accounts, plans, [row], schedules, bookings]) => {
        refuseClosedWebsite([accounts, plans], module, now);
        if (!row || !takesBookings(row)) throw new ActionError(404, "appointment-service-not-found");
        return slotsAnswer(row, schedules, bookings, input, now, true);
      },
    }),

    /**
     * A booking from the store website at one of the service's slots, keeping its notice and window. No
     * staff here, so no log entry; each request counts against the store's and the address's limits,
     * refused ones too. A member books with their id and the e-mail on file.
     */
    defineAction(names.onlineBook, "public", {
      reads: (input, { db, now }) => {
        const store = forStore(db, input.application_key);
        return [
          ...storeWebsiteReads(store, now),
          bookingOfSubmission(store, variant, input.idempotency_key),
          serviceById(store, variant, input.service_id),
          schedulesOf(store, input.service_id),
          memberById(store, input.member_id),
        ] as const;
      },
      handler: async (input, context, [accounts, plans, [existing], [row], schedules, [member]]) => {
        const { db, now, clientAddress, websiteKeyed } = context;
        if (existing) return toOnline(existing);
        refuseClosedWebsite([accounts, plans], module, now);
        const store = forStore(db, input.application_key);
        const hits = rateLimitHitStatements(
          db,
          publicRequestBuckets(
            `${module}_booking`,
            input.application_key,
            { clientAddress, websiteKeyed },
            {
              perStore: ONLINE_BOOKINGS_PER_STORE,
              perClient: ONLINE_BOOKINGS_PER_CLIENT,
            },
          ),
          now,
        );
        const refuse = (status: ActionError["status"], message: ActionError["messageKey"]) =>
          refuseCountedAgainst(db, hits, new ActionError(status, message));
        if (!row) return refuse(404, "appointment-service-not-found");
        if (input.member_id !== null && (!member || member.disabled || member.email !== input.customer_email)) {
          return refuse(404, "user-not-found-or-disabled");
        }
        if (!takesBookings(row)) return refuse(409, "appointment-category-unavailable");
        const startsAt = new Date(input.starts_at).toISOString();
        if (!withinBookingRules(row.service, startsAt, now)) return refuse(409, "appointment-outside-booking-window");
        const [day] = freeSlots({
          service: row.service,
          schedules,
          bookings: [],
          from: hongKongDate(new Date(startsAt)),
          to: hongKongDate(new Date(startsAt)),
          now,
          bookingRules: false,
        });
        if (!day.slots.some((slot) => slot.starts_at === startsAt)) {
          return refuse(422, "service-time-cannot-cover-span");
        }
        const time = blockedTime(row.service, Date.parse(startsAt));
        const customer = member
          ? { customerName: member.name, customerPhone: member.phone ?? "", customerEmail: member.email }
          : {
              customerName: input.customer_name ?? "",
              customerPhone: input.customer_phone ?? "",
              customerEmail: input.customer_email,
            };
        let booking: typeof appointmentRecords.$inferSelect;
        try {
          [[booking]] = await store.batch([
            store
              .insert(appointmentRecords, [
                {
                  variant,
                  serviceId: row.service.id,
                  providerId: row.service.providerId,
                  memberId: member?.id ?? null,
                  ...customer,
                  ...time,
                  priceCents: row.service.priceCents,
                  channel: "online",
                  idempotencyKey: input.idempotency_key,
                  note: input.note ?? "",
                },
              ])
              .returning(),
            ...hits,
          ]);
        } catch (error) {
          if (isRateLimitRefusal(error)) throw rateLimitedError();
          // A replay racing its first submission meets the first's booking: the overlap trigger runs before
          // the unique index, so either refusal may mean a replay (read again only on that losing side).
          if (isReplay(error) || errorText(error).includes("appointment_time_overlap")) {
            const [first] = await bookingOfSubmission(store, variant, input.idempotency_key);
            if (first) return toOnline(first);
          }
          // A refused booking (the time was taken meanwhile) still counts against the limits.
          try {
            rethrowBookingRefusal(error);
          } catch (refusal) {
            return refuseCountedAgainst(db, hits, refusal);
          }
        }
        const [account] = accounts;
        await emailCustomer(context, "booked", {
          id: booking.id,
          to: customer.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: time.startsAt,
          service: serviceNames(row),
          provider: providerNames(row),
        });
        return toOnline(booking);
      },
    }),
  ];
}

export const appointmentBookingActions = [...bookingActionsOf("general"), ...bookingActionsOf("medical")];
