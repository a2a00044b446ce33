declare module "cloudflare:test" {
  interface ProvidedEnv {
    DB: D1Database;
    UPLOADS: R2Bucket;
    APP_URL: string;
    TWO_STEP_KEY: string;
    TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers/config").D1Migration[];
  }
}
