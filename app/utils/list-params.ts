/**
 * The `sort` parameter: the key and the direction in one value (`price.DESC`), so that one select in
 * a GET form can choose both.
 */
export function sortParam(sort: string, direction: string): string {
  return `${sort}.${direction}`;
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
