import { lt, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateLimitHits } from "./db/schema";

/** A bucket (e.g. `forget_password:email:<address>`) may count `limit` requests per window. */
export interface RateLimitBucket {
  bucket: string;
  limit: number;
}

export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts the request in every bucket, unless any of them is already full: true when counted.
 * One statement, so concurrent requests cannot both take a bucket's last place.
 */
export async function countWithinLimits(db: Db, buckets: RateLimitBucket[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString();
  const wanted = JSON.stringify(buckets);
  const counted = await db.all(sql`
    INSERT INTO rate_limit_hit (bucket, created_at)
    SELECT json_extract(value, '$.bucket'), ${now.toISOString()} FROM json_each(${wanted})
    WHERE NOT EXISTS (
      SELECT 1 FROM json_each(${wanted}) AS wanted
      WHERE (
        SELECT count(*) FROM rate_limit_hit
        WHERE bucket = json_extract(wanted.value, '$.bucket') AND created_at > ${since}
      ) >= json_extract(wanted.value, '$.limit')
    )
    RETURNING id`);
  return counted.length > 0;
}

/** Part of the daily job: hits older than the window count for nothing. */
export async function deleteExpiredRateLimitHits(db: Db, now: Date) {
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString();
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, since));
}
