import http from "node:http";
import { fileURLToPath } from "node:url";
import { defineWorkersConfig, readD1Migrations } from "@cloudflare/vitest-pool-workers/config";
import { DurationSequencer } from "./tests/integration/duration-sequencer";
import { fakePushService } from "./tests/integration/fake-push-service";

// Between tests the pool asks Miniflare's loopback server (Node) to save or restore the isolated storage, over a
// connection workerd keeps from the last time. Node closes a connection idle for 5 s (keepAliveTimeout); after a test
// longer than that, workerd could send on the closed one and fail with "Network connection lost". Keep them open.
const createServer = http.createServer;
http.createServer = ((...args: Parameters<typeof createServer>) =>
  Object.assign(createServer(...args), { keepAliveTimeout: 0 })) as typeof createServer;

/** Integration tests run inside workerd with real (isolated, in-memory) D1 and R2. */
export default defineWorkersConfig(async () => ({
  // The app's own alias (tsconfig paths); #contract/* resolves through package.json "imports".
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/integration/**/*.test.ts", "modules/**/*integration.test.ts"],
    // A password check costs ~300 ms of CPU; tests that sign in several times need headroom on a busy machine.
    testTimeout: 20_000,
    setupFiles: ["./tests/integration/apply-migrations.ts"],
    // scripts/test-integration.sh's two shards, split by each file's time in tests/integration/durations.json.
    sequence: { sequencer: DurationSequencer },
    // Remix's server runtime is CommonJS inside; pre-bundled, workerd can load it.
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
    poolOptions: {
      workers: {
        main: "./backend/worker.ts",
        isolatedStorage: true,
        singleWorker: true,
        // wrangler.toml's compatibility date, bindings and variables, as deployed.
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Every fetch the Worker makes to the outside: only the fake push service answers.
          outboundService: fakePushService,
          // A database of its own for tests of a migration over data written before it (wrangler.toml's DB stays).
          d1Databases: { MIGRATION_DB: { id: "migration-tests" } },
          bindings: {
            APP_URL: "http://localhost:8787",
            TWO_STEP_KEY: "integration-only-two-step-key",
            SESSION_SECRET: "integration-only-session-secret",
            // A VAPID pair for tests only; messages stay in push_outbox unless a test turns PUSH_DELIVERY on.
            VAPID_PUBLIC_KEY: "BFHo58ZWK1Oz7V2PkYhwGQ5iVfEvglNxscNDdqTSKF51xwu1crFUIJM9bLeWLZ-2Ol6HMJgcuhozDrOeOdgJH4w",
            VAPID_PRIVATE_KEY: "Y1tuEzGNNcXZMec_eJaK7JI45EQZwG_0zYOJBTANX3s",
            VAPID_SUBJECT: "mailto:push@example.com",
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            // The seed of the tests' random choices, to replay a failure (tests/integration/registry.test.ts).
            TEST_SEED: process.env.TEST_SEED ?? "",
            // Where the tests' stores live: scripts/test-integration.sh gives each half of the suite its own shard.
            TEST_STORE_SHARD: process.env.TEST_STORE_SHARD ?? "SHARD_1",
          },
        },
      },
    },
  },
}));
