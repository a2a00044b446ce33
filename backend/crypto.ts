import { argon2id } from "@noble/hashes/argon2.js";

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** A random URL-safe secret (session tokens, reset tokens). */
export function randomToken(bytes = 32): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** Random lowercase hex, e.g. for application keys. */
export function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// OWASP's argon2id baseline. Pure JS (@noble/hashes) because workerd refuses to compile Wasm at run time.
const PARAMS = { m: 19456, t: 2, p: 1 };

/** Hash in PHC string form, parameters stored with the hash. */
export function hashPassword(password: string): string {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = argon2id(encoder.encode(password), salt, { ...PARAMS, dkLen: 32 });
  return `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$${toBase64(salt)}$${toBase64(hash)}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expectedHash] = match;
  const expected = fromBase64(expectedHash);
  const actual = argon2id(encoder.encode(password), fromBase64(salt), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: expected.length,
  });
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= expected[index] ^ actual[index];
  return difference === 0;
}

/** Verifying against this keeps unknown e-mails as slow as wrong passwords; nothing matches it. */
export const DUMMY_PASSWORD_HASH = `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$${"A".repeat(22)}$${"A".repeat(43)}`;
