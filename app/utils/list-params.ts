import { SORT_DIRECTIONS } from "#contract/parts";

type Choices = readonly [string, ...string[]];

interface ListOptions<Sort extends string, Filters extends Record<string, Choices>> {
  /** The sort keys the list's action takes (exported by the module's contract); the first is the default. */
  sorts: readonly [Sort, ...Sort[]];
  /** Filters that take one of a few values; the first of each is the default. */
  filters?: Filters;
  /** Page sizes offered; the first is the default. */
  pageSizes?: readonly [number, ...number[]];
}

export type ListQuery<Sort extends string, Filters extends Record<string, Choices> = Record<never, Choices>> = {
  q: string;
  sort: Sort;
  direction: (typeof SORT_DIRECTIONS)[number];
  page: number;
  pageSize: number;
} & { [Name in keyof Filters]: Filters[Name][number] };

/** One of the allowed values of a query parameter, else the first (the default). */
function readChoice<T extends string>(url: URL, name: string, allowed: readonly [T, ...T[]]): T {
  const value = url.searchParams.get(name);
  return allowed.includes(value as T) ? (value as T) : allowed[0];
}

/**
 * A list page's state from its URL (?q=&sort=&direction=&page=&limit= and its filters), so any list
 * view is a link to share and works without JavaScript. Unknown values fall back to the defaults.
 */
export function readListQuery<Sort extends string, Filters extends Record<string, Choices> = Record<never, Choices>>(
  url: URL,
  { sorts, filters, pageSizes = [20] }: ListOptions<Sort, Filters>,
): ListQuery<Sort, Filters> {
  const page = Number(url.searchParams.get("page"));
  const pageSize = Number(url.searchParams.get("limit"));
  const chosen = Object.fromEntries(
    Object.entries(filters ?? {}).map(([name, allowed]) => [name, readChoice(url, name, allowed)]),
  );
  return {
    ...chosen,
    q: url.searchParams.get("q")?.trim() ?? "",
    sort: readChoice(url, "sort", sorts),
    direction: readChoice(url, "direction", SORT_DIRECTIONS),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: pageSizes.includes(pageSize) ? pageSize : pageSizes[0],
  } as ListQuery<Sort, Filters>;
}

/** The paging, order and search of a list action's payload. */
export function listPayload<Sort extends string>(query: ListQuery<Sort>) {
  return {
    sorting: query.sort,
    direction: query.direction,
    limit: query.pageSize,
    page: query.page,
    keyword: query.q || undefined,
  };
}

/** The same list URL with some parameters changed (undefined removes one). */
export function listUrl(url: URL | string, changes: Record<string, string | number | undefined>): string {
  const next = new URL(url, "http://list.local");
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.searchParams.delete(name);
    else next.searchParams.set(name, String(value));
  }
  return `${next.pathname}${next.search}`;
}

export function pageCount(total: unknown, pageSize: number): number {
  return Math.max(1, Math.ceil(Number(total) / pageSize));
}
