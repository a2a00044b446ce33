import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

interface Store {
  applicationKey: string;
  email: string;
  password: string;
}

test("a merchant sets the store's name, languages, logo and contact; a bad phone keeps what was typed", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  const storeName = `Tea House ${store.applicationKey.slice(-8)}`;
  await signIn(store.email, store.password);
  await visit("/setting/general-setting");
  await expect(page).toHaveTitle(`${t("settings:title.general")} - CMS`);

  await page.getByLabel(t("stores:field.store-name")).fill(storeName);
  await page.getByRole("checkbox", { name: t("stores:language.en") }).check();
  await page.getByLabel(t("settings:field.contact-phone")).fill("12345678");
  await page.getByLabel(t("settings:field.logo")).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/gift.png"),
  });
  await page.getByRole("button", { name: t("form.save") }).click();

  const phone = page.getByLabel(t("settings:field.contact-phone"));
  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(phone).toHaveValue("12345678");
  await expect(page.getByLabel(t("stores:field.store-name"))).toHaveValue(storeName);
  await expect(page.getByRole("checkbox", { name: t("stores:language.en") })).toBeChecked();
  await expect(page.getByRole("img", { name: t("settings:field.logo") })).toHaveAttribute("src", /^\/uploads\//);

  await phone.fill("21234567");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByLabel(t("settings:field.contact-phone"))).toHaveValue("21234567");
  // The top bar shows the new logo, named after the store.
  await expect(page.getByRole("img", { name: storeName })).toHaveAttribute("src", /^\/uploads\//);
});

test("a plan with the default language and currency only offers just those", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { defaultLanguageAndCurrencyOnly: true });
  await signIn(store.email, store.password);
  await visit("/setting/general-setting");
  await expect(page.getByText(t("settings:help.default-only"))).toBeVisible();
  await expect(page.getByRole("checkbox", { name: t("stores:language.zh-HK") })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: t("stores:language.en") })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: t("stores:currency.USD") })).toHaveCount(0);
});

test("sales staff cannot open the settings", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const sales = await factory<{ email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "sales",
  });
  await signIn(sales.email, sales.password);
  await visit("/my-store");
  await expect(page.getByRole("link", { name: t("menu.general-setting") })).toHaveCount(0);
  const response = await page.goto("/setting/general-setting");
  expect(response?.status()).toBe(403);
});
