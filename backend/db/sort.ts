import { asc, count, desc, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { WithExtra } from "../registry";
import type { Db } from "./client";
import type { StoreScope } from "./scope";

type SortColumn = SQLiteColumn | SQL;

/**
 * A list's ORDER BY: the chosen column (or columns, in order), then the id, all in the same direction, so
 * one index serves them all.
 */
export function listOrder(direction: "ASC" | "DESC", column: SortColumn | SortColumn[], id: SQLiteColumn) {
  const order = direction === "ASC" ? asc : desc;
  return [...[column].flat(), id].map((sorted) => order(sorted));
}

export interface Paging {
  direction: "ASC" | "DESC";
  limit: number;
  page: number;
}

/**
 * One page of a list and the number of all its rows, read in one D1 batch so both see the same data;
 * answered as the records with `total_number` beside them.
 */
export async function pagedList<Q extends SQLiteSelect, R>(
  runner: { batch: Db["batch"] },
  { direction, limit, page }: Paging,
  list: { rows: Q; count: SQLiteSelect; sortBy: SortColumn | SortColumn[]; id: SQLiteColumn },
  toRecord: (row: Awaited<Q>[number]) => R,
): Promise<WithExtra<R[]>> {
  const [rows, [{ total }]] = (await runner.batch([
    list.rows
      .orderBy(...listOrder(direction, list.sortBy, list.id))
      .limit(limit)
      .offset((page - 1) * limit),
    list.count,
  ])) as [Awaited<Q>, { total: number }[]];
  return new WithExtra(rows.map(toRecord), { total_number: total });
}

/** `pagedList` of a store table's rows: those `where` keeps (all for undefined), sorted by `sortBy` then the id. */
export function pagedRows<T extends SQLiteTable & { id: SQLiteColumn; applicationKey: SQLiteColumn }, R>(
  store: StoreScope,
  paging: Paging,
  table: T,
  where: SQL | undefined,
  sortBy: SQLiteColumn | SQL,
  toRecord: (row: T["$inferSelect"]) => R,
): Promise<WithExtra<R[]>> {
  return pagedList(
    store,
    paging,
    {
      rows: store.select(table, where),
      count: store.selectFields(table, { total: count() }, where),
      sortBy,
      id: table.id,
    },
    toRecord as never,
  );
}
