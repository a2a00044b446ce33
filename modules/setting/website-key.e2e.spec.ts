import { expect, test, type Store } from "../../tests/e2e/fixtures";

const KEY = /^[A-Za-z0-9_-]{32}$/;

test("a merchant creates the website key and sees it once; a new key replaces it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/my-store");
  await page.getByRole("link", { name: t("menu.website-key") }).click();
  await expect(page).toHaveURL(/\/setting\/website-key$/);
  await expect(page).toHaveTitle(`${t("setting:title.website-key")} - CMS`);
  await expect(page.getByText(t("setting:website-key.status-none"))).toBeVisible();

  await page.getByRole("button", { name: t("setting:website-key.create") }).click();
  const shown = page.getByRole("textbox", { name: t("setting:website-key.key-label"), exact: true });
  await expect(shown).toHaveValue(KEY);
  const first = await shown.inputValue();
  await expect(page.getByText(t("setting:website-key.created"))).toBeVisible();
  await expect(page.getByText(t("setting:website-key.how"))).toBeVisible();
  await expect(page.getByText(t("setting:website-key.status-none"))).toHaveCount(0);
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: t("setting:website-key.copy") }).click();
    await expect(page.getByRole("button", { name: t("setting:website-key.copied") })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  } else {
    // Without JavaScript there is nothing to copy with: the field is there to select.
    await expect(page.getByRole("button", { name: t("setting:website-key.copy") })).toHaveCount(0);
  }

  // Shown once: the page opened again says a key is set, and shows it no more.
  await visit("/setting/website-key");
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(t("setting:website-key.rotate-help"))).toBeVisible();

  await page.getByRole("button", { name: t("setting:website-key.rotate") }).click();
  await expect(shown).toHaveValue(KEY);
  expect(await shown.inputValue()).not.toBe(first);
});

test("staff who may only read the settings see whether there is a key but cannot make one", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  const reader = await factory<{ email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "admin",
    permissions: { setting: "read" },
  });
  await signIn(reader.email, reader.password);
  await visit("/setting/website-key");
  await expect(page.getByText(t("setting:website-key.status-none"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("setting:website-key.create") })).toHaveCount(0);
  const response = await page.request.post("/setting/website-key", { form: {} });
  expect(response.status()).toBe(403);
});
