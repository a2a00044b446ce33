import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { storeMenu, type MenuItem } from "../../app/menu";
import { MODULE_IDS } from "../../contract/modules";
import { roleDefaults } from "../../contract/permissions";
import type { createRouteRecords } from "../helpers/route-records";
import { DEMO_PASSWORD, expect, test, unique, visitPage } from "./fixtures";
import { rawTranslationKeys } from "./raw-keys";
import { pageRoutes, type PageRoute } from "./route-manifest";

// The route-wide check: every page of the built app (from its route manifest, not a hand list) opened
// in all four variants, JavaScript on and off × zh-HK and English, one test per area (a folder of routes)
// and variant, so a failure names both. Its own Playwright project runs this file; the flows run in two
// variants only.

// axe runs where its findings can differ: the markup is the same in both languages (the raw-key check
// covers the texts), so it runs with all its rules in English, and with its colour rules in the dark
// theme, which only changes colours: that pass is the Chinese one with JavaScript, so the theme costs
// no fifth pass over every page.
/** axe: every WCAG A/AA rule, or in the dark theme only the rules about colour (the rest do not change with it). */
const VARIANTS = [
  { name: "js-en", javaScriptEnabled: true, locale: "en-US", axe: "all", typesBeforeHydration: true },
  { name: "js-zh-HK-dark", javaScriptEnabled: true, locale: "zh-HK", dark: true, axe: "colour" },
  { name: "nojs-zh-HK", javaScriptEnabled: false, locale: "zh-HK", axe: false },
  { name: "nojs-en", javaScriptEnabled: false, locale: "en-US", axe: false },
] as const;

const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** The signed-in frame's main region (Polaris Frame): axe checks the frame around it once per user and variant. */
const FRAME_MAIN = "#AppFrameMain";

const USERS = { console: "staff@example.com", store: "merchant@example.com", sales: "sales@example.com" };
/** The shell's own forms (app/components/shell.tsx), on every signed-in page whatever the role. */
const SHELL_FORM_ACTIONS = ["/logout", "/preferences", "/exit-store"];
/** Pages the store's customers open from a signed link: they are the store's, so their titles do not say "CMS". */
const CUSTOMER_FACING = /^\/(quotation-reply|pay|booking)\//;

type Section = "public" | "console" | "store";
/** tests/helpers/route-records.ts's records, and the quotation's, the payment's and the booking's signed links (tests/e2e/worker.ts). */
type Records = Awaited<ReturnType<typeof createRouteRecords>> & {
  quotationToken: string;
  payToken: string;
  bookingToken: string;
};

/**
 * Which user opens a route: the layout folder it sits in (`_console+`, `_store+` or `_store_+` without its
 * layout, `_auth+`; `_account+`, every kind of account's own pages, as the merchant).
 */
