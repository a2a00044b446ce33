import { describe, expect, it } from "vitest";
import { addDays, hongKongInstant, mondayOf, seriesDates, weekdayOf } from "./course-calendar";

describe("the timetable's calendar", () => {
  it("finds the Monday of a date's week, Sunday being the week's last day", () => {
    expect(mondayOf("2099-03-02")).toBe("2099-03-02");
    expect(mondayOf("2099-03-08")).toBe("2099-03-02");
    expect(mondayOf("2099-03-09")).toBe("2099-03-09");
    expect(mondayOf("2099-01-01")).toBe("2098-12-29");
  });

  it("turns a Hong Kong date and time into the UTC instant, across midnight", () => {
    expect(hongKongInstant("2099-03-02", "00:30")).toBe("2099-03-01T16:30:00.000Z");
    expect(hongKongInstant("2099-03-02", "23:30")).toBe("2099-03-02T15:30:00.000Z");
    expect(weekdayOf("2099-03-02")).toBe("mon");
  });

  it("lists a series' dates on its weekdays, both ends included, across a month's end", () => {
    expect(seriesDates("2099-02-23", "2099-03-09", ["mon", "sun"])).toEqual([
      "2099-02-23",
      "2099-03-01",
      "2099-03-02",
      "2099-03-08",
      "2099-03-09",
    ]);
    expect(seriesDates("2099-03-03", "2099-03-04", ["mon"])).toEqual([]);
    expect(addDays("2099-02-28", 1)).toBe("2099-03-01");
  });
});
