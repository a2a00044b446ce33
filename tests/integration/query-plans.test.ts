import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createActionClient, type ActionClient } from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { registry } from "../../backend/actions";
import { examples } from "../../contract/actions";
import { createProviderStaff } from "../helpers/factories";
import { newRecording, recordingEnv, type Statement } from "./recording-d1";
import { db, signIn, storeD1, storeWithRecords } from "./wire";

const plan = async ({ sql, params }: Statement) =>
  (
    await storeD1()
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>()
  ).results.map((row) => row.detail);

/**
 * A pass over a whole table. A store's read must never make one (it would cost every store's rows); the
 * provider's lists over all stores page through an index in their sort order, and may pass over the
 * provider's own small tables. A pass over a subquery's rows (a rank over grouped rows) reads what the
 * subquery found, so only passes over the database's tables count.
 */
const SCAN = /^SCAN (?!product_search VIRTUAL TABLE)(\S+)( USING (COVERING )?INDEX)?/;
const tables = async () =>
  new Set(
    (
      await storeD1().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
    ).results.map((row) => row.name),
  );
const PROVIDER_TABLES = new Set(["plan", "internal_account"]);

/**
 * A search that narrows only to the store though the statement names the rows by another id (an order's
 * lines, a session's bookings): it ranges over every row the store has, which at a large store is as slow
 * as a scan. SQLite, without statistics, picks such an index when the one by that id lacks the store's key.
 */
const STORE_WIDE = /^SEARCH (\S+) USING (?:COVERING )?INDEX \S+ \(application_key=\?\)$/;
const namesAnotherId = (sql: string, table: string) => new RegExp(`"${table}"\\."\\w+_id" (=|in) `).test(sql);

function isAllowedScan(permission: string, [, table, byIndex]: RegExpExecArray) {
  return permission === "console" && (PROVIDER_TABLES.has(table) || byIndex !== undefined);
}

/** Reads with an example: the caller's own second step has none (modules/two-step/integration.test.ts checks its plans). */
const reads = [...registry.keys()].filter(
  (name) => name.startsWith("get_") && name in examples,
) as (keyof typeof examples)[];

describe("every read the registry answers", () => {
  it("finds its rows through an index, never by scanning every store's rows or every row of its store", async () => {
    const records = await storeWithRecords();
    const staff = await createProviderStaff(db());
    const token = await signIn("embedded", staff.email, staff.password);
    const recording = newRecording();
    const recordedEnv = recordingEnv(env, recording);
    const client: ActionClient = createActionClient((request) => handleActionRequest(request, recordedEnv), token);

    const tableNames = await tables();
    const scans: Record<string, string[]> = {};
    const unseen: string[] = [];
    for (const name of reads) {
      recording.statements = [];
      await (client[name] as (payload: unknown) => Promise<unknown>)(examples[name](records));
      // The caller's own read comes first; an action that read nothing else was not seen.
      if (recording.statements.length < 2) unseen.push(name);
      for (const statement of recording.statements) {
        for (const detail of await plan(statement)) {
          const scan = SCAN.exec(detail);
          if (scan && tableNames.has(scan[1]) && !isAllowedScan(registry.get(name)!.permission, scan))
            (scans[name] ??= []).push(`${detail} in ${statement.sql}`);
          const storeWide = STORE_WIDE.exec(detail);
          if (storeWide && namesAnotherId(statement.sql, storeWide[1]))
            (scans[name] ??= []).push(`${detail} in ${statement.sql}`);
        }
      }
    }

    expect(reads.length).toBeGreaterThan(10);
    expect(unseen).toEqual([]);
    expect(scans).toEqual({});
  }, 60_000);
});
