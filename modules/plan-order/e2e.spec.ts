import { expect, openUserMenu, test } from "../../tests/e2e/fixtures";

interface Store {
  applicationKey: string;
  storeName: string;
  email: string;
  password: string;
}
interface PlanWithCode {
  planId: number;
  code: string;
}

test("staff order a plan with a promotion code and find the discounted amount in the orders list", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nojs-zh-HK", "one flow, JavaScript off in zh-HK");
  const store = await factory<Store>("store");
  const offer = await factory<PlanWithCode>("plan-with-code");
  await signIn("staff@example.com");
  await visit(`/staff-store-list/order-plan/add/${store.applicationKey}?plan=${offer.planId}`);
  await page.getByLabel(t("stores:field.store-payment-id")).fill("INV-2026-001");
  const code = page.getByLabel(t("plan-order:field.promotion-code"));
  await code.fill("NOSUCHCODE");
  await page.getByRole("button", { name: t("stores:order-plan") }).click();
  await expect(page.getByText(t("validation:promotion-code-invalid"))).toBeVisible();
  await expect(code).toHaveValue("NOSUCHCODE");

  await code.fill(offer.code.toLowerCase());
  await page.getByRole("button", { name: t("stores:order-plan") }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-plan-record/${store.applicationKey}$`));

  await visit(`/plan-order-list?q=${store.applicationKey}`);
  const row = page.getByRole("row").filter({ hasText: offer.code });
  await expect(row).toContainText("HK$850.00");
  await expect(row).toContainText(store.storeName);
  await row.getByRole("link", { name: store.storeName }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-plan-record/${store.applicationKey}$`));
});

test("a merchant opens my plan, their bills and a bill's receipt", async ({ page, t, factory, signIn }, testInfo) => {
  test.skip(testInfo.project.name !== "js-en", "one flow, JavaScript on in English");
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await openUserMenu(page);
  await page.getByRole("link", { name: t("menu.my-plan"), exact: true }).click();
  await expect(page).toHaveTitle(`${t("plan-order:title.my-plan")} - CMS`);
  await expect(page.getByText(t("plan-order:my-plan.current"))).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("link", { name: t("menu.bills"), exact: true }).click();
  await expect(page).toHaveTitle(`${t("plan-order:title.bills")} - CMS`);
  await page
    .getByRole("link", { name: t("plan-order:bills.receipt") })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: t("plan-order:receipt.heading"), level: 1 })).toBeVisible();
  await expect(page.locator("article").getByText(store.storeName)).toBeVisible();
  await expect(page.getByText("HK$0.00").first()).toBeVisible();
  await expect(page.getByRole("button", { name: t("plan-order:receipt.print") })).toBeVisible();
});

test("the receipt fits a phone's width", async ({ page, factory, signIn, visit }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs-zh-HK", "once, at phone width");
  const store = await factory<Store>("store");
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(store.email, store.password);
  await visit("/bills");
  const receipt = page.locator('a[href$="/receipt"]').first();
  await visit((await receipt.getAttribute("href"))!);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
