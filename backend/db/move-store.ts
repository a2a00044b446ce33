import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { BackendEnv } from "../env";
import { createDb } from "./client";
import { CONTROL, d1Of, DIRECTORY_TRUST_MS, everyDatabase, forgetPlacement } from "./databases";
import { prepareIdRange } from "./id-ranges";
import { idRanges, storeDirectory, storeMoves } from "./schema";
import { statementsOf, storeRows, type StoreRows } from "./store-rows";

/** Rows read from a database at a time. */
const PAGE_ROWS = 500;
/** What one insert's JSON of rows may weigh, below D1's 100 KB a statement. */
const INSERT_BYTES = 90_000;
/**
 * How long a run holds a move without renewing it (every save of its progress renews it); another run is refused
 * until then, and takes the move over after it (the holder was interrupted).
 */
export const MOVE_LEASE_MS = 5 * 60_000;

export interface MoveOptions {
  now?: () => Date;
  /** Waits this many milliseconds (tests pass one that returns at once). */
  wait?: (ms: number) => Promise<void>;
  /** Stops after this many steps, as an interrupted move would (tests). */
  steps?: number;
  /** Told each step as it is done. */
  report?: (message: string) => void;
}

type Move = typeof storeMoves.$inferSelect;

export class MoveRefused extends Error {}

/**
 * Moves a store to another shard (docs/moving-a-store.md): read-only, copied, verified, switched, the old copy deleted.
 * Each step is saved in the control database's `store_move`, so running it again after an interruption goes on
 * from there; the answer is the phase the move stands at (`done`, or where `steps` stopped it).
 */
export async function moveStore(
  env: BackendEnv,
  applicationKey: string,
  target: string,
  {
    now = () => new Date(),
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    steps = Infinity,
    report = () => {},
  }: MoveOptions = {},
): Promise<Move["phase"]> {
  const control = createDb(d1Of(env, CONTROL));
  if (!everyDatabase(env).includes(target)) throw new MoveRefused(`${target} is no database of this Worker`);
  const lease = { owner: crypto.randomUUID(), until: () => new Date(now().getTime() + MOVE_LEASE_MS).toISOString() };
  let move = await startedMove(env, applicationKey, target, now, lease);
  const units = storeRows();
  const held = and(eq(storeMoves.applicationKey, applicationKey), eq(storeMoves.leaseOwner, lease.owner));
  /** Saves the move's progress and renews the lease, only while this run still holds it. */
  const save = async (changes: Partial<Move>) => {
    const [saved] = await control
      .update(storeMoves)
      .set({ ...changes, leaseUntil: lease.until() })
      .where(held)
      .returning();
    if (!saved) throw new MoveRefused(`${applicationKey}: this run's lease ran out and another run took the move over`);
    move = saved;
  };
  const source = d1Of(env, move.fromShard);
  const destination = d1Of(env, move.toShard);
  try {
    await markMoving(move, source, destination);
    for (let step = 0; step < steps && move.phase !== "done"; step++) await takeStep();
  } finally {
    await control.update(storeMoves).set({ leaseOwner: null, leaseUntil: null }).where(held);
  }
  return move.phase;

  async function takeStep() {
    if (move.phase === "copy") {
      // After a wait, the lease is renewed (or found taken over) before anything is written.
      if (await waitUntil(Date.parse(move.markedAt) + DIRECTORY_TRUST_MS, now, wait)) await save({});
      const unit = units[move.tableIndex];
      if (!unit) {
        await save({ phase: "verify", tableIndex: 0, rowsDone: 0 });
        return;
      }
      // A table a step, page by page, its place saved after each page.
      let copied = unit.derived ? 0 : await copyPage(source, destination, unit, applicationKey, move.rowsDone);
      while (copied === PAGE_ROWS && !unit.selfReferencing) {
        await save({ rowsDone: move.rowsDone + copied });
        copied = await copyPage(source, destination, unit, applicationKey, move.rowsDone);
      }
      report(`copied ${move.rowsDone + copied} rows of ${unit.table}`);
      await save({ tableIndex: move.tableIndex + 1, rowsDone: 0 });
    } else if (move.phase === "verify") {
      const differing = await differingTables(source, destination, units, applicationKey);
      if (differing.length > 0) {
        // Something changed the store on the old shard while it was copied: the copy starts again from nothing.
        await save({});
        await deleteRows(destination, units, applicationKey);
        await save({ phase: "copy", tableIndex: 0, rowsDone: 0 });
        throw new MoveRefused(
          `${applicationKey}: ${differing.join(", ")} differ on ${move.toShard}; its copy there was deleted: run the move again`,
        );
      }
      report(`verified ${units.length} tables`);
      await save({ phase: "switch" });
    } else if (move.phase === "switch") {
      await save({});
      await switchTo(env, move, now);
      forgetPlacement(applicationKey);
      await save({});
      report(`${applicationKey} now lives on ${move.toShard}`);
    } else if (move.phase === "delete") {
      if (await waitUntil(Date.parse(move.switchedAt!) + DIRECTORY_TRUST_MS, now, wait)) await save({});
      const unit = [...units].reverse().filter((rows) => !rows.shared)[move.tableIndex];
      if (!unit) {
        await source.batch([
          source.prepare("DELETE FROM store_copy WHERE application_key = ?1").bind(applicationKey),
          source.prepare("DELETE FROM store_moving WHERE application_key = ?1").bind(applicationKey),
        ]);
        await save({ phase: "done" });
        report(`deleted ${applicationKey} from ${move.fromShard}`);
        return;
      }
      while ((await deletePage(source, unit, applicationKey)) === PAGE_ROWS);
      await save({ tableIndex: move.tableIndex + 1 });
    }
  }
}

