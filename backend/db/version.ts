import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ActionError } from "../errors";
import { errorText } from "../unique";

/**
 * An edit's new `version`: one more when the row still has the version the form was loaded with, else
 * NULL, which the column's NOT NULL refuses. The refusal aborts the edit's whole batch (its links and
 * its log entry too), so of two edits from the same version exactly one is saved, whatever the timing.
 */
export const nextVersion = (column: SQLiteColumn, loaded: number) =>
  sql<number>`case when ${column} = ${loaded} then ${column} + 1 end`;

/** A batch refused by `nextVersion` becomes 409 edited-elsewhere; anything else is thrown on. */
export function rethrowStaleVersion(error: unknown): never {
  if (/NOT NULL constraint failed: \w+\.(\w+_)?version\b/.test(errorText(error))) {
    throw new ActionError(409, "edited-elsewhere");
  }
  throw error;
}
