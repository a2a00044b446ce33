import { gzipSync } from "node:zlib";
import { hongKongDate } from "../../contract/dates";
import { BASE, FLEET, PASSWORD, signIn, SMALL_FLEET, SMALL_FLEET_BASE, STAFF_EMAIL, startBenchServer } from "./server";
import { signInBursts } from "./sign-in-bursts";

/**
 * `npm run bench`: the signed-in pages on local workerd with 1,000 and 100,000 products in a store,
 * against the same Worker's trivial route; provider staff's store list and log with 10,000 stores over two shards
 * against 100 (providerCases); the first-load bytes of every list page; five bursts of
 * 50 sign-ins. Every case runs in ROUNDS interleaved rounds and the table shows the medians. Loopback only;
 * every loop is bounded.
 */
/** Each case and round ends after this many requests or this many seconds, whichever comes first. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * Only the cases whose name matches (with the trivial route, in both stores or fleets), e.g. `/product/|POS scan`, or
 * `^provider:` for the provider case.
 */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? "");
const CONCURRENCY = 10;
const ROUNDS = 3;
const STORES = { "bench-1k": 1_000, "bench-100k": 100_000 };
/**
 * The targets: throughput as a share of the trivial route's, and a case's p50 at scale against the same
 * case's at the small size (SCALED).
 */
const TARGETS = { list: 0.3, loader: 0.5, p50Growth: 1.5 };
/** Product searches: many matches, few matches in the middle of names, and too short for trigrams. */
const SEARCHES = [
  ["searched (Product 9)", "Product 9"],
  ["searched mid-name (4242)", "4242"],
  ["searched 2 characters (77)", "77"],
  ["searched 2 characters, no match (茶杯)", "茶杯"],
] as const;
const FLEET_CASES = `${FLEET.toLocaleString("en")} stores`;
const SMALL_FLEET_CASES = `${SMALL_FLEET.toLocaleString("en")} stores`;
/** The cases at scale (by `store`), each held to the same case's at the small size: its `store`, and whose it is. */
const SCALED: Record<string, { small: string; whose: string }> = {
  "bench-100k": { small: "bench-1k", whose: "1k's" },
  [FLEET_CASES]: { small: SMALL_FLEET_CASES, whose: `${SMALL_FLEET_CASES}'` },
};
const PRODUCT_LIST = "/product/product-list";
const INVENTORY_LIST = "/product/product-inventory-list";
const PRODUCT_LIST_ROUTE = "routes/_store+/product+/product-list+/_index";
const CATEGORY_LIST_ROUTE = "routes/_store+/product+/category+/_index";

/** A list page, a loader-only request (Remix single fetch of one route's data), or another page. */
type Kind = "list" | "loader" | "page" | "trivial";

interface Case {
  /** Which store, for the store's pages, or which fleet, for the provider case (SCALED: what it is compared with). */
  store?: string;
  /** The bench server asked (BASE unless said). */
  base?: string;
  name: string;
  kind: Kind;
  path: string;
  /** Shared by a signed-in account's cases: the app renews the cookie every 5 minutes. */
  session?: Session;
  status?: number;
  /**
   * A POST to the action endpoint instead of a GET: the form and the caller's token of the request numbered `n`,
   * sent by one of the CONCURRENCY senders (`sender`), and what to keep of each reply (a cart's new version).
   */
  post?: {
    request: (n: number, sender: number) => { body: URLSearchParams; token: string };
    onReply?: (body: string, sender: number) => void;
  };
  /** A case whose p50 this one's should not exceed (a POS scan: the product list's). */
  noSlowerThan?: string;
}

interface Session {
  cookie: string;
}

interface Round {
  hung: number;
  rps: number;
  p50: number;
  p99: number;
  statements: string;
  roundTrips: string;
}

/** A loader-only request for a route: only that route's loader runs and only its data comes back. */
const loaderOnly = (path: string, routeId: string) => `${path}.data?_routes=${encodeURIComponent(routeId)}`;

/** A reply slower than this counts as hung (column "hung"), not as a time. */
const TIMEOUT_MS = 20_000;

/** A Cookie header with the cookies a reply set replacing those of the same name, as a browser keeps them. */
function withSetCookies(cookie: string, response: Response) {
  const jar = new Map(cookie.split("; ").map((pair) => [pair.split("=")[0], pair]));
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0];
    jar.set(pair.split("=")[0], pair);
  }
  return [...jar.values()].join("; ");
}

