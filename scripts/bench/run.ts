import { execFileSync, spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { hashPassword } from "../../backend/crypto";

/**
 * `npm run bench`: the product list page on local workerd with 1,000 and 100,000 products in a
 * store, against the same Worker's trivial route, and a burst of 50 sign-ins. Loopback only; every
 * loop is bounded.
 */
const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = ".wrangler/bench-state";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = 4;
const PASSWORD = "bench-pass-1";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
/** Product searches: many matches, few matches in the middle of names, and too short for trigrams. */
const SEARCHES = [
  ["searched (Product 9)", "Product 9"],
  ["searched mid-name (4242)", "4242"],
  ["searched 2 characters (77)", "77"],
] as const;
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });

function storeSql(key: string, products: number) {
  const hash = hashPassword(PASSWORD).replace(/'/g, "''");
  return `
INSERT OR IGNORE INTO store_account (application_key, store_name, email, password_hash, cms_side_menu, accept_language, accept_currency)
  VALUES ('${key}', 'Bench ${key}', '${key}@bench.test', '${hash}', '["product","product_inventory","category"]', '["zh-HK"]', '["HKD"]');
INSERT OR IGNORE INTO website_data (application_key) VALUES ('${key}');
INSERT INTO plan (name_zh_hk, name_en, plan_type, period_days, module_list) VALUES ('Bench', 'Bench ${key}', 'paid', 365, '["product","product_inventory","category"]');
INSERT INTO purchased_plan (application_key, plan_id, store_payment_id, start_date, expiry_date, plan_type, plan_name_zh_hk, plan_name_en, module_list)
  SELECT '${key}', id, 'bench', '2020-01-01', '2099-12-31', 'paid', 'Bench', name_en, module_list FROM plan WHERE name_en = 'Bench ${key}';
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${products})
INSERT INTO product (application_key, product_code, name_zh_hk, name_en, price_cents, stock, unlimited_inventory, publish, bestseller, images, sold_quantity, created_at)
  SELECT '${key}', 'B' || n, '產品 ' || n, 'Product ' || n, 1000 + (n * 37) % 50000, n % 50, n % 10 = 0, n % 9 != 0, n % 4 = 0, '[]', n % 40,
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq;`;
}

async function waitForServer(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(`${BASE}/login`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("bench server did not start");
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email, password: PASSWORD }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`could not sign in as ${email}`);
  return cookie;
}

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  statements: string;
  roundTrips: string;
}

async function measure(label: string, path: string, cookie?: string, expectStatus = 200): Promise<Result> {
  const timings: number[] = [];
  const statements = new Set<string>();
  const roundTrips = new Set<string>();
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent++;
        const start = performance.now();
        const response = await fetch(`${BASE}${path}`, {
          headers: cookie ? { Cookie: cookie } : {},
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status !== expectStatus) throw new Error(`${path} answered ${response.status}`);
        timings.push(performance.now() - start);
        statements.add(response.headers.get("x-d1-statements") ?? "?");
        roundTrips.add(response.headers.get("x-d1-round-trips") ?? "?");
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (quantile: number) => timings[Math.min(timings.length - 1, Math.floor(quantile * timings.length))];
  return {
    label,
    rps: Math.round(timings.length / seconds),
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    statements: [...statements].join("/"),
    roundTrips: [...roundTrips].join("/"),
  };
}

/** Many wrong sign-ins at once (each for its own address): the statuses they get, and how soon. */
async function signInBurst(count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const start = performance.now();
      const response = await fetch(`${BASE}/api/action`, {
        method: "POST",
        body: new URLSearchParams({
          login: JSON.stringify({ email: `burst-${index}-${Date.now()}@bench.test`, password: "wrong-pass-1" }),
        }),
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - start };
    }),
  );
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const times = answers.map(({ ms }) => ms).sort((a, b) => a - b);
  console.log(
    `${count} sign-ins at once: statuses ${JSON.stringify(statuses)}, p50 ${Math.round(times[count >> 1])} ms, slowest ${Math.round(times[count - 1])} ms`,
  );
}

async function firstLoadBytes(path: string, cookie: string) {
  const html = await (await fetch(`${BASE}${path}`, { headers: { Cookie: cookie } })).text();
  const assets = [...new Set(html.match(/\/build\/[^"]+\.(js|css)/g) ?? [])];
  const sizes = { js: 0, css: 0 };
  for (const asset of assets) {
    const bytes = new Uint8Array(await (await fetch(`${BASE}${asset}`)).arrayBuffer());
    sizes[asset.endsWith(".css") ? "css" : "js"] += gzipSync(bytes, { level: 9 }).length;
  }
  return { ...sizes, html: gzipSync(Buffer.from(html), { level: 9 }).length };
}

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  run("npm", ["run", "build"]);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  writeFileSync(".wrangler/bench.sql", storeSql("bench-1k", 1_000) + storeSql("bench-100k", 100_000));
  run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", ".wrangler/bench.sql"]);

  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "scripts/bench/worker.ts",
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      STATE,
      "--var",
      "SESSION_SECRET:bench-only",
      "--show-interactive-dev-session=false",
    ],
    { stdio: "ignore", env, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already stopped
    }
  };
  process.on("exit", stop);
  try {
    await waitForServer(60_000);
    const results: Result[] = [await measure("trivial route (GET /api/action → 400)", "/api/action", undefined, 400)];
    for (const key of ["bench-1k", "bench-100k"]) {
      const cookie = await signIn(`${key}@bench.test`);
      results.push(await measure(`${key}: /product/product-list`, "/product/product-list", cookie));
      for (const [what, q] of SEARCHES) {
        results.push(
          await measure(
            `${key}: sorted by price, ${what}`,
            `/product/product-list?sort=price&direction=ASC&q=${encodeURIComponent(q)}`,
            cookie,
          ),
        );
      }
      results.push(await measure(`${key}: shortage filter`, "/product/product-list?stock=shortage", cookie));
    }
    const merchant = await signIn("bench-1k@bench.test");
    console.log(`\n${REQUESTS} requests each, ${CONCURRENCY} at a time, local workerd on loopback\n`);
    console.log("| what | req/s | p50 ms | p99 ms | D1 statements | D1 round trips |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const r of results)
      console.log(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.statements} | ${r.roundTrips} |`);
    console.log("");
    for (const path of ["/my-store", "/product/product-list"]) {
      const bytes = await firstLoadBytes(path, merchant);
      console.log(`First load of ${path} (gzip): JS ${bytes.js} B, CSS ${bytes.css} B, HTML ${bytes.html} B`);
    }
    await signInBurst(50);
  } finally {
    stop();
  }
}

await main();
