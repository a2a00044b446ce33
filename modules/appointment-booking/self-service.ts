import { eq } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { blockedTime, freeSlots, withinBookingRules } from "../../backend/appointment-availability";
import {
  bookingLinkChangeLimits,
  bookingLinkFor,
  claimedBooking,
  customerActor,
  readBookingLink,
  type BookingLink,
} from "../../backend/booking-link";
import type { Db } from "../../backend/db/client";
import { forStore } from "../../backend/db/scope";
import { appointmentRecords, appointmentServices } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { isRateLimitRefusal, rateLimitedError } from "../../backend/rate-limit";
import { defineAction, type PublicContext } from "../../backend/registry";
import { refuseClosedWebsite, storeWebsiteReads } from "../../backend/store-website";
import { errorText } from "../../backend/unique";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import { hongKongDate } from "../../contract/dates";
import { withValue } from "../../contract/messages";
import { storeContact, storeContactReads } from "../store/contact";
import type { BookingLinkPage } from "./contract";
import { emailCustomer, emailStore } from "./emails";
import {
  bookingName,
  DATA_TYPES,
  providerBookings,
  recordById,
  rethrowBookingRefusal,
  schedulesOf,
  serviceFields,
  serviceOfRecord,
  takesBookings,
  type RecordRow,
  type ServiceRow,
} from "./queries";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Everything the link's page and its changes need, read by what the token claims (nothing leaves before the
 * token is checked): the store's name, contact and modules, the booking, its service and schedules, and the
 * provider's other bookings on `date` (a Hong Kong date), if any.
 */
function tokenReads(db: Db, token: string, now: Date, date: string | undefined) {
  const claimed = claimedBooking(token);
  const variant = claimed.kind === "class" ? "general" : claimed.kind;
  const store = forStore(db, claimed.applicationKey);
  const serviceId = serviceOfRecord(claimed.id);
  // Without a date, a day long past: no bookings read.
  const day = date ?? "1970-01-01";
  return [
    ...storeContactReads(store),
    ...storeWebsiteReads(store, now),
    recordById(store, variant, claimed.id),
    store.selectFields(appointmentServices, serviceFields, eq(appointmentServices.id, serviceId)).limit(1),
    schedulesOf(store, serviceId),
    providerBookings(store, variant, serviceId, day, day, claimed.id),
  ] as const;
}

type Reads = BatchResponse<ReturnType<typeof tokenReads>>;

/** A link to an appointment. */
type AppointmentLink = BookingLink & { kind: AppointmentVariant };

interface Linked {
  link: AppointmentLink;
  row: RecordRow;
  service: ServiceRow;
}

/** The booking a token opens: 404 booking-link-invalid for a forged, expired or other store's link, or a gone booking. */
async function linked(context: PublicContext, token: string, reads: Reads): Promise<Linked | ActionError> {
  const invalid = new ActionError(404, "booking-link-invalid");
  const link = await readBookingLink(context.env.SESSION_SECRET, token, context.now);
  const [, , accounts, plans, [row], [service]] = reads;
  if (!link || link.kind === "class" || !row || !service) return invalid;
  try {
    refuseClosedWebsite([accounts, plans], APPOINTMENT_MODULES[link.kind], context.now);
  } catch {
    return invalid;
  }
  return { link: { ...link, kind: link.kind }, row, service };
}

/** When changes close: the service's minimum notice before the start. */
const changeUntil = (row: RecordRow, service: ServiceRow) =>
  Date.parse(row.record.startsAt) - service.service.minNoticeHours * HOUR_MS;

function refuseClosed({ row, service }: Linked, now: Date): ActionError | null {
  if (row.record.status !== "success") return new ActionError(409, "appointment-record-closed");
  if (now.getTime() >= changeUntil(row, service)) {
    return new ActionError(409, withValue("booking-link-change-closed", service.service.minNoticeHours));
  }
  return null;
}

/**
 * The free times of `date` by the website's rules, among the provider's `bookings` (the reads leave the booking's
 * own out, so its time counts as free).
 */
function dayOf({ service }: Linked, reads: Reads, bookings: Reads[7], date: string, now: Date) {
  const [, , , , , , schedules] = reads;
  const [day] = freeSlots({
    service: service.service,
    schedules,
    bookings,
    from: date,
    to: date,
    now,
    bookingRules: true,
  });
  return day!;
}

function bookingPage(found: Linked, reads: Reads, date: string | undefined, now: Date): BookingLinkPage {
  const { link, row, service } = found;
  const [[account], [website]] = reads;
  const { record } = row;
  const canChange = refuseClosed(found, now) === null;
  return {
    id: record.id,
    variant: link.kind,
    status: record.status,
    service: { name_zh_hk: row.serviceNameZhHk, name_en: row.serviceNameEn, duration_minutes: row.durationMinutes },
    provider: { name_zh_hk: row.providerNameZhHk, name_en: row.providerNameEn },
    customer_name: record.customerName,
    starts_at: record.startsAt,
    ends_at: record.endsAt,
    price_cents: record.priceCents,
    store: storeContact(account, website),
    min_notice_hours: service.service.minNoticeHours,
    change_until: new Date(changeUntil(row, service)).toISOString(),
    can_change: canChange,
    first_date: hongKongDate(now),
    last_date: hongKongDate(new Date(now.getTime() + service.service.bookingWindowDays * DAY_MS)),
    day: canChange && date !== undefined && takesBookings(service) ? dayOf(found, reads, reads[7], date, now) : null,
  };
}

const emailedNames = (row: RecordRow) => ({
  service: { nameZhHk: row.serviceNameZhHk, nameEn: row.serviceNameEn },
  provider: { nameZhHk: row.providerNameZhHk, nameEn: row.providerNameEn },
});

