import { and, eq, type SQL } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Caller } from "../caller";
import { logChange, type Change } from "../log";
import type { Db } from "./client";

type StoreTable = SQLiteTable & { applicationKey: SQLiteColumn };
type StoreRow<T extends StoreTable> = Omit<T["$inferInsert"], "applicationKey">;

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

  /** `select <fields> from table where application_key = ? and …`, for computed columns. */
  selectFields<F extends SelectedFields>(fields: F, table: StoreTable, ...conditions: (SQL | undefined)[]) {
    return this.db
      .select(fields)
      .from(table)
      .where(this.where(table, ...conditions))
      .$dynamic();
  }

  /** `insert into table`, the row stamped with the store's application_key. */
  insert<T extends StoreTable>(table: T, values: StoreRow<T>) {
    return this.db.insert(table).values({ ...values, applicationKey: this.applicationKey } as T["$inferInsert"]);
  }

  /** `update table set … where application_key = ? and …` */
  update<T extends StoreTable>(table: T, changes: Partial<StoreRow<T>>, ...conditions: (SQL | undefined)[]) {
    return this.db
      .update(table)
      .set(changes as Partial<T["$inferInsert"]>)
      .where(this.where(table, ...conditions));
  }

  /** `delete from table where application_key = ? and …` */
  delete(table: StoreTable, ...conditions: (SQL | undefined)[]) {
    return this.db.delete(table).where(this.where(table, ...conditions));
  }

  /** The log row of a write in this store, to run in the same batch as the write. */
  log(caller: Caller, now: Date, change: Omit<Change, "applicationKey">) {
    return logChange(this.db, caller, now, { ...change, applicationKey: this.applicationKey });
  }

  batch: Db["batch"] = (queries) => this.db.batch(queries);
}

/** The scope of one store. Call it only once the caller is known to be allowed into that store. */
export function forStore(db: Db, applicationKey: string): StoreScope {
  return new StoreScope(db, applicationKey);
}
