import { eq, sql } from "drizzle-orm";
import type { BackendEnv } from "../env";
import { createDb, type Db } from "./client";
import { storeDirectory } from "./schema";

/**
 * The control database's binding: the store directory, provider staff, plans and the provider's own log. Each
 * store's own data lives on one shard, named in the directory (docs/scaling.md); a store placed on `DB` lives in
 * the control database itself, as every store did before shards.
 */
export const CONTROL = "DB";

/** A shard's binding: SHARD_1, SHARD_2, … in wrangler.toml. */
const SHARD_BINDING = /^SHARD_\d+$/;

/**
 * The bindings new stores are placed on: wrangler.toml's STORE_SHARDS. A shard left out of it still serves its
 * stores and takes none new (a full one); `DB` alone keeps every store in the control database.
 */
export function storeShards(env: Pick<BackendEnv, "STORE_SHARDS">): string[] {
  const shards = env.STORE_SHARDS.split(",")
    .map((binding) => binding.trim())
    .filter(Boolean);
  return shards.length > 0 ? shards : [CONTROL];
}

/** A D1 binding by name; a name wrangler.toml does not bind is a deployment error. */
export function d1Of(env: BackendEnv, binding: string): D1Database {
  const d1 = (env as unknown as Record<string, unknown>)[binding];
  if (typeof d1 !== "object" || d1 === null || !("withSession" in d1)) {
    throw new Error(`wrangler.toml binds no D1 database ${binding}`);
  }
  return d1 as D1Database;
}

/** Every database a job or a migration must visit: the control database, then every shard bound. */
export function everyDatabase(env: BackendEnv): string[] {
  const shards = Object.keys(env).filter((name) => SHARD_BINDING.test(name));
  return [CONTROL, ...shards.sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))];
}

/** A database a request works in, by binding; `movingTo` is set while its store moves to another shard. */
export interface StoreDatabase {
  binding: string;
  db: Db;
  movingTo: string | null;
}

export interface Placement {
  shard: string;
  /** Set while the store moves: its data is read-only until the directory names the new shard. */
  movingTo: string | null;
}

/**
 * How long an isolate trusts what it read in the directory. A move marks the store read-only, waits this long
 * before copying and again before deleting the old copy, so no isolate writes to a copy that is going away.
 */
export const DIRECTORY_TRUST_MS = 10_000;

const placements = new Map<string, Placement & { readAt: number }>();

/** Forgets what this isolate read of a store's placement (after a move, and in tests). */
export const forgetPlacement = (applicationKey: string) => placements.delete(applicationKey);

/** The directory's row for a store, to read in a batch with other control reads. */
export const placementQuery = (control: Db, applicationKey: string) =>
  control
    .select({ shard: storeDirectory.shard, movingTo: storeDirectory.movingTo })
    .from(storeDirectory)
    .where(eq(storeDirectory.applicationKey, applicationKey))
    .limit(1);

/**
 * Where a store lives, from this isolate's memory while it is fresh, else from the directory; null for a store
 * the directory does not know.
 */
export async function placementOf(control: Db, applicationKey: string, now = Date.now()): Promise<Placement | null> {
  const known = placements.get(applicationKey);
  if (known && now - known.readAt < DIRECTORY_TRUST_MS) return known;
  const [row] = await placementQuery(control, applicationKey);
  if (!row) return null;
  placements.set(applicationKey, { ...row, readAt: now });
  return row;
}

/** How much the stores on each shard weigh, to read in a batch before placing a new store (`leastFull`). */
export const shardWeightsQuery = (control: Db) =>
  control
    .select({ shard: storeDirectory.shard, weight: sql<number>`sum(${storeDirectory.weight})` })
    .from(storeDirectory)
    .groupBy(storeDirectory.shard);

/** The shard a new store goes to: of STORE_SHARDS, the one whose stores weigh least (the first on a tie). */
export function leastFull(env: BackendEnv, weights: { shard: string; weight: number }[]): string {
  const weightOf = (shard: string) => weights.find((row) => row.shard === shard)?.weight ?? 0;
  return storeShards(env).reduce((lightest, shard) => (weightOf(shard) < weightOf(lightest) ? shard : lightest));
}

/**
 * The databases one backend request uses, each opened once as a D1 session: a write starts on the primary, a read
 * from the bookmark the caller last wrote to that database (or anywhere), so every database keeps its own bookmark.
 */
export class RequestDatabases {
  private readonly sessions = new Map<string, D1DatabaseSession>();
  private readonly dbs = new Map<string, Db>();

  constructor(
    readonly env: BackendEnv,
    private readonly reads: boolean,
    private readonly bookmarks: ReadonlyMap<string, string>,
  ) {}

  db(binding: string): Db {
    let db = this.dbs.get(binding);
    if (!db) {
      const session = d1Of(this.env, binding).withSession(
        this.reads ? (this.bookmarks.get(binding) ?? "first-unconstrained") : "first-primary",
      );
      this.sessions.set(binding, session);
      db = createDb(session);
      this.dbs.set(binding, db);
    }
    return db;
  }

  get control(): Db {
    return this.db(CONTROL);
  }

  /** The database a store lives on (the first shard for a store the directory does not know: nothing is there). */
  async ofStore(applicationKey: string): Promise<StoreDatabase> {
    const placement = await placementOf(this.control, applicationKey);
    const binding = placement?.shard ?? storeShards(this.env)[0];
    return { binding, db: this.db(binding), movingTo: placement?.movingTo ?? null };
  }

  /** Every database's bookmark after this request's writes, beside the ones the caller sent for the others. */
  bookmarksAfter(): Map<string, string> {
    const after = new Map(this.bookmarks);
    for (const [binding, session] of this.sessions) {
      const bookmark = session.getBookmark();
      if (bookmark) after.set(binding, bookmark);
    }
    return after;
  }
}
