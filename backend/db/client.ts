import { drizzle } from "drizzle-orm/d1";

/** A D1 session answers prepare and batch as the database does; drizzle's types know only the database. */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}

export type Db = ReturnType<typeof createDb>;