async function request(path: string, cookie?: string, post?: { body: URLSearchParams; token: string }, base = BASE) {
  const response = await fetch(`${base}${path}`, {
    method: post ? "POST" : "GET",
    headers: post ? { Authorization: `Bearer ${post.token}` } : cookie ? { Cookie: cookie } : {},
    body: post?.body,
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { response, body: await response.text() };
}

/** A token for the action endpoint, as the back office's server gets one when a user signs in. */
async function actionToken(email: string) {
  const { response, body } = await request("/api/action", undefined, {
    body: new URLSearchParams({ login: JSON.stringify({ email, password: PASSWORD }) }),
    token: "",
  });
  if (response.status !== 200) throw new Error(`could not get a token for ${email}`);
  return (JSON.parse(body) as { data: { token: string } }).data.token;
}

const timedOut = (error: unknown) => error instanceof DOMException && error.name === "TimeoutError";

async function measure(
  { path, base, session, status = 200, post }: Case,
  requests: number,
  seconds: number,
): Promise<Round> {
  const timings: number[] = [];
  const statements = new Set<string>();
  const roundTrips = new Set<string>();
  let sent = 0;
  let hung = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, sender) => {
      while (sent < requests && performance.now() < deadline) {
        sent++;
        const start = performance.now();
        const reply = await request(path, session?.cookie, post?.request(sent, sender), base).catch(
          (error: unknown) => {
            if (!timedOut(error)) throw new Error(`GET ${path} failed`, { cause: error });
            hung++;
          },
        );
        if (!reply) continue;
        const { response } = reply;
        // The session's 5-minute re-check renews the cookie (and the bookmark's) in the reply that was due.
        if (session) session.cookie = withSetCookies(session.cookie, response);
        if (response.status !== status) throw new Error(`${path} answered ${response.status}`);
        post?.onReply?.(reply.body, sender);
        timings.push(performance.now() - start);
        statements.add(response.headers.get("x-d1-statements") ?? "?");
        roundTrips.add(response.headers.get("x-d1-round-trips") ?? "?");
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (quantile: number) => timings[Math.min(timings.length - 1, Math.floor(quantile * timings.length))];
  return {
    hung,
    rps: timings.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    statements: [...statements].join("/"),
    roundTrips: [...roundTrips].join("/"),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
const mark = (met: boolean) => (met ? "✓" : "✗");

/** The id of the store's location at a position in the fulfilment order (the bench stores have three). */
async function locationAt(store: string, token: string, position: number) {
  const { body } = await request("/api/action", undefined, {
    body: new URLSearchParams({
      get_location_data_and_total_number_by_sorting_and_limit: JSON.stringify({
        application_key: store,
        sorting: "position",
        direction: "DESC",
        limit: 10,
      }),
    }),
    token,
  });
  const reply = JSON.parse(body) as { data?: { id: number }[] };
  const location = reply.data?.[position - 1];
  if (!location) throw new Error(`${store} has no location at position ${position}: ${body}`);
  return location.id;
}

async function storeCases(store: string): Promise<Case[]> {
  const session = { cookie: await signIn(`${store}@bench.test`) };
  const token = await actionToken(`${store}@bench.test`);
  const causewayBay = await locationAt(store, token, 2);
  const cases: Case[] = [
    { name: PRODUCT_LIST, kind: "list", path: PRODUCT_LIST },
    ...SEARCHES.map(([what, q]): Case => ({
      name: `${PRODUCT_LIST} sorted by price, ${what}`,
      kind: "list",
      path: `${PRODUCT_LIST}?sort=price.ASC&q=${encodeURIComponent(q)}`,
    })),
    { name: `${PRODUCT_LIST} shortage filter`, kind: "list", path: `${PRODUCT_LIST}?stock=shortage` },
    { name: `${PRODUCT_LIST} loader only`, kind: "loader", path: loaderOnly(PRODUCT_LIST, PRODUCT_LIST_ROUTE) },
    { name: "/product/category", kind: "list", path: "/product/category" },
    {
      name: "/product/category loader only",
      kind: "loader",
      path: loaderOnly("/product/category", CATEGORY_LIST_ROUTE),
    },
    { name: `${PRODUCT_LIST}/detail/B500`, kind: "page", path: `${PRODUCT_LIST}/detail/B500` },
    // Every variant's stock (about three a product), lowest first: the totals, and at one of the three locations.
    { name: INVENTORY_LIST, kind: "list", path: INVENTORY_LIST },
    { name: `${INVENTORY_LIST} at a location`, kind: "list", path: `${INVENTORY_LIST}?location=${causewayBay}` },
    // As many members as products: the list, and a search that reads every member of the store.
    { name: "/member/member-list", kind: "list", path: "/member/member-list" },
    { name: "/member/member-list searched (4242)", kind: "list", path: "/member/member-list?q=4242" },
    // A coupon for every ten products: the list, and the status filter computed against now.
    { name: "/promotion/promotion-list", kind: "list", path: "/promotion/promotion-list" },
    { name: "/promotion/promotion-list active", kind: "list", path: "/promotion/promotion-list?status=active" },
    // As many orders as products: the list, and the queue of payments to verify (oldest first).
    { name: "/order/order-list", kind: "list", path: "/order/order-list" },
    {
      name: "/order/order-list to verify",
      kind: "list",
      path: "/order/order-list?status=unverified_payment&sort=create_date.ASC",
    },
    // The sales report of today, and of the last 30 days (a third of the orders, paid over 90 days).
    { name: "/my-store", kind: "page", path: "/my-store" },
    {
      name: "/my-store last 30 days",
      kind: "page",
      path: `/my-store?from=${hongKongDate(new Date(Date.now() - 29 * 86_400_000))}&to=${hongKongDate(new Date())}`,
    },
    // The POS page: the seller's cart priced by the engine, 24 products, categories and held carts.
    { name: "/product/pos", kind: "page", path: "/product/pos" },
    { name: "/product/pos/shift/list", kind: "list", path: "/product/pos/shift/list" },
    // A staff account per hundred products (at most 50): the list, and the role filter.
    { name: "/staff-account-list", kind: "list", path: "/staff-account-list" },
    { name: "/staff-account-list admins", kind: "list", path: "/staff-account-list?role=admin&sort=name.ASC" },
    // As many log entries as products: the staff log, and filtered by a module (a quarter of them).
    { name: "/staff-log", kind: "list", path: "/staff-log" },
    { name: "/staff-log by module", kind: "list", path: "/staff-log?module=category" },
    // A purchase order for every ten products, and the status filter.
    { name: "/purchase-order-list", kind: "list", path: "/purchase-order-list" },
    { name: "/purchase-order-list ordered", kind: "list", path: "/purchase-order-list?status=ordered" },
    // A quotation for every ten products, and the status filter.
    { name: "/quotation-list", kind: "list", path: "/quotation-list" },
    { name: "/quotation-list pending", kind: "list", path: "/quotation-list?status=pending" },
    // A custom page per hundred products (at most 50): the list, and the drafts searched by link.
    { name: "/layout/custom-page", kind: "list", path: "/layout/custom-page" },
    { name: "/layout/custom-page drafts searched", kind: "list", path: "/layout/custom-page?status=draft&q=page-1" },
    // As many enquiries as products (a tenth medical): the list, the new ones, a search, and the medical list.
    { name: "/enquiry-list", kind: "list", path: "/enquiry-list" },
    { name: "/enquiry-list new", kind: "list", path: "/enquiry-list?status=new" },
    { name: "/enquiry-list searched (4242)", kind: "list", path: "/enquiry-list?q=4242" },
    { name: "/medi-enquiry-list", kind: "list", path: "/medi-enquiry-list" },
    // A push for every ten products: the list, and the sent ones (a third) by send time.
    { name: "/push-notification-list", kind: "list", path: "/push-notification-list" },
    {
      name: "/push-notification-list sent",
      kind: "list",
      path: "/push-notification-list?status=sent&sort=send_at.DESC",
    },
    // As many slides (20) and menu items (100, three levels) as a store may have: layout's two pages.
    { name: "/layout/home-design", kind: "list", path: "/layout/home-design" },
    { name: "/layout/menu-management", kind: "list", path: "/layout/menu-management" },
    // As many credit orders as products: the list, and the payments to verify (oldest first).
    { name: "/yoga/yoga-credit-order", kind: "list", path: "/yoga/yoga-credit-order" },
    {
      name: "/yoga/yoga-credit-order to verify",
      kind: "list",
      path: "/yoga/yoga-credit-order?status=unverified_payment&sort=create_date.ASC",
    },
    // As many course sessions as products, one an hour: the timetable's list, a week of it by dates, and a week view.
    { name: "/yoga/yoga-course/timetable list", kind: "list", path: "/yoga/yoga-course/timetable?view=list" },
    {
      name: "/yoga/yoga-course/timetable list of a week",
      kind: "list",
      path: "/yoga/yoga-course/timetable?view=list&from=2025-06-09&to=2025-06-15&sort=starts_at.ASC",
    },
    { name: "/yoga/yoga-course/timetable week", kind: "list", path: "/yoga/yoga-course/timetable?week=2025-06-09" },
    // As many bookings as products, one an hour: the list, a week of the completed ones, and the day view.
    { name: "/appointment-record-list", kind: "list", path: "/appointment-record-list" },
    {
      name: "/appointment-record-list completed in a week",
      kind: "list",
      path: "/appointment-record-list?status=completed&date_from=2025-06-09&date_to=2025-06-15&sort=starts_at.ASC",
    },
    { name: "/appointment-record-list day", kind: "list", path: "/appointment-record-list?view=day&date=2025-06-10" },
    { name: "/appointment-list", kind: "list", path: "/appointment-list" },
    // As many monthly fee records as products: the list, and the pending ones.
    { name: "/monthly-fee-record", kind: "list", path: "/monthly-fee-record" },
    { name: "/monthly-fee-record pending", kind: "list", path: "/monthly-fee-record?status=pending" },
    // As many quotation requests as products: the list, the new ones, and a search.
    { name: "/quotation-management", kind: "list", path: "/quotation-management" },
    { name: "/quotation-management new", kind: "list", path: "/quotation-management?status=new" },
    { name: "/quotation-management searched (4242)", kind: "list", path: "/quotation-management?q=4242" },
    // As many product bookings as products: the list (with the products taking bookings), and the booked ones.
    { name: "/product-booking/list", kind: "list", path: "/product-booking/list" },
    { name: "/product-booking/list booked", kind: "list", path: "/product-booking/list?status=booked" },
    // As many rentals as products over 100 renting products: the list, and the booked ones.
    { name: "/renting-record", kind: "list", path: "/renting-record" },
    { name: "/renting-record booked", kind: "list", path: "/renting-record?status=success" },
    // A scan at the POS: the seller's cart gets one more of B10's third size, saved over the last scan's version.
    await posScanCase(store),
    // A counter sale (two lines of unlimited products, paid in cash): the whole checkout, each request a new order.
    {
      name: "checkout: add_pos_order_data",
      kind: "page",
      path: "/api/action",
      post: { request: (n) => ({ body: counterSale(store, n), token }) },
    },
    // Settings have no list: their biggest page (eight payment methods) stands for them.
    { name: "/setting/payment-setting", kind: "page", path: "/setting/payment-setting" },
  ];
  return cases.map((entry) => ({ ...entry, store, session }));
}

/**
 * Scans at the POS as ten sellers make them at once (the store's first staff accounts, each with their own cart):
 * each scan adds one more of B10's third size (by its variant's barcode) to the seller's cart over the version
 * their last scan left.
 */
async function posScanCase(store: string): Promise<Case> {
  const action = (name: string, payload: object) => new URLSearchParams({ [name]: JSON.stringify(payload) });
  const sellers: { token: string; version: number }[] = [];
  for (let n = 1; n <= CONCURRENCY; n++) {
    const token = await actionToken(`${store}-staff${n}@bench.test`);
    const { body } = await request("/api/action", undefined, {
      body: action("get_pos_data_by_application_key", { application_key: store }),
      token,
    });
    const reply = JSON.parse(body) as { data?: { version: number } };
    if (!reply.data) throw new Error(`the POS page's data for ${store}'s seller ${n}: ${body}`);
    sellers.push({ token, version: reply.data.version });
  }
  return {
    store,
    name: "POS scan: update_pos_cart_data_by_application_key",
    kind: "page",
    path: "/api/action",
    noSlowerThan: PRODUCT_LIST,
    post: {
      request: (_, sender) => ({
        token: sellers[sender].token,
        body: action("update_pos_cart_data_by_application_key", {
          application_key: store,
          version: sellers[sender].version,
          operation: { op: "scan", code: "200001003" },
        }),
      }),
      onReply: (reply, sender) => {
        sellers[sender].version = (JSON.parse(reply) as { data: { version: number } }).data.version;
      },
    },
  };
}

/** A counter sale's form: two of B15 and one of B25 (both of unlimited stock, one variant each), paid with HK$1,000 cash. */
const counterSale = (store: string, n: number) =>
  new URLSearchParams({
    add_pos_order_data: JSON.stringify({
      application_key: store,
      lines: [
        { product_code: "B15", quantity: 2 },
        { product_code: "B25", quantity: 1 },
      ],
      payment_method: "cash",
      payments: [{ method: "cash", amount_cents: 1_000_00 }],
      idempotency_key: `bench-${Date.now()}-${n}-${Math.random().toString(36).slice(2)}`,
    }),
  });

/** Each loader-only request must answer with its route's data, else it measures something else. */
async function checkLoaderOnly(cases: Case[]) {
  for (const { path, base, session } of cases.filter(({ kind }) => kind === "loader")) {
    const { response, body } = await request(path, session?.cookie, undefined, base);
    const routeId = decodeURIComponent(path.split("_routes=")[1]);
    if (response.status !== 200 || !body.includes(routeId)) throw new Error(`${path} did not answer ${routeId}'s data`);
  }
}

interface Result extends Omit<Round, "hung"> {
  entry: Case;
  /** Replies that never came, over all rounds. */
  hung: number;
}

/** What a case is held to, each with ✓ or ✗: the targets, and a case it must be no slower than. */
function target({ entry, rps, p50 }: Result, trivial: Result, small?: Result, noSlowerThan?: Result) {
  const parts: string[] = [];
  if (entry.kind === "list" || entry.kind === "loader") {
    const wanted = TARGETS[entry.kind];
    parts.push(`≥ ${wanted.toFixed(2)} ${mark(rps / trivial.rps >= wanted)}`);
  }
  if (small) {
    const growth = p50 / small.p50;
    parts.push(`p50 ${growth.toFixed(2)}× ${SCALED[entry.store!].whose} ${mark(growth <= TARGETS.p50Growth)}`);
  }
  if (noSlowerThan) {
    const ratios = `${(p50 / trivial.p50).toFixed(2)} vs ${(noSlowerThan.p50 / trivial.p50).toFixed(2)}`;
    parts.push(`p50 ÷ trivial ≤ ${noSlowerThan.entry.name}'s: ${ratios} ${mark(p50 <= noSlowerThan.p50)}`);
  }
  return parts.join("; ") || "—";
}

async function runCases(cases: Case[]) {
  // One short warm-up pass, then the rounds, each going through every case once.
  for (const entry of cases) await measure(entry, CONCURRENCY, SECONDS);
  const rounds = new Map<Case, Round[]>(cases.map((entry) => [entry, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const entry of cases) rounds.get(entry)!.push(await measure(entry, REQUESTS, SECONDS));
  }
  const results = cases.map((entry): Result => {
    const runs = rounds.get(entry)!;
    return {
      entry,
      hung: runs.reduce((sum, { hung }) => sum + hung, 0),
      rps: median(runs.map(({ rps }) => rps)),
      p50: median(runs.map(({ p50 }) => p50)),
      p99: median(runs.map(({ p99 }) => p99)),
      statements: [...new Set(runs.map(({ statements }) => statements))].join("/"),
      roundTrips: [...new Set(runs.map(({ roundTrips }) => roundTrips))].join("/"),
    };
  });
  const [trivial] = results;
  const find = (store: string | undefined, name: string) =>
    results.find(({ entry }) => entry.store === store && entry.name === name);

  console.log(
    `\nUp to ${REQUESTS} requests or ${SECONDS} s per case and round, ${CONCURRENCY} at a time; medians of ${ROUNDS} interleaved rounds; hung: no reply within ${TIMEOUT_MS / 1000} s (all rounds); local workerd on loopback\n`,
  );
  console.log(
    "| what | req/s | p50 ms | p99 ms | req/s ÷ trivial | p50 ÷ trivial | target | hung | D1 statements | D1 round trips |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |");
  for (const result of results) {
    const { entry, rps, p50, p99, hung, statements, roundTrips } = result;
    const label = entry.store ? `${entry.store}: ${entry.name}` : entry.name;
    const small = entry.store && SCALED[entry.store] ? find(SCALED[entry.store].small, entry.name) : undefined;
    const noSlowerThan = entry.noSlowerThan === undefined ? undefined : find(entry.store, entry.noSlowerThan);
    const checks = target(result, trivial, small, noSlowerThan);
    console.log(
      `| ${label} | ${Math.round(rps)} | ${oneDecimal(p50)} | ${oneDecimal(p99)} | ${(rps / trivial.rps).toFixed(2)} | ${(p50 / trivial.p50).toFixed(2)} | ${checks} | ${hung} | ${statements} | ${roundTrips} |`,
    );
  }
}

const gzipBytes = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** What a first visit to a page downloads, gzipped: its HTML and the JS and CSS it links. */
async function firstLoadBytes(path: string, cookie: string) {
  const { response, body: html } = await request(path, cookie);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const assets = [...new Set(html.match(/\/build\/[^"]+\.(js|css)/g) ?? [])];
  const sizes = { js: 0, css: 0 };
  for (const asset of assets) {
    const bytes = new Uint8Array(await (await fetch(`${BASE}${asset}`)).arrayBuffer());
    sizes[asset.endsWith(".css") ? "css" : "js"] += gzipBytes(bytes);
  }
  return { ...sizes, html: gzipBytes(Buffer.from(html)) };
}

async function printFirstLoads(merchant: string, staff: string) {
  const pages: [string, string][] = [
    ["/product/product-list", merchant],
    ["/product/category", merchant],
    ["/product/add-on-product-list", merchant],
    ["/member/member-list", merchant],
    ["/promotion/promotion-list", merchant],
    ["/order/order-list", merchant],
    ["/enquiry-list", merchant],
    ["/yoga/yoga-course/timetable", merchant],
    ["/appointment-record-list", merchant],
    ["/monthly-fee-record", merchant],
    ["/product-booking/list", merchant],
    ["/renting-record", merchant],
    ["/product/product-inventory-list", merchant],
    ["/staff-store-list", staff],
    ["/plan-list", staff],
    ["/worker-account-list", staff],
    ["/log", staff],
    ["/plan-order-list", staff],
    ["/plan-promotion-list", staff],
  ];
  console.log("\nFirst load of every list page (gzip bytes; bench-1k's merchant or provider staff)\n");
  console.log("| page | JS | CSS | HTML |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const [path, cookie] of pages) {
    const { js, css, html } = await firstLoadBytes(path, cookie);
    console.log(`| ${path} | ${js} | ${css} | ${html} |`);
  }
  console.log("");
}

/**
 * The provider case (issue 42): the pages provider staff open first, the store list sorted by name and filtered to
 * the plans expiring within 14 days, and the log, each read from every database (the control database and both
 * shards, whatever STORE_SHARDS says) and merged. FLEET stores over the two shards on the bench server, against
 * SMALL_FLEET on the second server, whose state is the same otherwise (scripts/bench/server.ts): the same pages,
 * sorts and filters, only the number of stores differs.
 */
async function providerCases(): Promise<Case[]> {
  const pages: Case[] = [
    { name: "provider: /staff-store-list sorted by name", kind: "list", path: "/staff-store-list?sort=store_name.ASC" },
    { name: "provider: /staff-store-list expiring", kind: "list", path: "/staff-store-list?filter=expiring" },
    { name: "provider: /log", kind: "list", path: "/log" },
  ];
  const cases: Case[] = [];
  for (const [store, base] of [
    [FLEET_CASES, BASE],
    [SMALL_FLEET_CASES, SMALL_FLEET_BASE],
  ]) {
    const session = { cookie: await signIn(STAFF_EMAIL, base) };
    cases.push(...pages.map((entry) => ({ ...entry, store, base, session })));
  }
  return cases;
}

async function main() {
  const stop = await startBenchServer(STORES, { fleet: true });
  try {
    const staff = await signIn(STAFF_EMAIL);
    const cases: Case[] = [
      { name: "trivial route (GET /api/action → 400)", kind: "trivial", path: "/api/action", status: 400 },
      {
        name: "/staff-store-list (provider staff)",
        kind: "list",
        path: "/staff-store-list",
        session: { cookie: staff },
      },
      // Every store's plan orders, searched (the store name's subquery per row) and filtered by status.
      {
        name: "/plan-order-list (provider staff)",
        kind: "list",
        path: "/plan-order-list",
        session: { cookie: staff },
      },
      {
        name: "/plan-order-list current, searched (provider staff)",
        kind: "list",
        path: "/plan-order-list?status=current&q=bench",
        session: { cookie: staff },
      },
    ];
    for (const store of Object.keys(STORES)) cases.push(...(await storeCases(store)));
    cases.push(...(await providerCases()));
    const chosen = cases.filter((entry) => entry.kind === "trivial" || ONLY.test(entry.name));
    await checkLoaderOnly(chosen);
    await runCases(chosen);
    if (process.env.BENCH_ONLY) return;
    await printFirstLoads(await signIn("bench-1k@bench.test"), await signIn(STAFF_EMAIL));
    await signInBursts(BASE);
  } finally {
    stop();
  }
}

await main();
