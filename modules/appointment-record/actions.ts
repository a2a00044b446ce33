import { and, asc, count, eq, getTableColumns, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  MAX_DAY_BOOKINGS,
  type AppointmentClosedDay,
  type AppointmentOpenTime,
  type AppointmentPatientDetail,
  type AppointmentPatientFields,
  type AppointmentRecordRecord,
} from "./contract";
import { APPOINTMENT_MODULES, type AppointmentVariant } from "../../contract/appointments";
import { hongKongDayStart } from "../../contract/dates";
import { timeOfMinutes } from "../../contract/time-grid";
import { datesFrom, openMinutes } from "../../backend/appointment-availability";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import {
  appointmentPatients,
  appointmentProviders,
  appointmentRecords,
  appointmentSchedules,
  appointmentServices,
  holidayClosures,
  members,
} from "../../backend/db/schema";
import { listOrder } from "../../backend/db/sort";
import { rethrowStaleVersion } from "../../backend/db/version";
import { found, notFound } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText } from "../../backend/unique";

const NAMES = {
  general: {
    list: "get_appointment_record_data_and_total_number_by_sorting_and_limit",
    day: "get_appointment_record_data_list_by_application_key_and_date",
  },
  medical: {
    list: "get_medi_appointment_record_data_and_total_number_by_sorting_and_limit",
    day: "get_medi_appointment_record_data_list_by_application_key_and_date",
  },
} as const;

/** The patient details are the medical variant's alone, behind the patient-details permission. */
const PATIENT_PERMISSION = "store:medi_appointment:admin";
const RECORD_DATA_TYPE = "medi_appointment_record_data" as const;
/** Providers a day view shows at most. */
const MAX_CHOICES = 500;

const lookup = <T>(table: SQLiteTable, column: SQLiteColumn, key: SQLiteColumn, value: SQLiteColumn) =>
  sql<T>`(select ${column} from ${table} where ${key} = ${value})`;

/** A booking with its service's and provider's names and its member's code. */
const withNames = {
  ...getTableColumns(appointmentRecords),
  serviceNameZhHk: lookup<string>(
    appointmentServices,
    appointmentServices.nameZhHk,
    appointmentServices.id,
    appointmentRecords.serviceId,
  ),
  serviceNameEn: lookup<string>(
    appointmentServices,
    appointmentServices.nameEn,
    appointmentServices.id,
    appointmentRecords.serviceId,
  ),
  providerNameZhHk: lookup<string>(
    appointmentProviders,
    appointmentProviders.nameZhHk,
    appointmentProviders.id,
    appointmentRecords.providerId,
  ),
  providerNameEn: lookup<string>(
    appointmentProviders,
    appointmentProviders.nameEn,
    appointmentProviders.id,
    appointmentRecords.providerId,
  ),
  memberCode: lookup<string | null>(members, members.memberCode, members.id, appointmentRecords.memberId),
};

type RecordRow = typeof appointmentRecords.$inferSelect & {
  serviceNameZhHk: string;
  serviceNameEn: string;
  providerNameZhHk: string;
  providerNameEn: string;
  memberCode: string | null;
};

const toRecord = (row: RecordRow): AppointmentRecordRecord => ({
  id: row.id,
  service_id: row.serviceId,
  service: { name_zh_hk: row.serviceNameZhHk, name_en: row.serviceNameEn },
  provider_id: row.providerId,
  provider: { name_zh_hk: row.providerNameZhHk, name_en: row.providerNameEn },
  member_id: row.memberId,
  member_code: row.memberCode,
  customer_name: row.customerName,
  customer_phone: row.customerPhone,
  customer_email: row.customerEmail,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  price_cents: row.priceCents,
  status: row.status,
  channel: row.channel,
  create_date: row.createdAt,
  version: row.version,
});

const SORT_COLUMNS = { starts_at: appointmentRecords.startsAt, create_date: appointmentRecords.createdAt } as const;