/**
 * The store's move as saved, or a new one (the store marked read-only: its directory row's `moving_to`), held by this
 * run's lease. Another run holding it, or starting it at the same time, refuses this one.
 */
async function startedMove(
  env: BackendEnv,
  applicationKey: string,
  target: string,
  now: () => Date,
  lease: { owner: string; until: () => string },
): Promise<Move> {
  const control = createDb(d1Of(env, CONTROL));
  const refused = async () => {
    const [holder] = await control.select().from(storeMoves).where(eq(storeMoves.applicationKey, applicationKey));
    return new MoveRefused(
      `${applicationKey} is being moved by another run${holder?.leaseUntil ? ` (its lease lasts until ${holder.leaseUntil})` : ""}: let it finish, or run this again after its lease ends`,
    );
  };
  const [saved] = await control.select().from(storeMoves).where(eq(storeMoves.applicationKey, applicationKey));
  if (saved && saved.phase !== "done") {
    if (saved.toShard !== target) {
      throw new MoveRefused(`${applicationKey} is already moving to ${saved.toShard}: run that move to its end first`);
    }
    // The lease, taken only when nobody holds it or its holder's has run out.
    const [taken] = await control
      .update(storeMoves)
      .set({ leaseOwner: lease.owner, leaseUntil: lease.until() })
      .where(
        and(
          eq(storeMoves.applicationKey, applicationKey),
          ne(storeMoves.phase, "done"),
          or(isNull(storeMoves.leaseUntil), lte(storeMoves.leaseUntil, now().toISOString())),
        ),
      )
      .returning();
    if (!taken) throw await refused();
    return taken;
  }
  const [placed] = await control.select().from(storeDirectory).where(eq(storeDirectory.applicationKey, applicationKey));
  if (!placed) throw new MoveRefused(`the store directory knows no ${applicationKey}`);
  if (placed.shard === target) throw new MoveRefused(`${applicationKey} already lives on ${target}`);
  const markedAt = now().toISOString();
  const leaseUntil = lease.until();
  // Saved only where the directory still names the shard read and this move's target (not one that another run
  // started, or finished, meanwhile), and over no move still under way.
  const [, [move]] = await control.batch([
    control
      .update(storeDirectory)
      .set({ movingTo: target })
      .where(
        and(
          eq(storeDirectory.applicationKey, applicationKey),
          eq(storeDirectory.shard, placed.shard),
          isNull(storeDirectory.movingTo),
        ),
      ),
    control
      .insert(storeMoves)
      .select(
        control
          .select({
            applicationKey: storeDirectory.applicationKey,
            fromShard: storeDirectory.shard,
            toShard: sql`${target}`.as("to_shard"),
            phase: sql`'copy'`.as("phase"),
            tableIndex: sql`0`.as("table_index"),
            rowsDone: sql`0`.as("rows_done"),
            idRange: sql`null`.as("id_range"),
            markedAt: sql`${markedAt}`.as("marked_at"),
            switchedAt: sql`null`.as("switched_at"),
            leaseOwner: sql`${lease.owner}`.as("lease_owner"),
            leaseUntil: sql`${leaseUntil}`.as("lease_until"),
          })
          .from(storeDirectory)
          .where(
            and(
              eq(storeDirectory.applicationKey, applicationKey),
              eq(storeDirectory.shard, placed.shard),
              eq(storeDirectory.movingTo, target),
            ),
          ),
      )
      .onConflictDoUpdate({
        target: storeMoves.applicationKey,
        set: {
          fromShard: placed.shard,
          toShard: target,
          phase: "copy",
          tableIndex: 0,
          rowsDone: 0,
          idRange: null,
          markedAt,
          switchedAt: null,
          leaseOwner: lease.owner,
          leaseUntil,
        },
        setWhere: eq(storeMoves.phase, "done"),
      })
      .returning(),
  ]);
  if (!move) throw await refused();
  return move;
}

