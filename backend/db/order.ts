import { asc, desc, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A list's ORDER BY: the chosen column, then the id in the same direction, so one index serves both. */
export function listOrder(direction: "ASC" | "DESC", column: SQLiteColumn | SQL, id: SQLiteColumn) {
  return direction === "ASC" ? [asc(column), asc(id)] : [desc(column), desc(id)];
}
