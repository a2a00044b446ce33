const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The business date (YYYY-MM-DD) in Asia/Hong_Kong, which has no daylight saving. */
export function hongKongDate(now: Date): string {
  return new Date(now.getTime() + HONG_KONG_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A UTC timestamp shown in Hong Kong time, e.g. 2026-11-21 12:34. */
export function hongKongTime(iso: string): string {
  return new Date(Date.parse(iso) + HONG_KONG_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** The UTC instant a Hong Kong day starts (`days` later for a day after it): 16:00 UTC the day before. */
export function hongKongDayStart(date: string, days = 0): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - HONG_KONG_OFFSET_MS + days * 86_400_000).toISOString();
}

/** YYYY-MM-DD that is a real calendar date. */
export function isRealDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
