import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { Secret, TOTP } from "otpauth";
import type { AccountType } from "../contract/actions";
import { TWO_STEP_ISSUER, type TwoStepEnrolment } from "../modules/two-step/contract";
import type { BackendEnv } from "./env";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a new code every 30 seconds. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after is still accepted: phone clocks drift. */
const WINDOW_STEPS = 1;

const encoder = new TextEncoder();
const RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

function totpOf(secret: string, email: string) {
  return new TOTP({
    issuer: TWO_STEP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export const enrolmentOf = (secret: string, email: string): TwoStepEnrolment => ({
  secret,
  uri: totpOf(secret, email).toString(),
});

/** The time step a 6-digit code belongs to (within the window), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, "").validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export const isRecoveryCode = (code: string) => /^[a-z2-7]{10}$/.test(code);

/** A recovery code as stored: SHA-256 in hex, synchronous because an action's reads are built before anything is awaited. */
export const recoveryCodeHash = (code: string) => bytesToHex(sha256(encoder.encode(code)));

/** New recovery codes, as shown (two groups of five), and their hashes as stored. */
export function newRecoveryCodes(count: number) {
  const codes = Array.from({ length: count }, () =>
    [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => RECOVERY_ALPHABET[byte & 31]).join(""),
  );
  return {
    shown: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`),
    hashes: codes.map(recoveryCodeHash),
  };
}

// ---------------------------------------------------------------------------------------------
// The secret at rest: AES-GCM under a key derived from TWO_STEP_KEY, bound to its account.

const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: encoder.encode("two-step secret") },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

function keySecrets(env: BackendEnv): string[] {
  const secrets = (env.TWO_STEP_KEY ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new Error("TWO_STEP_KEY is not set (wrangler secret put TWO_STEP_KEY)");
  return secrets;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
/** The ciphertext opens only for its own account: a row copied onto another account does not decrypt. */
const associated = (account: { type: AccountType; id: number }) => encoder.encode(`${account.type}:${account.id}`);

export async function encryptSecret(env: BackendEnv, account: { type: AccountType; id: number }, secret: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: associated(account) },
    await keyOf(keySecrets(env)[0]),
    encoder.encode(secret),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: BackendEnv, account: { type: AccountType; id: number }, stored: string) {
  const [iv, sealed] = stored.split(".").map(fromBase64);
  for (const secret of keySecrets(env)) {
    const opened = await crypto.subtle
      .decrypt({ name: "AES-GCM", iv, additionalData: associated(account) }, await keyOf(secret), sealed)
      .catch(() => null);
    if (opened) return new TextDecoder().decode(opened);
  }
  throw new Error("A two-step secret opens under none of TWO_STEP_KEY's keys");
}
