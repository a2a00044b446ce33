/*
 * A list page's query from its URL, for its loader. Server-only: it checks the search with the
 * contract's field rules, and a page's scripts (which use ./list-params) then never load zod.
 */
import { isSingleLineText } from "#contract/field-rules";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { MAX_PAGE, SORT_DIRECTIONS } from "#contract/parts";

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

/** One of the allowed values, else the first (the default). */
function choose<T extends string>(value: string | null | undefined, allowed: readonly [T, ...T[]]): T {
  return allowed.includes(value as T) ? (value as T) : allowed[0];
}

/** The search in a URL (`?q=`): hidden characters make it junk (""); a long one is cut, never inside a surrogate pair. */
export function readSearch(url: URL): string {
  const search = url.searchParams.get("q")?.trim() ?? "";
  return isSingleLineText(search) ? search.slice(0, MAX_KEYWORD_LENGTH).replace(/[\uD800-\uDBFF]$/, "") : "";
}

/** A day filter in a URL (`?created_from=2026-01-31`): anything but YYYY-MM-DD reads as no day (""). */
export function readDay(url: URL, name: string): string {
  const value = url.searchParams.get(name)?.trim() ?? "";
  return isSingleLineText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
}

/**
 * A list page's state from its URL (?q=&sort=&page=&limit= and its filters), so any list view is a
 * link to share and works without JavaScript. Unknown values fall back to the defaults.
 */
export function readListQuery<Sort extends string, Filters extends Record<string, Choices> = Record<never, Choices>>(
  url: URL,
  { sorts, filters, pageSizes = [20] }: ListOptions<Sort, Filters>,
): ListQuery<Sort, Filters> {
  const page = Number(url.searchParams.get("page"));
  const pageSize = Number(url.searchParams.get("limit"));
  const [sort, direction] = (url.searchParams.get("sort") ?? "").split(".");
  const chosen = Object.fromEntries(
    Object.entries(filters ?? {}).map(([name, allowed]) => [name, choose(url.searchParams.get(name), allowed)]),
  );
  return {
    ...chosen,
    q: readSearch(url),
    sort: choose(sort, sorts),
    direction: choose(direction, SORT_DIRECTIONS),
    page: Number.isSafeInteger(page) && page > 0 && page <= MAX_PAGE ? page : 1,
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

/** A record id filter in a URL (`?product=12`): anything but a positive whole number reads as none (""). */
export function readId(url: URL, name: string): string {
  const value = url.searchParams.get(name) ?? "";
  return /^[1-9]\d{0,15}$/.test(value) ? value : "";
}