const choiceFields = <T extends typeof appointmentServices | typeof appointmentProviders>(table: T) => ({
  id: table.id,
  name_zh_hk: table.nameZhHk,
  name_en: table.nameEn,
});

/** Bookings starting on the Hong Kong days from `from` to `to`, both included. */
const startingBetween = (from: string, to: string) =>
  and(
    gte(appointmentRecords.startsAt, hongKongDayStart(from)),
    lt(appointmentRecords.startsAt, hongKongDayStart(to, 1)),
  );

/** The schedules of the variant's services that take bookings, each with its service's provider. */
const bookableSchedules = (store: StoreScope, variant: AppointmentVariant) =>
  store.selectFields(
    appointmentSchedules,
    {
      serviceId: appointmentSchedules.serviceId,
      providerId: lookup<number>(
        appointmentServices,
        appointmentServices.providerId,
        appointmentServices.id,
        appointmentSchedules.serviceId,
      ),
      scheduleType: appointmentSchedules.scheduleType,
      specificDate: appointmentSchedules.specificDate,
      closed: appointmentSchedules.closed,
      startTime: appointmentSchedules.startTime,
      endTime: appointmentSchedules.endTime,
    },
    inArray(
      appointmentSchedules.serviceId,
      store.selectFields(
        appointmentServices,
        { id: appointmentServices.id },
        eq(appointmentServices.variant, variant),
        eq(appointmentServices.status, "accept"),
      ),
    ),
  );

type ScheduleOfProvider = Awaited<ReturnType<typeof bookableSchedules>>[number];

/** Each provider's merged open times on each day of the range that no holiday closure closes. */
function openTimesOf(schedules: ScheduleOfProvider[], dates: string[], closed: Set<string>): AppointmentOpenTime[] {
  const byProvider = new Map<number, Map<number, ScheduleOfProvider[]>>();
  for (const row of schedules) {
    const services = byProvider.get(row.providerId) ?? new Map<number, ScheduleOfProvider[]>();
    services.set(row.serviceId, [...(services.get(row.serviceId) ?? []), row]);
    byProvider.set(row.providerId, services);
  }
  return dates
    .filter((date) => !closed.has(date))
    .flatMap((date) =>
      [...byProvider].flatMap(([providerId, services]) =>
        openMinutes([...services.values()], date).map(([start, end]) => ({
          provider_id: providerId,
          date,
          start: timeOfMinutes(start),
          end: timeOfMinutes(end),
        })),
      ),
    );
}