function sectionOf(route: PageRoute): Section {
  const [area] = route.id.replace(/^routes\//, "").split("/");
  const section = (
    {
      "_console+": "console",
      "_store+": "store",
      "_store_+": "store",
      "_account+": "store",
      "_auth+": "public",
    } as const
  )[area];
  if (!section)
    throw new Error(
      `route ${route.id} (${route.pattern}): not in _console+, _store+, _store_+, _account+ or _auth+; who opens it?`,
    );
  return section;
}

/** A real record's key for each dynamic segment; `:id` by the path before it. */
function fill(route: PageRoute, records: Records): string {
  return route.pattern.replace(/:(\w+)/g, (_, param: string, offset: number) => {
    const before = route.pattern.slice(0, offset);
    // The longest URL that matches: "/medi-appointment/category/detail/" before "/category/detail/".
    const [, id] =
      Object.entries(records.ids)
        .filter(([prefix]) => before.endsWith(prefix))
        .sort(([a], [b]) => b.length - a.length)[0] ?? [];
    const value = {
      appKey: records.applicationKey,
      purchasedPlanID: records.purchasedPlanId,
      productCode: records.productCode,
      token: before.endsWith("/quotation-reply/")
        ? records.quotationToken
        : before.endsWith("/pay/")
          ? records.payToken
          : before.endsWith("/booking/")
            ? records.bookingToken
            : records.reset.token,
      id,
    }[param];
    if (value === undefined) {
      throw new Error(
        `route ${route.id} (${route.pattern}): no record to fill :${param}; add one to tests/helpers/route-records.ts`,
      );
    }
    return encodeURIComponent(String(value));
  });
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  { dark, ...use }: { javaScriptEnabled: boolean; locale: string; dark?: boolean },
  email?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...use });
  if (dark) {
    const response = await context.request.post("/preferences", {
      form: { intent: "theme" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status(), "switching to the dark theme").toBe(302);
  }
  if (email) {
    const response = await context.request.post("/login", {
      form: { email, password: DEMO_PASSWORD },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-in of ${email}`).toBe(302);
  }
  return context;
}

/**
 * axe's serious and critical violations on the page, each with where it first occurs; `mainOnly` leaves out
 * the frame around the page's main region (top bar and drawer), which is the same on every page.
 */
async function seriousAccessibilityViolations(
  page: Page,
  rules: "all" | "colour",
  mainOnly: boolean,
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (mainOnly) builder.include(FRAME_MAIN);
  const { violations } = await (
    rules === "colour"
      ? builder.withRules(COLOUR_RULES)
      : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  ).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} ×${violation.nodes.length}: ${violation.nodes[0].target.join(" ")}`);
}

/** Console errors and uncaught page errors (React's hydration errors are either) while `open` runs. */
async function problemsWhile(page: Page, open: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    const text = message.text().split("\n")[0];
    if (message.type() === "error" || /hydrat|did not match/i.test(text))
      problems.push(`console.${message.type()}: ${text}`);
  };
  const onError = (error: Error) => problems.push(`pageerror: ${error.message.split("\n")[0]}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  try {
    await open();
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  }
  return problems;
}

/** A field one types text into: not a date, number, choice or hidden field. */
const TEXT_FIELD =
  ":is(textarea, input:is(:not([type]), [type=text], [type=email], [type=tel], [type=search], [type=url])):not([readonly], [disabled])";

/**
 * Holds the build's scripts back while a page loads, as a slow network does, so a test types into the
 * server's HTML before React hydrates it. `release` lets the held scripts (and any later ones) through.
 */
async function scriptGate(page: Page) {
  let release = () => {};
  let held = Promise.resolve();
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await held;
    // The page may have moved on meanwhile, which has dropped the request.
    await route.continue().catch(() => {});
  });
  return {
    hold: () => void (held = new Promise((resolve) => (release = resolve))),
    release: () => release(),
  };
}

/**
 * Opens a page with its scripts held back, types into its first text field (in the frame's main region
 * when it has one), lets the scripts run and waits for hydration: the field must still hold the text.
 */
async function typeBeforeHydration(page: Page, gate: Awaited<ReturnType<typeof scriptGate>>, url: string) {
  gate.hold();
  const response = await page.goto(url, { waitUntil: "commit" });
  // Parsed: the module scripts, held, run after this and before DOMContentLoaded.
  await page.waitForFunction(() => document.readyState !== "loading");
  const scope = (await page.locator(FRAME_MAIN).count()) > 0 ? page.locator(FRAME_MAIN) : page.locator("body");
  const field = scope.locator(TEXT_FIELD).filter({ visible: true }).first();
  const text = `typed${unique()}`;
  const found = (await field.count()) > 0;
  const id = found ? await field.getAttribute("id") : null;
  if (found) await field.fill(text);
  gate.release();
  await page.locator("html[data-hydrated], html[data-scriptless]").waitFor({ state: "attached" });
  return { response, typed: found ? { field: id ? page.locator(`[id="${id}"]`) : field, text } : undefined };
}

test("the raw-key check finds keys a page shows and passes real text", async ({ page }) => {
  await page.setContent(`<h1>store:title.overview</h1><p>shell.view-store</p><p>menu.all-products.</p>
    <p>Overview 概覽 merchant@example.com https://demo-shop.shops.example.com products.xlsx e.g. HK$ 1.50 v2.0</p>`);
  expect(rawTranslationKeys(await page.locator("body").innerText())).toEqual([
    "store:title.overview",
    "shell.view-store",
    "menu.all-products",
  ]);
});

/** A medical page renders its general twin's components (`medi-enquiry-list` and `enquiry-list`). */
const templateOf = (route: PageRoute) => route.id.replace(/\/medi-/g, "/");
/** A page's folder: its module's pages, which share their components and styles. */
const folderOf = (route: PageRoute) => templateOf(route).replace(/\/[^/]*$/, "");

/**
 * The pages axe checks: all its rules on every template in English (a medical twin is checked as its
 * general page), its colour rules in the dark theme on the first page of each folder (colours come from the
 * components and styles a folder's pages share). Chosen over the whole list, so the areas share the choice.
 */
function axeChecked(routes: PageRoute[], rules: "all" | "colour"): Set<string> {
  const keyOf = rules === "all" ? templateOf : folderOf;
  const seen = new Set<string>();
  const chosen = new Set<string>();
  for (const route of routes) {
    if (seen.has(keyOf(route))) continue;
    seen.add(keyOf(route));
    chosen.add(route.id);
  }
  return chosen;
}

/**
 * A route's area, the folder of routes a test covers: `_console+`, `_auth+`, `_account+`, `_store_+` (store
 * pages outside the store layout), each module folder of the store (`_store+/product+`), and `_store+` for
 * the store's pages at its top (/my-store…). Small tests, so the two Playwright workers share them evenly.
 */
function areaOf(route: PageRoute): string {
  const [top, folder, ...rest] = route.id.replace(/^routes\//, "").split("/");
  return top === "_store+" && folder !== undefined && rest.length > 0 ? `${top}/${folder}` : top;
}

/** Every page, read once when the file loads: the tests are made from it. */
const ROUTES = pageRoutes().map((route) => ({ ...route, section: sectionOf(route), area: areaOf(route) }));
const AREAS = new Map<string, typeof ROUTES>();
for (const route of ROUTES) AREAS.set(route.area, [...(AREAS.get(route.area) ?? []), route]);

test("the areas share out every page once", () => {
  const inAreas = [...AREAS.values()].flat().map((route) => route.id);
  expect([...inAreas].sort()).toEqual(ROUTES.map((route) => route.id).sort());
  expect(new Set(inAreas).size).toBe(inAreas.length);
  expect(AREAS.size).toBeGreaterThan(10);
});

/** The layouts that render the signed-in frame (top bar and drawer) around their pages. */
const FRAMED_BY = /^routes\/_(console|store|account)\+\/_layout$/;

/**
 * The page whose frame axe checks, once per user and variant: the first page of each section axe checks
 * that sits in the frame. Chosen over the whole list, so the areas share the choice.
 */
function frameChecked(routes: typeof ROUTES, axeRoutes: Set<string>): Map<Section, string> {
  const chosen = new Map<Section, string>();
  for (const route of routes) {
    if (!axeRoutes.has(route.id) || chosen.has(route.section)) continue;
    if (route.ancestry.some((id) => FRAMED_BY.test(id))) chosen.set(route.section, route.id);
  }
  return chosen;
}

type Variant = (typeof VARIANTS)[number];
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * The records whose keys fill the URLs, made once per worker and variant: as when a test covered a part of a
 * variant's pages, each variant opens every record's page once.
 */
const recordsByVariant = new Map<string, Promise<Records>>();
function recordsFor(variant: Variant, request: APIRequestContext): Promise<Records> {
  let records = recordsByVariant.get(variant.name);
  if (!records) {
    records = (async () => {
      const response = await request.post("/__test/route-records", { data: { merchantEmail: USERS.store } });
      expect(response.ok()).toBe(true);
      return (await response.json()) as Records;
    })();
    recordsByVariant.set(variant.name, records);
    records.catch(() => recordsByVariant.delete(variant.name));
  }
  return records;
}

/** One sign-in (and theme) per worker, variant and kind of user, kept as cookies for each area's browser context. */
const sessions = new Map<string, Promise<StorageState>>();
async function contextFor(browser: Browser, baseURL: string, variant: Variant, section: Section) {
  const { javaScriptEnabled, locale } = variant;
  const key = `${variant.name} ${section}`;
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const use = { javaScriptEnabled, locale, dark: "dark" in variant && variant.dark };
      const context = await signedIn(browser, baseURL, use, section === "public" ? undefined : USERS[section]);
      const state = await context.storageState();
      await context.close();
      return state;
    })();
    sessions.set(key, session);
    session.catch(() => sessions.delete(key));
  }
  // No service worker (the POS registers one): a build file it served would pass the script gate unheld.
  return browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale,
    storageState: await session,
    serviceWorkers: "block",
  });
}

