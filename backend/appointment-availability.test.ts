import { describe, expect, it } from "vitest";
import {
  fits,
  freeSlots,
  staffNoticeRefusal,
  type AvailabilityService,
  type ProviderBooking,
  type ScheduleRow,
} from "./appointment-availability";

// 2026-11-23 is a Monday; Hong Kong is UTC+8 all year.
const MONDAY = "2026-11-23";
const TUESDAY = "2026-11-24";
const SUNDAY = "2026-11-29";

const SERVICE: AvailabilityService = {
  id: 1,
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  capacity: 1,
  minNoticeHours: 0,
  bookingWindowDays: 60,
};

const open = (scheduleType: ScheduleRow["scheduleType"], startTime: string, endTime: string): ScheduleRow => ({
  scheduleType,
  specificDate: null,
  closed: false,
  startTime,
  endTime,
});
const onDate = (specificDate: string, startTime: string, endTime: string): ScheduleRow => ({
  scheduleType: "specific_date",
  specificDate,
  closed: false,
  startTime,
  endTime,
});
const closedOn = (specificDate: string): ScheduleRow => ({
  scheduleType: "specific_date",
  specificDate,
  closed: true,
  startTime: null,
  endTime: null,
});
const booking = (startsAt: string, minutes: number, serviceId = 2): ProviderBooking => ({
  serviceId,
  startsAt,
  blockedFrom: startsAt,
  blockedUntil: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
});

/** The free starts of one date in Hong Kong time (HH:MM), as a person reads them. */
function startsOn(
  date: string,
  options: {
    service?: Partial<AvailabilityService>;
    schedules: ScheduleRow[];
    bookings?: ProviderBooking[];
    now?: string;
    bookingRules?: boolean;
  },
) {
  const [day] = freeSlots({
    service: { ...SERVICE, ...options.service },
    schedules: options.schedules,
    bookings: options.bookings ?? [],
    from: date,
    to: date,
    now: new Date(options.now ?? "2026-11-01T00:00:00Z"),
    bookingRules: options.bookingRules ?? false,
  });
  return day.slots.map((slot) => new Date(Date.parse(slot.starts_at) + 8 * 3_600_000).toISOString().slice(11, 16));
}

