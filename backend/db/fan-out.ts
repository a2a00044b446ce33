import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import { WithExtra } from "../registry";
import type { Db } from "./client";
import { everyDatabase, type RequestDatabases } from "./databases";
import { listOrder, type Paging } from "./sort";

/**
 * How many databases a provider-wide view reads at once: a Worker request keeps at most six connections open,
 * and the rest wait for one to close.
 */
const FAN_OUT_CONCURRENCY = 6;

/** `read` in every database (the control database first, then each shard), at most FAN_OUT_CONCURRENCY at a time. */
export async function fanOut<T>(databases: RequestDatabases, read: (db: Db) => Promise<T>): Promise<T[]> {
  const bindings = everyDatabase(databases.env);
  const results: T[] = new Array(bindings.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < bindings.length; index = next++) {
      results[index] = await read(databases.db(bindings[index]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(FAN_OUT_CONCURRENCY, bindings.length) }, worker));
  return results;
}

/** A value as SQLite orders it: NULL first, numbers by value, text by code point. */
type SortValue = string | number | null;

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = [...String(a)];
  const right = [...String(b)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = left[index].codePointAt(0)! - right[index].codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** Text as `COLLATE NOCASE` compares it: only A–Z fold. */
export const noCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export interface SpreadList<Row> {
  /** A dynamic select (`.$dynamic()`) of the list's rows. */
  rows: PromiseLike<Row[]> & { orderBy(...columns: SQL[]): { limit(limit: number): BatchItem<"sqlite"> } };
  count: SQLiteSelect;
  sortBy: Parameters<typeof listOrder>[1];
  id: SQLiteColumn;
}

/**
 * One page of a list whose rows are spread over every database, and the number of all its rows: each database
 * gives its first `page × limit` rows in the list's order and its count (one batch each, side by side), and the
 * page is cut from them merged in that order (`sortValues`: a row's sort values as the SQL orders them, the id
 * last). Deep pages cost each database the rows before them.
 */
export async function pagedAcross<Row, R>(
  databases: RequestDatabases,
  { direction, limit, page }: Paging,
  list: (db: Db) => SpreadList<Row>,
  sortValues: (row: Row) => SortValue[],
  toRecord: (row: Row) => R,
): Promise<WithExtra<R[]>> {
  const parts = await fanOut(databases, async (db) => {
    const { rows, count, sortBy, id } = list(db);
    const [found, [{ total }]] = (await db.batch([
      rows.orderBy(...listOrder(direction, sortBy, id)).limit(page * limit),
      count,
    ])) as [Row[], { total: number }[]];
    return { found, total };
  });
  const sign = direction === "ASC" ? 1 : -1;
  const compare = (a: Row, b: Row) => {
    const [left, right] = [sortValues(a), sortValues(b)];
    for (let index = 0; index < left.length; index++) {
      const difference = compareValues(left[index], right[index]);
      if (difference !== 0) return sign * difference;
    }
    return 0;
  };
  const merged = parts.flatMap((part) => part.found).sort(compare);
  return new WithExtra(merged.slice((page - 1) * limit, page * limit).map(toRecord), {
    total_number: parts.reduce((sum, part) => sum + part.total, 0),
  });
}
