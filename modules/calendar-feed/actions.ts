import { asc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import {
  appointmentProviders,
  appointmentRecords,
  appointmentServices,
  courseCoaches,
  courseSessions,
  courseTypes,
} from "../../backend/db/schema";
import { forStore, type StoreScope } from "../../backend/db/scope";
import { calendarFeedLinkPath, claimedFeed, readCalendarFeedLink } from "../../backend/calendar-feed-link";
import { storeModulesQueries, toStoreModules } from "../../backend/current-plan";
import { found, notFound } from "../../backend/errors";
import { namesOf } from "../../backend/log";
import { defineAction } from "../../backend/registry";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import type { CalendarFeed, CalendarFeedEvent } from "./contract";
import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, CALENDAR_FEED_MAX_EVENTS } from "./options";

const DAY_MS = 86_400_000;

/** What a feed holds: bookings whose time begins from CALENDAR_FEED_DAYS_BACK ago to CALENDAR_FEED_DAYS_AHEAD on. */
const feedWindow = (now: Date) => ({
  from: new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * DAY_MS).toISOString(),
  until: new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY_MS).toISOString(),
});

const nameOf = <T>(
  store: StoreScope,
  table: typeof appointmentServices | typeof courseTypes,
  column: SQLColumn,
  of: SQLColumn,
) => sql<T>`(select ${column} from ${table} where ${store.where(table, eq(table.id, of))})`;
type SQLColumn = Parameters<typeof eq>[0];

const providerRow = (store: StoreScope, id: number) =>
  store
    .selectFields(
      appointmentProviders,
      {
        id: appointmentProviders.id,
        variant: appointmentProviders.variant,
        nameZhHk: appointmentProviders.nameZhHk,
        nameEn: appointmentProviders.nameEn,
        feedVersion: appointmentProviders.calendarFeedVersion,
      },
      eq(appointmentProviders.id, id),
    )
    .limit(1);

const coachRow = (store: StoreScope, id: number) =>
  store
    .selectFields(
      courseCoaches,
      {
        id: courseCoaches.id,
        nameZhHk: courseCoaches.nameZhHk,
        nameEn: courseCoaches.nameEn,
        feedVersion: courseCoaches.calendarFeedVersion,
      },
      eq(courseCoaches.id, id),
    )
    .limit(1);

/**
 * A feed's reads, by what the token claims (nothing leaves before the token is checked): the store and its
 * plan (a disabled store or one without the module has no feed), the provider or coach, and its live bookings
 * or classes in the window. A medical booking's customer is never read: the feed carries no patient details.
 */
function feedReads(db: Db, token: string, now: Date) {
  const claimed = claimedFeed(token);
  const store = forStore(db, claimed.applicationKey);
  const idOf = (kind: string) => (claimed.kind === kind ? claimed.id : 0);
  const { from, until } = feedWindow(now);
  return [
    ...storeModulesQueries(store, now),
    providerRow(store, idOf("provider")),
    store
      .selectFields(
        appointmentRecords,
        {
          id: appointmentRecords.id,
          startsAt: appointmentRecords.startsAt,
          endsAt: appointmentRecords.endsAt,
          customerName: sql<string>`case when ${appointmentRecords.variant} = 'general' then ${appointmentRecords.customerName} end`,
          nameZhHk: nameOf<string>(
            store,
            appointmentServices,
            appointmentServices.nameZhHk,
            appointmentRecords.serviceId,
          ),
          nameEn: nameOf<string>(store, appointmentServices, appointmentServices.nameEn, appointmentRecords.serviceId),
        },
        eq(appointmentRecords.providerId, idOf("provider")),
        gte(appointmentRecords.blockedFrom, from),
        lt(appointmentRecords.blockedFrom, until),
        ne(appointmentRecords.status, "cancelled"),
      )
      .orderBy(asc(appointmentRecords.blockedFrom))
      .limit(CALENDAR_FEED_MAX_EVENTS),
    coachRow(store, idOf("coach")),
    store
      .selectFields(
        courseSessions,
        {
          id: courseSessions.id,
          startsAt: courseSessions.startsAt,
          endsAt: courseSessions.endsAt,
          location: courseSessions.location,
          nameZhHk: nameOf<string>(store, courseTypes, courseTypes.nameZhHk, courseSessions.courseTypeId),
          nameEn: nameOf<string>(store, courseTypes, courseTypes.nameEn, courseSessions.courseTypeId),
        },
        eq(courseSessions.coachId, idOf("coach")),
        gte(courseSessions.startsAt, from),
        lt(courseSessions.startsAt, until),
        eq(courseSessions.status, "scheduled"),
      )
      .orderBy(asc(courseSessions.startsAt))
      .limit(CALENDAR_FEED_MAX_EVENTS),
  ] as const;
}

