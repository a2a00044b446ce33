/** The timetable's calendar in Hong Kong time; no schemas, so pages use it without loading zod. */
import { daysBetween } from "./dates";

/** Monday first, as the week view shows them; a date's index is its ISO weekday − 1. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

const HONG_KONG_OFFSET = "+08:00";

/** The UTC instant of a Hong Kong date and time of day (HH:MM). */
export const hongKongInstant = (date: string, timeOfDay: string) =>
  new Date(`${date}T${timeOfDay}:00${HONG_KONG_OFFSET}`).toISOString();

/** The weekday of a YYYY-MM-DD date, as WEEKDAYS names it. */
export const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/** The Monday of the week a YYYY-MM-DD date is in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - WEEKDAYS.indexOf(weekdayOf(date)));
  return day.toISOString().slice(0, 10);
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The dates of a weekly series: each day from `from` to `to` (both included) on one of the weekdays. */
export function seriesDates(from: string, to: string, weekdays: readonly string[]): string[] {
  const dates: string[] = [];
  for (let offset = 0; offset <= daysBetween(from, to); offset++) {
    const date = addDays(from, offset);
    if (weekdays.includes(weekdayOf(date))) dates.push(date);
  }
  return dates;
}
