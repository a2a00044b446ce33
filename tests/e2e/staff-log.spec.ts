import { expect, test } from "./fixtures";

test("a merchant renames a category, finds the change in the staff log by module and exports it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory("store");
  const id = crypto.randomUUID().slice(0, 6);
  const category = await factory<{ id: number }>("category", {
    applicationKey: store.applicationKey,
    name: `Tea ${id}`,
  });
  await signIn(store.email, store.password);
  await visit(`/product/category/detail/${category.id}`);
  await page.getByLabel(t("categories:field.name-en")).fill(`Green tea ${id}`);
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();

  await visit("/staff-log");
  await expect(page).toHaveTitle(`${t("staff-log:title")} - CMS`);
  await page.getByLabel(t("staff-log:filter.module")).selectOption("category");
  await page.getByRole("button", { name: t("common:list.apply") }).click();
  await expect(page).toHaveURL(/[?&]module=category/);
  const entry = page.getByRole("row").filter({ hasText: t("console:action.edit") });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(t("staff-log:who.store-person", { email: store.email }));
  await expect(entry).toContainText(
    t("console:change", { field: t("categories:field.name-en"), before: `Tea ${id}`, after: `Green tea ${id}` }),
  );

  // The export keeps the filters: the category's entry, nothing of other modules.
  const href = await page.getByRole("link", { name: t("common:sheet.export-csv") }).getAttribute("href");
  expect(href).toMatch(/^\/staff-log\/export\.csv\?.*module=category/);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const [header, ...rows] = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(header.split(",")[0]).toBe(t("staff-log:sheet.headers.time"));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`Green tea ${id}`);
});

test("sales staff cannot open the staff log", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory("store");
  const sales = await factory("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  await visit("/staff-log");
  await expect(page.getByText(t("message:forbidden"))).toBeVisible();
  const csv = await page.request.get("/staff-log/export.csv");
  expect(csv.status()).toBe(403);
});