/**
 * Marks the store on the databases the move reads and writes its rows in (`store_moving`), so the scheduled jobs
 * leave its rows there alone: the source until its old copy is deleted, the target until the switch. Again on every
 * run, as an interruption may have come between the directory's mark and these.
 */
async function markMoving(move: Move, source: D1Database, destination: D1Database) {
  if (move.phase === "done") return;
  const mark = (d1: D1Database) =>
    d1.prepare("INSERT OR IGNORE INTO store_moving (application_key) VALUES (?1)").bind(move.applicationKey).run();
  await mark(source);
  if (move.phase !== "delete") await mark(destination);
}

/** Waits until `time`; whether it had to. */
async function waitUntil(time: number, now: () => Date, wait: (ms: number) => Promise<void>) {
  const left = time - now().getTime();
  if (left <= 0) return false;
  await wait(left);
  return true;
}

const guarded = (d1: D1Database, applicationKey: string) =>
  d1.prepare("INSERT OR IGNORE INTO store_copy (application_key) VALUES (?1)").bind(applicationKey);

/** Copies a page of a kind of rows (all of them for a table that refers to itself) in one batch; how many it read. */
async function copyPage(
  source: D1Database,
  target: D1Database,
  unit: StoreRows,
  applicationKey: string,
  after: number,
) {
  const statements = statementsOf(unit);
  const limit = unit.selfReferencing ? -1 : PAGE_ROWS;
  const { results } = await source.prepare(statements.page).bind(applicationKey, limit, after).all();
  if (results.length === 0) return 0;
  const inserts: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (chunk.length > 0) inserts.push(target.prepare(statements.insert).bind(`[${chunk.join(",")}]`));
    chunk = [];
    bytes = 0;
  };
  for (const row of results) {
    const json = JSON.stringify(row);
    if (bytes + json.length > INSERT_BYTES) flush();
    chunk.push(json);
    bytes += json.length + 1;
  }
  flush();
  // The guard first, so the target's triggers neither refuse nor derive the copied rows (migration 0076).
  await target.batch([guarded(target, applicationKey), target.prepare("PRAGMA defer_foreign_keys = on"), ...inserts]);
  return results.length;
}

