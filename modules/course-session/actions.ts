import { and, asc, count, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import { hongKongInstant, seriesDates } from "../../contract/course-calendar";
import type { CourseSessionChoices, CourseSessionRecord } from "./contract";
import { hongKongDayStart, hongKongTime } from "../../contract/dates";
import { listOrder } from "../../backend/db/sort";
import type { StoreScope } from "../../backend/db/scope";
import { courseBookings, courseCoaches, courseSessions, courseTypes, members } from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { snakeCased } from "../../backend/records";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { courseEmail, emailingStore, emailingStoreRead } from "../course-booking/emails";
import { promoteFromWaitlist, tellPromoted } from "../course-booking/waitlist";

const DATA_TYPE = "yoga_course_data";

/** Rows per insert of a series: about 14 bound values each, and D1 binds at most 100 per statement. */
const SESSIONS_PER_INSERT = 6;

/** Each joined column under a name of its own: D1 hands back a row's columns by name. */
const joined = <T>(column: Parameters<typeof eq>[0], name: string) => sql<T>`${column}`.as(name);

const recordFields = {
  id: courseSessions.id,
  courseTypeId: courseSessions.courseTypeId,
  typeNameZhHk: joined<string>(courseTypes.nameZhHk, "type_name_zh_hk"),
  typeNameEn: joined<string>(courseTypes.nameEn, "type_name_en"),
  colour: joined<string>(courseTypes.colour, "colour"),
  coachId: courseSessions.coachId,
  coachNameZhHk: joined<string>(courseCoaches.nameZhHk, "coach_name_zh_hk"),
  coachNameEn: joined<string>(courseCoaches.nameEn, "coach_name_en"),
  seriesKey: courseSessions.seriesKey,
  location: courseSessions.location,
  startsAt: courseSessions.startsAt,
  endsAt: courseSessions.endsAt,
  creditsNeeded: courseSessions.creditsNeeded,
  maxPlaces: courseSessions.maxPlaces,
  bookedPlaces: courseSessions.bookedPlaces,
  status: courseSessions.status,
  note: courseSessions.note,
  version: courseSessions.version,
};

/** Sessions with their type's names and colour and their coach's names. */
const sessionsWith = (store: StoreScope, ...conditions: (SQL | undefined)[]) =>
  store
    .selectFields(courseSessions, recordFields, ...conditions)
    .innerJoin(courseTypes, eq(courseTypes.id, courseSessions.courseTypeId))
    .innerJoin(courseCoaches, eq(courseCoaches.id, courseSessions.coachId));

/** A row of `sessionsWith` (drizzle's types lose the selection once a scoped query is joined). */
type SessionRow = Pick<
  typeof courseSessions.$inferSelect,
  | "id"
  | "courseTypeId"
  | "coachId"
  | "seriesKey"
  | "location"
  | "startsAt"
  | "endsAt"
  | "creditsNeeded"
  | "maxPlaces"
  | "bookedPlaces"
  | "status"
  | "note"
  | "version"
> & { typeNameZhHk: string; typeNameEn: string; colour: string; coachNameZhHk: string; coachNameEn: string };

const sessionRows = (rows: unknown) => rows as SessionRow[];

const toRecord = (row: SessionRow): CourseSessionRecord =>
  snakeCased(row, {
    omit: ["typeNameZhHk", "typeNameEn"],
    add: { course_type_name_zh_hk: row.typeNameZhHk, course_type_name_en: row.typeNameEn },
  });

const sessionById = (store: StoreScope, id: number) => sessionsWith(store, eq(courseSessions.id, id)).limit(1);
const coachById = (store: StoreScope, id: number) => store.select(courseCoaches, eq(courseCoaches.id, id)).limit(1);
const typeById = (store: StoreScope, id: number) => store.select(courseTypes, eq(courseTypes.id, id)).limit(1);

type SessionFields = Pick<
  Payload<"add_course_session_data">,
  "course_type_id" | "coach_id" | "location" | "credits_needed" | "max_places" | "note"
>;

/** The columns every session of one save shares (all but its start and end). */
function sharedColumns(input: SessionFields) {
  return {
    courseTypeId: input.course_type_id,
    coachId: input.coach_id,
    location: input.location ?? "",
    creditsNeeded: input.credits_needed,
    maxPlaces: input.max_places,
    note: input.note ?? "",
  };
}

/** The fields as the log keeps them, blanks as stored, so the log shows only real changes. */
const toLogged = (session: ReturnType<typeof sharedColumns> & { startsAt: string; endsAt: string }) =>
  snakeCased(session, {
    pick: ["courseTypeId", "coachId", "location", "startsAt", "endsAt", "creditsNeeded", "maxPlaces", "note"],
  });

/** A session in the log: its type and when it starts, e.g. "Hatha 2026-11-30 10:00". */
const sessionName = (type: { nameZhHk: string; nameEn: string }, startsAt: string) => ({
  zhHk: `${type.nameZhHk} ${hongKongTime(startsAt)}`,
  en: `${type.nameEn || type.nameZhHk} ${hongKongTime(startsAt)}`,
});

/**
 * The new version of a session the edit or the cancel loaded: one more while it is still at that version
 * and scheduled, else NULL, which NOT NULL refuses (409 edited-elsewhere, nothing written).
 */
const nextScheduledVersion = (loaded: number) =>
  sql<number>`case when ${courseSessions.version} = ${loaded} and ${courseSessions.status} = 'scheduled' then ${courseSessions.version} + 1 end`;

/** A time of day on a session's own Hong Kong date, as a UTC instant like `toISOString()` writes it. */
const onSameDate = (timeOfDay: string) =>
  sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', date(${courseSessions.startsAt}, '+8 hours') || ' ' || ${timeOfDay}, '-8 hours')`;

/** Fewer places than booked, said beside the maximum. */
const placesBelowBooked = () => new ActionError(409, "places-below-booked", { max_places: ["places-below-booked"] });

/** A maximum below a session's booked places fails the places CHECK: 409 places-below-booked. */
function rethrowEditRefusal(error: unknown): never {
  if (errorText(error).includes("course_session_within_places")) throw placesBelowBooked();
  return rethrowStaleVersion(error);
}

function refuseCancelled(row: SessionRow) {
  if (row.status === "cancelled") throw new ActionError(409, "course-cancelled");
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export const courseSessionActions = [
  defineAction("get_course_session_data_list_by_application_key_and_week", "store:yoga_course:read", {
    reads: ({ week }, { store }) =>
      [
        sessionsWith(
          store,
          gte(courseSessions.startsAt, hongKongDayStart(week)),
          lt(courseSessions.startsAt, hongKongDayStart(week, 7)),
        ).orderBy(asc(courseSessions.startsAt), asc(courseSessions.id)),
      ] as const,
    handler: async (_input, _context, [rows]) => sessionRows(rows).map(toRecord),
  }),

  /** A page of the list and its count as declared reads: with the caller and the page's choices, one round trip. */
  defineAction("get_course_session_data_and_total_number_by_sorting_and_limit", "store:yoga_course:read", {
    reads: (input, { store }) => {
      const conditions = [
        input.coach_id === undefined ? undefined : eq(courseSessions.coachId, input.coach_id),
        input.course_type_id === undefined ? undefined : eq(courseSessions.courseTypeId, input.course_type_id),
        input.status === undefined ? undefined : eq(courseSessions.status, input.status),
        input.date_from === undefined ? undefined : gte(courseSessions.startsAt, hongKongDayStart(input.date_from)),
        input.date_to === undefined ? undefined : lt(courseSessions.startsAt, hongKongDayStart(input.date_to, 1)),
      ];
      return [
        sessionsWith(store, ...conditions)
          .orderBy(...listOrder(input.direction, courseSessions.startsAt, courseSessions.id))
          .limit(input.limit)
          .offset((input.page - 1) * input.limit),
        store.selectFields(courseSessions, { total: count() }, ...conditions),
      ] as const;
    },
    handler: async (_input, _context, [rows, [{ total }]]) =>
      new WithExtra(sessionRows(rows).map(toRecord), { total_number: total }),
  }),

  defineAction("get_course_session_data_by_application_key_and_id", "store:yoga_course:read", {
    reads: ({ id }, { store }) => [sessionById(store, id)] as const,
    handler: async (_input, _context, [rows]) => toRecord(found(sessionRows(rows))),
  }),

  defineAction("get_course_session_choice_data_by_application_key", "store:yoga_course:read", {
    reads: (_input, { store }) =>
      [
        store.select(courseCoaches).orderBy(asc(courseCoaches.createdAt), asc(courseCoaches.id)),
        store.select(courseTypes).orderBy(asc(courseTypes.createdAt), asc(courseTypes.id)),
      ] as const,
    handler: async (_input, _context, [coaches, types]): Promise<CourseSessionChoices> => ({
      coaches: coaches.map((coach) => ({
        id: coach.id,
        name_zh_hk: coach.nameZhHk,
        name_en: coach.nameEn,
        active: coach.active,
      })),
      course_types: types.map((type) => ({
        id: type.id,
        name_zh_hk: type.nameZhHk,
        name_en: type.nameEn,
        colour: type.colour,
      })),
    }),
  }),

  /** One session, or every session of a weekly series (one series_key), with one log entry. */
  defineAction("add_course_session_data", "store:yoga_course:write", {
    reads: ({ coach_id, course_type_id }, { store }) =>
      [coachById(store, coach_id), typeById(store, course_type_id)] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [coachRows, typeRows]) => {
      const coach = found(coachRows);
      const type = found(typeRows);
      if (!coach.active) throw new ActionError(404, "coach-not-found");
      const weekly = input.repeat === "weekly";
      const dates = weekly ? seriesDates(input.date, input.to_date!, input.weekdays) : [input.date];
      const seriesKey = weekly ? crypto.randomUUID() : null;
      const shared = sharedColumns(input);
      const sessions = dates.map((date) => ({
        ...shared,
        seriesKey,
        startsAt: hongKongInstant(date, input.start_time),
        endsAt: hongKongInstant(date, input.end_time),
      }));
      const [first, ...rest] = chunks(sessions, SESSIONS_PER_INSERT);
      const firstId = seriesKey
        ? sql`(select min(${courseSessions.id}) from ${courseSessions} where ${store.where(courseSessions, eq(courseSessions.seriesKey, seriesKey))})`
        : sql`last_insert_rowid()`;
      const [[added]] = await store.batch([
        store.insert(courseSessions, first).returning({ id: courseSessions.id }),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: firstId,
          recordName: sessionName(type, sessions[0].startsAt),
          before: null,
          after: {
            ...toLogged(sessions[0]),
            ...(weekly ? { weekdays: input.weekdays, to_date: input.to_date, sessions: sessions.length } : {}),
          },
        }),
        ...rest.map((rows) => store.insert(courseSessions, rows)),
      ]);
      return { id: added.id, count: sessions.length };
    },
  }),

  /**
   * Edits the session, or (`following`) it and the later scheduled sessions of its series: those keep their
   * own dates and take the new times of day and every other field.
   */
  defineAction("update_course_session_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id, coach_id, course_type_id }, { store }) =>
      [sessionById(store, id), coachById(store, coach_id), typeById(store, course_type_id)] as const,
    handler: async (
      { application_key: _key, id, version, apply_to, ...input },
      { store, caller, now, mailer, env, afterReply },
      [rows, coachRows, typeRows],
    ) => {
      const before = found(sessionRows(rows));
      const coach = found(coachRows);
      const type = found(typeRows);
      refuseCancelled(before);
      if (!coach.active && coach.id !== before.coachId) throw new ActionError(404, "coach-not-found");
      if (input.max_places < before.bookedPlaces) throw placesBelowBooked();
      const shared = sharedColumns(input);
      const columns = {
        ...shared,
        startsAt: hongKongInstant(input.date, input.start_time),
        endsAt: hongKongInstant(input.date, input.end_time),
      };
      const following = apply_to === "following" && before.seriesKey !== null;
      const laterOfSeries = store
        .update(
          courseSessions,
          {
            ...shared,
            startsAt: onSameDate(input.start_time),
            endsAt: onSameDate(input.end_time),
            version: sql`${courseSessions.version} + 1`,
            updatedAt: now.toISOString(),
          },
          eq(courseSessions.seriesKey, before.seriesKey ?? ""),
          gte(courseSessions.startsAt, before.startsAt),
          ne(courseSessions.id, id),
          eq(courseSessions.status, "scheduled"),
        )
        .returning({ id: courseSessions.id });
      const results = await store
        .batch([
          store.update(
            courseSessions,
            { ...columns, version: nextScheduledVersion(version), updatedAt: now.toISOString() },
            eq(courseSessions.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: sessionName(type, columns.startsAt),
            before: toLogged(before),
            after: { ...toLogged(columns), ...(following ? { apply_to } : {}) },
          }),
          ...(following ? [laterOfSeries] : []),
          // Members reminded of the old time get a reminder of the new one.
          ...(columns.startsAt === before.startsAt
            ? []
            : [
                store.update(
                  courseBookings,
                  { remindedAt: null },
                  following
                    ? sql`(${courseBookings.sessionId} = ${id} or ${courseBookings.sessionId} in (select ${courseSessions.id} from ${courseSessions} where ${courseSessions.applicationKey} = ${store.applicationKey} and ${courseSessions.seriesKey} = ${before.seriesKey} and ${courseSessions.startsAt} >= ${before.startsAt}))`
                    : eq(courseBookings.sessionId, id),
                ),
              ]),
          // More places (or fewer credits needed) may let waiting members in.
          ...promoteFromWaitlist(
            store,
            following
              ? sql`select ${courseSessions.id} from ${courseSessions} where ${courseSessions.applicationKey} = ${store.applicationKey} and ${courseSessions.seriesKey} = ${before.seriesKey}`
              : sql`${id}`,
            now,
            caller.email,
          ),
        ])
        .catch(rethrowEditRefusal);
      const [promoted, marked] = results.slice(-2) as [{ id: number }[], { bookingId: number | null }[]];
      await afterReply(() => tellPromoted(store, { mailer, env }, promoted, marked));
      const moved = following ? (results[2] as { id: number }[]) : [];
      return { count: 1 + moved.length };
    },
  }),

  /**
   * Cancels a scheduled session. In the same batch every booked booking still pending attendance is
   * cancelled with all its credits returned (the trigger gives them back, once); the members are e-mailed
   * after the reply.
   */
  defineAction("update_course_session_status_data_by_application_key_and_id", "store:yoga_course:write", {
    reads: ({ id }, { store }) => [sessionById(store, id), emailingStoreRead(store)] as const,
    handler: async ({ id, version }, { store, caller, now, mailer, env, afterReply }, [rows, [account]]) => {
      const session = found(sessionRows(rows));
      refuseCancelled(session);
      const pending = and(
        eq(courseBookings.sessionId, id),
        eq(courseBookings.status, "booked"),
        eq(courseBookings.attendance, "pending"),
      );
      const [, , booked] = await store
        .batch([
          store.update(
            courseSessions,
            { status: "cancelled", version: nextScheduledVersion(version), updatedAt: now.toISOString() },
            eq(courseSessions.id, id),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: sessionName({ nameZhHk: session.typeNameZhHk, nameEn: session.typeNameEn }, session.startsAt),
            before: { status: session.status },
            after: { status: "cancelled" },
          }),
          // Read before the update below in the same batch: exactly the bookings it cancels.
          store
            .selectFields(
              courseBookings,
              {
                id: courseBookings.id,
                email: joined<string>(members.email, "member_email"),
                name: joined<string>(members.name, "member_name"),
                credits: courseBookings.creditsSpent,
              },
              pending,
            )
            .innerJoin(members, eq(members.id, courseBookings.memberId)),
          store.update(
            courseBookings,
            {
              status: "cancelled",
              creditsReturned: sql`${courseBookings.creditsSpent}`,
              cancelledAt: now.toISOString(),
              actorEmail: caller.email,
              version: sql`${courseBookings.version} + 1`,
            },
            pending,
          ),
        ])
        .catch(rethrowStaleVersion);
      const cancelled = booked as unknown as { id: number; email: string; name: string; credits: number }[];
      if (cancelled.length > 0) {
        const emailing = emailingStore(store, account);
        const { startsAt, typeNameZhHk: typeZhHk, typeNameEn: typeEn } = session;
        await afterReply(async () => {
          for (const booking of cancelled) {
            await mailer.send(
              await courseEmail(env, "cancelled", emailing, { ...booking, startsAt, typeZhHk, typeEn }),
            );
          }
        });
      }
      return { cancelled_bookings: booked.length };
    },
  }),
];
