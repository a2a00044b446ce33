import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { issueBirthdayCoupons } from "../backend/birthday-coupons";
import { createDb } from "../backend/db/client";
import type { BackendEnv } from "../backend/env";
import { DEMO_IMAGES, demoDataSql, moduleDemoData, type DemoImageUrls } from "./demo-data";

/** `npm run db:seed [-- --persist-to DIR]`: demo data into the local D1 and R2 (idempotent; never remote). */
const persist = process.argv.slice(2);
const wrangler = (args: string[]) =>
  execFileSync("npx", ["wrangler", ...args, "--local", ...persist], { stdio: ["ignore", "ignore", "inherit"] });

// The catalogue's images go where uploads go: uploads/<application_key>/<content hash>.png.
const images = {} as DemoImageUrls;
const uploadRows: string[] = [];
for (const name of DEMO_IMAGES) {
  const file = `scripts/demo-images/${name}.png`;
  const bytes = readFileSync(file);
  const objectKey = `uploads/demo-shop/${createHash("sha256").update(bytes).digest("hex")}.png`;
  wrangler([
    "r2",
    "object",
    "put",
    `merchant-back-office-uploads/${objectKey}`,
    "--file",
    file,
    "--content-type",
    "image/png",
  ]);
  images[name] = `/${objectKey}`;
  uploadRows.push(
    `INSERT OR IGNORE INTO upload (application_key, object_key, content_type, size) VALUES ('demo-shop', '${objectKey}', 'image/png', ${bytes.length});`,
  );
}

// The platform's records (plans, stores, staff, members) and the images first, then each module's in turn.
const now = new Date();
mkdirSync(".wrangler", { recursive: true });
writeFileSync(
  ".wrangler/seed.sql",
  [
    demoDataSql(now),
    ...uploadRows,
    ...moduleDemoData.map((module) => module.sql({ now, images })),
    // The demo stores live in the control database (STORE_SHARDS = "DB").
    "INSERT OR IGNORE INTO store_directory (application_key, shard) SELECT application_key, 'DB' FROM store_account;",
    "INSERT OR IGNORE INTO account_directory (email, application_key) SELECT email, application_key FROM store_account UNION ALL SELECT email, application_key FROM store_staff;",
    "INSERT OR IGNORE INTO store_name_directory (store_name, application_key) SELECT store_name, application_key FROM store_account;",
    "INSERT OR IGNORE INTO sub_domain_directory (sub_domain, application_key) SELECT sub_domain, application_key FROM store_account WHERE sub_domain IS NOT NULL;",
  ].join("\n"),
);
wrangler(["d1", "execute", "DB", "--file", ".wrangler/seed.sql"]);

// This month's birthday coupons, as the daily job issues them (once: the job is idempotent).
const persistTo = persist[persist.indexOf("--persist-to") + 1];
const { env, dispose } = await getPlatformProxy<BackendEnv>({
  persist: { path: persist.includes("--persist-to") ? `${persistTo}/v3` : ".wrangler/state/v3" },
});
await issueBirthdayCoupons(createDb(env.DB), new Date());
await dispose();
