import { and, count, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { SelectedFields, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { ActionName, Payload } from "../contract/actions";
import type { ModuleId } from "../contract/modules";
import { requireOwnUploads, uploadsOf } from "../modules/upload/actions";
import { contains } from "./db/like";
import type { StoreScope, Values as ColumnValues } from "./db/scope";
import { pagedList, type Paging } from "./db/sort";
import { nextVersion, rethrowStaleVersion } from "./db/version";
import { found } from "./errors";
import { added, deleted, edited, type Change, type Logged, type RecordName } from "./log";
import { defineAction, type ActionDefinition, type BaseContext, type StoreContext } from "./registry";

type CrudTable = SQLiteTable & { id: SQLiteColumn; version: SQLiteColumn; applicationKey: SQLiteColumn };
/** A row as the actions read it: the selected fields (the table's columns unless said). */
type Row<S extends SelectedFields> = SelectResultFields<S>;
type Values = Record<string, unknown>;

/** The five standard actions of a store entity, as the naming rule spells them (docs/architecture.md). */
type Names<E extends string> = {
  list: Extract<`get_${E}_data_and_total_number_by_sorting_and_limit`, ActionName>;
  get: Extract<`get_${E}_data_by_application_key_and_id`, ActionName>;
  add: Extract<`add_${E}_data`, ActionName>;
  edit: Extract<`update_${E}_data_by_application_key_and_id`, ActionName>;
  delete: Extract<`delete_${E}_data_by_application_key_and_id`, ActionName>;
};
/** The form's fields: the add payload without its store key. */
type Fields<E extends string> = Omit<Payload<Names<E>["add"]>, "application_key">;

export interface StoreCrud<E extends string, T extends CrudTable, C extends Values, R, S extends SelectedFields> {
  /** `<entity>` in the action names. */
  entity: E;
  table: T;
  /** Reads need `store:<module>:read`, writes `store:<module>:write`. */
  module: ModuleId;
  /**
   * The rows of one variant of the table (`{ variant: "medical" }`): a condition of every read, edit and
   * delete (another variant's record is not found), and values of every row added.
   */
  scope?: Partial<T["$inferInsert"]>;
  /** What the reads select, when more than the table's columns (a linked record's name). */
  selection?: S;
  toRecord: (row: NoInfer<Row<S>>) => R;
  // What the writes need (a module that takes only the reads leaves them out):
  /** The log entries' data type. */
  dataType?: Change["dataType"];
  /** How the log names the record, from new columns or a stored row. */
  nameOf?: (values: C | NoInfer<Row<S>>) => RecordName;
  /** The form's fields as the table's columns (add and edit). */
  toColumns?: (fields: Fields<E>) => C;
  /** What the log keeps of new columns or a stored row, the fields as the payload names them (add and edit). */
  toLogged?: (values: C | NoInfer<Row<S>>) => Values;
  /**
   * The fields holding an uploaded file's URL, each of which must be one of the store's uploads: their names,
   * or the URLs by the field an error names (for a list of files).
   */
  uploads?: (keyof Fields<E> & string)[] | ((fields: Fields<E>) => Record<string, string | null | undefined>);
  /**
   * Records the fields link to that must be the store's own (a staff account), read beside the add's and
   * edit's reads: each `read` with the `require` its rows must pass.
   */
  linked?: (
    fields: Fields<E>,
    store: StoreScope,
  ) => { read: BatchItem<"sqlite">; require: (rows: unknown[]) => void }[];
  /** Edits stamp `updated_at`. */
  touchesUpdatedAt?: boolean;
  /** After each write's batch (e.g. forgetting a store website's cached reply); a write may say its own. */
  afterWrite?: AfterWrite;
}

type AfterWrite = (store: StoreScope, context: BaseContext) => Promise<void>;

/**
 * The standard actions of a simple store entity, declared once: each is a `defineAction` with the entity's
 * permission and reads, one round trip for the caller and reads, one for the write and its log entry. A module
 * lists the ones it has beside its hand-written actions, and passes options for what its own are.
 */
export function defineStoreCrud<
  E extends string,
  T extends CrudTable,
  C extends Values = never,
  R = unknown,
  S extends SelectedFields = T["_"]["columns"],
>(crud: StoreCrud<E, T, C, R, S>) {
  const { entity, table, toRecord } = crud;
  const need = <V>(value: V | undefined, what: string): V => {
    if (value === undefined) throw new Error(`defineStoreCrud("${entity}"): this action needs ${what}`);
    return value;
  };
  const read = `store:${crud.module}:read` as const;
  const write = `store:${crud.module}:write` as const;
  const columnsOf: Record<string, SQLiteColumn> = getTableColumns(table);
  const scoped = Object.entries(crud.scope ?? {}).map(([key, value]) => eq(columnsOf[key], value));
  const rowsOf = (store: StoreScope, condition: SQL | undefined) =>
    crud.selection
      ? store.selectFields(table, crud.selection, ...scoped, condition)
      : store.select(table, ...scoped, condition);
  const byId = (store: StoreScope, id: number) => rowsOf(store, eq(table.id, id)).limit(1);
  const files = (input: Values): Record<string, string | null | undefined> =>
    typeof crud.uploads === "function"
      ? crud.uploads(input as never)
      : Object.fromEntries((crud.uploads ?? []).map((field) => [field, input[field] as string | null | undefined]));
  const uploaded = (input: Values, store: StoreScope) =>
    crud.uploads ? [uploadsOf(store, Object.values(files(input)))] : [];
  const links = (input: Values, store: StoreScope) => crud.linked?.(input as never, store) ?? [];
  /** The uploads' and links' reads, then their checks of the rows read. */
  const referenceReads = (input: Values, store: StoreScope) => [
    ...uploaded(input, store),
    ...links(input, store).map((link) => link.read),
  ];
  const requireReferences = (input: Values, store: StoreScope, rows: unknown[][]) => {
    const linkedRows = crud.uploads ? rows.slice(1) : rows;
    if (crud.uploads) requireOwnUploads(files(input), rows[0] as { objectKey: string }[]);
    links(input, store).forEach((link, index) => link.require(linkedRows[index] as unknown[]));
  };
  const forms = () => ({
    dataType: need(crud.dataType, "dataType"),
    nameOf: need(crud.nameOf, "nameOf"),
    toColumns: need(crud.toColumns, "toColumns"),
    toLogged: need(crud.toLogged, "toLogged"),
  });
  const after = (store: StoreScope, context: BaseContext, own?: AfterWrite) =>
    (own ?? crud.afterWrite)?.(store, context);

  // The handlers below are written once for any entity, so their payloads are loosely typed here; the
  // names, permissions and options above are what each entity's declaration checks.
  type Input = Values & { id: number; version: number; application_key: string };
  type Handler = (input: Input, context: StoreContext, read: Row<S>[][]) => Promise<unknown>;
  const action = <N extends ActionName>(
    name: N,
    permission: typeof read | typeof write,
    reads: (input: Input, store: StoreScope) => BatchItem<"sqlite">[],
    handler: Handler,
  ) =>
    defineAction(name, permission, {
      reads: (input, { store }) => reads(input as never, store) as never,
      handler: handler as never,
    }) as ActionDefinition<N>;

  return {
    /** A page of the list: the keyword searched in `search`, sorted by `sorts[input.sorting]`, narrowed by `filter`. */
    list: (options: {
      search: SQLiteColumn[];
      sorts: Record<Payload<Names<E>["list"]>["sorting"], SQLiteColumn | SQL>;
      /** More conditions from the payload's filters (undefined for a filter left blank). */
      filter?: (input: Payload<Names<E>["list"]>) => SQL | undefined | (SQL | undefined)[];
    }) =>
      defineAction(`get_${entity}_data_and_total_number_by_sorting_and_limit` as Names<E>["list"], read, {
        handler: (async (input: Paging & { keyword?: string; sorting: string }, { store }: StoreContext) => {
          const matching = and(contains(options.search, input.keyword), ...[options.filter?.(input as never)].flat());
          return pagedList(
            store,
            input,
            {
              rows: rowsOf(store, matching),
              count: store.selectFields(table, { total: count() }, ...scoped, matching),
              sortBy: options.sorts[input.sorting as keyof typeof options.sorts],
              id: table.id,
            },
            toRecord as never,
          );
        }) as never,
      }) as ActionDefinition<Names<E>["list"]>,

    get: () =>
      action(
        `get_${entity}_data_by_application_key_and_id` as Names<E>["get"],
        read,
        ({ id }, store) => [byId(store, id)],
        async (_input, _context, [rows]) => toRecord(found(rows)),
      ),

    add: (options: { afterWrite?: AfterWrite } = {}) => {
      const { dataType, nameOf, toColumns, toLogged } = forms();
      return action(
        `add_${entity}_data` as Names<E>["add"],
        write,
        (input, store) => referenceReads(input, store),
        async ({ application_key: _key, ...input }, context, references) => {
          const { store, caller, now } = context;
          requireReferences(input, store, references);
          const columns = toColumns(input as never);
          const [[row]] = await store.batch([
            store.insert(table, [{ ...columns, ...crud.scope } as never]).returning({ id: table.id }),
            store.log(caller, now, added(dataType, nameOf(columns), toLogged(columns))),
          ]);
          await after(store, context, options.afterWrite);
          return { id: (row as { id: number }).id };
        },
      );
    },

    /** `refusal` throws the action's error for a refusal of the database it knows; else a stale version is 409. */
    edit: (options: { refusal?: (error: unknown) => void; afterWrite?: AfterWrite } = {}) => {
      const { dataType, nameOf, toColumns, toLogged } = forms();
      return action(
        `update_${entity}_data_by_application_key_and_id` as Names<E>["edit"],
        write,
        (input, store) => [byId(store, input.id), ...referenceReads(input, store)],
        async ({ application_key: _key, id, version, ...input }, context, [rows, ...references]) => {
          const { store, now } = context;
          const before = found(rows);
          requireReferences(input, store, references);
          const columns = toColumns(input as never);
          const stamp = crud.touchesUpdatedAt ? { updatedAt: now.toISOString() } : {};
          await saveEdit(context, {
            table,
            id,
            version,
            values: { ...columns, ...stamp } as never,
            where: scoped,
            log: edited(dataType, id, nameOf(columns), toLogged(before), toLogged(columns)),
            refusal: options.refusal,
          });
          await after(store, context, options.afterWrite);
          return null;
        },
      );
    },

    /**
     * Deletes the record; `logged` is what its log entry keeps of it (all of `toLogged` unless said), and
     * `refusal` turns a refusal of the database (a trigger, a foreign key) into the action's error.
     */
    delete: (
      options: { logged?: (row: Row<S>) => Values; refusal?: (error: unknown) => void; afterWrite?: AfterWrite } = {},
    ) => {
      const dataType = need(crud.dataType, "dataType");
      const nameOf = need(crud.nameOf, "nameOf");
      const logged = options.logged ?? need(crud.toLogged, "toLogged or logged");
      return action(
        `delete_${entity}_data_by_application_key_and_id` as Names<E>["delete"],
        write,
        ({ id }, store) => [byId(store, id)],
        async ({ id }, context, [rows]) => {
          const { store, caller, now } = context;
          const row = found(rows);
          await store
            .batch([
              store.delete(table, ...scoped, eq(table.id, id)),
              store.log(caller, now, deleted(dataType, id, nameOf(row), logged(row))),
            ])
            .catch((error: unknown) => {
              options.refusal?.(error);
              throw error;
            });
          await after(store, context, options.afterWrite);
          return null;
        },
      );
    },
  };
}

/**
 * An edit of a store record over the version its form read, and its log entry, in one batch (`where`
 * narrows the record further, to a variant): a stale version is 409 edited-elsewhere, and `refusal` may
 * first turn another refusal of the database into the action's error.
 */
export async function saveEdit<T extends CrudTable>(
  { store, caller, now }: Pick<StoreContext, "store" | "caller" | "now">,
  edit: {
    table: T;
    id: number;
    version: number;
    values: Partial<ColumnValues<T["$inferInsert"]>>;
    where?: SQL[];
    log: Logged;
    refusal?: (error: unknown) => void;
  },
) {
  const { table } = edit;
  await store
    .batch([
      store.update(
        table,
        { ...edit.values, version: nextVersion(table.version, edit.version) },
        ...(edit.where ?? []),
        eq(table.id, edit.id),
      ),
      store.log(caller, now, edit.log),
    ])
    .catch((error: unknown) => {
      edit.refusal?.(error);
      rethrowStaleVersion(error);
    });
}
