import { and, eq, type SQL } from "drizzle-orm";
import type { Subquery } from "drizzle-orm";
import type { QueryBuilder, SQLiteColumn, SQLiteInsertSelectQueryBuilder, SQLiteTable } from "drizzle-orm/sqlite-core";
import { logChange, type Change, type LogActor } from "../log";
import type { Db } from "./client";

type StoreTable = SQLiteTable & { applicationKey: SQLiteColumn };
/** Column values, each of which may also be an SQL expression (a subquery, `stock + 1`). */
export type Values<T> = { [K in keyof T]: T[K] | SQL };

/**
 * The only door to store-owned tables: every query it builds is filtered by the store's
 * application_key, and every row it inserts carries it, so a handler cannot forget the tenant.
 * The dispatcher builds it once the caller is known to be allowed into that store; store
 * handlers get no other database handle.
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

  /** Selected columns, for counts, joins and aggregates; the FROM table is still filtered. */
  selectFields<T extends StoreTable, F extends Parameters<Db["select"]>[0] & object>(
    table: T,
    fields: F,
    ...conditions: (SQL | undefined)[]
  ) {
    return this.db
      .select(fields)
      .from(table)
      .where(this.where(table, ...conditions))
      .$dynamic();
  }

  /**
   * Rows of a subquery built from this scope's own selects, to filter on a window over grouped rows (a rank,
   * say): the subquery carries the store's filter, so this select adds none.
   */
  selectFromScoped<F extends Parameters<Db["select"]>[0] & object>(subquery: Subquery, fields: F) {
    return this.db.select(fields).from(subquery).$dynamic();
  }

  insert<T extends StoreTable>(table: T, rows: Values<Omit<T["$inferInsert"], "applicationKey">>[]) {
    return this.db.insert(table).values(rows.map((row) => ({ ...row, applicationKey: this.applicationKey })) as never);
  }

  /**
   * `insert into table select …`, for a row computed from what another store row holds at that moment.
   * The query must select `applicationKey` from a table it filters with `where()`.
   */
  insertFrom<T extends StoreTable>(table: T, rows: (qb: QueryBuilder) => SQLiteInsertSelectQueryBuilder<T>) {
    return this.db.insert(table).select(rows);
  }

  update<T extends StoreTable>(
    table: T,
    values: Partial<Values<T["$inferInsert"]>>,
    ...conditions: (SQL | undefined)[]
  ) {
    return this.db
      .update(table)
      .set(values as never)
      .where(this.where(table, ...conditions));
  }

  delete<T extends StoreTable>(table: T, ...conditions: (SQL | undefined)[]) {
    return this.db.delete(table).where(this.where(table, ...conditions));
  }

  /** The log row for a write in this store, to run in the same batch as the write. */
  log(caller: LogActor, now: Date, change: Omit<Change, "applicationKey">) {
    return logChange(this.db, caller, now, { ...change, applicationKey: this.applicationKey });
  }

  batch: Db["batch"] = (queries) => this.db.batch(queries);
}

/** The scope of one store. Call it only once the caller is known to be allowed into that store. */
export function forStore(db: Db, applicationKey: string): StoreScope {
  return new StoreScope(db, applicationKey);
}