function recordActionsOf(variant: AppointmentVariant) {
  const names = NAMES[variant];
  const module = APPOINTMENT_MODULES[variant];
  const ofVariant = eq(appointmentRecords.variant, variant);

  return [
    /** A page of the bookings and their number (the filters' choices are the set-up's choice read). */
    defineAction(names.list, `store:${module}:read`, {
      reads: (input, { store }) => {
        const where = and(
          ofVariant,
          contains(
            [appointmentRecords.customerName, appointmentRecords.customerPhone, appointmentRecords.customerEmail],
            input.keyword,
          ),
          input.service_id === undefined ? undefined : eq(appointmentRecords.serviceId, input.service_id),
          input.provider_id === undefined ? undefined : eq(appointmentRecords.providerId, input.provider_id),
          input.status === undefined ? undefined : eq(appointmentRecords.status, input.status),
          input.date_from === undefined
            ? undefined
            : gte(appointmentRecords.startsAt, hongKongDayStart(input.date_from)),
          input.date_to === undefined ? undefined : lt(appointmentRecords.startsAt, hongKongDayStart(input.date_to, 1)),
        );
        return [
          store
            .selectFields(appointmentRecords, withNames, where)
            .orderBy(...listOrder(input.direction, SORT_COLUMNS[input.sorting], appointmentRecords.id))
            .limit(input.limit)
            .offset((input.page - 1) * input.limit),
          store.selectFields(appointmentRecords, { total: count() }, where),
        ] as const;
      },
      handler: async (_input, _context, [rows, [{ total }]]) =>
        new WithExtra(rows.map(toRecord), { total_number: total }),
    }),

    /**
     * Hong Kong days (one or up to a week): the variant's active providers and any other with a booking in the
     * range, the range's bookings (every status) by start, the providers' open times and the holiday closures.
     */
    defineAction(names.day, `store:${module}:read`, {
      reads: ({ date, date_to }, { store }) => {
        const inRange = startingBetween(date, date_to ?? date);
        return [
          store
            .selectFields(
              appointmentProviders,
              { ...choiceFields(appointmentProviders), active: appointmentProviders.active },
              eq(appointmentProviders.variant, variant),
              or(
                eq(appointmentProviders.active, true),
                inArray(
                  appointmentProviders.id,
                  store.selectFields(appointmentRecords, { id: appointmentRecords.providerId }, ofVariant, inRange),
                ),
              ),
            )
            .orderBy(asc(appointmentProviders.createdAt), asc(appointmentProviders.id))
            .limit(MAX_CHOICES),
          store
            .selectFields(appointmentRecords, withNames, ofVariant, inRange)
            .orderBy(asc(appointmentRecords.startsAt), asc(appointmentRecords.id))
            .limit(MAX_DAY_BOOKINGS),
          bookableSchedules(store, variant),
          store.selectFields(
            holidayClosures,
            {
              startDate: holidayClosures.startDate,
              endDate: holidayClosures.endDate,
              nameZhHk: holidayClosures.nameZhHk,
              nameEn: holidayClosures.nameEn,
            },
            lte(holidayClosures.startDate, date_to ?? date),
            gte(holidayClosures.endDate, date),
          ),
        ] as const;
      },
      handler: async ({ date, date_to }, _context, [providers, rows, schedules, closures]) => {
        const dates = datesFrom(date, date_to ?? date);
        const closedDays: AppointmentClosedDay[] = dates.flatMap((day) => {
          const closure = closures.find((row) => row.startDate <= day && day <= row.endDate);
          return closure ? [{ date: day, name_zh_hk: closure.nameZhHk, name_en: closure.nameEn }] : [];
        });
        return {
          providers,
          records: rows.map(toRecord),
          open_times: openTimesOf(schedules, dates, new Set(closedDays.map((day) => day.date))),
          closed_days: closedDays,
        };
      },
    }),
  ];
}

/** A medical booking: a general one's id is not found here. */
const medicalRecordById = (store: StoreScope, id: number) =>
  store
    .selectFields(
      appointmentRecords,
      {
        id: appointmentRecords.id,
        customerName: appointmentRecords.customerName,
        startsAt: appointmentRecords.startsAt,
        endsAt: appointmentRecords.endsAt,
      },
      eq(appointmentRecords.variant, "medical"),
      eq(appointmentRecords.id, id),
    )
    .limit(1);

const patientOf = (store: StoreScope, recordId: number) =>
  store.select(appointmentPatients, eq(appointmentPatients.recordId, recordId)).limit(1);

const toPatientFields = (row: typeof appointmentPatients.$inferSelect | undefined): AppointmentPatientFields => ({
  date_of_birth: row?.dateOfBirth ?? null,
  gender: row?.gender ?? null,
  hkid_last_four: row?.hkidLastFour ?? null,
  allergies: row?.allergies ?? "",
  medical_notes: row?.medicalNotes ?? "",
});

/**
 * The log keeps that a booking's patient details were added, changed or erased, never what they are:
 * "none" → "saved" (added), "saved" → "changed", "saved" → "erased".
 */
const patientLog = (id: number, before: "none" | "saved", after: "saved" | "changed" | "erased") => ({
  action: "edit" as const,
  dataType: RECORD_DATA_TYPE,
  recordId: id,
  recordName: oneName(`#${id}`),
  before: { patient_details: before },
  after: { patient_details: after },
});

/** The saved version: one more than `loaded`, else NULL (refused by NOT NULL: 409 edited-elsewhere). */
const versionAfter = (loaded: number | null): SQL<number> =>
  loaded === null
    ? sql`NULL`
    : sql`case when ${appointmentPatients.version} = ${loaded} then ${appointmentPatients.version} + 1 end`;

