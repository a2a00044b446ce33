import { rmSync } from "node:fs";
import { E2E_PORT } from "../../playwright.config";
import { migrateEveryDatabase, runStep, serveWorker } from "../../scripts/local-worker";

const STATE = "tests/e2e/.state";

/**
 * Builds the app, checks that the built Worker deploys (a dry run: a broken deploy configuration fails the
 * tests), gives it a fresh local D1 with the demo data, and serves the e2e Worker (tests/e2e/worker.ts).
 */
export default async function globalSetup() {
  rmSync(STATE, { recursive: true, force: true });
  runStep("npm", ["run", "build"]);
  runStep("npx", ["wrangler", "deploy", "--dry-run", "--outdir", `${STATE}/deploy`]);
  migrateEveryDatabase(["--local", "--persist-to", STATE]);
  runStep("npm", ["run", "db:seed", "--", "--persist-to", STATE]);
  return serveWorker("tests/e2e/worker.ts", {
    port: E2E_PORT,
    persistTo: STATE,
    vars: { APP_URL: `http://127.0.0.1:${E2E_PORT}` },
  });
}
