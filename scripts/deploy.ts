import { execFileSync } from "node:child_process";
import { migrateEveryDatabase } from "./local-worker";

/** `npm run deploy` (after the build): every database's migrations, each checked up to date, then the Worker. */
migrateEveryDatabase(["--remote"]);
execFileSync("npx", ["wrangler", "deploy"], { stdio: "inherit" });
