import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * One kind of a store's rows, as a move copies, verifies and deletes them: the rows of `table` that `where` (SQL with
 * `?1`, the store's key) picks, in `order`.
 */
export interface StoreRows {
  table: string;
  columns: string[];
  where: string;
  /** A total order of the rows, the same on every database (ids are kept). */
  order: string[];
  /** The table refers to its own rows: all of the store's go in one batch, so the foreign keys hold at its end. */
  selfReferencing: boolean;
  /** Rows triggers derive from others as they are copied: verified and deleted, never copied. */
  derived: boolean;
  /** Rows other stores may use too (a plan the store bought): copied when missing, never deleted. */
  shared: boolean;
  /** A WITHOUT ROWID table: deleted by its key columns. */
  withoutRowid: boolean;
}

/**
 * Tables with `application_key` that are the control database's, about stores rather than theirs: a move leaves them
 * where they are (the directories' claims are keyed by the store, whichever shard holds it).
 */
const CONTROL_TABLES = new Set([
  "account_directory",
  "store_directory",
  "store_move",
  "store_copy",
  "store_moving",
  "store_name_directory",
  "sub_domain_directory",
]);

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every row a store owns, in an order that inserts every row after the rows it refers to (delete in reverse): the
 * shared rows it refers to, every table with `application_key` (from the drizzle schema, plus `product_gram`, which
 * triggers keep), then the two-step sign-in of its accounts. `account_email` and `product_search` are not listed:
 * their triggers stay on through a move, so the copy's accounts and products make them on the target and deleting
 * the old copy removes them.
 */
export function storeRows(): StoreRows[] {
  known ??= listStoreRows();
  return known;
}

let known: StoreRows[] | undefined;

function listStoreRows(): StoreRows[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => getTableConfig(table));
  const byName = new Map(tables.map((config) => [config.name, config]));
  const isStoreTable = (name: string) =>
    !CONTROL_TABLES.has(name) && Boolean(byName.get(name)?.columns.some((column) => column.name === "application_key"));
  const referencesOf = (config: (typeof tables)[number]) =>
    config.foreignKeys.map((key) => {
      const reference = key.reference();
      return {
        table: getTableConfig(reference.foreignTable).name,
        local: reference.columns.map((column) => column.name),
        foreign: reference.foreignColumns.map((column) => column.name),
      };
    });
  const keyOf = (config: (typeof tables)[number]) => {
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const composite = config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name));
    const key = [...primary, ...composite];
    return key.length > 0 ? key : config.columns.map((column) => column.name);
  };
  const rows = (config: (typeof tables)[number], where: string, options: Partial<StoreRows> = {}): StoreRows => ({
    table: config.name,
    columns: config.columns.map((column) => column.name),
    where,
    order: keyOf(config),
    selfReferencing: referencesOf(config).some((reference) => reference.table === config.name),
    derived: false,
    shared: false,
    withoutRowid: false,
    ...options,
  });

  // Parents before children: a depth-first walk over the foreign keys, by name for a stable order.
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const reference of referencesOf(byName.get(name)!)) {
      if (reference.table !== name && isStoreTable(reference.table)) visit(reference.table);
    }
    ordered.push(name);
  };
  const storeTables = tables.map((config) => config.name).filter(isStoreTable);
  for (const name of storeTables.sort()) visit(name);

  const shared = tables
    .filter((config) => !isStoreTable(config.name) && !CONTROL_TABLES.has(config.name))
    .flatMap((config) => {
      const pickers = storeTables.flatMap((name) =>
        referencesOf(byName.get(name)!)
          .filter((reference) => reference.table === config.name && reference.foreign.length === 1)
          .map(
            (reference) =>
              `${quoted(reference.foreign[0])} IN (SELECT ${quoted(reference.local[0])} FROM ${quoted(name)} WHERE application_key = ?1)`,
          ),
      );
      return pickers.length > 0 ? [rows(config, pickers.join(" OR "), { shared: true })] : [];
    });

  const ofAccounts =
    "(account_type = 'store' AND account_id IN (SELECT id FROM store_account WHERE application_key = ?1))" +
    " OR (account_type = 'store_staff' AND account_id IN (SELECT id FROM store_staff WHERE application_key = ?1))";
  const gram: StoreRows = {
    table: "product_gram",
    columns: ["application_key", "gram", "product_id", "sources"],
    where: "application_key = ?1",
    order: ["application_key", "gram", "product_id"],
    selfReferencing: false,
    derived: true,
    shared: false,
    withoutRowid: true,
  };
  return [
    ...shared,
    ...ordered.map((name) => rows(byName.get(name)!, "application_key = ?1")),
    gram,
    rows(byName.get("two_step")!, ofAccounts),
    rows(byName.get("two_step_recovery_code")!, ofAccounts),
  ];
}

/** The statements of one kind of rows, for the source and the target alike. */
export function statementsOf(rows: StoreRows) {
  const table = quoted(rows.table);
  const columns = rows.columns.map(quoted).join(", ");
  const order = rows.order.map(quoted).join(", ");
  const key = rows.withoutRowid ? rows.order.map(quoted).join(", ") : "rowid";
  return {
    /** A page of the rows: `?1` the store's key, `?2` how many, `?3` after how many. */
    page: `SELECT ${columns} FROM ${table} WHERE ${rows.where} ORDER BY ${order} LIMIT ?2 OFFSET ?3`,
    count: `SELECT count(*) AS n FROM ${table} WHERE ${rows.where}`,
    /** Inserts the rows of `?1`, a JSON array of objects by column, keeping every row already there. */
    insert:
      `INSERT OR IGNORE INTO ${table} (${columns}) SELECT ` +
      rows.columns.map((column) => `value ->> '$."${column}"'`).join(", ") +
      " FROM json_each(?1)",
    /** Deletes up to `?2` of the rows. */
    delete: `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${rows.where} LIMIT ?2)`,
  };
}
