import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { issueBirthdayCoupons } from "../backend/birthday-coupons";
import { createDb } from "../backend/db/client";
import { CONTROL, d1Of, everyDatabase, storeShards } from "../backend/db/databases";
import { moveStore } from "../backend/db/move-store";
import type { BackendEnv } from "../backend/env";
import { DEMO_IMAGES, DEMO_STORES, demoDataSql, moduleDemoData, type DemoImageUrls } from "./demo-data";

/**
 * `npm run db:seed [-- --persist-to DIR]`: demo data into the local D1 and R2 (never remote), once per local state.
 * The demo stores are written to the control database, then moved to the store shards in turn with the mover
 * (backend/db/move-store.ts), so a fresh state has stores on every shard. Run again, it finishes a move left
 * unfinished and writes nothing else.
 */
const persist = process.argv.slice(2);
const wrangler = (args: string[]) =>
  execFileSync("npx", ["wrangler", ...args, "--local", ...persist], { stdio: ["ignore", "ignore", "inherit"] });
const persistTo = persist[persist.indexOf("--persist-to") + 1];
const platform = () =>
  getPlatformProxy<BackendEnv>({
    persist: { path: persist.includes("--persist-to") ? `${persistTo}/v3` : ".wrangler/state/v3" },
  });

const seeded = await platform().then(async ({ env, dispose }) => {
  const placed = await env.DB.prepare("SELECT 1 FROM store_directory WHERE application_key = ?1")
    .bind(DEMO_STORES[0])
    .first();
  await dispose();
  return placed !== null;
});
if (!seeded) writeDemoData();

function writeDemoData() {
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
      "INSERT OR IGNORE INTO store_directory (application_key, shard) SELECT application_key, 'DB' FROM store_account;",
      "INSERT OR IGNORE INTO account_directory (email, application_key) SELECT email, application_key FROM store_account UNION ALL SELECT email, application_key FROM store_staff;",
      "INSERT OR IGNORE INTO store_name_directory (store_name, application_key) SELECT store_name, application_key FROM store_account;",
      "INSERT OR IGNORE INTO sub_domain_directory (sub_domain, application_key) SELECT sub_domain, application_key FROM store_account WHERE sub_domain IS NOT NULL;",
    ].join("\n"),
  );
  wrangler(["d1", "execute", "DB", "--file", ".wrangler/seed.sql"]);
}

const { env, dispose } = await platform();
const shards = storeShards(env);
for (const [index, applicationKey] of DEMO_STORES.entries()) {
  const shard = shards[index % shards.length];
  const placed = await env.DB.prepare(
    "SELECT d.shard, m.phase FROM store_directory d LEFT JOIN store_move m USING (application_key) WHERE d.application_key = ?1",
  )
    .bind(applicationKey)
    .first<{ shard: string; phase: string | null }>();
  const unmoved = placed?.shard !== shard || (placed.phase !== null && placed.phase !== "done");
  // Nobody can be reading a store being seeded: the directory's trust time need not pass.
  if (shard !== CONTROL && unmoved) await moveStore(env, applicationKey, shard, { wait: async () => {} });
}
// This month's birthday coupons, as the daily job issues them.
for (const binding of everyDatabase(env)) await issueBirthdayCoupons(createDb(d1Of(env, binding)), new Date());
await dispose();
