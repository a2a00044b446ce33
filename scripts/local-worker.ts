import { execFileSync, spawn, type StdioOptions } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { idRangeOf, prepareIdRange } from "../backend/db/id-ranges";

/** wrangler offline: no fetches to Cloudflare, no metrics. */
export const WRANGLER_ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/** Runs a set-up step to its end, its errors shown. */
export const runStep = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: WRANGLER_ENV });

/**
 * Serves a Worker entry on 127.0.0.1 with `wrangler dev`, as the end-to-end tests and the bench need it:
 * wrangler.toml's bindings and assets, the D1 and R2 state under `persistTo`, the secrets of
 * tests/local-secrets.env and `vars` over wrangler.toml's. Resolves once `/login` answers, to a function that
 * stops it; wrangler leads a process group of its own (setsid), so stopping the group stops workerd too.
 */
export async function serveWorker(
  entry: string,
  {
    port,
    persistTo,
    vars = {},
    stdio = "ignore",
  }: { port: number; persistTo: string; vars?: Record<string, string>; stdio?: StdioOptions },
): Promise<() => void> {
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      entry,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--env-file",
      "tests/local-secrets.env",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--show-interactive-dev-session=false",
      // wrangler's line per request costs its Node process as much CPU as a light page costs the Worker.
      "--log-level=error",
    ],
    { stdio, env: WRANGLER_ENV, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already stopped
    }
  };
  process.on("exit", stop);
  const url = `http://127.0.0.1:${port}/login`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(url).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) {
      stop();
      throw new Error(`${entry} did not answer at ${url} within a minute`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return stop;
}

/** Every D1 binding in wrangler.toml: the control database (DB), then the store shards. */
export const databaseBindings = () =>
  unstable_readConfig({ config: "wrangler.toml" }).d1_databases.map(
    (database: { binding: string }) => database.binding,
  );

/**
 * Applies the migrations to every database (`where`: `--local` with its state, or `--remote`), then refuses to go
 * on when one of them still lists a migration to apply: a shard behind fails here, not in a query. Each database's
 * tables, new ones too, then hand out ids from its own range (backend/db/id-ranges.ts).
 */
export function migrateEveryDatabase(where: string[]) {
  for (const binding of databaseBindings()) {
    runStep("npx", ["wrangler", "d1", "migrations", "apply", binding, ...where]);
    const pending = execFileSync("npx", ["wrangler", "d1", "migrations", "list", binding, ...where], {
      env: { ...WRANGLER_ENV, FORCE_COLOR: "0" },
      encoding: "utf8",
    });
    if (!pending.includes("No migrations to apply")) throw new Error(`${binding} is behind in migrations:\n${pending}`);
    runStep("npx", ["wrangler", "d1", "execute", binding, ...where, "--command", prepareIdRange(idRangeOf(binding))]);
  }
}