describe("the free slots of a service", () => {
  it.each([
    [
      "every day's range, one slot per duration",
      MONDAY,
      [open("everyday", "10:00", "13:00")],
      ["10:00", "11:00", "12:00"],
    ],
    [
      "several ranges of a day",
      MONDAY,
      [open("everyday", "09:00", "10:00"), open("everyday", "14:00", "15:30")],
      ["09:00", "14:00"],
    ],
    [
      "a weekday's rows over every day's",
      MONDAY,
      [open("everyday", "10:00", "12:00"), open("monday", "15:00", "16:00")],
      ["15:00"],
    ],
    [
      "every day's rows on another weekday",
      TUESDAY,
      [open("everyday", "10:00", "11:00"), open("monday", "15:00", "16:00")],
      ["10:00"],
    ],
    [
      "a date's rows over its weekday's",
      MONDAY,
      [open("monday", "15:00", "17:00"), onDate(MONDAY, "08:00", "09:00")],
      ["08:00"],
    ],
    ["a closed date: no slots", MONDAY, [open("everyday", "10:00", "18:00"), closedOn(MONDAY)], []],
    [
      "a closed date leaves other dates open",
      TUESDAY,
      [open("everyday", "10:00", "11:00"), closedOn(MONDAY)],
      ["10:00"],
    ],
    ["a weekday-only service on another day", SUNDAY, [open("monday", "10:00", "11:00")], []],
    ["a range up to midnight", MONDAY, [open("monday", "22:00", "24:00")], ["22:00", "23:00"]],
    ["no schedule at all", MONDAY, [], []],
  ])("%s", (_case, date, schedules, expected) => {
    expect(startsOn(date, { schedules })).toEqual(expected);
  });

  it("keeps the provider's other bookings apart, buffers included, back to back allowed", () => {
    const schedules = [open("everyday", "10:00", "14:00")];
    // Another service of the provider 11:00–12:00 HKT.
    const other = [booking("2026-11-23T03:00:00.000Z", 60)];
    expect(startsOn(MONDAY, { schedules, bookings: other })).toEqual(["10:00", "12:00", "13:00"]);
    // A 15-minute buffer after each appointment makes 10:00 (blocked to 11:15) overlap it.
    expect(startsOn(MONDAY, { schedules, bookings: other, service: { bufferAfterMinutes: 15 } })).toEqual([
      "12:00",
      "13:00",
    ]);
    // A 30-minute buffer before makes 12:00 (blocked from 11:30) overlap it as well.
    expect(startsOn(MONDAY, { schedules, bookings: other, service: { bufferBeforeMinutes: 30 } })).toEqual([
      "10:00",
      "13:00",
    ]);
  });

  it("shares a group slot's start up to its capacity, answering the places left", () => {
    const schedules = [open("everyday", "10:00", "12:00")];
    const tenOClock = "2026-11-23T02:00:00.000Z";
    const [day] = freeSlots({
      service: { ...SERVICE, capacity: 3 },
      schedules,
      bookings: [booking(tenOClock, 60, SERVICE.id), booking(tenOClock, 60, SERVICE.id)],
      from: MONDAY,
      to: MONDAY,
      now: new Date("2026-11-01T00:00:00Z"),
      bookingRules: false,
    });
    expect(day.slots.map((slot) => slot.remaining)).toEqual([1, 3]);
    const full = [
      booking(tenOClock, 60, SERVICE.id),
      booking(tenOClock, 60, SERVICE.id),
      booking(tenOClock, 60, SERVICE.id),
    ];
    expect(startsOn(MONDAY, { schedules, bookings: full, service: { capacity: 3 } })).toEqual(["11:00"]);
    // Another service's booking at the same start is no share of the group: it takes the time.
    expect(startsOn(MONDAY, { schedules, bookings: [booking(tenOClock, 60, 9)], service: { capacity: 3 } })).toEqual([
      "11:00",
    ]);
  });

  it("never offers a past slot; keeps the notice and the window on the website, marks the notice for staff", () => {
    const schedules = [open("everyday", "09:00", "13:00")];
    // 09:30 HKT on Monday with 2 hours' notice: 09:00 has passed, 10:00 and 11:00 are too soon.
    const now = "2026-11-23T01:30:00.000Z";
    expect(startsOn(MONDAY, { schedules, now, bookingRules: true, service: { minNoticeHours: 2 } })).toEqual(["12:00"]);
    expect(startsOn(MONDAY, { schedules, now, bookingRules: false, service: { minNoticeHours: 2 } })).toEqual([
      "10:00",
      "11:00",
      "12:00",
    ]);
    const [staffDay] = freeSlots({
      service: { ...SERVICE, minNoticeHours: 2 },
      schedules,
      bookings: [],
      from: MONDAY,
      to: MONDAY,
      now: new Date(now),
      bookingRules: false,
    });
    expect(staffDay.slots.map((slot) => slot.short_notice)).toEqual([true, true, false]);
    // A 7-day window from Monday 09:30: the next Monday's 10:00 is beyond it.
    const nextMonday = "2026-11-30";
    expect(startsOn(nextMonday, { schedules, now, bookingRules: true, service: { bookingWindowDays: 7 } })).toEqual([
      "09:00",
    ]);
    expect(startsOn(SUNDAY, { schedules, now, bookingRules: true, service: { bookingWindowDays: 7 } })).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
    ]);
  });

  it("names why a staff booking needs confirming: passed, or inside the notice", () => {
    const now = new Date("2026-11-23T01:30:00.000Z");
    const service = { ...SERVICE, minNoticeHours: 2 };
    expect(staffNoticeRefusal(service, "2026-11-23T01:00:00.000Z", now)).toBe("appointment-time-passed");
    expect(staffNoticeRefusal(service, "2026-11-23T03:00:00.000Z", now)).toBe("appointment-inside-notice:2");
    expect(staffNoticeRefusal(service, "2026-11-23T03:30:00.000Z", now)).toBeNull();
    expect(staffNoticeRefusal(SERVICE, "2026-11-23T01:30:00.000Z", now)).toBeNull();
  });

  it("answers every date of the range in order", () => {
    const days = freeSlots({
      service: SERVICE,
      schedules: [open("monday", "10:00", "11:00")],
      bookings: [],
      from: "2026-11-22",
      to: TUESDAY,
      now: new Date("2026-11-01T00:00:00Z"),
      bookingRules: false,
    });
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ["2026-11-22", 0],
      [MONDAY, 1],
      [TUESDAY, 0],
    ]);
  });
});

describe("whether a typed time fits the schedule", () => {
  const mondayLate = [open("monday", "23:00", "24:00")];
  const mondayEarly = [open("monday", "00:00", "01:00")];

  it.each([
    // 23:30 HKT Monday is 15:30 UTC Monday: a Monday in Hong Kong.
    ["23:30 HKT Monday on a Monday-only service", mondayLate, "2026-11-23T15:30:00.000Z", 30, true],
    // 00:30 HKT Tuesday is 16:30 UTC Monday: Monday in UTC, but Tuesday in Hong Kong.
    ["00:30 HKT Tuesday on a Monday-only service", mondayEarly, "2026-11-23T16:30:00.000Z", 30, false],
    // 00:30 HKT Monday is 16:30 UTC Sunday: Sunday in UTC, Monday in Hong Kong.
    ["00:30 HKT Monday on a Monday-only service", mondayEarly, "2026-11-22T16:30:00.000Z", 30, true],
    [
      "a booking running past the range's end",
      [open("everyday", "10:00", "12:00")],
      "2026-11-23T03:30:00.000Z",
      60,
      false,
    ],
    [
      "a booking starting before the range",
      [open("everyday", "10:00", "12:00")],
      "2026-11-23T01:45:00.000Z",
      30,
      false,
    ],
    ["any start inside the range", [open("everyday", "10:00", "12:00")], "2026-11-23T02:10:00.000Z", 30, true],
    ["a closed date", [open("everyday", "10:00", "12:00"), closedOn(MONDAY)], "2026-11-23T02:00:00.000Z", 30, false],
  ])("%s", (_case, schedules, startsAt, durationMinutes, expected) => {
    expect(fits({ ...SERVICE, durationMinutes }, schedules, startsAt)).toBe(expected);
  });

  it("the free slots follow the Hong Kong weekday the same way", () => {
    expect(startsOn(MONDAY, { schedules: mondayLate, service: { durationMinutes: 30 } })).toEqual(["23:00", "23:30"]);
    expect(startsOn(TUESDAY, { schedules: mondayEarly, service: { durationMinutes: 30 } })).toEqual([]);
  });
});
