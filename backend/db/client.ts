import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";

/** A D1 session answers prepare and batch as the database does; drizzle's types know only the database. */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}

export type Db = ReturnType<typeof createDb>;

export type Statements = readonly BatchItem<"sqlite">[];

/** The statements' rows, in one batch (one round trip); none for no statements. */
export async function batchOf(db: Db, statements: Statements): Promise<unknown[][]> {
  if (statements.length === 0) return [];
  return (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[][];
}
