import { eq, sql } from "drizzle-orm";
import {
  APPOINTMENT_BOOKING_ACTIONS,
  MAX_BOOKING_MEMBER_MATCHES,
  type BookableService,
  type OnlineBooking,
} from "./contract";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import { hongKongDate } from "../../contract/dates";
import {
  blockedTime,
  fits,
  freeSlots,
  staffNoticeRefusal,
  withinBookingRules,
  type DaySlots,
} from "../../backend/appointment-availability";
import { bookingLinkFor } from "../../backend/booking-link";
import { memberMatchesQuery, toMemberMatch } from "../../backend/member-picks";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { appointmentRecords, appointmentServices } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { forgetCachedReplies } from "../../backend/public-cache";
import {
  isRateLimitRefusal,
  publicRequestBuckets,
  rateLimitedError,
  rateLimitHitStatements,
  refuseCountedAgainst,
} from "../../backend/rate-limit";
import { defineAction } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { emailCustomer } from "./emails";
import {
  activeProviderById,
  bookableServices,
  bookingName,
  DATA_TYPES,
  instantOf,
  memberById,
  providerBookings,
  providerNames,
  recordById,
  refuseStopped,
  rethrowBookingRefusal,
  schedulesOf,
  serviceById,
  serviceFields,
  serviceNames,
  serviceOfRecord,
  slotsService,
  storeNameOf,
  takesBookings,
  toBookable,
  toDetail,
  type ServiceRow,
} from "./queries";
import { appointmentSelfServiceActions } from "./self-service";

/**
 * Website bookings per store and per store and client address, within the rate-limit window (an hour).
 * The store's ceiling holds a busy evening (several hundred an hour, from many visitors) several times
 * over, in each of its two buckets (with its website key and without: backend/rate-limit.ts).
 */
export const ONLINE_BOOKINGS_PER_STORE = 2000;
export const ONLINE_BOOKINGS_PER_CLIENT = 10;

/** How long the store website's list of bookable services is answered from the cache. */
export const BOOKABLE_SERVICES_CACHE_SECONDS = 60;

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
      handler: async (_input, { env, now }, [rows]) => {
        const row = found(rows);
        const { record } = row;
        const open = record.status === "success" && Date.parse(record.startsAt) > now.getTime();
        const link = open
          ? await bookingLinkFor(env.SESSION_SECRET, {
              applicationKey: record.applicationKey,
              kind: record.variant,
              id: record.id,
              startsAt: record.startsAt,
            })
          : null;
        return toDetail(row, link);
      },
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
          applicationKey: store.applicationKey,
          variant,
          to: customer.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: time.startsAt,
          service: serviceNames(row),
          provider: providerNames(row),
        });
        return { id: booking.id };
      },
    }),

    /**
     * A new start (and maybe provider) for a booked appointment, as booking checks it; the trigger keeps the
     * (new) provider's times apart.
     */
    defineAction(names.move, write, {
      reads: ({ id, provider_id }, { store }) =>
        [
          recordById(store, variant, id),
          store
            .selectFields(appointmentServices, serviceFields, eq(appointmentServices.id, serviceOfRecord(id)))
            .limit(1),
          schedulesOf(store, serviceOfRecord(id)),
          storeNameOf(store),
          activeProviderById(store, variant, provider_id ?? 0),
        ] as const,
      handler: async (input, context, [recordRows, serviceRows, schedules, [account], [newProvider]]) => {
        const { store, caller, now } = context;
        const recordRow = found(recordRows);
        const { record } = recordRow;
        const row = found(serviceRows);
        if (record.status !== "success") throw new ActionError(409, "appointment-record-closed");
        const providerId = input.provider_id ?? record.providerId;
        if (providerId !== record.providerId && !newProvider) {
          throw new ActionError(404, "appointment-provider-not-found");
        }
        const provider =
          providerId === record.providerId
            ? { nameZhHk: recordRow.providerNameZhHk, nameEn: recordRow.providerNameEn }
            : { nameZhHk: newProvider!.nameZhHk, nameEn: newProvider!.nameEn };
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
                // Reminded of the old time: the new one gets its own reminder.
                remindedAt: null,
                providerId,
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
              before: {
                starts_at: record.startsAt,
                ends_at: record.endsAt,
                ...(providerId === record.providerId ? {} : { provider_id: record.providerId }),
              },
              after: {
                starts_at: time.startsAt,
                ends_at: time.endsAt,
                ...(providerId === record.providerId ? {} : { provider_id: providerId }),
              },
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
          applicationKey: store.applicationKey,
          variant,
          to: record.customerEmail,
          storeName: account?.storeName ?? "",
          startsAt: time.startsAt,
          service: serviceNames(row),
          provider,
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
          applicationKey: store.applicationKey,
          variant,
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
          applicationKey: input.application_key,
          variant,
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

export const appointmentBookingActions = [
  ...bookingActionsOf("general"),
  ...bookingActionsOf("medical"),
  ...appointmentSelfServiceActions,
];
