/*
 * Both record lists (`/appointment-record-list`, `/medi-appointment-record-list`), their day views and
 * exports are one implementation parametrised by the variant: the routes guard themselves, then call these.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads } from "#contract/actions";
import { type AppointmentPatientFields, type AppointmentRecordRecord } from "#modules/appointment-record/contract";
import { APPOINTMENT_RECORD_SORTS } from "#modules/appointment-record/options";
import { APPOINTMENT_URLS, type AppointmentVariant } from "#contract/appointments";
import { addDays, mondayOf, weekdayOf } from "#contract/course-calendar";
import { hongKongDate, hongKongTime } from "#contract/dates";
import { minutesIntoDay, minutesOfTime, timeGridLayout } from "#contract/time-grid";
import { isoDate, isSingleLineText } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { formatHkd } from "#contract/money";
import type { TimeGridColumn, TimeGridItem } from "~/components/time-grid";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages, csvField } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { listPayload, readListQuery } from "~/utils/list-query.server";
import { pageCount } from "~/utils/list-params";
import { STATUS_FILTERS } from "./__record-variants";

const LIST_OPTIONS = { sorts: APPOINTMENT_RECORD_SORTS, filters: { status: STATUS_FILTERS } };

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate().safeParse(value).success;

/** The list's search, filters (service, provider, status, Hong Kong days of the start) and order from its URL. */
export function recordListQuery(url: URL) {
  const param = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return isSingleLineText(value) ? value : "";
  };
  const date = (name: string) => (isDate(param(name)) ? param(name) : "");
  const choice = (name: string) => (/^[1-9]\d{0,15}$/.test(param(name)) ? param(name) : "");
  return {
    ...readListQuery(url, LIST_OPTIONS),
    service: choice("service"),
    provider: choice("provider"),
    date_from: date("date_from"),
    date_to: date("date_to"),
  };
}

export type RecordListQuery = ReturnType<typeof recordListQuery>;

/** The calendar's Hong Kong day (in its week) from `?date=`, today when it has none or no real one. */
export function dayViewDate(url: URL, now: Date) {
  const value = url.searchParams.get("date")?.trim() ?? "";
  return isDate(value) ? value : hongKongDate(now);
}

/** The list call's payload; a filter the action would refuse reads as no filter. */
function recordListPayload(applicationKey: string, query: RecordListQuery) {
  return withoutRefusedFilters(payloads.get_appointment_record_data_and_total_number_by_sorting_and_limit, {
    application_key: applicationKey,
    ...listPayload(query),
    service_id: query.service || undefined,
    provider_id: query.provider || undefined,
    status: query.status === "all" ? undefined : query.status,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
  });
}

type ListPayload = ReturnType<typeof recordListPayload>;

const listCall = (client: ActionClient, variant: AppointmentVariant, payload: ListPayload) =>
  variant === "general"
    ? client.get_appointment_record_data_and_total_number_by_sorting_and_limit(payload)
    : client.get_medi_appointment_record_data_and_total_number_by_sorting_and_limit(payload);

/** A booking as a row of the list or the day view shows it. */
function recordRow(record: AppointmentRecordRecord, locale: string) {
  return {
    id: record.id,
    customer: record.customer_name,
    phone: record.customer_phone,
    memberCode: record.member_code,
    service: localizedName(record.service, locale, "name"),
    provider: localizedName(record.provider, locale, "name"),
    providerId: record.provider_id,
    starts: hongKongTime(record.starts_at),
    time: `${hongKongTime(record.starts_at).slice(11)}–${hongKongTime(record.ends_at).slice(11)}`,
    ends: hongKongTime(record.ends_at),
    price: formatHkd(record.price_cents),
    status: record.status,
    channel: record.channel,
  };
}

export type RecordRow = ReturnType<typeof recordRow>;

/** A page of the list, as its rows show it, with the filters' choices. */
export async function recordListPage(
  client: ActionClient,
  variant: AppointmentVariant,
  applicationKey: string,
  query: RecordListQuery,
  locale: string,
) {
  const choicesPayload = { application_key: applicationKey };
  const [{ data, extra }, { data: choices }] = await Promise.all([
    listCall(client, variant, recordListPayload(applicationKey, query)),
    variant === "general"
      ? client.get_appointment_choice_data_list_by_application_key(choicesPayload)
      : client.get_medi_appointment_choice_data_list_by_application_key(choicesPayload),
  ]).catch(asRouteError);
  const choice = (record: { id: number; name_zh_hk: string; name_en: string }) => ({
    value: String(record.id),
    label: localizedName(record, locale, "name"),
  });
  return {
    records: data.map((record) => recordRow(record, locale)),
    services: choices.services.map(choice),
    providers: choices.providers.map(choice),
    filtered: Boolean(
      query.q || query.service || query.provider || query.date_from || query.date_to || query.status !== "all",
    ),
    pageCount: pageCount(extra.total_number, query.pageSize),
  };
}

/** The calendar's view (`?view=day|week`): a column per provider for a day, or per day (Monday to Sunday) for a week. */
export type CalendarView = "day" | "week";

/**
 * The calendar of a Hong Kong day or week (the week of `date`), laid out as a time grid: the day's columns are the
 * providers, the week's the days; the open times are each provider's (the week's, any provider's) minus the
 * holiday closures; the booked and completed appointments (not the cancelled ones) are links to their records,
 * movable when the user may write and the booking is still to come.
 */
