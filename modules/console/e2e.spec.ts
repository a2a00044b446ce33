import type { Browser, TestInfo } from "@playwright/test";
import { expect, openUserMenu, test } from "../../tests/e2e/fixtures";

const hongKongDate = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A second person in their own browser, with this project's JavaScript and language settings. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  return context.newPage();
}

test("staff create a store, order a trial plan, find it expiring, enter it and exit", async ({ page, t, signIn }) => {
  const id = crypto.randomUUID().slice(0, 8);
  const name = `E2E Shop ${id}`;
  await signIn("staff@example.com");

  await page.getByRole("link", { name: t("stores:add-store") }).click();
  await expect(page).toHaveURL(/\/staff-store-list\/store-setting\/add$/);
  await page.getByLabel(t("stores:field.store-name")).fill(name);
  await page.getByLabel(t("stores:field.sub-domain")).fill(`e2e-${id}`);
  await page.getByLabel(t("stores:field.login-email")).fill(`owner-${id}@factory.test`);
  await page.getByLabel(t("stores:field.initial-password"), { exact: true }).fill("owner-pass-1");
  await page.getByLabel(t("auth:repeat-password")).fill("owner-pass-1");
  await page.getByRole("checkbox", { name: t("common:module.product"), exact: true }).check();
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("stores:store-created"))).toBeVisible();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

  await page.getByRole("link", { name: t("stores:order-plan-named", { name }) }).click();
  await page
    .locator("select[name=plan]")
    .selectOption({ label: t("stores:title.add-store") === "Add store" ? "Trial" : "試用版" });
  await page.getByRole("button", { name: t("stores:choose-plan") }).click();
  await expect(page.getByLabel(t("stores:field.store-payment-id"))).toHaveCount(0);
  await page.getByLabel(t("stores:field.expiry-date")).fill(hongKongDate(10));
  await page
    .getByRole("button", { name: t("stores:order-plan") })
    .last()
    .click();
  await expect(page.getByText(t("stores:plan-ordered"))).toBeVisible();
  await expect(page.getByText(t("stores:status.current"))).toBeVisible();

  await page.goto(`/staff-store-list?filter=expiring&q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: hongKongDate(10) })).toBeVisible();

  await page.getByRole("button", { name: t("stores:enter-store-named", { name }) }).click();
  await expect(page).toHaveURL(/\/my-store$/);
  await expect(page.getByText(t("shell.trial-expiry", { date: hongKongDate(10) }))).toBeVisible();
  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.exit-store") }).click();
  await expect(page).toHaveURL(/\/staff-store-list$/);
});

test("the user menu closes on Escape and a click outside, and never covers the store bar's exit", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  await signIn("staff@example.com");
  await visit(`/staff-store-list?q=${encodeURIComponent(store.storeName)}`);
  await page.getByRole("button", { name: t("stores:enter-store-named", { name: store.storeName }) }).click();
  await expect(page).toHaveURL(/\/my-store$/);
  const menu = page.locator("details.user-menu");
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await openUserMenu(page);
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(menu.locator("summary")).toBeFocused();
    await openUserMenu(page);
    await page.locator(".store-context-bar p").click();
    await expect(menu).not.toHaveAttribute("open");
  }
  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.exit"), exact: true }).click();
  await expect(page).toHaveURL(/\/staff-store-list$/);
});

test("a new store's name, sub-domain and password are checked, keeping what was typed", async ({ page, t, signIn }) => {
  await signIn("staff@example.com");
  await page.goto("/staff-store-list/store-setting/add");
  await page.getByLabel(t("stores:field.store-name")).fill("Demo Shop");
  await page.getByLabel(t("stores:field.sub-domain")).fill("-bad-");
  await page.getByLabel(t("stores:field.login-email")).fill("someone@factory.test");
  await page.getByLabel(t("stores:field.initial-password"), { exact: true }).fill("short");
  await page.getByLabel(t("auth:repeat-password")).fill("short");
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(page.getByText(t("validation:password-rule"))).toBeVisible();
  await expect(page.getByLabel(t("stores:field.store-name"))).toHaveValue("Demo Shop");

  await page.getByLabel(t("stores:field.sub-domain")).fill(`fine-${crypto.randomUUID().slice(0, 6)}`);
  await page.getByLabel(t("stores:field.initial-password"), { exact: true }).fill("long-enough-1");
  await page.getByLabel(t("auth:repeat-password")).fill("long-enough-1");
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("message:store-name-used"))).toBeVisible();
  await expect(page.getByLabel(t("stores:field.login-email"))).toHaveValue("someone@factory.test");
});

test("staff edit and disable a store: its merchant is signed out and the log shows before and after", async ({
  page,
  t,
  factory,
  signIn,
  browser,
}, testInfo) => {
  const store = await factory("store");
  const merchant = await otherBrowser(browser, testInfo);
  await merchant.goto("/login");
  await merchant.getByLabel(t("auth:email")).fill(store.email);
  await merchant.getByLabel(t("auth:password")).fill(store.password);
  await merchant.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(merchant).toHaveURL(/\/my-store$/);

  await signIn("staff@example.com");
  await page.goto(`/staff-store-list/store-setting/${store.applicationKey}`);
  await page.getByLabel(t("stores:field.store-name")).fill(`${store.storeName} Edited`);
  await page.getByRole("checkbox", { name: t("stores:field.disabled") }).check();
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();
  await expect(page.getByRole("checkbox", { name: t("stores:field.disabled") })).toBeChecked();

  await merchant.context().setExtraHTTPHeaders({ "x-test-clock-offset": String(5 * 60_000 + 1000) });
  await merchant.goto("/my-store");
  await expect(merchant).toHaveURL(/\/login$/);
  await expect(merchant.getByText(t("instruction.login-expired"))).toBeVisible();

  await page.goto(`/log?application_key=${store.applicationKey}`);
  const renamed = t("console:change", {
    field: t("stores:field.store-name"),
    before: store.storeName,
    after: `${store.storeName} Edited`,
  });
  await expect(page.getByText(renamed)).toBeVisible();
  await expect(
    page.getByText(
      t("console:change", { field: t("stores:field.disabled"), before: t("form.no"), after: t("form.yes") }),
    ),
  ).toBeVisible();
  const record = t("console:record-named", {
    type: t("console:data-type.store_account_data"),
    name: `${store.storeName} Edited`,
  });
  await expect(page.getByRole("cell", { name: record })).toBeVisible();
  await expect(page.getByRole("cell", { name: "staff@example.com" })).toBeVisible();

  // The download asks in the browser's language, as a click on the link would.
  const csv = await page.request.get(`/log/export.csv?application_key=${store.applicationKey}`, {
    headers: { "accept-language": testInfo.project.use.locale ?? "zh-HK" },
  });
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(renamed);
});

test("a merchant cannot open the provider console", async ({ page, signIn }) => {
  await signIn("merchant@example.com");
  for (const path of [
    "/staff-store-list/store-setting/add",
    "/log",
    "/staff-store-list/purchase-plan-record/demo-shop",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/my-store$/);
  }
  const csv = await page.request.get("/log/export.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
});

test("status badges read as their own words, without Polaris's tone name before them", async ({
  page,
  signIn,
  visit,
}) => {
  await signIn("staff@example.com");
  await visit("/staff-store-list");
  await expect(page.locator(".Polaris-Badge").first()).toBeVisible();
  // What Polaris adds for screen readers only, before a badge's own words.
  const spoken = await page.locator(".Polaris-Badge .Polaris-Text--visuallyHidden").allTextContents();
  expect(spoken.map((text) => text.trim()).filter(Boolean)).toEqual([]);
});

test("a page past the end of a list says so and leads back to the first page", async ({ page, t, signIn, visit }) => {
  await signIn("staff@example.com");
  await visit("/staff-store-list?page=999");
  await expect(page.getByText(t("stores:no-stores"))).toHaveCount(0);
  await expect(page.getByText(t("common:list.past-last-page"))).toBeVisible();
  await page.getByRole("link", { name: t("common:list.first-page") }).click();
  await expect(page).toHaveURL(/\/staff-store-list$/);
  await expect(page.getByText(t("common:list.past-last-page"))).toHaveCount(0);
  await expect(page.locator("table tbody tr").first()).toBeVisible();
});

test("on a phone the store list is a card per store with its actions on screen, sorted by one select", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // Factory stores are all named "Store <id>".
  await factory("store");
  await factory("store");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn("staff@example.com");
  await visit("/staff-store-list?q=Store");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  for (const action of await page.locator("tbody tr").first().locator("a, button").all()) {
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  const sort = page.getByLabel(t("common:list.sort"), { exact: true });
  await sort.selectOption({ label: t("stores:sort.store_name.desc") });
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: t("common:list.sort-apply") }).click();
  }
  await expect(page).toHaveURL(/\/staff-store-list\?q=Store&sort=store_name\.DESC$/);
  await expect(sort).toHaveValue("store_name.DESC");
  // With JS on the rows re-render after the URL changes: wait until they are in the new order.
  const names = async () =>
    (await page.locator("tbody tr td:first-child").allTextContents()).map((name) => name.toLowerCase());
  expect((await names()).length).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const shown = await names();
      return shown.join("|") === [...shown].sort().reverse().join("|");
    })
    .toBe(true);
});
