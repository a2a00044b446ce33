import { sql, type SQL } from "drizzle-orm";
import { LOG_DATA_TYPE_MODULES, type LOG_DATA_TYPES } from "../contract/options";
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

/** What people call a record, in Chinese and English (the same text twice for a record with one name). */
export type RecordName = { zhHk: string; en: string };

export const oneName = (name: string): RecordName => ({ zhHk: name, en: name });
export const namesOf = (row: { nameZhHk: string; nameEn: string }): RecordName => ({
  zhHk: row.nameZhHk,
  en: row.nameEn,
});

export interface Change {
  action: "add" | "edit" | "delete";
  dataType: (typeof LOG_DATA_TYPES)[number];
  /** The record's id; `last_insert_rowid()` for a row inserted just before in the same batch. */
  recordId: string | number | SQL;
  /** Shown in the log instead of the id, as the record was named at the time. */
  recordName: RecordName | null;
  applicationKey?: string | null;
  before: Values | null;
  after: Values | null;
  /** What changed, as field → [before, after], when only the database knows it (in the same batch). */
  changes?: SQL;
}

export type Logged = Omit<Change, "applicationKey">;

/** The log entry of an add; the record's id is that of the row the batch inserted just before, unless given. */
export const added = (
  dataType: Change["dataType"],
  recordName: RecordName | null,
  after: Values,
  recordId: Change["recordId"] = sql`last_insert_rowid()`,
): Logged => ({ action: "add", dataType, recordId, recordName, before: null, after });

/** The log entry of an edit: the fields before and after, of which the log keeps those that changed. */
export const edited = (
  dataType: Change["dataType"],
  recordId: Change["recordId"],
  recordName: RecordName | null,
  before: Values,
  after: Values,
): Logged => ({ action: "edit", dataType, recordId, recordName, before, after });

/** The log entry of a delete, with what it keeps of the deleted record. */
export const deleted = (
  dataType: Change["dataType"],
  recordId: Change["recordId"],
  recordName: RecordName | null,
  before: Values,
): Logged => ({ action: "delete", dataType, recordId, recordName, before, after: null });

/**
 * Who a log entry is by: a signed-in account, or a customer acting through their own link (a booking's), named by
 * the e-mail the record has (id 0).
 */
export type LogActor =
  Pick<Caller, "accountType" | "accountId" | "email"> | { accountType: "customer"; accountId: 0; email: string };

/** The log row for a write, to run in the same batch as the write itself. */
export function logChange(db: Db, caller: LogActor, now: Date, change: Change) {
  return db.insert(logs).values({
    applicationKey: change.applicationKey ?? null,
    actorType: caller.accountType,
    actorId: caller.accountId,
    actorEmail: caller.email,
    action: change.action,
    dataType: change.dataType,
    module: LOG_DATA_TYPE_MODULES[change.dataType],
    recordId: typeof change.recordId === "object" ? change.recordId : String(change.recordId),
    recordNameZhHk: change.recordName?.zhHk ?? null,
    recordNameEn: change.recordName?.en ?? null,
    changes: change.changes ?? changedFields(change.before, change.after),
    createdAt: now.toISOString(),
  });
}
