import { expect, it } from "vitest";
import { recordId } from "./errors.server";

const statusOf = (param: string) => {
  try {
    recordId(param);
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? 0;
  }
};

it("reads a record id from the URL, and anything that is no id a database can hold as not found", () => {
  expect(recordId("42")).toBe(42);
  for (const junk of ["0", "-1", "1.5", "abc", "%00", "99999999999999999999", "1e3x"]) {
    expect(statusOf(junk), junk).toBe(404);
  }
});
