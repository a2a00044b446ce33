declare module "cloudflare:test" {
  /** The Worker's Env (wrangler.toml's bindings and variables, the test secrets) and the migrations to apply. */
  interface ProvidedEnv extends Env {
    TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers/config").D1Migration[];
    /** An empty database for migration tests (modules/product/variants-migration.integration.test.ts). */
    MIGRATION_DB: D1Database;
    /** `TEST_SEED=<n>` replays the random choices of a run; empty, each run draws its own and prints it. */
    TEST_SEED: string;
    /** The shard the tests' stores are made on (tests/integration/wire.ts `db`): SHARD_1 or SHARD_2. */
    TEST_STORE_SHARD: string;
  }
}
