declare module "cloudflare:test" {
  interface ProvidedEnv {
    DB: D1Database;
    UPLOADS: R2Bucket;
    APP_URL: string;
    TWO_STEP_KEY: string;
    SESSION_SECRET: string;
    VAPID_PUBLIC_KEY: string;
    VAPID_PRIVATE_KEY: string;
    VAPID_SUBJECT: string;
    TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers/config").D1Migration[];
  }
}