/** A public change through the link: checked, counted against its buckets, refusals counted too. */
async function changeContext(context: PublicContext, token: string, reads: Reads) {
  const found = await linked(context, token, reads);
  const { db, now } = context;
  const { hits, refuse } = bookingLinkChangeLimits(context, found instanceof ActionError ? null : found.link);
  if (found instanceof ActionError) return refuse(found);
  const closed = refuseClosed(found, now);
  if (closed) return refuse(closed);
  return { found, hits, refuse, store: forStore(db, found.link.applicationKey) };
}

const rethrowChange = (error: unknown): never => {
  if (isRateLimitRefusal(error)) throw rateLimitedError();
  const text = errorText(error);
  if (text.includes("appointment_time_overlap") || text.includes("appointment_record_closed")) {
    rethrowBookingRefusal(error);
  }
  return rethrowStaleVersion(error);
};

export const appointmentSelfServiceActions = [
  defineAction("get_appointment_booking_link_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token, date }, { db, now }) => tokenReads(db, token, now, date),
    handler: async ({ token, date }, context, reads) => {
      const found = await linked(context, token, reads);
      if (found instanceof ActionError) throw found;
      return bookingPage(found, reads, date, context.now);
    },
  }),

  /** The customer cancels while changes are open; the staff log and the store's e-mail say so. */
  defineAction("update_appointment_booking_link_cancel_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token }, { db, now }) => tokenReads(db, token, now, undefined),
    handler: async ({ token }, context, reads) => {
      const { found, hits, store } = await changeContext(context, token, reads);
      const { row, link } = found;
      const { record } = row;
      const { now } = context;
      await store
        .batch([
          store.update(
            appointmentRecords,
            {
              status: "cancelled",
              cancelledAt: now.toISOString(),
              actorEmail: null,
              version: nextVersion(appointmentRecords.version, record.version),
            },
            eq(appointmentRecords.id, record.id),
          ),
          store.log(customerActor(row.record.customerEmail, row.record.customerName), now, {
            action: "edit",
            dataType: DATA_TYPES[link.kind],
            recordId: record.id,
            recordName: bookingName(record.customerName, emailedNames(row).service, record.startsAt),
            before: { status: "success" },
            after: { status: "cancelled" },
          }),
          ...hits,
        ])
        .catch(rethrowChange);
      await notify(context, "cancelled", found, reads, record.startsAt);
      return { id: record.id };
    },
  }),

  /** The customer moves the booking to a free time by the website's rules while changes are open. */
  defineAction("update_appointment_booking_link_time_data_by_token", "public", {
    storeOf: ({ token }) => claimedBooking(token).applicationKey,
    reads: ({ token, starts_at }, { db, now }) => tokenReads(db, token, now, hongKongDate(new Date(starts_at))),
    handler: async ({ token, starts_at }, context, reads) => {
      const { found, hits, refuse, store } = await changeContext(context, token, reads);
      const { row, link, service } = found;
      const { record } = row;
      const { now } = context;
      const startsAt = new Date(starts_at).toISOString();
      if (!takesBookings(service)) return refuse(new ActionError(409, "appointment-category-unavailable"));
      if (!withinBookingRules(service.service, startsAt, now)) {
        return refuse(new ActionError(409, "appointment-outside-booking-window"));
      }
      const date = hongKongDate(new Date(startsAt));
      const offers = (day: { slots: { starts_at: string }[] }) => day.slots.some((slot) => slot.starts_at === startsAt);
      if (!offers(dayOf(found, reads, reads[7], date, now))) {
        // A time the schedule offers but another booking holds is the overlap the database refuses too.
        const taken = offers(dayOf(found, reads, [], date, now));
        return refuse(
          taken
            ? new ActionError(409, "appointment-time-overlap")
            : new ActionError(422, "service-time-cannot-cover-span"),
        );
      }
      const time = blockedTime(service.service, Date.parse(startsAt));
      await store
        .batch([
          store.update(
            appointmentRecords,
            {
              ...time,
              remindedAt: null,
              actorEmail: null,
              version: nextVersion(appointmentRecords.version, record.version),
            },
            eq(appointmentRecords.id, record.id),
          ),
          store.log(customerActor(row.record.customerEmail, row.record.customerName), now, {
            action: "edit",
            dataType: DATA_TYPES[link.kind],
            recordId: record.id,
            recordName: bookingName(record.customerName, emailedNames(row).service, record.startsAt),
            before: { starts_at: record.startsAt, ends_at: record.endsAt },
            after: { starts_at: time.startsAt, ends_at: time.endsAt },
          }),
          ...hits,
        ])
        .catch(rethrowChange);
      await notify(context, "moved", found, reads, time.startsAt);
      const path = await bookingLinkFor(context.env.SESSION_SECRET, {
        applicationKey: link.applicationKey,
        kind: link.kind,
        id: record.id,
        startsAt: time.startsAt,
      });
      return { id: record.id, path };
    },
  }),
];

/** The customer's e-mail (a moved booking's with its new link) and the store's, to its contact e-mail. */
async function notify(
  context: PublicContext,
  kind: "cancelled" | "moved",
  { link, row }: Linked,
  reads: Reads,
  startsAt: string,
) {
  const [[account], [website]] = reads;
  const { record } = row;
  const storeName = account?.name ?? "";
  await emailCustomer(context, kind, {
    id: record.id,
    applicationKey: link.applicationKey,
    variant: link.kind,
    to: record.customerEmail,
    storeName,
    startsAt,
    ...emailedNames(row),
  });
  await emailStore(context, kind, {
    id: record.id,
    to: website?.email ?? "",
    storeName,
    customerName: record.customerName,
    startsAt,
    was: record.startsAt,
    ...emailedNames(row),
  });
}
