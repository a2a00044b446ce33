import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

type StoreTable = SQLiteTable & { applicationKey: SQLiteColumn };

/**
 * The only door to store-owned tables: every query it builds is filtered by the store's
 * application_key, so a handler cannot forget the tenant. The dispatcher builds it once the
 * caller is known to be allowed into that store; store handlers get no other database handle.
 */
export class StoreScope {
  constructor(
    private readonly db: Db,
    readonly applicationKey: string,
  ) {}

  where(table: StoreTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.applicationKey, this.applicationKey), ...conditions) as SQL;
  }

  /** `select * from table where application_key = ? and …`, still open to orderBy/limit and batch(). */
  select<T extends StoreTable>(table: T, ...conditions: (SQL | undefined)[]) {
    return this.db
      .select()
      .from(table)
      .where(this.where(table, ...conditions))
      .$dynamic();
  }

  batch: Db["batch"] = (queries) => this.db.batch(queries);
}

/** The scope of one store. Call it only once the caller is known to be allowed into that store. */
export function forStore(db: Db, applicationKey: string): StoreScope {
  return new StoreScope(db, applicationKey);
}
