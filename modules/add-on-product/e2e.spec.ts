import { readFileSync } from "node:fs";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("a merchant adds an add-on, finds it with its HK$ price, edits price and stock, and deletes it after confirming", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const id = unique();
  const names = { "zh-HK": `珍珠 ${id}`, en: `Pearls ${id}` };
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/product/add-on-product-list");
  await expect(page).toHaveTitle(`${t("add-on-product:title.list")} - CMS`);
  await expect(page.getByText(t("add-on-product:no-add-ons"))).toBeVisible();
  await page.getByRole("link", { name: t("add-on-product:add-add-on") }).click();
  await expect(page).toHaveURL(/\/product\/add-on-product-list\/add$/);

  await page.getByLabel(t("add-on-product:field.name-zh-hk")).fill(names["zh-HK"]);
  await page.getByLabel(t("add-on-product:field.name-en")).fill(names.en);
  await page.getByLabel(t("add-on-product:field.price")).fill("1234.5");
  await page.getByLabel(t("add-on-product:field.stock"), { exact: true }).and(page.getByRole("textbox")).fill("12");
  await page.getByLabel(t("add-on-product:field.image")).setInputFiles({
    name: "gift.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/gift.png"),
  });
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await expect(page.getByRole("img", { name: t("add-on-product:field.image") })).toHaveAttribute(
      "src",
      /^\/uploads\//,
    );
  }
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/product\/add-on-product-list$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: names[lang] });
  await expect(row).toContainText("HK$1,234.50");
  await expect(row.getByRole("cell", { name: "12", exact: true })).toBeVisible();
  await expect(row).toContainText(t("add-on-product:status.published"));
  await expect(row.locator('img[src^="/uploads/"]')).toHaveCount(1);

  await row.getByRole("link", { name: names[lang] }).click();
  await expect(page).toHaveURL(/\/product\/add-on-product-list\/\d+$/);
  await expect(page.getByLabel(t("add-on-product:field.name-zh-hk"))).toHaveValue(names["zh-HK"]);
  await expect(page.getByLabel(t("add-on-product:field.price"))).toHaveValue("1234.50");
  await page.getByLabel(t("add-on-product:field.price")).fill("30");
  await page.getByLabel(t("add-on-product:field.stock"), { exact: true }).and(page.getByRole("textbox")).fill("5");
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/product\/add-on-product-list$/);
  await expect(row).toContainText("HK$30.00");
  await expect(row.getByRole("cell", { name: "5", exact: true })).toBeVisible();

  await row.getByRole("link", { name: names[lang] }).click();
  await page.getByRole("link", { name: t("common:delete.start") }).click();
  await expect(page).toHaveURL(/\?confirm-delete=1$/);
  await expect(page.getByText(t("common:delete.confirm-title", { name: names[lang] }))).toBeVisible();
  await page.getByRole("button", { name: t("common:delete.confirm") }).click();

  await expect(page).toHaveURL(/\/product\/add-on-product-list$/);
  await expect(page.getByText(t("add-on-product:deleted"))).toBeVisible();
  await expect(page.getByText(t("add-on-product:no-add-ons"))).toBeVisible();
});

test("a price with more than two decimals shows the translated error and keeps what was typed", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const name = `芝士 ${unique()}`;
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/product/add-on-product-list/add");
  await page.getByLabel(t("add-on-product:field.name-zh-hk")).fill(name);
  await page.getByLabel(t("add-on-product:field.price")).fill("12.345");
  await page.getByLabel(t("add-on-product:field.stock"), { exact: true }).and(page.getByRole("textbox")).fill("7");
  await page.getByLabel(t("add-on-product:field.unlimited-inventory")).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(page).toHaveURL(/\/product\/add-on-product-list\/add$/);
  await expect(page.getByLabel(t("add-on-product:field.name-zh-hk"))).toHaveValue(name);
  await expect(page.getByLabel(t("add-on-product:field.price"))).toHaveValue("12.345");
  await expect(
    page.getByLabel(t("add-on-product:field.stock"), { exact: true }).and(page.getByRole("textbox")),
  ).toHaveValue("7");
  await expect(page.getByLabel(t("add-on-product:field.unlimited-inventory"))).toBeChecked();

  await page.getByLabel(t("add-on-product:field.price")).fill("12.34");
  await page.getByRole("button", { name: t("form.save") }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("HK$12.34");
  await expect(row).toContainText(t("add-on-product:unlimited"));
});

test("sales staff see the add-on list but cannot add", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const sales = await factory<Store>("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  await visit("/product/add-on-product-list");
  await expect(page.getByText(t("add-on-product:no-add-ons"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("add-on-product:add-add-on") })).toHaveCount(0);

  const response = await page.goto("/product/add-on-product-list/add");
  expect(response?.status()).toBe(403);
  await expect(page.getByText(t("message:forbidden"))).toBeVisible();
});
