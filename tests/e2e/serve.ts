// Serves the e2e Worker on one workerd through Miniflare, with the bindings, assets and persisted state that
// `wrangler dev` would give it. `wrangler dev` puts a proxy Worker in front whose pooled connection to the user
// Worker races kj's 5 s keep-alive timeouts: a form post now and then came back as 503 "Your worker restarted
// mid-request" though nothing restarted (cloudflare/workers-sdk#14641). Without that hop the race is gone.
// Usage: tsx tests/e2e/serve.ts <bundled worker.js> <persist dir> <port> [NAME=value ...]
import { Log, LogLevel, Miniflare } from "miniflare";
import path from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const [scriptPath, persistTo, port, ...vars] = process.argv.slice(2);
const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");

const server = new Miniflare({
  ...workerOptions,
  name: "merchant-back-office",
  // One module, as wrangler bundles it; listed so Miniflare does not try to follow its dynamic imports.
  modules: [{ type: "ESModule", path: path.resolve(scriptPath) }],
  modulesRoot: path.dirname(path.resolve(scriptPath)),
  bindings: {
    ...workerOptions.bindings,
    ...Object.fromEntries(vars.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
  },
  // The layout `wrangler d1 migrations apply --persist-to` and `npm run db:seed` write to.
  defaultPersistRoot: path.join(persistTo, "v3"),
  host: "127.0.0.1",
  port: Number(port),
  log: new Log(LogLevel.WARN),
});

await server.ready;
const stop = () => void server.dispose().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
