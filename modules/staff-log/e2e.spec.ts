import { expect, test } from "../../tests/e2e/fixtures";

test("a merchant renames a category, finds the change in the staff log by module and exports it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  const id = crypto.randomUUID().slice(0, 6);
  const category = await factory<{ id: number }>("category", {
    applicationKey: store.applicationKey,
    name: `Tea ${id}`,
  });
  await signIn(store.email, store.password);
  await visit(`/product/category/detail/${category.id}`);
  await page.getByLabel(t("category:field.name-en")).fill(`Green tea ${id}`);
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();

  await visit("/staff-log");
  await expect(page).toHaveTitle(`${t("staff-log:title")} - CMS`);
  await page.getByLabel(t("staff-log:filter.module")).selectOption("category");
  await page.getByRole("button", { name: t("common:list.apply"), exact: true }).click();
  await expect(page).toHaveURL(/[?&]module=category/);
  const entry = page.getByRole("row").filter({ hasText: t("console:action.edit") });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(t("staff-log:who.store-person", { email: store.email }));
  const change = entry.getByText(
    t("console:change", { field: t("category:field.name-en"), before: `Tea ${id}`, after: `Green tea ${id}` }),
  );
  await expect(change).toBeVisible();

  // At phone width the entry is a card: nothing runs off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await change.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  // The export keeps the filters: the category's entry, nothing of other modules.
  const href = await page.getByRole("link", { name: t("common:sheet.export-csv") }).getAttribute("href");
  expect(href).toMatch(/^\/staff-log\/export\.csv\?.*module=category/);
  // The download asks in the browser's language, as a click on the link would.
  const csv = await page.request.get(href!, {
    headers: { "accept-language": testInfo.project.use.locale ?? "zh-HK" },
  });
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const [header, ...rows] = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(header.split(",")[0]).toBe(t("staff-log:sheet.headers.time"));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`Green tea ${id}`);
});

test("a day that does not exist in the list's day filter is refused beside its box, and an end before the start beside the end", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  await visit("/staff-log");
  await page.getByLabel(t("staff-log:filter.date-from")).fill("2026-13-45");
  await page.getByLabel(t("staff-log:filter.date-to")).fill("2026-02-01");
  await page.getByRole("button", { name: t("common:list.apply"), exact: true }).click();
  await expect(page).toHaveURL(/[?&]date_from=2026-13-45/);
  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();

  await visit("/staff-log?date_from=2026-03-01&date_to=2026-02-01");
  await expect(page.getByText(t("validation:end-date-before-start"))).toBeVisible();
});
