import { expect, it } from "vitest";
import { daysBetween, hongKongDate, hongKongDayStart } from "./dates";

it("tells the business date in Hong Kong (UTC+8)", () => {
  expect(hongKongDate(new Date("2026-11-21T15:59:59Z"))).toBe("2026-11-21");
  expect(hongKongDate(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
});

it("counts whole days between dates", () => {
  expect(daysBetween("2026-11-21", "2026-12-01")).toBe(10);
  expect(daysBetween("2026-12-01", "2026-11-21")).toBe(-10);
  expect(daysBetween("2027-02-28", "2027-03-01")).toBe(1);
});

it("starts a Hong Kong day at 16:00 UTC the day before", () => {
  expect(hongKongDayStart("2026-03-01")).toBe("2026-02-28T16:00:00.000Z");
  expect(hongKongDayStart("2026-12-31", 1)).toBe("2026-12-31T16:00:00.000Z");
});
