import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * Every flow runs twice: with JavaScript off in zh-HK, and with JavaScript on in English.
 * routes.spec.ts opens every route in all four combinations by itself (see there).
 */
const variants = [
  { name: "nojs-zh-HK", javaScriptEnabled: false, locale: "zh-HK" },
  { name: "js-en", javaScriptEnabled: true, locale: "en-US" },
];

/** The cross-cutting specs in tests/e2e/, and each module's own beside its code (modules/<module>/*e2e.spec.ts). */
const SPECS = /(tests\/e2e\/[^/]+\.spec|modules\/[^/]+\/[^/]*e2e\.spec)\.ts$/;
const ROUTE_SWEEP = /tests\/e2e\/routes\.spec\.ts$/;

export default defineConfig({
  testDir: ".",
  testMatch: SPECS,
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // A `test.only` left in a file fails the run on CI instead of quietly skipping every other test.
  forbidOnly: !!process.env.CI,
  workers: 2,
  // Guards against a hang, not measures (timings are `npm run bench`'s): on two cores shared by two browsers and
  // workerd, a flow of a dozen pages takes 20–30 s, and a form post beside the route-wide check's axe runs over 5 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failed test runs once more, recording its trace (test-results/, git-ignored; replay it with
  // `npx playwright show-trace <zip>`), and still fails the run: a trace recorded for every test cost about a
  // quarter of the e2e time (288 s against 208 s for the product and POS specs).
  retries: 1,
  failOnFlakyTests: true,
  reporter: [["list"], ["./tests/e2e/time-reporter.ts"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromium,
    trace: "on-first-retry",
  },
  projects: [
    ...variants.map(({ name, ...use }) => ({ name, use, testIgnore: ROUTE_SWEEP })),
    { name: "routes", testMatch: ROUTE_SWEEP },
  ],
});
