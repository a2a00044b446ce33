import { expect, test } from "../../tests/e2e/fixtures";

const unique = () => crypto.randomUUID().slice(0, 8);

interface Store {
  applicationKey: string;
  email: string;
  password: string;
}

test("a merchant adds a closure (an end before the start refused beside it), edits its last day and deletes it", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const id = unique();
  const names = { "zh-HK": `員工旅行 ${id}`, en: `Staff outing ${id}` };
  const year = new Date().getUTCFullYear() + 1;
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/holiday-closure-list");
  await expect(page).toHaveTitle(`${t("holiday-closure:title.list")} - CMS`);
  await expect(page.getByText(t("holiday-closure:no-upcoming-holiday-closures"))).toBeVisible();
  await page.getByRole("link", { name: t("holiday-closure:add-holiday-closure") }).click();
  await expect(page).toHaveURL(/\/holiday-closure-list\/add$/);

  await page.getByLabel(t("holiday-closure:field.start-date")).fill(`${year}-03-12`);
  await page.getByLabel(t("holiday-closure:field.end-date")).fill(`${year}-03-11`);
  await page.getByLabel(t("holiday-closure:field.name-zh-hk")).fill(names["zh-HK"]);
  await page.getByLabel(t("holiday-closure:field.name-en")).fill(names.en);
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:end-date-before-start"))).toBeVisible();
  await expect(page.getByLabel(t("holiday-closure:field.name-zh-hk"))).toHaveValue(names["zh-HK"]);

  await page.getByLabel(t("holiday-closure:field.end-date")).fill(`${year}-03-13`);
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/holiday-closure-list$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: names[lang] });
  await expect(row).toContainText(t("holiday-closure:days", { start: `${year}-03-12`, end: `${year}-03-13` }));

  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/holiday-closure-list\/\d+$/);
  await expect(page.getByLabel(t("holiday-closure:field.start-date"))).toHaveValue(`${year}-03-12`);
  await page.getByLabel(t("holiday-closure:field.end-date")).fill(`${year}-03-12`);
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/holiday-closure-list$/);
  await expect(row.getByRole("link", { name: `${year}-03-12`, exact: true })).toBeVisible();

  await row.getByRole("link").click();
  await page.getByRole("link", { name: t("common:delete.start") }).click();
  await expect(page.getByText(t("common:delete.confirm-title", { name: names[lang] }))).toBeVisible();
  await page.getByRole("button", { name: t("common:delete.confirm") }).click();
  await expect(page).toHaveURL(/\/holiday-closure-list$/);
  await expect(page.getByText(t("holiday-closure:deleted"))).toBeVisible();
  await expect(page.getByText(t("holiday-closure:no-upcoming-holiday-closures"))).toBeVisible();
});

test("sales staff see the closures but cannot add one", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const sales = await factory<Store>("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  await visit("/holiday-closure-list");
  await expect(page.getByText(t("holiday-closure:no-upcoming-holiday-closures"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("holiday-closure:add-holiday-closure") })).toHaveCount(0);
  const response = await page.goto("/holiday-closure-list/add");
  expect(response?.status()).toBe(403);
});
