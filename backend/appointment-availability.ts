import { hongKongDate, hongKongDayStart } from "../contract/dates";
import type { SCHEDULE_TYPES } from "../contract/options";
import { mergeRanges } from "../contract/time-grid";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

export interface AvailabilityService {
  id: number;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  capacity: number;
  minNoticeHours: number;
  bookingWindowDays: number;
}

export interface ScheduleRow {
  scheduleType: (typeof SCHEDULE_TYPES)[number];
  specificDate: string | null;
  closed: boolean;
  startTime: string | null;
  endTime: string | null;
}

/** A success booking of the provider (of any of their services). */
export interface ProviderBooking {
  serviceId: number;
  startsAt: string;
  blockedFrom: string;
  blockedUntil: string;
}

export interface Slot {
  starts_at: string;
  ends_at: string;
  /** Places left in the slot (a group slot shares one start up to the service's capacity). */
  remaining: number;
  /** Starts inside the service's minimum notice: staff book it only as a confirmed walk-in (never on the website). */
  short_notice: boolean;
}

export interface DaySlots {
  /** The Hong Kong date, YYYY-MM-DD. */
  date: string;
  slots: Slot[];
}

/** The rows that rule one Hong Kong date: its own date's rows, else its weekday's (UTC+8), else every day's. */
export function winningRows(schedules: readonly ScheduleRow[], date: string): ScheduleRow[] {
  const ofDate = schedules.filter((row) => row.scheduleType === "specific_date" && row.specificDate === date);
  if (ofDate.length > 0) return ofDate;
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const ofWeekday = schedules.filter((row) => row.scheduleType === weekday);
  if (ofWeekday.length > 0) return ofWeekday;
  return schedules.filter((row) => row.scheduleType === "everyday");
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The open times of several services (one provider's) on a Hong Kong date, as minutes of the day, [start, end),
 * overlapping or touching ranges merged, in order: what the calendar shades.
 */
export function openMinutes(
  schedulesOfServices: readonly (readonly ScheduleRow[])[],
  date: string,
): [number, number][] {
  return mergeRanges(
    schedulesOfServices
      .flatMap((schedules) => winningRows(schedules, date))
      .filter((row) => !row.closed && row.startTime !== null && row.endTime !== null)
      .map((row): [number, number] => [minutesOf(row.startTime!), minutesOf(row.endTime!)]),
  );
}

/** The date's open time ranges as UTC instants in ms, [start, end). A closed date has none. */
function rangesOf(schedules: readonly ScheduleRow[], date: string): [number, number][] {
  const dayStart = Date.parse(hongKongDayStart(date));
  return winningRows(schedules, date)
    .filter((row) => !row.closed && row.startTime !== null && row.endTime !== null)
    .map((row) => [dayStart + minutesOf(row.startTime!) * MINUTE_MS, dayStart + minutesOf(row.endTime!) * MINUTE_MS]);
}

/** The time a booking of the service starting at `startMs` takes from its provider, buffers included. */
export function blockedTime(service: AvailabilityService, startMs: number) {
  const endMs = startMs + service.durationMinutes * MINUTE_MS;
  return {
    startsAt: new Date(startMs).toISOString(),
    endsAt: new Date(endMs).toISOString(),
    blockedFrom: new Date(startMs - service.bufferBeforeMinutes * MINUTE_MS).toISOString(),
    blockedUntil: new Date(endMs + service.bufferAfterMinutes * MINUTE_MS).toISOString(),
  };
}

/** The dates from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += DAY_MS) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * The service's free slots on each Hong Kong date from `from` to `to`: each open range of the date's
 * winning schedule rows gives a slot every `duration` minutes from its start, the appointment inside the
 * range. A slot is free when its blocked time overlaps none of the provider's other bookings; bookings of
 * the same service at the same start share it up to its capacity. No slot starts before `now`. With
 * `bookingRules` (the store website), a slot must also start at least `min_notice_hours` from now and within
 * `booking_window_days`; without (staff), a slot inside the notice is kept and marked `short_notice`.
 */
export function freeSlots(input: {
  service: AvailabilityService;
  schedules: readonly ScheduleRow[];
  bookings: readonly ProviderBooking[];
  from: string;
  to: string;
  now: Date;
  bookingRules: boolean;
}): DaySlots[] {
  const { service, bookings, now } = input;
  const earliest = now.getTime() + service.minNoticeHours * HOUR_MS;
  const latest = now.getTime() + service.bookingWindowDays * DAY_MS;
  const durationMs = service.durationMinutes * MINUTE_MS;
  return datesFrom(input.from, input.to).map((date) => {
    const slots: Slot[] = [];
    for (const [rangeStart, rangeEnd] of rangesOf(input.schedules, date)) {
      for (let start = rangeStart; start + durationMs <= rangeEnd; start += durationMs) {
        if (start < now.getTime()) continue;
        if (input.bookingRules && (start < earliest || start > latest)) continue;
        const time = blockedTime(service, start);
        let taken = 0;
        let overlapped = false;
        for (const booking of bookings) {
          if (booking.serviceId === service.id && booking.startsAt === time.startsAt) taken += 1;
          else if (booking.blockedFrom < time.blockedUntil && booking.blockedUntil > time.blockedFrom)
            overlapped = true;
        }
        if (!overlapped && taken < service.capacity) {
          slots.push({
            starts_at: time.startsAt,
            ends_at: time.endsAt,
            remaining: service.capacity - taken,
            short_notice: start < earliest,
          });
        }
      }
    }
    return { date, slots: slots.sort((a, b) => a.starts_at.localeCompare(b.starts_at)) };
  });
}

/** Whether a booking of the service starting at `startsAt` lies inside an open range of its Hong Kong date. */
export function fits(service: AvailabilityService, schedules: readonly ScheduleRow[], startsAt: string): boolean {
  const start = Date.parse(startsAt);
  const end = start + service.durationMinutes * MINUTE_MS;
  return rangesOf(schedules, hongKongDate(new Date(start))).some(
    ([rangeStart, rangeEnd]) => rangeStart <= start && end <= rangeEnd,
  );
}

/** Whether a website booking at `startsAt` keeps the service's notice and window. */
export function withinBookingRules(service: AvailabilityService, startsAt: string, now: Date): boolean {
  const start = Date.parse(startsAt);
  return (
    start >= now.getTime() + service.minNoticeHours * HOUR_MS &&
    start <= now.getTime() + service.bookingWindowDays * DAY_MS
  );
}

/**
 * Why a staff booking at `startsAt` needs the staff's confirmation (a walk-in): it has passed, or it is
 * inside the service's minimum notice (the key carries the hours); null when it keeps both.
 */
export function staffNoticeRefusal(
  service: AvailabilityService,
  startsAt: string,
  now: Date,
): "appointment-time-passed" | `appointment-inside-notice:${number}` | null {
  const start = Date.parse(startsAt);
  if (start < now.getTime()) return "appointment-time-passed";
  if (start < now.getTime() + service.minNoticeHours * HOUR_MS)
    return `appointment-inside-notice:${service.minNoticeHours}`;
  return null;
}