for (const variant of VARIANTS) {
  const { name, axe, javaScriptEnabled } = variant;
  const typesBeforeHydration = "typesBeforeHydration" in variant && variant.typesBeforeHydration;
  const axeRoutes = axe ? axeChecked(ROUTES, axe) : new Set<string>();
  const frameRoutes = frameChecked(ROUTES, axeRoutes);
  for (const [area, routes] of AREAS) {
    test(`${area} in ${name}: every page renders: 200, a title, a heading, no raw keys${javaScriptEnabled ? ", no console errors" : ""}${typesBeforeHydration ? ", text typed before hydration kept" : ""}${axe === "all" ? ", no serious axe findings" : axe === "colour" ? ", no serious axe findings about colour" : ""}`, async ({
      browser,
      request,
      baseURL,
    }) => {
      // A guard against a hang: an area has at most about twenty pages, a minute or two on two cores (the
      // products' area, the largest, ran past five minutes while another run shared the machine).
      test.setTimeout(600_000);
      const records = await recordsFor(variant, request);
      const pages = new Map<Section, { page: Page; gate?: Awaited<ReturnType<typeof scriptGate>> }>();
      try {
        for (const route of routes) {
          let opened = pages.get(route.section);
          if (!opened) {
            const page = await (await contextFor(browser, baseURL!, variant, route.section)).newPage();
            opened = { page, gate: typesBeforeHydration ? await scriptGate(page) : undefined };
            pages.set(route.section, opened);
          }
          const { page, gate } = opened;
          const url = fill(route, records);
          const label = `${name} ${route.id} ${url}`;
          let status: number | undefined;
          let redirectedFrom: string | undefined;
          let typed: Awaited<ReturnType<typeof typeBeforeHydration>>["typed"];
          const problems = await problemsWhile(page, async () => {
            // The document is enough for these checks; with JavaScript its hydration (after its styles).
            const visit = gate
              ? await typeBeforeHydration(page, gate, url)
              : { response: await visitPage(page, url, javaScriptEnabled, "domcontentloaded") };
            const { response } = visit;
            typed = "typed" in visit ? visit.typed : undefined;
            status = response?.status();
            redirectedFrom = response?.request().redirectedFrom()?.url();
          });
          if (typed) await expect.soft(typed.field, `${label}: text typed before hydration`).toHaveValue(typed.text);
          expect.soft(status, `${label}: status`).toBe(200);
          expect.soft(redirectedFrom, `${label}: redirected to ${page.url()}`).toBeUndefined();
          const title = await page.title();
          if (CUSTOMER_FACING.test(url)) expect.soft(title, `${label}: title`).toMatch(/^(?!.*CMS)\S/);
          else expect.soft(title, `${label}: title`).toMatch(/\S - CMS$/);
          expect
            .soft(await page.getByRole("heading", { level: 1 }).count(), `${label}: level-1 heading`)
            .toBeGreaterThan(0);
          expect
            .soft(await page.locator("form:not([novalidate])").count(), `${label}: forms the browser would check`)
            .toBe(0);
          expect
            .soft(rawTranslationKeys(`${title}\n${await page.locator("body").innerText()}`), `${label}: raw keys`)
            .toEqual([]);
          if (javaScriptEnabled) expect.soft(problems, `${label}: console`).toEqual([]);
          if (axe && axeRoutes.has(route.id)) {
            const framed = (await page.locator(FRAME_MAIN).count()) > 0;
            const checksFrame = frameRoutes.get(route.section) === route.id;
            if (checksFrame) expect.soft(framed, `${label}: the page whose frame axe checks has one`).toBe(true);
            expect
              .soft(await seriousAccessibilityViolations(page, axe, framed && !checksFrame), `${label}: axe`)
              .toEqual([]);
          }
        }
      } finally {
        for (const { page } of pages.values()) await page.context().close();
      }
    });
  }
}

