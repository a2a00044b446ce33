import { and, eq } from "drizzle-orm";
import { randomToken, sha256Hex } from "./crypto";
import type { Db } from "./db/client";
import { websiteKeys } from "./db/schema";

/**
 * A store website's server calls the action endpoint as the store (docs/architecture.md, "What store
 * websites call"): it sends the store's website key and the address of the visitor it is calling for. The
 * forwarded address is trusted, for the per-visitor rate limits, only when the key is the payload's store's.
 */
export const WEBSITE_KEY_HEADER = "X-Website-Key";
export const VISITOR_ADDRESS_HEADER = "X-Visitor-Address";

/** 24 random bytes: 32 base64url characters, 192 bits. */
const KEY_BYTES = 24;
/** A longer header is no key of ours: it is ignored without hashing it. */
const KEY_MAX_LENGTH = 100;

/** A new website key and the hash stored for it (the key itself is shown once and never stored). */
export async function newWebsiteKey() {
  const key = randomToken(KEY_BYTES);
  return { key, hash: await sha256Hex(key) };
}

/** The stored form of a key: SHA-256, hex. A key of 192 random bits needs no salt nor slow hash. */
export const websiteKeyHash = (key: string) => sha256Hex(key);

/** What the log shows of a key: the first 8 hex digits of its hash, to tell keys apart. */
export const websiteKeyFingerprint = (hash: string) => hash.slice(0, 8);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARACTERS = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * A visitor's address as the rate limits key it: IPv4 in dotted decimal as given, IPv6 in its shortest
 * lowercase form (so one address has one bucket however it is written); null for anything else.
 */
export function visitorAddress(raw: string | null): string | null {
  const value = raw?.trim() ?? "";
  if (IPV4.test(value)) return value;
  if (!value.includes(":") || !IPV6_CHARACTERS.test(value)) return null;
  try {
    const host = new URL(`http://[${value}]/`).hostname;
    return host.slice(1, -1);
  } catch {
    return null;
  }
}

/** What a request claims with the website headers: the key's hash and the visitor's address; null without both. */
export interface WebsiteClaim {
  keyHash: string;
  visitorAddress: string;
}

export async function websiteClaimOf(request: Request): Promise<WebsiteClaim | null> {
  const key = request.headers.get(WEBSITE_KEY_HEADER);
  const address = visitorAddress(request.headers.get(VISITOR_ADDRESS_HEADER));
  if (!key || key.length > KEY_MAX_LENGTH || !address) return null;
  return { keyHash: await websiteKeyHash(key), visitorAddress: address };
}

/** A row when the claimed key is the store's current one: hash equality, in the request's first batch. */
export const websiteKeyMatchQuery = (db: Db, applicationKey: string, keyHash: string) =>
  db
    .select({ applicationKey: websiteKeys.applicationKey })
    .from(websiteKeys)
    .where(and(eq(websiteKeys.applicationKey, applicationKey), eq(websiteKeys.keyHash, keyHash)))
    .limit(1);