export async function recordCalendarPage(
  client: ActionClient,
  variant: AppointmentVariant,
  applicationKey: string,
  view: CalendarView,
  date: string,
  { t, locale, now }: Pick<AppLoadContext, "t" | "locale" | "now">,
  canWrite: boolean,
) {
  const from = view === "day" ? date : mondayOf(date);
  const to = view === "day" ? date : addDays(from, 6);
  const payload = { application_key: applicationKey, date: from, date_to: to };
  const { data } = await (
    variant === "general"
      ? client.get_appointment_record_data_list_by_application_key_and_date(payload)
      : client.get_medi_appointment_record_data_list_by_application_key_and_date(payload)
  ).catch(asRouteError);
  const today = hongKongDate(new Date(now()));
  const listUrl = APPOINTMENT_URLS[variant].records;
  const closedOn = (day: string) => data.closed_days.find((closed) => closed.date === day);
  const openOf = (day: string, providerId?: number) =>
    data.open_times
      .filter((open) => open.date === day && (providerId === undefined || open.provider_id === providerId))
      .map((open): [number, number] => [minutesOfTime(open.start), minutesOfTime(open.end)]);
  const closedNote = (day: string) => {
    const closed = closedOn(day);
    return closed ? t("common:calendar.closed", { name: localizedName(closed, locale, "name") }) : undefined;
  };
  const dates = view === "day" ? [date] : Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const columns: TimeGridColumn[] =
    view === "day"
      ? data.providers.map((provider) => ({
          key: String(provider.id),
          heading: localizedName(provider, locale, "name"),
          note: closedNote(date),
          open: openOf(date, provider.id),
        }))
      : dates.map((day) => ({
          key: day,
          heading: t("common:calendar.day-heading", {
            weekday: t(`common:calendar.weekday.${weekdayOf(day)}`),
            date: day.slice(5),
          }),
          note: closedNote(day),
          current: day === today,
          past: day < today,
          open: openOf(day),
        }));
  const items: TimeGridItem[] = data.records
    .filter((record) => record.status !== "cancelled")
    .map((record) => {
      const row = recordRow(record, locale);
      const day = row.starts.slice(0, 10);
      return {
        id: record.id,
        column: view === "day" ? String(record.provider_id) : day,
        start: minutesIntoDay(record.starts_at, day),
        end: minutesIntoDay(record.ends_at, day),
        href: `${listUrl}/${record.id}`,
        lines: [row.time, row.customer, row.service, ...(view === "week" ? [row.provider] : [])],
        move: canWrite && record.status === "success" ? { version: record.version } : undefined,
      };
    });
  return {
    calendar: view,
    date,
    from,
    to,
    previous: addDays(date, view === "day" ? -1 : -7),
    next: addDays(date, view === "day" ? 1 : 7),
    layout: timeGridLayout(columns, items),
  };
}

const PATIENT_COLUMNS = ["date_of_birth", "gender", "hkid_last_four", "allergies", "medical_notes"] as const;

/**
 * Every booking the list's search and filters select, as CSV (with a BOM, so Excel reads the Chinese);
 * the medical list adds the patient details when `withPatients` (the caller may see them).
 */
export async function recordsCsv(
  client: ActionClient,
  variant: AppointmentVariant,
  applicationKey: string,
  query: RecordListQuery,
  { t, locale }: Pick<AppLoadContext, "t" | "locale">,
  withPatients: boolean,
) {
  const patients = new Map<number, AppointmentPatientFields>();
  const rows = await allPages(async (page, limit) => {
    const { data } = await listCall(client, variant, {
      ...recordListPayload(applicationKey, query),
      limit,
      page,
    }).catch(asRouteError);
    if (withPatients && data.length > 0) {
      const { data: found } = await client
        .get_medi_appointment_patient_data_list_by_application_key_and_record_ids({
          application_key: applicationKey,
          record_ids: data.map((record) => record.id),
        })
        .catch(asRouteError);
      for (const patient of found) patients.set(patient.record_id, patient);
    }
    return data;
  });
  type Column = [string, (row: AppointmentRecordRecord) => string];
  const patientColumns: Column[] = PATIENT_COLUMNS.map((field) => [
    t(`appointment-record:patient.${field}`),
    (row) => {
      const value = patients.get(row.id)?.[field] ?? "";
      return field === "gender" && value ? t(`appointment-record:gender.${value as "other"}`) : (value ?? "");
    },
  ]);
  const columns: Column[] = [
    ["ID", (row) => String(row.id)],
    [t("appointment-record:column.starts"), (row) => hongKongTime(row.starts_at)],
    [t("appointment-record:column.ends"), (row) => hongKongTime(row.ends_at)],
    [t("appointment-record:column.status"), (row) => t(`appointment-record:status.${row.status}`)],
    [t("appointment-record:column.service"), (row) => localizedName(row.service, locale, "name")],
    [t("appointment-record:column.provider"), (row) => localizedName(row.provider, locale, "name")],
    [t("appointment-record:column.customer"), (row) => row.customer_name],
    [t("appointment-record:column.phone"), (row) => row.customer_phone],
    [t("appointment-record:column.email"), (row) => row.customer_email],
    [t("appointment-record:column.member-code"), (row) => row.member_code ?? ""],
    [t("appointment-record:column.price"), (row) => (row.price_cents / 100).toFixed(2)],
    [t("appointment-record:column.channel"), (row) => t(`appointment-record:channel.${row.channel}`)],
    [t("appointment-record:column.booked"), (row) => hongKongTime(row.create_date)],
    ...(withPatients ? patientColumns : []),
  ];
  const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
