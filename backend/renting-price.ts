/**
 * What a rental costs (docs/modules.md "Renting"): whole started days, charged at the cheapest mix of the
 * product's month (30 days), week (7 days) and day prices, as Odoo Rental does. A month or week without a
 * price is never used; one may cover more days than are left when that is cheaper than the days alone.
 */

const DAY_MS = 86_400_000;
export const DAYS_PER_WEEK = 7;
export const DAYS_PER_MONTH = 30;

export interface RentingPrices {
  perDayCents: number;
  perWeekCents: number | null;
  perMonthCents: number | null;
}

export interface RentCharge {
  /** Whole started days of the range: 26 hours are 2 days. */
  days: number;
  months: number;
  weeks: number;
  /** Days charged at the day price. */
  extraDays: number;
  /** The charge for one unit. */
  cents: number;
}

/** Whole started days from one instant to a later one (0 when `to` is not later). */
export function startedDays(from: string, to: string): number {
  return Math.max(0, Math.ceil((Date.parse(to) - Date.parse(from)) / DAY_MS));
}

/** The cheapest charge for one unit over `days` days. */
export function cheapestCharge(days: number, prices: RentingPrices): Omit<RentCharge, "days"> {
  let best = { months: 0, weeks: 0, extraDays: days, cents: days * prices.perDayCents };
  const maxMonths = prices.perMonthCents === null ? 0 : Math.ceil(days / DAYS_PER_MONTH);
  for (let months = 0; months <= maxMonths; months++) {
    const afterMonths = Math.max(0, days - months * DAYS_PER_MONTH);
    const maxWeeks = prices.perWeekCents === null ? 0 : Math.ceil(afterMonths / DAYS_PER_WEEK);
    for (let weeks = 0; weeks <= maxWeeks; weeks++) {
      const extraDays = Math.max(0, afterMonths - weeks * DAYS_PER_WEEK);
      const cents =
        months * (prices.perMonthCents ?? 0) + weeks * (prices.perWeekCents ?? 0) + extraDays * prices.perDayCents;
      if (cents < best.cents) best = { months, weeks, extraDays, cents };
    }
  }
  return best;
}

/** The rent for one unit from `startsAt` to `endsAt`. */
export function rentFor(startsAt: string, endsAt: string, prices: RentingPrices): RentCharge {
  const days = startedDays(startsAt, endsAt);
  return { days, ...cheapestCharge(days, prices) };
}

/** The late fee of a return: per unit, for each started day after the rental's end (nothing when on time). */
export function lateFeeFor(endsAt: string, returnedAt: string, lateFeePerDayCents: number, units: number) {
  const lateDays = startedDays(endsAt, returnedAt);
  return { lateDays, cents: lateDays * lateFeePerDayCents * units };
}
