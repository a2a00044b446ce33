import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { E2E_PORT } from "../../playwright.config";

const STATE = "tests/e2e/.state";
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
 * Builds the app, checks that the built Worker deploys (a dry run: a broken deploy configuration fails the
 * tests), gives it a fresh local D1 with the demo data, and serves the e2e Worker (tests/e2e/worker.ts) with
 * `wrangler dev`, wrangler.toml's bindings and assets, and the secrets of tests/local-secrets.env.
 */
export default async function globalSetup() {
  rmSync(STATE, { recursive: true, force: true });
  run("npm", ["run", "build"]);
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", `${STATE}/deploy`]);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  run("npm", ["run", "db:seed", "--", "--persist-to", STATE]);

  // detached: wrangler leads a new process group (setsid), so stopping the group stops workerd too.
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "tests/e2e/worker.ts",
      "--port",
      String(E2E_PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      STATE,
      "--env-file",
      "tests/local-secrets.env",
      "--var",
      `APP_URL:http://127.0.0.1:${E2E_PORT}`,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
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