/** The kinds of rows whose count or checksum differ between the two databases. */
async function differingTables(source: D1Database, target: D1Database, units: StoreRows[], applicationKey: string) {
  const differing: string[] = [];
  for (const unit of units) {
    const [before, after] = await Promise.all([
      checksumOf(source, unit, applicationKey),
      checksumOf(target, unit, applicationKey),
    ]);
    if (before.rows !== after.rows || before.sum !== after.sum) differing.push(unit.table);
  }
  return differing;
}

/**
 * How many of the store's rows of a kind a database holds, and a SHA-256 over all of them in order (each page's JSON
 * hashed onto the one before), the same on both databases when the rows are.
 */
export async function checksumOf(d1: D1Database, unit: StoreRows, applicationKey: string) {
  const { page } = statementsOf(unit);
  let sum = new Uint8Array(32);
  let rows = 0;
  for (;;) {
    const results = await d1.prepare(page).bind(applicationKey, PAGE_ROWS, rows).raw();
    if (results.length === 0) break;
    const bytes = new TextEncoder().encode(JSON.stringify(results));
    sum = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array([...sum, ...bytes])));
    rows += results.length;
    if (results.length < PAGE_ROWS) break;
  }
  return { rows, sum: [...sum].map((byte) => byte.toString(16).padStart(2, "0")).join("") };
}

/** Deletes up to a page of a kind of the store's rows, its triggers skipped; how many went. */
async function deletePage(d1: D1Database, unit: StoreRows, applicationKey: string) {
  const [, deleted] = await d1.batch([
    guarded(d1, applicationKey),
    d1.prepare(statementsOf(unit).delete).bind(applicationKey, PAGE_ROWS),
  ]);
  return deleted.meta.changes;
}

/** Deletes every row of the store from a database (shared rows stay), children first. */
async function deleteRows(d1: D1Database, units: StoreRows[], applicationKey: string) {
  for (const unit of [...units].reverse().filter((rows) => !rows.shared)) {
    while ((await deletePage(d1, unit, applicationKey)) === PAGE_ROWS);
  }
  await d1.prepare("DELETE FROM store_copy WHERE application_key = ?1").bind(applicationKey).run();
}

/**
 * The switch: the target continues its ids from a fresh range (the copied rows may carry ids above its own), its
 * triggers take the store's rows again, and the directory names it, which makes the store writable there.
 */
async function switchTo(env: BackendEnv, move: Move, now: () => Date) {
  const control = createDb(d1Of(env, CONTROL));
  let range = move.idRange;
  if (range === null) {
    const [, [saved]] = await control.batch([
      control
        .update(storeMoves)
        .set({ idRange: sql`(SELECT ${idRanges.next} FROM ${idRanges} WHERE ${idRanges.id} = 1)` })
        .where(eq(storeMoves.applicationKey, move.applicationKey)),
      control
        .update(idRanges)
        .set({ next: sql`${idRanges.next} + 1` })
        .where(eq(idRanges.id, 1))
        .returning(),
    ]);
    range = saved.next - 1;
  }
  const target = d1Of(env, move.toShard);
  await target.batch([
    ...prepareIdRange(range)
      .split("\n")
      .map((statement) => target.prepare(statement)),
    target.prepare("DELETE FROM store_copy WHERE application_key = ?1").bind(move.applicationKey),
    target.prepare("DELETE FROM store_moving WHERE application_key = ?1").bind(move.applicationKey),
  ]);
  await control.batch([
    control
      .update(storeDirectory)
      .set({ shard: move.toShard, movingTo: null })
      .where(eq(storeDirectory.applicationKey, move.applicationKey)),
    control
      .update(storeMoves)
      .set({ phase: "delete", tableIndex: 0, rowsDone: 0, switchedAt: now().toISOString() })
      .where(eq(storeMoves.applicationKey, move.applicationKey)),
  ]);
}
