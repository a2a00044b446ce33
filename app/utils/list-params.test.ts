import { expect, it } from "vitest";
import { listUrl, pageCount, sortParam } from "./list-params";
import { listPayload, readDay, readListQuery } from "./list-query.server";
import { MAX_KEYWORD_LENGTH } from "#contract/options";
import { MAX_PAGE } from "#contract/parts";

const options = {
  sorts: ["create_date", "store_name"],
  filters: { filter: ["all", "expiring"] },
  pageSizes: [20, 50],
} as const;

it("reads a list's search, order, page, page size and filters from the URL", () => {
  const url = new URL("http://x/staff-store-list?q=%20demo%20&page=3&sort=store_name.ASC&limit=50&filter=expiring");
  expect(readListQuery(url, options)).toEqual({
    q: "demo",
    sort: "store_name",
    direction: "ASC",
    page: 3,
    pageSize: 50,
    filter: "expiring",
  });
});

it("falls back to the defaults for anything unknown", () => {
  const url = new URL("http://x/?page=-1&sort=password.sideways&limit=1000&filter=everything");
  expect(readListQuery(url, options)).toEqual({
    q: "",
    sort: "create_date",
    direction: "DESC",
    page: 1,
    pageSize: 20,
    filter: "all",
  });
});

it("reads the key and direction from the one sort parameter the sort select writes", () => {
  expect(readListQuery(new URL(`http://x/?sort=${sortParam("store_name", "ASC")}`), options)).toMatchObject({
    sort: "store_name",
    direction: "ASC",
  });
  expect(readListQuery(new URL("http://x/?sort=store_name"), options)).toMatchObject({ direction: "DESC" });
});

it("turns a query into a list action's paging, order and keyword", () => {
  const query = readListQuery(new URL("http://x/?q=tea&page=2"), options);
  expect(listPayload(query)).toEqual({ sorting: "create_date", direction: "DESC", limit: 20, page: 2, keyword: "tea" });
  expect(listPayload({ ...query, q: "" }).keyword).toBeUndefined();
});

it("changes one parameter and keeps the others", () => {
  expect(listUrl("/staff-store-list?q=demo&page=2", { page: 3 })).toBe("/staff-store-list?q=demo&page=3");
  expect(listUrl("/staff-store-list?q=demo&page=2", { q: undefined })).toBe("/staff-store-list?page=2");
  expect(pageCount(41, 20)).toBe(3);
  expect(pageCount(0, 20)).toBe(1);
});

it("reads junk paging and over-long searches as defaults and bounded text, never as values the backend refuses", () => {
  const junk = readListQuery(new URL(`https://app.test/list?page=99999999999999999999&q=${"茶".repeat(6000)}`), {
    sorts: ["create_date"],
  });
  expect(junk.page).toBe(1);
  expect(junk.q).toHaveLength(MAX_KEYWORD_LENGTH);
  const cutAtEmoji = new URL(`https://app.test/list?q=${"a".repeat(MAX_KEYWORD_LENGTH - 1)}😀`);
  expect(readListQuery(cutAtEmoji, { sorts: ["a"] }).q).toBe("a".repeat(MAX_KEYWORD_LENGTH - 1));
  expect(readListQuery(new URL("https://app.test/list?q=tea%00"), { sorts: ["a"] }).q).toBe("");
  expect(readListQuery(new URL("https://app.test/list?q=%E2%80%AEtea"), { sorts: ["a"] }).q).toBe("");
  expect(readListQuery(new URL(`https://app.test/list?page=${MAX_PAGE + 1}`), { sorts: ["a"] }).page).toBe(1);
  expect(readListQuery(new URL(`https://app.test/list?page=${MAX_PAGE}`), { sorts: ["a"] }).page).toBe(MAX_PAGE);
});

it("reads a day filter as YYYY-MM-DD, trimmed, and anything else as no day", () => {
  const dayOf = (search: string) => readDay(new URL(`http://x/list${search}`), "from");
  expect(["?from=2026-01-31", "?from=%202026-01-31%20"].map(dayOf)).toEqual(["2026-01-31", "2026-01-31"]);
  expect(
    ["", "?from=", "?from=31-01-2026", "?from=2026-1-31", "?from=2026-01-31T00:00", "?from=2026-01-31%00"].map(dayOf),
  ).toEqual(["", "", "", "", "", ""]);
});
