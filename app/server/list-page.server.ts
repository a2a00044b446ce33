/*
 * A list page declared as data: the list action, the sorts it takes (the contract's `*_SORTS`), its
 * filters and further URL parameters, and, where the list has an export, its CSV columns. From that
 * come the URL reading, the action's payload, the loader's list data and the CSV, so a list route's
 * loader is its permission check, one `load` and its rows' mapping. The page itself is
 * app/components/list-page.tsx, whose sort options come from the namespace's `sort.<key>.<direction>`
 * labels (app/utils/sort-options.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { payloads, type ActionName, type ActionResult, type PayloadInput } from "#contract/actions";
import type { KeysUnder, Namespace } from "~/i18n";
import type { ActionClient } from "~/server/action-client.server";
import { asRouteError } from "~/server/errors.server";
import { allPages, csvField } from "~/server/spreadsheet.server";
import { withoutRefusedFilters } from "~/utils/list-filters";
import { pageCount } from "~/utils/list-params";
import { listPayload, readDay, readId, readListQuery, type ListQuery } from "~/utils/list-query.server";

type Choices = readonly [string, ...string[]];

/** One record of a list action's answer. */
export type ListRow<N extends ActionName> = ActionResult<N> extends readonly (infer Row)[] ? Row : never;

/** A CSV column: its heading and the text of one record. */
export type CsvColumn<Row> = [heading: string, value: (row: Row) => string];

/**
 * The sort keys a namespace (or common) labels: `sort.<key>.asc|desc` in the namespace's translations,
 * or under another object of the namespace (`labels`).
 */
export type LabelledSort<Ns extends Namespace, Labels extends string = "sort"> =
  KeysUnder<Ns, Labels> | KeysUnder<"common", "sort">;

export interface ListDefinition<
  N extends ActionName,
  Ns extends Namespace,
  Labels extends string,
  Sort extends LabelledSort<Ns, Labels>,
  Filters extends Record<string, Choices>,
  Params extends object,
> {
  /** The list action (`get_…_data_and_total_number_by_sorting_and_limit`). */
  action: N;
  /** The namespace of the page's texts, whose `sort.<key>` objects label the sorts (else common's). */
  ns: Ns;
  /** The namespace's object of sort labels when not `sort` (two lists of a namespace offer different directions). */
  labels?: Labels;
  /** The sort keys the action takes (the contract's `*_SORTS`); the first is the default. */
  sorts: readonly [Sort, ...Sort[]];
  /** Filters that take one of a few values (`?status=`); the first of each is the default. */
  filters?: Filters;
  /** Page sizes offered; the first is the default. */
  pageSizes?: readonly [number, ...number[]];
  /** Further URL parameters (days, ids), read from the URL. */
  params?: (url: URL) => Params;
  /**
   * The action's filters from the query, beside the paging, order and search; those the action would
   * refuse (an id no database holds, a day no calendar has) are left out.
   */
  payload?: (query: ListQuery<Sort, Filters> & Params) => Partial<PayloadInput<N>>;
  /** The columns of the list's CSV export. */
  csv?: (context: Pick<AppLoadContext, "t" | "locale">) => CsvColumn<ListRow<N>>[];
}

/** A list defined by `defineList`: its URL reading, payload, loader data and CSV. */
export function defineList<
  N extends ActionName,
  Ns extends Namespace,
  Sort extends LabelledSort<Ns, Labels>,
  Filters extends Record<string, Choices> = Record<never, Choices>,
  Params extends object = Record<never, never>,
  Labels extends string = "sort",
