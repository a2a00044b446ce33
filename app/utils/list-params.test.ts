import { expect, it } from "vitest";
import { listUrl, pageCount, readChoice, readPage } from "./list-params";

it("reads a list's page and choices from the URL, falling back to defaults", () => {
  const url = new URL("http://x/staff-store-list?page=3&sort=store_name&direction=sideways");
  expect(readPage(url)).toBe(3);
  expect(readPage(new URL("http://x/?page=-1"))).toBe(1);
  expect(readChoice(url, "sort", ["create_date", "store_name"])).toBe("store_name");
  expect(readChoice(url, "direction", ["DESC", "ASC"])).toBe("DESC");
});

it("changes one parameter and keeps the others", () => {
  expect(listUrl("/staff-store-list?q=demo&page=2", { page: 3 })).toBe("/staff-store-list?q=demo&page=3");
  expect(listUrl("/staff-store-list?q=demo&page=2", { q: undefined })).toBe("/staff-store-list?page=2");
  expect(pageCount(41, 20)).toBe(3);
  expect(pageCount(0, 20)).toBe(1);
});