/** The module a store URL belongs to: the store menu's item with the longest URL that starts it. */
function moduleOf(url: string) {
  const items = (list: MenuItem[]): MenuItem[] => list.flatMap((item) => [item, ...items(item.items ?? [])]);
  const matches = items(
    storeMenu({ modules: [...MODULE_IDS], enquiryOnly: false }, { canRead: () => true, hasPage: () => true }),
  ).filter((item) => item.module && (url === item.url || url.startsWith(`${item.url}/`)));
  return matches.sort((a, b) => b.url.length - a.url.length)[0]?.module;
}

/** Controls that write: links to an add page, enabled submit buttons of page forms, delete intents. */
async function writeControls(page: Page): Promise<string[]> {
  return page.evaluate((shellActions) => {
    const found: string[] = [];
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      const href = link.getAttribute("href") ?? "";
      if (!href.startsWith("#") && new URL(link.href).pathname.endsWith("/add")) found.push(`link to ${href}`);
    }
    for (const form of document.querySelectorAll<HTMLFormElement>("form")) {
      if (form.method.toLowerCase() !== "post" || shellActions.includes(new URL(form.action).pathname)) continue;
      for (const control of form.elements) {
        const button = control as HTMLButtonElement | HTMLInputElement;
        if (
          (button.tagName === "BUTTON" || button.tagName === "INPUT") &&
          button.type === "submit" &&
          !button.disabled
        ) {
          found.push(
            `enabled submit "${button.textContent?.trim() || button.value}" in form → ${form.getAttribute("action") ?? "(this page)"}`,
          );
        }
      }
    }
    for (const control of document.querySelectorAll<HTMLElement>('[name="intent"][value="delete"]')) {
      found.push(`delete control "${control.textContent?.trim()}"`);
    }
    return found;
  }, SHELL_FORM_ACTIONS);
}

