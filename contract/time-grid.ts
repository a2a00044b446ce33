/**
 * The calendar's time grid, laid out on the server (the appointment records' and the classes' day and week
 * views): minutes of a Hong Kong day become CSS grid rows, overlapping items lanes side by side. No schemas, so
 * pages use it without loading zod.
 */
import { hongKongDayStart } from "./dates";

/** One grid row: items start and end on these (durations are whole 5 minutes). */
export const GRID_STEP_MINUTES = 5;
/** A labelled line every half hour. */
export const GRID_LINE_MINUTES = 30;
/** The hours shown when nothing is open or booked. */
const DEFAULT_HOURS: [number, number] = [9 * 60, 18 * 60];
const DAY_MINUTES = 24 * 60;

/** Ranges [start, end) in order, the overlapping or touching ones merged. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Minutes of HH:MM. */
export const minutesOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** HH:MM of minutes of a day. */
export const timeOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Minutes from the start of the Hong Kong day `date` to the UTC instant `iso` (negative before it). */
export const minutesIntoDay = (iso: string, date: string) =>
  Math.round((Date.parse(iso) - Date.parse(hongKongDayStart(date))) / 60_000);

export interface GridColumnInput {
  key: string;
  /** Open times, minutes of the day. */
  open: readonly (readonly [number, number])[];
}

export interface GridItemInput {
  /** The column's key. */
  column: string;
  /** Minutes of the column's day; an item past midnight is cut at the day's end. */
  start: number;
  end: number;
}

export interface PlacedItem {
  /** Grid lines (1-based), as `grid-row: rowStart / rowEnd`. */
  rowStart: number;
  rowEnd: number;
  /** Side by side with the items it overlaps: lane `lane` (0-based) of `lanes`. */
  lane: number;
  lanes: number;
}

export interface TimeGridLayout<C, I> {
  /** The first and last minute shown, on half hours. */
  start: number;
  end: number;
  rows: number;
  /** A line every half hour: its grid line and label. */
  lines: { row: number; label: string }[];
  columns: (C & { shaded: { rowStart: number; rowEnd: number }[]; items: (I & PlacedItem)[] })[];
}

const floorTo = (minutes: number, step: number) => Math.floor(minutes / step) * step;
const ceilTo = (minutes: number, step: number) => Math.ceil(minutes / step) * step;

/** Lanes for items sorted by start: each in the first lane free at its start; a run of overlaps shares its count. */
function lanesOf<I extends { start: number; end: number }>(items: I[]): (I & { lane: number; lanes: number })[] {
  const placed: (I & { lane: number; lanes: number })[] = [];
  let run: (I & { lane: number; lanes: number })[] = [];
  let laneEnds: number[] = [];
  let runEnd = -Infinity;
  const closeRun = () => {
    for (const item of run) item.lanes = laneEnds.length;
    run = [];
    laneEnds = [];
  };
  for (const item of items) {
    if (item.start >= runEnd) closeRun();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    const withLane = { ...item, lane, lanes: 1 };
    run.push(withLane);
    placed.push(withLane);
    runEnd = Math.max(runEnd, item.end);
  }
  closeRun();
  return placed;
}

/**
 * The grid of the columns (a provider's or a day's) and their items: the rows run on half hours from the
 * earliest open time or item to the latest (9:00–18:00 when there is none), every 5 minutes a row; the open
 * times become shaded row ranges; items sit on their rows, overlapping ones in lanes side by side.
 */
export function timeGridLayout<C extends GridColumnInput, I extends GridItemInput>(
  columns: readonly C[],
  items: readonly I[],
): TimeGridLayout<C, I> {
  const clipped = items.map((item) => ({
    ...item,
    start: Math.max(0, item.start),
    end: Math.min(DAY_MINUTES, Math.max(item.end, item.start + GRID_STEP_MINUTES)),
  }));
  const edges = [
    ...columns.flatMap((column) => column.open.flat()),
    ...clipped.flatMap((item) => [item.start, item.end]),
  ];
  const start = edges.length === 0 ? DEFAULT_HOURS[0] : floorTo(Math.min(...edges), GRID_LINE_MINUTES);
  const end =
    edges.length === 0
      ? DEFAULT_HOURS[1]
      : Math.max(ceilTo(Math.max(...edges), GRID_LINE_MINUTES), start + GRID_LINE_MINUTES);
  const row = (minutes: number) => Math.round((minutes - start) / GRID_STEP_MINUTES) + 1;
  const lines = [];
  for (let minutes = start; minutes < end; minutes += GRID_LINE_MINUTES) {
    lines.push({ row: row(minutes), label: timeOfMinutes(minutes) });
  }
  return {
    start,
    end,
    rows: (end - start) / GRID_STEP_MINUTES,
    lines,
    columns: columns.map((column) => ({
      ...column,
      shaded: mergeRanges(column.open).map(([from, to]) => ({ rowStart: row(from), rowEnd: row(to) })),
      items: lanesOf(
        clipped
          .filter((item) => item.column === column.key)
          .sort((a, b) => a.start - b.start || b.end - a.end)
          .map((item) => ({
            ...item,
            start: floorTo(item.start, GRID_STEP_MINUTES),
            end: ceilTo(item.end, GRID_STEP_MINUTES),
          })),
      ).map((item) => ({ ...item, rowStart: row(item.start), rowEnd: row(item.end) })),
    })),
  };
}

/** The minute a drop `offset` pixels down a column of `height` pixels lands on, on the grid's steps. */
export function minuteAt(layout: { start: number; end: number }, offset: number, height: number, step = 15) {
  const minutes = layout.start + (offset / height) * (layout.end - layout.start);
  return Math.min(Math.max(floorTo(minutes, step), layout.start), layout.end - step);
}
