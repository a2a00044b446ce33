import { expect, openUserMenu, test, type Store } from "../../tests/e2e/fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the service worker is registered by JavaScript");

test("the POS opened online reopens offline from the service worker's copy, its build files too; signing out forgets them", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  // public/_headers: a changed worker is seen at the next check, and it may control the POS only.
  expect((await page.request.get("/pos-offline-worker.js")).headers()).toMatchObject({
    "cache-control": "no-cache",
    "service-worker-allowed": "/product/pos",
  });
  const store = await factory<Store>("store", { sells: true });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  const buildFile = await page.locator('link[rel="modulepreload"][href^="/build/"]').first().getAttribute("href");
  // The worker controls the page and has stored the page and the build files the page told it of.
  const stored = () =>
    page.evaluate(
      async (file) =>
        navigator.serviceWorker.controller !== null &&
        (await caches.match("/product/pos")) !== undefined &&
        (await caches.match(file)) !== undefined,
      buildFile!,
    );
  await expect.poll(stored).toBe(true);

  await page.context().setOffline(true);
  // The worker's own fetches fail too (Playwright's offline reaches service workers): the page is the stored one.
  const worker = page.context().serviceWorkers()[0];
  expect(await worker.evaluate(() => fetch("/product/pos").then(String, () => "offline"))).toBe("offline");
  await page.goto("/product/pos?q=offline");
  await expect(page).toHaveTitle(`${t("pos:title")} - CMS`);
  // Hydrated from the kept build files: the offline counter's effects run.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText(t("pos:offline.badge-offline"), { exact: true })).toBeVisible();
  expect(await page.evaluate((file) => fetch(file).then((response) => response.status), buildFile!)).toBe(200);
  expect(await page.evaluate(() => fetch("/product/pos.data").then(String, () => "offline"))).toBe("offline");

  await page.context().setOffline(false);
  await visit("/product/pos");
  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
});
