import { describe, expect, it } from "vitest";
import { cheapestCharge, lateFeeFor, rentFor, startedDays } from "./renting-price";

const dayOnly = { perDayCents: 100, perWeekCents: null, perMonthCents: null };
const withWeek = { perDayCents: 100, perWeekCents: 500, perMonthCents: null };
const withAll = { perDayCents: 100, perWeekCents: 500, perMonthCents: 1_800 };

describe("startedDays", () => {
  it.each([
    ["2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z", 1],
    ["2026-03-01T00:00:00.000Z", "2026-03-02T02:00:00.000Z", 2],
    ["2026-03-01T00:00:00.000Z", "2026-03-01T00:01:00.000Z", 1],
    ["2026-03-02T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 0],
    ["2026-03-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", 0],
  ])("from %s to %s is %i days", (from, to, days) => {
    expect(startedDays(from, to)).toBe(days);
  });
});

describe("cheapestCharge", () => {
  it.each([
    ["days alone without week or month prices", 10, dayOnly, { months: 0, weeks: 0, extraDays: 10, cents: 1_000 }],
    ["a week rounded up from 6 days when cheaper", 6, withWeek, { months: 0, weeks: 1, extraDays: 0, cents: 500 }],
    ["days when fewer than a week's price", 4, withWeek, { months: 0, weeks: 0, extraDays: 4, cents: 400 }],
    ["a week and days", 9, withWeek, { months: 0, weeks: 1, extraDays: 2, cents: 700 }],
    ["two weeks rounded up from 13 days", 13, withWeek, { months: 0, weeks: 2, extraDays: 0, cents: 1_000 }],
    ["a month of 30 days", 30, withAll, { months: 1, weeks: 0, extraDays: 0, cents: 1_800 }],
    ["a month rounded up from 25 days", 25, withAll, { months: 1, weeks: 0, extraDays: 0, cents: 1_800 }],
    ["a month, a week and a day", 38, withAll, { months: 1, weeks: 1, extraDays: 1, cents: 2_400 }],
    ["no charge for no days", 0, withAll, { months: 0, weeks: 0, extraDays: 0, cents: 0 }],
  ])("%s", (_name, days, prices, charge) => {
    expect(cheapestCharge(days, prices)).toEqual(charge);
  });

  it("never uses a month without a price, however cheap the days would be", () => {
    expect(cheapestCharge(60, withWeek)).toEqual({ months: 0, weeks: 8, extraDays: 4, cents: 4_400 });
  });
});

describe("rentFor", () => {
  it("charges a 26-hour rental as 2 days", () => {
    expect(rentFor("2026-03-01T02:00:00.000Z", "2026-03-02T04:00:00.000Z", dayOnly)).toEqual({
      days: 2,
      months: 0,
      weeks: 0,
      extraDays: 2,
      cents: 200,
    });
  });
});

describe("lateFeeFor", () => {
  it.each([
    ["on time", "2026-03-05T00:00:00.000Z", { lateDays: 0, cents: 0 }],
    ["early", "2026-03-04T00:00:00.000Z", { lateDays: 0, cents: 0 }],
    ["an hour late, a started day", "2026-03-05T01:00:00.000Z", { lateDays: 1, cents: 600 }],
    ["25 hours late, two started days", "2026-03-06T01:00:00.000Z", { lateDays: 2, cents: 1_200 }],
  ])("%s", (_name, returnedAt, fee) => {
    expect(lateFeeFor("2026-03-05T00:00:00.000Z", returnedAt, 200, 3)).toEqual(fee);
  });
});
