import { test as base, expect, type Page } from "@playwright/test";
import { readLocale } from "../../scripts/locale-files";

type Vars = Record<string, string | number>;
type Translate = (key: string, vars?: Vars) => string;

function translator(lang: "zh-HK" | "en"): Translate {
  const cache = new Map<string, Record<string, unknown>>();
  return (key, vars = {}) => {
    const [namespace, path] = key.includes(":") ? key.split(":") : ["common", key];
    if (!cache.has(namespace)) {
      cache.set(namespace, readLocale(lang, namespace));
    }
    const value = path
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], cache.get(namespace));
    if (typeof value !== "string") throw new Error(`missing translation ${lang} ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
  };
}

export const DEMO_PASSWORD = "demo1234";

/** A store the e2e Worker's `store` factory made for one test, with its admin's sign-in. */
export interface Store {
  applicationKey: string;
  email: string;
  password: string;
}

/** A short random text that keeps a test's records apart from other tests' in the same store. */
export const unique = () => crypto.randomUUID().slice(0, 8);

interface Fixtures {
  lang: "zh-HK" | "en";
  /** The expected text of a translation key in this project's language. */
  t: Translate;
  /** Builds the test's own data through the e2e Worker's factories. */
  factory: <T = Record<string, string>>(what: string, input?: object) => Promise<T>;
  signIn: (email: string, password?: string) => Promise<void>;
  /** Opens a page and, with JS on, waits until it has hydrated (its translations have loaded). */
  visit: (path: string) => Promise<void>;
  /**
   * With JS on, waits until the page in view has hydrated: a click on a submit button before then is the
   * browser's own navigation, which can land after the test has gone on.
   */
  hydrated: () => Promise<void>;
}

export const test = base.extend<Fixtures>({
  lang: async ({}, use, testInfo) => use(testInfo.project.name.endsWith("-en") ? "en" : "zh-HK"),
  t: async ({ lang }, use) => use(translator(lang)),
  factory: async ({ request }, use) =>
    use(async (what, input = {}) => {
      const response = await request.post(`/__test/${what}`, { data: input });
      expect(response.ok()).toBe(true);
      return response.json();
    }),
  visit: async ({ page }, use, testInfo) =>
    use(async (path) => void (await visitPage(page, path, testInfo.project.use.javaScriptEnabled !== false))),
  hydrated: async ({ page }, use, testInfo) =>
    use(async () => {
      if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
    }),
  signIn: async ({ page, t, visit }, use) =>
    use(async (email, password = DEMO_PASSWORD) => {
      await visit("/login");
      await page.getByLabel(t("auth:email")).fill(email);
      await page.getByLabel(t("auth:password")).fill(password);
      await page.getByRole("button", { name: t("auth:sign-in") }).click();
      await expect(page).not.toHaveURL(/\/login$/);
    }),
});

/**
 * Opens a page and, with JS on, waits until React has hydrated it (its translations are loaded by then),
 * unless the page ships no scripts (the sign-in pages).
 */
export async function visitPage(
  page: Page,
  path: string,
  javaScriptEnabled: boolean,
  waitUntil: "load" | "domcontentloaded" = "load",
) {
  const response = await page.goto(path, { waitUntil });
  if (javaScriptEnabled) await waitForHydration(page);
  return response;
}

const waitForHydration = (page: Page) =>
  page.locator("html[data-hydrated], html[data-scriptless]").waitFor({ state: "attached" });

/** Opens the top bar's user menu (a disclosure that works without JavaScript). */
export async function openUserMenu(page: Page) {
  await page.locator("details.user-menu > summary").click();
}

/** With JavaScript, moves are fetcher posts: the document the test marked is still the one shown after them. */
export const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute("data-test-mark", ""));
export const expectSameDocument = (page: Page) => expect(page.locator("html[data-test-mark]")).toHaveCount(1);

/**
 * What a phone's page gets wrong at its sides: the seen controls closer than 4 px to the screen's edge, and
 * whether the page scrolls sideways.
 */
export const phoneEdgeProblems = (page: Page) =>
  page.evaluate(() => {
    const edge = 4;
    const controls = [...document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea")];
    return {
      touching: controls
        .filter((control) => {
          // Seen: not the skip link (off screen until focused), nor a file input its drop zone draws and
          // clips to a visually hidden pixel.
          if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
          if (control.closest("[class*='Skip'], .Polaris-Text--visuallyHidden, .Polaris-VisuallyHidden")) return false;
          const box = control.getBoundingClientRect();
          return box.width > 1 && (box.left < edge || box.right > innerWidth - edge);
        })
        .map((control) => `${control.tagName} "${control.textContent?.trim().slice(0, 30)}"`),
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });

export { expect };
