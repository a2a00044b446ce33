import type { SQL } from "drizzle-orm";
import type { Caller } from "./caller";
import type { Db } from "./db/client";
import { logs } from "./db/schema";

type Values = Record<string, unknown>;

const HIDDEN = "********";

/** The fields whose values differ, as field → [before, after]; secrets are masked. */
export function changedFields(before: Values | null, after: Values | null): Record<string, [unknown, unknown]> {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[field] = field.includes("password") ? [was === null ? null : HIDDEN, HIDDEN] : [was, now];
  }
  return changes;
}

export interface Change {
  action: "add" | "edit" | "delete";
  dataType: string;
  /** The record's id; `last_insert_rowid()` for a row inserted just before in the same batch. */
  recordId: string | number | SQL;
  applicationKey?: string | null;
  before: Values | null;
  after: Values | null;
}

/** The log row for a write, to run in the same batch as the write itself. */
export function logChange(db: Db, caller: Caller, now: Date, change: Change) {
  return db.insert(logs).values({
    applicationKey: change.applicationKey ?? null,
    actorType: caller.accountType,
    actorId: caller.accountId,
    actorEmail: caller.email,
    action: change.action,
    dataType: change.dataType,
    recordId: typeof change.recordId === "object" ? change.recordId : String(change.recordId),
    changes: changedFields(change.before, change.after),
    createdAt: now.toISOString(),
  });
}
