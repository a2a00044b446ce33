import { expect, it } from "vitest";
import { ActionFailure } from "./action-client.server";
import { asRouteError, recordId } from "./errors.server";

/** What a loader would answer: 200, or the status and message key of the error page it throws. */
const outcome = (run: () => unknown) => {
  try {
    run();
    return { status: 200 };
  } catch (error) {
    const { init, data } = error as { init?: { status?: number }; data?: { message?: string } };
    return { status: init?.status ?? 0, message: data?.message };
  }
};
const statusOf = (param: string) => outcome(() => recordId(param)).status;

it("reads a record id from the URL, and anything that is no id a database can hold as not found", () => {
  expect(recordId("42")).toBe(42);
  for (const junk of ["0", "-1", "1.5", "abc", "%00", "99999999999999999999", "1e3x"]) {
    expect(statusOf(junk), junk).toBe(404);
  }
});

it("shows a backend refusal of a loader's call with its status and message key", () => {
  for (const [status, key] of [
    [403, "forbidden"],
    [404, "not-found"],
    [409, "conflict"],
    [429, "too-many-attempts"],
  ] as const) {
    expect(outcome(() => asRouteError(new ActionFailure(status, key)))).toEqual({ status, message: key });
  }
});

it("shows a payload the backend refuses for a loader (a key from the URL no record can have) as not found", () => {
  expect(outcome(() => asRouteError(new ActionFailure(400, "invalid-payload")))).toEqual({
    status: 404,
    message: "not-found",
  });
});
