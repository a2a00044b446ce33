import { and, asc, inArray, lt } from "drizzle-orm";
import { LOG_KEPT_DAYS } from "../modules/staff-log/options";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import { logs } from "./db/schema";

/** Rows per DELETE: each statement stays short, so writes of the stores are not held up behind it. */
export const PRUNE_CHUNK = 1000;
/** Chunks per run; a backlog beyond them (after an outage) is worked off over the following days. */
export const MAX_PRUNE_CHUNKS = 50;

/**
 * Part of the daily job: log entries older than LOG_KEPT_DAYS (every store's but a moving one's, and the
 * provider's) are deleted, oldest first along log_created_at_idx, in chunks. Answers how many rows went.
 */
export async function pruneOldLog(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LOG_KEPT_DAYS * 86_400_000).toISOString();
  let deleted = 0;
  for (let chunk = 0; chunk < MAX_PRUNE_CHUNKS; chunk++) {
    const oldest = db
      .select({ id: logs.id })
      .from(logs)
      .where(and(lt(logs.createdAt, before), notMoving(logs.applicationKey)))
      .orderBy(asc(logs.createdAt))
      .limit(PRUNE_CHUNK);
    const { meta } = await db.delete(logs).where(inArray(logs.id, oldest)).run();
    deleted += meta.changes;
    if (meta.changes < PRUNE_CHUNK) break;
  }
  return deleted;
}
