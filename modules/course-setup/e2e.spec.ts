import { expect, test, unique } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
}

test("a merchant adds a coach and a course type, sets the cancellation window and a package paying for that type", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // Without JavaScript the flow runs at phone width (the lists turn into cards there).
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const id = unique();
  const type = { "zh-HK": `陰瑜伽 ${id}`, en: `Yin ${id}` };
  const coach = { "zh-HK": `陳老師 ${id}`, en: `Ms Chan ${id}` };
  const pack = { "zh-HK": `十堂 ${id}`, en: `Ten classes ${id}` };
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);

  await visit("/yoga/yoga-course/course-type/add");
  await page.getByLabel(t("course-setup:field.name-zh-hk")).fill(type["zh-HK"]);
  await page.getByLabel(t("course-setup:field.name-en")).fill(type.en);
  await page.getByLabel(t("course-setup:field.colour")).fill("#7b1fa2");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/yoga\/yoga-course\/course-type$/);
  await expect(page.getByRole("row").filter({ hasText: type[lang] })).toContainText("#7b1fa2");

  await visit("/yoga/yoga-course/coach/add");
  await page.getByLabel(t("course-setup:field.name-zh-hk")).fill(coach["zh-HK"]);
  await page.getByLabel(t("course-setup:field.name-en")).fill(coach.en);
  await page.getByLabel(t("course-setup:field.bio")).fill("Hatha\nYin");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/yoga\/yoga-course\/coach$/);
  await expect(page.getByRole("row").filter({ hasText: coach[lang] })).toContainText(t("course-setup:status.active"));

  await visit("/yoga/yoga-credit/add");
  await page.getByLabel(t("course-setup:field.name-zh-hk")).fill(pack["zh-HK"]);
  await page.getByLabel(t("course-setup:field.name-en")).fill(pack.en);
  await page.getByLabel(t("course-setup:field.credits")).fill("10");
  await page.getByLabel(t("course-setup:field.price")).fill("1200");
  await page.getByLabel(t("course-setup:field.validity-days")).fill("90");
  await page.getByLabel(t("course-setup:field.validity-starts")).selectOption("first_use");
  await page.getByRole("checkbox", { name: type[lang] }).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/yoga\/yoga-credit$/);
  const row = page.getByRole("row").filter({ hasText: pack[lang] });
  await expect(row).toContainText("HK$1,200.00");
  await expect(row).toContainText(
    t("course-setup:validity-days", { days: 90, start: t("course-setup:validity-start.first_use") }),
  );
  await expect(row).toContainText(t("course-setup:status.on_sale"));

  // The late cancellation window, on the same page above the list.
  const hours = page.getByLabel(t("course-setup:field.course-cancel-hours"));
  await expect(hours).toHaveValue("12");
  await hours.fill("24");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByLabel(t("course-setup:field.course-cancel-hours"))).toHaveValue("24");
});
