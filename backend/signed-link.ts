/**
 * Links a customer opens without signing in (a quotation to answer, an amount to pay) carry their own proof:
 * the fields they name, joined by dots, then an HMAC-SHA-256 of those fields under the Worker's SESSION_SECRET
 * (comma-separated: the first signs, all verify). Nothing is stored, so a link ends only by its expiry or by
 * the record no longer matching what it names.
 */

const encoder = new TextEncoder();
const SIGNATURE = /^[\w-]{43}$/;

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

/** The token naming `fields` (none may contain a dot), or null when the deployment has no SESSION_SECRET. */
export async function signFields(secretSetting: string | undefined, fields: readonly (string | number)[]) {
  const [secret] = secretsOf(secretSetting);
  if (!secret) return null;
  const signed = fields.join(".");
  const signature = await crypto.subtle.sign("HMAC", await keyOf(secret, "sign"), encoder.encode(signed));
  return `${signed}.${toBase64Url(signature)}`;
}

/** The fields a token names when one of the secrets signed them; null for anything else. */
export async function verifiedFields(secretSetting: string | undefined, token: string): Promise<string[] | null> {
  const cut = token.lastIndexOf(".");
  if (cut < 1) return null;
  const signed = token.slice(0, cut);
  const signature = token.slice(cut + 1);
  if (!SIGNATURE.test(signature)) return null;
  const signatureBytes = fromBase64Url(signature);
  // 43 characters carry 258 bits for a 256-bit signature: the last one's two spare bits must be zero, or four
  // spellings of one token would all open it and a tampered link would still work.
  if (toBase64Url(signatureBytes.buffer) !== signature) return null;
  const data = encoder.encode(signed);
  for (const secret of secretsOf(secretSetting)) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", await keyOf(secret, "verify"), signatureBytes, data)) {
      return signed.split(".");
    }
  }
  return null;
}