/** The feed reads' rows, as selected above (the scope's selectFields leaves them untyped). */
interface FeedOwnerRow {
  id: number;
  nameZhHk: string;
  nameEn: string;
  feedVersion: number;
}
interface ProviderFeedRow extends FeedOwnerRow {
  variant: AppointmentVariant;
}
interface BookingFeedRow {
  id: number;
  startsAt: string;
  endsAt: string;
  customerName: string | null;
  nameZhHk: string;
  nameEn: string;
}
interface ClassFeedRow extends Omit<BookingFeedRow, "customerName"> {
  location: string;
}

/** A booking's UID: its table and id in the store, the same however the booking changes. */
const uidOf = (table: string, id: number, applicationKey: string) => `${table}-${id}.${applicationKey}@calendar-feed`;

/** The link of a feed as its reads' row names it. */
const linkPath = (
  secret: string | undefined,
  applicationKey: string,
  kind: "provider" | "coach",
  row: { id: number; feedVersion: number },
) =>
  calendarFeedLinkPath(secret, { applicationKey, kind, id: row.id, version: row.feedVersion }).then((path) => ({
    path,
  }));

function providerFeedActions(variant: AppointmentVariant) {
  const p = variant === "general" ? ("" as const) : ("medi_" as const);
  const module = APPOINTMENT_MODULES[variant];
  const ofVariant = (store: StoreScope, id: number) =>
    store
      .selectFields(
        appointmentProviders,
        {
          id: appointmentProviders.id,
          nameZhHk: appointmentProviders.nameZhHk,
          nameEn: appointmentProviders.nameEn,
          feedVersion: appointmentProviders.calendarFeedVersion,
        },
        eq(appointmentProviders.id, id),
        eq(appointmentProviders.variant, variant),
      )
      .limit(1);
  return [
    defineAction(`get_${p}appointment_provider_calendar_feed_data_by_application_key_and_id`, `store:${module}:write`, {
      reads: ({ id }, { store }) => [ofVariant(store, id)] as const,
      handler: async (_input, { store, env }, [rows]) =>
        linkPath(env.SESSION_SECRET, store.applicationKey, "provider", found(rows)),
    }),
    defineAction(
      `update_${p}appointment_provider_calendar_feed_data_by_application_key_and_id`,
      `store:${module}:write`,
      {
        reads: ({ id }, { store }) => [ofVariant(store, id)] as const,
        handler: async ({ id }, { store, env, caller, now }, [rows]) => {
          const row = found(rows);
          const [[updated]] = await store.batch([
            store
              .update(
                appointmentProviders,
                { calendarFeedVersion: sql`${appointmentProviders.calendarFeedVersion} + 1` },
                eq(appointmentProviders.id, id),
                eq(appointmentProviders.variant, variant),
              )
              .returning({ id: appointmentProviders.id, feedVersion: appointmentProviders.calendarFeedVersion }),
            store.log(caller, now, {
              action: "edit",
              dataType: `${p}appointment_provider_data`,
              recordId: id,
              recordName: namesOf(row),
              before: { calendar_feed_version: row.feedVersion },
              after: { calendar_feed_version: row.feedVersion + 1 },
            }),
          ]);
          if (!updated) throw notFound();
          return linkPath(env.SESSION_SECRET, store.applicationKey, "provider", updated);
        },
      },
    ),
  ];
}

