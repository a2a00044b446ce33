import type { ActionName } from "../contract/actions";
import type { StoreScope } from "./db/scope";
import type { BaseContext } from "./registry";

/**
 * The store websites' public reads (banners, the menu, a custom page, the push key) are asked for on every
 * visit to every store, so the action endpoint answers them from the Workers cache of its data centre for
 * `seconds` (`defineAction(…, { cacheSeconds })`). A write that changes what one answers forgets it here at
 * once; other data centres keep their copy at most `seconds` longer.
 */
const CACHE_ORIGIN = "https://public-action-cache.invalid/";

/** The data centre's cache (the Workers type, which the DOM's CacheStorage hides). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The cache's key: the action and its parsed payload, its fields in name order. */
function cacheKey(name: ActionName, payload: object): string {
  const fields = Object.entries(payload).sort(([a], [b]) => a.localeCompare(b));
  return `${CACHE_ORIGIN}${name}?${new URLSearchParams({ payload: JSON.stringify(Object.fromEntries(fields)) })}`;
}

/** What the cache holds for this action and payload, or what `answer` gives, kept when it is a success. */
export async function cachedReply(
  name: ActionName,
  payload: object,
  seconds: number,
  answer: () => Promise<Response>,
  keep: (work: Promise<unknown>) => unknown,
): Promise<Response> {
  const key = cacheKey(name, payload);
  const cached = await edgeCache().match(key);
  if (cached)
    return new Response(cached.body, { status: cached.status, headers: { "Content-Type": "application/json" } });
  const reply = await answer();
  if (reply.status === 200) {
    const copy = new Response(reply.clone().body, {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${seconds}` },
    });
    await keep(edgeCache().put(key, copy));
  }
  return reply;
}

/** Forgets the cached answers to these reads, after a write changed them. */
export async function forgetCachedReplies(reads: { name: ActionName; payload: object }[]) {
  await Promise.all(reads.map(({ name, payload }) => edgeCache().delete(cacheKey(name, payload))));
}

/** Forgets a store's answer to a public read whose payload is only its store key, once the write's reply is sent. */
export const forgetStoreReply = (store: StoreScope, afterReply: BaseContext["afterReply"], name: ActionName) =>
  afterReply(() => forgetCachedReplies([{ name, payload: { application_key: store.applicationKey } }]));
