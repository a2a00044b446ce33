import type { Browser, TestInfo } from "@playwright/test";
import { expect, test, visitPage } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
}

/** The new staff member in their own browser, with this project's JavaScript and language settings. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  return context.newPage();
}

test("a merchant adds a sales account with its own permissions; it sees only what it may, and a lowered permission holds at its next page", async ({
  page,
  browser,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // Two browsers and a dozen pages: more than the default minute on a busy two-core machine.
  test.slow();
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const store = await factory<Store>("store");
  const email = `cashier-${crypto.randomUUID().slice(0, 8)}@factory.test`;
  const level = (module: string, permission: string) =>
    page.getByRole("radio", {
      name: t("staff-account:permission.cell", {
        module: t(`common:module.${module}`),
        level: t(`staff-account:permission.${permission}`),
      }),
    });

  await signIn(store.email, store.password);
  await visit("/staff-account-list");
  await expect(page.getByText(t("staff-account:no-staff"))).toBeVisible();
  await page.getByRole("link", { name: t("staff-account:add-staff") }).click();
  await expect(page).toHaveURL(/\/staff-account-list\/add$/);

  // The sales role's defaults, changed, then reset: the reset works as a post without JS and at once with it.
  await expect(level("member", "write")).toBeChecked();
  await level("member", "none").check();
  await page
    .getByRole("button", { name: t("staff-account:reset-defaults", { role: t("staff-account:role.sales") }) })
    .click();
  await expect(level("member", "write")).toBeChecked();

  await page.getByLabel(t("staff-account:field.name")).fill("Casey Cashier");
  await page.getByLabel(t("staff-account:field.email")).fill(email);
  await level("member", "none").check();
  await level("promotion", "read").check();
  await page.getByLabel(t("staff-account:field.password-setup")).selectOption("password");
  await page.locator("input[name=password]").fill("cashier-pass-1");
  await page.getByLabel(t("staff-account:field.repeat-password")).fill("cashier-pass-2");
  await page.getByRole("button", { name: t("form.save") }).click();
  // A refused save keeps the levels chosen, beside the password's error.
  await expect(page.getByText(t("validation:password-not-match"))).toBeVisible();
  await expect(level("promotion", "read")).toBeChecked();
  await expect(level("member", "none")).toBeChecked();
  await page.locator("input[name=password]").fill("cashier-pass-1");
  await page.getByLabel(t("staff-account:field.repeat-password")).fill("cashier-pass-1");
  await page.getByRole("button", { name: t("form.save") }).click();
  // The new account's own page opens, as Shopify's does.
  await expect(page).toHaveURL(/\/staff-account-list\/\d+$/);
  await expect(page.getByLabel(t("staff-account:field.email"))).toHaveValue(email);
  await visit("/staff-account-list");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(t("staff-account:role.sales"));

  const cashier = await otherBrowser(browser, testInfo);
  await visitPage(cashier, "/login", javaScriptEnabled);
  await cashier.getByLabel(t("auth:email")).fill(email);
  await cashier.getByLabel(t("auth:password")).fill("cashier-pass-1");
  await cashier.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(cashier).toHaveURL(/\/my-store$/);
  const menu = cashier.locator("nav");
  await expect(menu.getByRole("link", { name: t("menu.promotion"), exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: t("menu.members"), exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: t("menu.staff-accounts") })).toHaveCount(0);
  expect((await visitPage(cashier, "/member/member-list", javaScriptEnabled))?.status()).toBe(403);
  await visitPage(cashier, "/promotion/promotion-list", javaScriptEnabled);
  await expect(cashier.getByRole("link", { name: t("promotion:add-coupon") })).toHaveCount(0);

  // The merchant lowers it on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole("link", { name: "Casey Cashier" }).click();
  await expect(level("promotion", "read")).toBeChecked();
  await level("promotion", "none").check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/staff-account-list$/);

  // Its very next page knows: no five-minute wait for the cached permissions.
  expect((await visitPage(cashier, "/promotion/promotion-list", javaScriptEnabled))?.status()).toBe(403);
  await expect(menu.getByRole("link", { name: t("menu.promotion"), exact: true })).toHaveCount(0);
  await cashier.context().close();

  // The staff log has the change, the level before and after.
  await visit("/staff-log?module=staff_account&action=edit");
  const entry = page.getByRole("row").filter({ hasText: "Casey Cashier" });
  await expect(
    entry.getByText(
      t("console:change", {
        field: t("common:module.promotion"),
        before: t("staff-account:permission.read"),
        after: t("staff-account:permission.none"),
      }),
    ),
  ).toBeVisible();
});

test("an invitation takes no password: hidden with JavaScript, refused beside it without; the toast names the address", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory<Store>("store");
  const email = `invitee-${crypto.randomUUID().slice(0, 8)}@factory.test`;
  await signIn(store.email, store.password);
  await visit("/staff-account-list/add");
  await page.getByLabel(t("staff-account:field.name")).fill("Ivy Invitee");
  await page.getByLabel(t("staff-account:field.email")).fill(email);
  await page.getByLabel(t("staff-account:field.password-setup")).selectOption("invite");
  const password = page.locator("input[name=password]");
  if (testInfo.project.use.javaScriptEnabled === false) {
    await password.fill("typed-pass-1");
    await page.getByRole("button", { name: t("form.save") }).click();
    await expect(page.getByText(t("validation:password-with-invitation"))).toBeVisible();
    await expect(page.getByLabel(t("staff-account:field.email"))).toHaveValue(email);
    await password.fill("");
  } else {
    await expect(password).toBeHidden();
  }
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("staff-account:invited", { email }))).toBeVisible();
});

test("offline selling is a box of the account's permissions: a new sales account starts without it, an admin with it, saved and logged", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory<Store>("store");
  const email = `offline-${crypto.randomUUID().slice(0, 8)}@factory.test`;
  const box = page.getByRole("checkbox", { name: t("staff-account:field.sells-offline") });
  await signIn(store.email, store.password);
  await visit("/staff-account-list/add");
  await expect(box).not.toBeChecked();
  await expect(page.getByText(t("staff-account:help.sells-offline"))).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled !== false) {
    // With JavaScript the box follows the role chosen, until the merchant ticks or unticks it.
    await page.getByLabel(t("staff-account:field.role")).selectOption("admin");
    await expect(box).toBeChecked();
    await page.getByLabel(t("staff-account:field.role")).selectOption("sales");
    await expect(box).not.toBeChecked();
  }
  await page.getByLabel(t("staff-account:field.name")).fill("Olive Offline");
  await page.getByLabel(t("staff-account:field.email")).fill(email);
  await box.check();
  await page.getByLabel(t("staff-account:field.password-setup")).selectOption("password");
  await page.locator("input[name=password]").fill("offline-pass-1");
  await page.getByLabel(t("staff-account:field.repeat-password")).fill("offline-pass-1");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/staff-account-list\/\d+$/);
  await expect(box).toBeChecked();

  await box.uncheck();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/staff-account-list$/);
  await visit("/staff-log?module=staff_account&action=edit");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "Olive Offline" })
      .getByText(
        t("console:change", {
          field: t("staff-account:field.sells-offline"),
          before: t("common:form.yes"),
          after: t("common:form.no"),
        }),
      ),
  ).toBeVisible();
});
