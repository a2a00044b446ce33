/** A list page's state lives in its URL (?page=&sort=&direction=&q=…), so any list view is a shareable link. */
export function readPage(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** One of the allowed values of a query parameter, else the first (the default). */
export function readChoice<T extends string>(url: URL, name: string, allowed: readonly [T, ...T[]]): T {
  const value = url.searchParams.get(name);
  return allowed.includes(value as T) ? (value as T) : allowed[0];
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
