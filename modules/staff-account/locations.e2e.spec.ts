import type { Browser, TestInfo } from "@playwright/test";
import { expect, test, visitPage, type Store } from "../../tests/e2e/fixtures";

/** The staff member in their own browser, with this project's JavaScript and language settings. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  return context.newPage();
}

test("a merchant limits a staff account to the warehouse: one location at least, and its inventory adjusts only there", async ({
  page,
  browser,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.slow();
  // JS off in zh-HK at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const warehouse = await factory<{ id: number }>("location", {
    applicationKey: store.applicationKey,
    nameZhHk: "貨倉",
    nameEn: "Warehouse",
  });
  const product = await factory<{ productCode: string }>("product", { applicationKey: store.applicationKey, stock: 4 });
  const staff = await factory<{ id: number; email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "admin",
  });
  const warehouseName = lang === "en" ? "Warehouse" : "貨倉";
  await signIn(store.email, store.password);

  await visit(`/staff-account-list/${staff.id}`);
  await page.getByRole("combobox", { name: t("staff-account:field.location-access") }).selectOption("chosen");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:location-required"))).toBeVisible();
  await page.getByRole("checkbox", { name: warehouseName }).check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const seller = await otherBrowser(browser, testInfo);
  await visitPage(seller, "/login", testInfo.project.use.javaScriptEnabled !== false);
  await seller.getByLabel(t("auth:email")).fill(staff.email);
  await seller.getByLabel(t("auth:password")).fill(staff.password);
  await seller.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(seller).toHaveURL(/\/my-store$/);
  await visitPage(
    seller,
    `/product/product-inventory-list?q=${product.productCode}`,
    testInfo.project.use.javaScriptEnabled !== false,
  );
  const row = seller.getByRole("row").filter({ hasText: product.productCode });
  const where = row.getByLabel(t("product:field.location"));
  await expect(where).toHaveValue(String(warehouse.id));
  await expect(where.locator("option")).toHaveText([warehouseName]);
  // The list's filter still offers every location.
  await expect(
    seller.locator('form[method="get"]').getByLabel(t("product:field.location")).locator("option"),
  ).toHaveCount(3);
});
