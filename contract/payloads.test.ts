import { describe, expect, it } from "vitest";
import { examples, payloads } from "./actions";
import type { ExampleRecords } from "./examples";

/** Stand-ins for the records an example names: an id where a key ends so, else a code. */
const records = new Proxy({} as ExampleRecords, {
  get: (_, key) => (String(key).endsWith("id") ? 1 : "X1"),
});

/** Each field of a payload, and each field of its lists' first item, replaced by `value` in turn. */
function withEachField(payload: Record<string, unknown>, value: unknown): [string, Record<string, unknown>][] {
  return Object.entries(payload).flatMap(([name, field]) => {
    const nested =
      Array.isArray(field) && typeof field[0] === "object" && field[0] !== null
        ? Object.keys(field[0] as object).map((inner): [string, Record<string, unknown>] => [
            `${name}.0.${inner}`,
            { ...payload, [name]: [{ ...(field[0] as object), [inner]: value }, ...field.slice(1)] },
          ])
        : [];
    return [[name, { ...payload, [name]: value }] as [string, Record<string, unknown>], ...nested];
  });
}

// Field rules no longer abort (contract/field-rules.ts, whileValid), so an object's own checks run beside a
// blank or too-long field and read what was sent there: none may throw, or the endpoint would answer 500.
describe("every action's rules between fields survive any one field blank or too long", () => {
  for (const [name, example] of Object.entries(examples)) {
    it(name, () => {
      const schema = payloads[name as keyof typeof payloads];
      const payload = (example as (records: ExampleRecords) => Record<string, unknown>)(records);
      for (const value of ["", " ", "x".repeat(5_000), null]) {
        for (const [field, changed] of withEachField(payload, value)) {
          expect(() => schema.safeParse(changed), `${field} = ${JSON.stringify(value)?.slice(0, 12)}`).not.toThrow();
        }
      }
    });
  }
});