const coachOf = (store: StoreScope, id: number) => coachRow(store, id);

export const calendarFeedActions = [
  /**
   * A provider's or coach's feed: one round trip, the token the only key. A token that is not signed, names
   * another version than the row's (the link was reset), or a row or store that is not there is 404.
   */
  defineAction("get_calendar_feed_data_by_token", "public", {
    storeOf: ({ token }) => claimedFeed(token).applicationKey,
    reads: ({ token }, { db, now }) => feedReads(db, token, now),
    handler: async (
      { token },
      { env },
      [account, plan, providers, records, coaches, sessions],
    ): Promise<CalendarFeed> => {
      const link = await readCalendarFeedLink(env.SESSION_SECRET, token);
      if (!link || account[0]?.disabled !== false) throw notFound();
      const modules = toStoreModules(account, plan);
      const { applicationKey } = link;
      if (link.kind === "provider") {
        const [provider] = providers as ProviderFeedRow[];
        if (!provider || provider.feedVersion !== link.version) throw notFound();
        if (!modules.has(APPOINTMENT_MODULES[provider.variant])) throw notFound();
        return {
          kind: "provider",
          name_zh_hk: provider.nameZhHk,
          name_en: provider.nameEn,
          events: (records as BookingFeedRow[]).map((record): CalendarFeedEvent => ({
            uid: uidOf("appointment", record.id, applicationKey),
            starts_at: record.startsAt,
            ends_at: record.endsAt,
            name_zh_hk: record.nameZhHk,
            name_en: record.nameEn,
            customer_name: record.customerName,
            location: null,
          })),
        };
      }
      const [coach] = coaches as FeedOwnerRow[];
      if (!coach || coach.feedVersion !== link.version || !modules.has("yoga_course")) throw notFound();
      return {
        kind: "coach",
        name_zh_hk: coach.nameZhHk,
        name_en: coach.nameEn,
        events: (sessions as ClassFeedRow[]).map((session): CalendarFeedEvent => ({
          uid: uidOf("class", session.id, applicationKey),
          starts_at: session.startsAt,
          ends_at: session.endsAt,
          name_zh_hk: session.nameZhHk,
          name_en: session.nameEn,
          customer_name: null,
          location: session.location || null,
        })),
      };
    },
  }),

  ...providerFeedActions("general"),
  ...providerFeedActions("medical"),

  defineAction("get_yoga_coach_calendar_feed_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [coachOf(store, id)] as const,
    handler: async (_input, { store, env }, [rows]) =>
      linkPath(env.SESSION_SECRET, store.applicationKey, "coach", found(rows)),
  }),
  defineAction("update_yoga_coach_calendar_feed_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [coachOf(store, id)] as const,
    handler: async ({ id }, { store, env, caller, now }, [rows]) => {
      const row = found(rows);
      const [[updated]] = await store.batch([
        store
          .update(
            courseCoaches,
            { calendarFeedVersion: sql`${courseCoaches.calendarFeedVersion} + 1` },
            eq(courseCoaches.id, id),
          )
          .returning({ id: courseCoaches.id, feedVersion: courseCoaches.calendarFeedVersion }),
        store.log(caller, now, {
          action: "edit",
          dataType: "yoga_coach_data",
          recordId: id,
          recordName: namesOf(row),
          before: { calendar_feed_version: row.feedVersion },
          after: { calendar_feed_version: row.feedVersion + 1 },
        }),
      ]);
      if (!updated) throw notFound();
      return linkPath(env.SESSION_SECRET, store.applicationKey, "coach", updated);
    },
  }),
];
