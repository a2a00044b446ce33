import { describe, expect, it } from "vitest";
import { mergeRanges, minuteAt, minutesIntoDay, timeGridLayout } from "./time-grid";

const item = (id: number, column: string, start: string, end: string) => ({
  id,
  column,
  start: Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
  end: Number(end.slice(0, 2)) * 60 + Number(end.slice(3)),
});

describe("the calendar's time grid", () => {
  it("runs on half hours from the earliest open time or item to the latest, a row every 5 minutes", () => {
    const layout = timeGridLayout(
      [
        { key: "a", open: [[10 * 60, 18 * 60]] as const },
        { key: "b", open: [] },
      ],
      [item(1, "b", "09:10", "09:40"), item(2, "a", "18:00", "19:15")],
    );
    expect([layout.start, layout.end, layout.rows]).toEqual([9 * 60, 19 * 60 + 30, 126]);
    expect(layout.lines.slice(0, 3)).toEqual([
      { row: 1, label: "09:00" },
      { row: 7, label: "09:30" },
      { row: 13, label: "10:00" },
    ]);
    expect(layout.lines.at(-1)).toEqual({ row: 121, label: "19:00" });
    // 10:00–18:00 shaded: from the line of 10:00 to that of 18:00.
    expect(layout.columns[0].shaded).toEqual([{ rowStart: 13, rowEnd: 109 }]);
    expect(layout.columns[1].shaded).toEqual([]);
    expect(layout.columns[1].items).toEqual([
      expect.objectContaining({ id: 1, rowStart: 3, rowEnd: 9, lane: 0, lanes: 1 }),
    ]);
    expect(layout.columns[0].items).toEqual([
      expect.objectContaining({ id: 2, rowStart: 109, rowEnd: 124, lane: 0, lanes: 1 }),
    ]);
  });

  it("shows 9:00–18:00 when nothing is open or booked", () => {
    const layout = timeGridLayout([{ key: "a", open: [] }], []);
    expect([layout.start, layout.end, layout.rows, layout.lines.length]).toEqual([540, 1080, 108, 18]);
  });

  it("sets overlapping items side by side, each run of overlaps sharing its lane count", () => {
    const layout = timeGridLayout(
      [{ key: "a", open: [] }],
      [
        item(1, "a", "10:00", "11:00"),
        item(2, "a", "10:30", "11:30"),
        item(3, "a", "11:00", "12:00"),
        item(4, "a", "10:30", "10:45"),
        item(5, "a", "13:00", "14:00"),
      ],
    );
    const lanes = Object.fromEntries(layout.columns[0].items.map((placed) => [placed.id, [placed.lane, placed.lanes]]));
    // 1, 2 and 4 overlap at 10:30 (three lanes); 3 takes 1's lane once it ends; 5 stands alone.
    expect(lanes).toEqual({ 1: [0, 3], 2: [1, 3], 4: [2, 3], 3: [0, 3], 5: [0, 1] });
  });

  it("cuts an item past midnight at the day's end and gives a too-short one a row", () => {
    const layout = timeGridLayout(
      [{ key: "a", open: [] }],
      [item(1, "a", "23:30", "24:30"), item(2, "a", "22:00", "22:00")],
    );
    expect(layout.end).toBe(24 * 60);
    const [first, second] = layout.columns[0].items;
    expect([first.id, first.rowEnd - first.rowStart]).toEqual([2, 1]);
    expect([second.id, second.rowEnd]).toEqual([1, layout.rows + 1]);
  });

  it("merges overlapping and touching open times", () => {
    expect(
      mergeRanges([
        [600, 720],
        [540, 600],
        [780, 840],
        [700, 750],
      ]),
    ).toEqual([
      [540, 750],
      [780, 840],
    ]);
  });

  it("reads an instant as minutes into a Hong Kong day (UTC+8, any UTC date)", () => {
    expect(minutesIntoDay("2026-12-01T02:00:00.000Z", "2026-12-01")).toBe(600);
    // 00:30 HKT on 1 December is 16:30 UTC on 30 November.
    expect(minutesIntoDay("2026-11-30T16:30:00.000Z", "2026-12-01")).toBe(30);
    expect(minutesIntoDay("2026-11-30T15:30:00.000Z", "2026-12-01")).toBe(-30);
  });

  it("finds the quarter hour a drop lands on, inside the grid", () => {
    const grid = { start: 540, end: 1080 };
    expect(minuteAt(grid, 0, 540)).toBe(540);
    expect(minuteAt(grid, 100, 540)).toBe(630);
    expect(minuteAt(grid, 107, 540)).toBe(645);
    expect(minuteAt(grid, 9999, 540)).toBe(1065);
    expect(minuteAt(grid, -20, 540)).toBe(540);
  });
});
