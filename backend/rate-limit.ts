import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { withValue } from "../contract/messages";
import type { Db } from "./db/client";
import { rateLimitHits } from "./db/schema";
import { ActionError } from "./errors";
import type { PublicClient } from "./registry";
import { errorText } from "./unique";

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

/**
 * The buckets of a store website's request (`kind`: online_order, enquiry…): the store's, and the store's
 * for the client's address when it is known. A request with the store's website key counts in a store
 * bucket of its own (`website`), so a flood sent straight to the endpoint, without the key, cannot fill
 * the one the store's website uses; its client is the visitor whose address the website forwarded.
 */
export function publicRequestBuckets(
  kind: string,
  applicationKey: string,
  { clientAddress, websiteKeyed }: PublicClient,
  limits: { perStore: number; perClient: number },
): RateLimitBucket[] {
  return [
    { bucket: `${kind}:${websiteKeyed ? "website" : "store"}:${applicationKey}`, limit: limits.perStore },
    ...(clientAddress
      ? [{ bucket: `${kind}:client:${applicationKey}:${clientAddress}`, limit: limits.perClient }]
      : []),
  ];
}

/**
 * A hit for each bucket, to run in the batch that does the request's write (or alone when the request is
 * refused), so a website's request costs two round trips like any other. A full bucket makes the hit's
 * time NULL, which NOT NULL refuses, aborting the batch: batches run one at a time, so racing requests
 * cannot overfill it. Catch the batch's error with `isRateLimitRefusal`.
 */
export function rateLimitHitStatements(db: Db, buckets: RateLimitBucket[], now: Date) {
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString();
  return buckets.map(({ bucket, limit }) => {
    const hits = db
      .select({ hits: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
    return db
      .insert(rateLimitHits)
      .values({ bucket, createdAt: sql`case when (${hits}) < ${limit} then ${now.toISOString()} end` });
  });
}

export const isRateLimitRefusal = (error: unknown) =>
  /NOT NULL constraint failed: rate_limit_hit\.created_at/.test(errorText(error));

export const rateLimitedError = () =>
  new ActionError(429, withValue("try-again-after-minutes", RATE_LIMIT_WINDOW_MS / 60_000));

/** Writes the hits in a batch of their own, 429 when a bucket is full: for a refused request or a read. */
export async function countHits(db: Db, hits: ReturnType<typeof rateLimitHitStatements>): Promise<void> {
  if (hits.length === 0) return;
  await db.batch(hits as [(typeof hits)[number], ...typeof hits]).catch((hitError: unknown) => {
    throw isRateLimitRefusal(hitError) ? rateLimitedError() : hitError;
  });
}

/**
 * A read, for an action's reads, of how many hits each bucket has in the window: with `isAnyFull` it refuses
 * a request before costly work (a file stored in R2); its hits still go in its write batch, which holds the
 * limit under concurrency.
 */
export function bucketHitsRead(db: Db, buckets: RateLimitBucket[], now: Date) {
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString();
  return db
    .select({ bucket: rateLimitHits.bucket, hits: count() })
    .from(rateLimitHits)
    .where(
      and(
        inArray(
          rateLimitHits.bucket,
          buckets.map(({ bucket }) => bucket),
        ),
        gt(rateLimitHits.createdAt, since),
      ),
    )
    .groupBy(rateLimitHits.bucket);
}

export const isAnyFull = (buckets: RateLimitBucket[], counted: { bucket: string; hits: number }[]) =>
  counted.some(({ bucket, hits }) => hits >= (buckets.find((wanted) => wanted.bucket === bucket)?.limit ?? Infinity));

/** A website's refused request still counts against the limits: its hits are written, then the refusal thrown. */
export async function refuseCountedAgainst(
  db: Db,
  hits: ReturnType<typeof rateLimitHitStatements>,
  error: unknown,
): Promise<never> {
  if (error instanceof ActionError) await countHits(db, hits);
  throw error;
}

/** Part of the daily job: hits older than the window count for nothing. */
export async function deleteExpiredRateLimitHits(db: Db, now: Date) {
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString();
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, since));
}