test("sales store staff: every store route answers 200 or 403, survives an empty POST, and shows read-only modules without write controls", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const sales = roleDefaults("sales");
  const response = await request.post("/__test/route-records", { data: { merchantEmail: USERS.store } });
  expect(response.ok()).toBe(true);
  const records = (await response.json()) as Records;
  const routes = ROUTES.filter((route) => route.section === "store").map((route) => ({
    ...route,
    url: fill(route, records),
  }));
  const context = await signedIn(browser, baseURL!, { javaScriptEnabled: false, locale: "en-US" }, USERS.sales);
  const page = await context.newPage();
  for (const route of routes) {
    const label = `sales ${route.id} ${route.url}`;
    const response = await page.goto(route.url);
    const status = response?.status();
    expect.soft([200, 403], `${label}: GET answered ${status}`).toContain(status);
    expect.soft(response?.request().redirectedFrom()?.url(), `${label}: redirected to ${page.url()}`).toBeUndefined();
    const module = moduleOf(new URL(page.url()).pathname);
    if (status === 200 && module && sales[module] === "read") {
      expect
        .soft(await writeControls(page), `${label}: write controls for ${module}, which sales may only read`)
        .toEqual([]);
    }
    const post = await context.request.post(route.index ? `${route.url}?index` : route.url, {
      form: {},
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect.soft(post.status(), `${label}: empty POST`).toBeLessThan(500);
  }
});
