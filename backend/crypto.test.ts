import { expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, randomToken, sha256Hex, verifyPassword } from "./crypto";

it("hashes with argon2id, storing its parameters, and verifies only the right password", () => {
  const hash = hashPassword("demo1234");
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(hashPassword("demo1234")).not.toBe(hash);
  expect(verifyPassword("demo1234", hash)).toBe(true);
  expect(verifyPassword("demo12345", hash)).toBe(false);
  expect(verifyPassword("demo1234", "not a hash")).toBe(false);
  expect(verifyPassword("anything", DUMMY_PASSWORD_HASH)).toBe(false);
});

it("makes distinct URL-safe tokens and stable SHA-256 digests", async () => {
  expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(randomToken()).not.toBe(randomToken());
  expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});
