import { getPlatformProxy } from "wrangler";
import { moveStore, MoveRefused } from "../backend/db/move-store";
import type { BackendEnv } from "../backend/env";

/**
 * `npm run move-store -- <application_key> <SHARD_x>`: moves a store to another shard in the local databases (the
 * state `npm start` serves), with the code the tests run (backend/db/move-store.ts). Run it again to go on after an
 * interruption. docs/moving-a-store.md says how it runs against the deployed databases.
 */
const [applicationKey, target] = process.argv.slice(2);
if (!applicationKey || !target) {
  console.error("usage: npm run move-store -- <application_key> <SHARD_x>");
  process.exit(2);
}
const platform = await getPlatformProxy<BackendEnv>({ configPath: "wrangler.toml", remoteBindings: false });
try {
  const phase = await moveStore(platform.env, applicationKey, target, { report: (message) => console.log(message) });
  console.log(phase === "done" ? `${applicationKey} moved to ${target}` : `stopped at ${phase}`);
} catch (error) {
  console.error(error instanceof MoveRefused ? error.message : error);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
