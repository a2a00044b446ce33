import { hongKongDayStart } from "../contract/dates";
import { QUOTATION_LINK_DAYS } from "../modules/quotation/contract";

/**
 * The customer's link to a quotation: a stateless token, HMAC-SHA-256 over the store, the quotation, its
 * revision and the link's expiry, under the Worker's SESSION_SECRET (comma-separated: the first signs, all
 * verify). A token names one quotation of one store at one revision: it opens no other, and an edit that
 * makes a new revision ends it.
 */

export interface QuotationLink {
  applicationKey: string;
  id: number;
  revision: number;
  /** Seconds since the epoch. */
  expires: number;
}

const encoder = new TextEncoder();
const TOKEN = /^([\w-]+)\.(\d{1,15})\.(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/;

const secretsOf = (setting: string | undefined) =>
  (setting ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);

const keyOf = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

const signedPart = (link: QuotationLink) => `${link.applicationKey}.${link.id}.${link.revision}.${link.expires}`;

/** When a link made now expires: QUOTATION_LINK_DAYS from now, or the end of the last valid day, whichever first. */
export function linkExpiry(validUntil: string, now: Date): number {
  const lastMoment = Date.parse(hongKongDayStart(validUntil, 1));
  return Math.floor(Math.min(now.getTime() + QUOTATION_LINK_DAYS * 86_400_000, lastMoment) / 1000);
}

/** The token of a link, or null when the deployment has no SESSION_SECRET. */
export async function signQuotationLink(secretSetting: string | undefined, link: QuotationLink) {
  const [secret] = secretsOf(secretSetting);
  if (!secret) return null;
  const signature = await crypto.subtle.sign("HMAC", await keyOf(secret, "sign"), encoder.encode(signedPart(link)));
  return `${signedPart(link)}.${toBase64Url(signature)}`;
}

/** What a token names, when one of the secrets signed it and it has not expired; null otherwise. */
export async function readQuotationLink(
  secretSetting: string | undefined,
  token: string,
  now: Date,
): Promise<QuotationLink | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, applicationKey, id, revision, expires, signature] = match;
  const link = { applicationKey, id: Number(id), revision: Number(revision), expires: Number(expires) };
  if (link.expires * 1000 <= now.getTime()) return null;
  const data = encoder.encode(signedPart(link));
  const signatureBytes = fromBase64Url(signature);
  // 43 characters carry 258 bits for a 256-bit signature: the last one's two spare bits must be zero, or four
  // spellings of one token would all open it and a tampered link would still work.
  if (toBase64Url(signatureBytes.buffer) !== signature) return null;
  for (const secret of secretsOf(secretSetting)) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", await keyOf(secret, "verify"), signatureBytes, data)) return link;
  }
  return null;
}
