import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";

it("has a migration for every change to backend/db/schema.ts (run npm run db:generate)", () => {
  const out = mkdtempSync(join(tmpdir(), "migrations-"));
  cpSync("migrations", out, { recursive: true });
  const before = readdirSync(out).filter((file) => file.endsWith(".sql"));
  execFileSync("npx", ["drizzle-kit", "generate", "--name", "drift"], {
    env: { ...process.env, DRIZZLE_OUT: out },
    stdio: "pipe",
  });
  expect(readdirSync(out).filter((file) => file.endsWith(".sql"))).toEqual(before);
}, 60_000);
