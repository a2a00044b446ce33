import { expect, test, unique } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
  applicationKey: string;
}
interface Named {
  id: number;
  nameZhHk: string;
  nameEn: string;
}

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

test("a merchant adds a category and an appointment open Monday to Friday with a closed day, then moves it up the store order", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // Without JavaScript the flow runs at phone width.
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const id = unique();
  const category = { "zh-HK": `護理 ${id}`, en: `Care ${id}` };
  const service = { "zh-HK": `面部護理 ${id}`, en: `Facial ${id}` };
  const store = await factory<Store>("store");
  // A service already on the store site (its provider gives the new one too).
  const first = await factory<{ provider: Named; service: Named }>("appointment-service", {
    applicationKey: store.applicationKey,
  });
  const name = (record: Named) => (lang === "en" ? record.nameEn : record.nameZhHk);
  await signIn(store.email, store.password);

  await visit("/appointment/category/add");
  await page.getByLabel(t("appointment-setup:field.name-zh-hk")).fill(category["zh-HK"]);
  await page.getByLabel(t("appointment-setup:field.name-en")).fill(category.en);
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/appointment\/category$/);
  await expect(page.getByText(category[lang])).toBeVisible();

  await visit("/appointment-list/add");
  await page.getByLabel(t("appointment-setup:field.name-zh-hk")).fill(service["zh-HK"]);
  await page.getByLabel(t("appointment-setup:field.name-en")).fill(service.en);
  await page.getByLabel(t("appointment-setup:field.category")).selectOption({ label: category[lang] });
  await page.getByLabel(t("appointment-setup:field.provider")).selectOption({ label: name(first.provider) });
  await page.getByLabel(t("appointment-setup:field.price")).fill("380");
  const addRow = page.getByRole("button", { name: t("appointment-setup:add-schedule-row") });
  for (let row = 1; row <= WEEKDAYS.length; row++) await addRow.click();
  await expect(
    page.getByRole("heading", { name: t("appointment-setup:schedule-row", { number: WEEKDAYS.length + 1 }) }),
  ).toBeVisible();
  const days = page.getByLabel(t("appointment-setup:field.schedule-type"), { exact: true });
  const starts = page.getByLabel(t("appointment-setup:field.start-time"), { exact: true });
  const ends = page.getByLabel(t("appointment-setup:field.end-time"), { exact: true });
  for (const [row, day] of WEEKDAYS.entries()) {
    await days.nth(row).selectOption(day);
    await starts.nth(row).fill("10:00");
    await ends.nth(row).fill("18:00");
  }
  await days.nth(5).selectOption("specific_date");
  await page.getByLabel(t("appointment-setup:field.date"), { exact: true }).nth(5).fill("2026-12-25");
  await page
    .getByRole("checkbox", { name: t("appointment-setup:field.closed") })
    .nth(5)
    .check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/appointment-list$/);
  await page.getByRole("link", { name: service[lang] }).click();
  await expect(page.getByLabel(t("appointment-setup:field.schedule-type"), { exact: true }).nth(4)).toHaveValue(
    "friday",
  );
  await expect(page.getByLabel(t("appointment-setup:field.end-time"), { exact: true }).nth(4)).toHaveValue("18:00");
  await expect(page.getByLabel(t("appointment-setup:field.date"), { exact: true }).nth(5)).toHaveValue("2026-12-25");
  await expect(page.getByRole("checkbox", { name: t("appointment-setup:field.closed") }).nth(5)).toBeChecked();

  await visit("/appointment-list/sorting");
  const names = page
    .getByRole("cell", { name: service[lang], exact: true })
    .or(page.getByRole("cell", { name: name(first.service), exact: true }));
  await expect(names).toHaveText([name(first.service), service[lang]]);
  await page.getByRole("button", { name: t("appointment-setup:move-up", { name: service[lang] }) }).click();
  await expect(names).toHaveText([service[lang], name(first.service)]);
});