const patientActions = [
  defineAction("get_medi_appointment_patient_data_by_application_key_and_id", PATIENT_PERMISSION, {
    reads: ({ id }, { store }) => [medicalRecordById(store, id), patientOf(store, id)] as const,
    handler: async (_input, _context, [records, [patient]]): Promise<AppointmentPatientDetail> => {
      const record = found(records);
      return {
        record_id: record.id,
        customer_name: record.customerName,
        starts_at: record.startsAt,
        ends_at: record.endsAt,
        ...toPatientFields(patient),
        version: patient?.version ?? null,
      };
    },
  }),

  defineAction("get_medi_appointment_patient_data_list_by_application_key_and_record_ids", PATIENT_PERMISSION, {
    reads: ({ record_ids }, { store }) =>
      [
        store.selectFields(
          appointmentRecords,
          { id: appointmentRecords.id },
          eq(appointmentRecords.variant, "medical"),
          inArray(appointmentRecords.id, record_ids),
        ),
        store.select(appointmentPatients, inArray(appointmentPatients.recordId, record_ids)),
      ] as const,
    handler: async ({ record_ids }, _context, [records, rows]) => {
      // Every id must be a medical booking of the store, as one record's read would answer.
      if (records.length !== new Set(record_ids).size) throw notFound();
      return rows.map((row) => ({ record_id: row.recordId, ...toPatientFields(row) }));
    },
  }),

  /**
   * One upsert holds the version rule whatever happens meanwhile: a first save (version null) inserts,
   * and meets a row saved in between with a NULL version; a save over a version updates that version
   * only, and inserts a NULL version (refused) when the details were erased in between.
   */
  defineAction("update_medi_appointment_patient_data_by_application_key_and_id", PATIENT_PERMISSION, {
    reads: ({ id }, { store }) => [medicalRecordById(store, id)] as const,
    handler: async (input, { store, caller, now }, [records]) => {
      found(records);
      const fields = {
        dateOfBirth: input.date_of_birth,
        gender: input.gender,
        hkidLastFour: input.hkid_last_four,
        allergies: input.allergies ?? "",
        medicalNotes: input.medical_notes ?? "",
      };
      const stillThere = sql<number>`case when exists (select 1 from ${appointmentPatients} where ${store.where(
        appointmentPatients,
        eq(appointmentPatients.recordId, input.id),
      )}) then 1 end`;
      const [[saved]] = await store
        .batch([
          store
            .insert(appointmentPatients, [
              { recordId: input.id, ...fields, version: input.version === null ? 1 : stillThere },
            ])
            .onConflictDoUpdate({
              target: appointmentPatients.recordId,
              set: { ...fields, version: versionAfter(input.version), updatedAt: now.toISOString() },
              setWhere: eq(appointmentPatients.applicationKey, store.applicationKey),
            })
            .returning({ version: appointmentPatients.version }),
          store.log(
            caller,
            now,
            input.version === null ? patientLog(input.id, "none", "saved") : patientLog(input.id, "saved", "changed"),
          ),
        ])
        .catch((error: unknown) => {
          if (errorText(error).includes("FOREIGN KEY constraint failed")) throw notFound();
          return rethrowStaleVersion(error);
        });
      return { version: saved.version };
    },
  }),

  defineAction("delete_medi_appointment_patient_data_by_application_key_and_id", PATIENT_PERMISSION, {
    reads: ({ id }, { store }) => [medicalRecordById(store, id), patientOf(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [records, [patient]]) => {
      found(records);
      if (!patient) return null;
      await store.batch([
        store.delete(appointmentPatients, eq(appointmentPatients.recordId, id)),
        store.log(caller, now, patientLog(id, "saved", "erased")),
      ]);
      return null;
    },
  }),
];

export const appointmentRecordActions = [
  ...recordActionsOf("general"),
  ...recordActionsOf("medical"),
  ...patientActions,
];
