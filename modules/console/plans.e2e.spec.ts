import { expect, test, unique } from "../../tests/e2e/fixtures";

test("staff add a plan with modules and limits, find it in the list, and disable it", async ({
  page,
  t,
  lang,
  signIn,
  visit,
}) => {
  const id = unique();
  const names = { "zh-HK": `計劃 ${id}`, en: `Plan ${id}` };
  await signIn("staff@example.com");
  await visit("/plan-list");
  await expect(page).toHaveTitle(`${t("plans:title.list")} - CMS`);
  await page.getByRole("link", { name: t("plans:add-plan") }).click();
  await expect(page).toHaveURL(/\/plan-list\/add$/);

  await page.getByLabel(t("plans:field.name-zh-hk")).fill(names["zh-HK"]);
  await page.getByLabel(t("plans:field.name-en")).fill(names.en);
  await page.getByLabel(t("plans:field.plan-type")).selectOption("paid");
  await page.getByLabel(t("plans:field.price")).fill("1280.5");
  await page.getByLabel(t("plans:field.period-days")).fill("30");
  await page.getByLabel(t("module.product"), { exact: true }).check();
  await page.getByLabel(t("module.order"), { exact: true }).check();
  await page.getByLabel(t("plans:field.has-vip")).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/plan-list$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: names[lang] });
  await expect(row).toContainText(t("plans:plan-type.paid"));
  await expect(row).toContainText("HK$1,280.50");
  await expect(row).toContainText(t("plans:period-days_other", { count: 30 }));
  await expect(row).not.toContainText(t("form.disabled"));

  await row.getByRole("link", { name: names[lang] }).click();
  await expect(page).toHaveURL(/\/plan-list\/\d+$/);
  await expect(page.getByLabel(t("plans:field.name-en"))).toHaveValue(names.en);
  await expect(page.getByLabel(t("plans:field.price"))).toHaveValue("1280.50");
  await expect(page.getByLabel(t("module.order"), { exact: true })).toBeChecked();
  await expect(page.getByLabel(t("module.pos"), { exact: true })).not.toBeChecked();
  await expect(page.getByLabel(t("plans:field.has-vip"))).toBeChecked();
  await expect(page.getByLabel(t("plans:field.has-cash-dollar"))).not.toBeChecked();
  await page.getByLabel(t("plans:field.disabled")).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/plan-list$/);
  await expect(row).toContainText(t("form.disabled"));
});

test("a blank English name and a price that is not a number show the errors and keep what was typed", async ({
  page,
  t,
  signIn,
  visit,
}) => {
  const chineseName = `計劃 ${unique()}`;
  await signIn("staff@example.com");
  await visit("/plan-list/add");
  await page.getByLabel(t("plans:field.name-zh-hk")).fill(chineseName);
  await page.getByLabel(t("plans:field.price")).fill("abc");
  await page.getByLabel(t("plans:field.period-days")).fill("90");
  await page.getByLabel(t("module.member"), { exact: true }).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(page).toHaveURL(/\/plan-list\/add$/);
  await expect(page.getByLabel(t("plans:field.name-zh-hk"))).toHaveValue(chineseName);
  await expect(page.getByLabel(t("plans:field.period-days"))).toHaveValue("90");
  await expect(page.getByLabel(t("module.member"), { exact: true })).toBeChecked();
});

test("the plan list sorts by its select and an unknown plan is File not Found", async ({
  page,
  t,
  signIn,
  visit,
}, testInfo) => {
  await signIn("staff@example.com");
  await visit("/plan-list");
  await page.getByLabel(t("common:list.sort"), { exact: true }).selectOption({ label: t("plans:sort.name_en.asc") });
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: t("common:list.sort-apply") }).click();
  }
  await expect(page).toHaveURL(/\/plan-list\?sort=name_en\.ASC$/);

  const response = await page.goto("/plan-list/999999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: t("error.not-found") })).toBeVisible();
});