>(definition: ListDefinition<N, Ns, Labels, Sort, Filters, Params>) {
  type Query = ListQuery<Sort, Filters> & Params;
  /** What every call of the list carries: the store's application key, a fixed filter. */
  type Fixed = Partial<PayloadInput<N>>;

  function query(url: URL): Query {
    const { sorts, filters, pageSizes } = definition;
    return { ...readListQuery(url, { sorts, filters, pageSizes }), ...definition.params?.(url) } as Query;
  }

  function payload(query: Query, fixed: Fixed = {}): PayloadInput<N> {
    const listed = { ...fixed, ...listPayload(query) };
    if (!definition.payload) return listed as PayloadInput<N>;
    return withoutRefusedFilters(payloads[definition.action], {
      ...listed,
      ...definition.payload(query),
    }) as PayloadInput<N>;
  }

  /** Whether the URL narrows the list (a search, a filter off its default, a day, an id), so that none is no result. */
  function narrowed(read: Query, url: URL) {
    const { filters = {}, params } = definition;
    const chosen = read as Record<string, unknown>;
    return (
      Boolean(read.q) ||
      Object.entries(filters as Record<string, Choices>).some(([name, [all]]) => chosen[name] !== all) ||
      Object.values(params?.(url) ?? {}).some(Boolean)
    );
  }

  async function call(client: ActionClient, body: PayloadInput<N>) {
    const { data, extra } = await client[definition.action](body).catch(asRouteError);
    return { rows: data as unknown as ListRow<N>[], total: extra.total_number };
  }

  return {
    ...definition,
    query,
    payload,
    /**
     * One page of the list for the request's URL, as loader data: `list` is what ListPage takes
     * (its namespace, sorts, query and page count), `rows` the action's records to map.
     */
    async load(client: ActionClient, request: Request, fixed: Fixed = {}) {
      const url = new URL(request.url);
      const read = query(url);
      const { rows, total } = await call(client, payload(read, fixed));
      const list = {
        sortLabels: `${definition.ns}:${definition.labels ?? "sort"}`,
        sorts: definition.sorts,
        query: read,
        pageCount: pageCount(total, read.pageSize),
        filtered: narrowed(read, url),
      };
      return { list, query: read, rows };
    },
    /** Every record the URL's search and filters select, as CSV (with a BOM, so Excel reads the Chinese). */
    async csv(
      client: ActionClient,
      request: Request,
      context: Pick<AppLoadContext, "t" | "locale">,
      fixed: Fixed = {},
    ) {
      const read = query(new URL(request.url));
      const rows = await allPages(
        async (page, limit) => (await call(client, { ...payload(read, fixed), limit, page })).rows,
      );
      const columns = definition.csv?.(context) ?? [];
      const lines = [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, value]) => value(row)))];
      return `\uFEFF${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
    },
  };
}

/**
 * One page of a list that only its loader reads (no export, no other caller): `defineList(definition).load(…)`
 * in one call, made in the loader, as a route's module-level calls reach the browser's build.
 */
export function loadList<
  N extends ActionName,
  Ns extends Namespace,
  Sort extends LabelledSort<Ns, Labels>,
  Filters extends Record<string, Choices> = Record<never, Choices>,
  Params extends object = Record<never, never>,
  Labels extends string = "sort",
>(
  definition: ListDefinition<N, Ns, Labels, Sort, Filters, Params>,
  client: ActionClient,
  request: Request,
  fixed: Partial<PayloadInput<N>> = {},
) {
  return defineList(definition).load(client, request, fixed);
}

/**
 * A list of a store's records filtered, beside its search, by status (`?status=`, its first choice
 * "all" being any), by the thing recorded (`?product=`, the action's `product_id`) and by a range of
 * days (`?date_from=&date_to=`, the action's own names); an id or a date no database or calendar has
 * reads as none.
 */
export function defineRecordList<
  N extends ActionName,
  Ns extends Namespace,
  Sort extends LabelledSort<Ns>,
  Status extends Choices,
  Id extends string,
  From extends string,
  To extends string,
>(
  definition: Omit<
    ListDefinition<N, Ns, "sort", Sort, { status: Status }, Record<Id | From | To, string>>,
    "labels" | "filters" | "params" | "payload"
  > & { statuses: Status; id: Id; days: readonly [From, To] },
) {
  const {
    statuses,
    id,
    days: [from, to],
    ...list
  } = definition;
  return defineList({
    ...list,
    filters: { status: statuses },
    params: (url) =>
      ({ [id]: readId(url, id), [from]: readDay(url, from), [to]: readDay(url, to) }) as Record<Id | From | To, string>,
    // Keys built from names TypeScript cannot check against the action; defineList drops what it would refuse.
    payload: (query) =>
      ({
        status: query.status === "all" ? undefined : query.status,
        [`${id}_id`]: query[id] ? Number(query[id]) : undefined,
        [from]: query[from] || undefined,
        [to]: query[to] || undefined,
      }) as unknown as Partial<PayloadInput<N>>,
  });
}
