import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { E2E_PORT } from "../../playwright.config";

const STATE = "tests/e2e/.state";
const BUNDLE = `${STATE}/bundle`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`e2e server did not start at ${url}`);
}

/**
 * Builds the app, gives it a fresh local D1 with the demo data, and serves the e2e Worker (tests/e2e/serve.ts).
 */
export default async function globalSetup() {
  rmSync(STATE, { recursive: true, force: true });
  run("npm", ["run", "build"]);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  run("npm", ["run", "db:seed", "--", "--persist-to", STATE]);

  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", BUNDLE, "tests/e2e/worker.ts"]);

  // detached: the server leads a new process group (setsid), so stopping the group stops workerd too.
  const server = spawn(
    "npx",
    [
      "tsx",
      "tests/e2e/serve.ts",
      `${BUNDLE}/worker.js`,
      STATE,
      String(E2E_PORT),
      "SESSION_SECRET=e2e-only-secret",
      "TWO_STEP_KEY=e2e-only-two-step-key",
      "VAPID_PUBLIC_KEY=BFHo58ZWK1Oz7V2PkYhwGQ5iVfEvglNxscNDdqTSKF51xwu1crFUIJM9bLeWLZ-2Ol6HMJgcuhozDrOeOdgJH4w",
      "VAPID_PRIVATE_KEY=Y1tuEzGNNcXZMec_eJaK7JI45EQZwG_0zYOJBTANX3s",
      `APP_URL=http://127.0.0.1:${E2E_PORT}`,
    ],
    { stdio: "ignore", env, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  await waitForServer(`http://127.0.0.1:${E2E_PORT}/login`, 60_000);
  return stop;
}
