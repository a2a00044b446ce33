import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { demoDataSql } from "./demo-data";

/** `npm run db:seed [-- --persist-to DIR]`: demo data into the local D1 (idempotent; never remote). */
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/seed.sql", demoDataSql());
execFileSync(
  "npx",
  ["wrangler", "d1", "execute", "DB", "--local", "--file", ".wrangler/seed.sql", ...process.argv.slice(2)],
  { stdio: ["ignore", "ignore", "inherit"] },
);
