import { execFileSync, spawn, type StdioOptions } from "node:child_process";

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
