import { DEMO_PASSWORD, expect, openUserMenu, test } from "../../tests/e2e/fixtures";

const DEMO_HOMES = [
  { email: "staff@example.com", home: /\/staff-store-list$/, title: "stores:title.store-list" },
  { email: "merchant@example.com", home: /\/my-store$/, title: "store:title.overview" },
  { email: "trial@example.com", home: /\/my-store$/, title: "store:title.overview" },
  { email: "enquiry@example.com", home: /\/enquiry-list$/, title: "enquiry:title.list" },
  { email: "sales@example.com", home: /\/my-store$/, title: "store:title.overview" },
];

for (const { email, home, title } of DEMO_HOMES) {
  test(`${email} signs in and lands on their home page`, async ({ page, t, signIn }) => {
    await signIn(email);
    await expect(page).toHaveURL(home);
    await expect(page).toHaveTitle(`${t(title)} - CMS`);
  });
}

test("a wrong password shows the translated error and keeps the e-mail typed", async ({ page, t, visit }) => {
  await visit("/login");
  await expect(page).toHaveTitle(`${t("auth:title.login")} - CMS`);
  await page.getByLabel(t("auth:email")).fill("merchant@example.com");
  await page.getByLabel(t("auth:password")).fill("not-the-password");
  await page.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(page.getByText(t("message:incorrect-email-or-password"))).toBeVisible();
  await expect(page.getByLabel(t("auth:email"))).toHaveValue("merchant@example.com");
});

test("a blank form shows the required-field errors", async ({ page, t, visit }) => {
  await visit("/login");
  await page.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(page.getByText(t("validation:force-input")).first()).toBeVisible();
});

test("five wrong passwords lock the account with a try-again message", async ({ page, t, factory, visit }) => {
  const store = await factory("store");
  await visit("/login");
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByLabel(t("auth:email")).fill(store.email);
    await page.getByLabel(t("auth:password")).fill(attempt < 5 ? "wrong-pass-1" : store.password);
    await page.getByRole("button", { name: t("auth:sign-in") }).click();
    await expect(page.getByRole("status").or(page.locator(".Polaris-Banner")).first()).toBeVisible();
  }
  await expect(page.getByText(t("message:try-again-after-minutes", { value: 15 }))).toBeVisible();
});

test("a forgotten password is reset through the e-mailed link", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory("store");
  await visit("/login");
  await page.getByRole("link", { name: t("auth:forgot-password-link") }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.getByLabel(t("auth:email")).fill(store.email);
  await page.getByRole("button", { name: t("auth:send-reset-link") }).click();
  await expect(page.getByText(t("auth:reset-link-sent"))).toBeVisible();

  const mail = await factory<{ body: string }>("latest-email", { to: store.email });
  const link = /http:\/\/\S+\/reset-password\/\d+\/\S+/.exec(mail.body)![0];
  await visit(link);
  await page.getByLabel(t("auth:new-password")).fill("short");
  await page.getByLabel(t("auth:repeat-password")).fill("short");
  await page.getByRole("button", { name: t("auth:save-password") }).click();
  await expect(page.getByText(t("validation:password-rule"))).toBeVisible();

  await page.getByLabel(t("auth:new-password")).fill("fresh-pass-42");
  await page.getByLabel(t("auth:repeat-password")).fill("fresh-pass-42");
  await page.getByRole("button", { name: t("auth:save-password") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("auth:password-reset-done"))).toBeVisible();

  await signIn(store.email, "fresh-pass-42");
  await expect(page).toHaveURL(/\/my-store$/);
});

test("after logout, a copy of the session cookie opens no page and downloads no file", async ({
  page,
  browser,
  t,
  factory,
  signIn,
}) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  const copied = await page.context().cookies();
  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);

  const attacker = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await attacker.addCookies(copied);
  const stolen = await attacker.newPage();
  // Pages whose loaders call no backend action, and one that does.
  for (const path of ["/my-store", "/product/category/add", "/product/product-list/import", "/product/product-list"]) {
    await stolen.goto(path);
    await expect(stolen).toHaveURL(/\/login$/);
  }
  // Files too: a static sheet (no backend call) and an export.
  for (const path of ["/product/product-list/template.xlsx", "/product/product-list/export.csv"]) {
    const download = await attacker.request.get(path, { maxRedirects: 0 });
    expect(download.status(), path).toBe(302);
    expect(download.headers().location, path).toBe("/login");
  }
  await attacker.close();
});

test("with JavaScript on, Enter in a text field does not submit the form", async ({ page, t, visit }, testInfo) => {
  test.skip(testInfo.project.name.startsWith("nojs"), "the spec blocks Enter only where JavaScript runs");
  await visit("/login");
  await page.getByLabel(t("auth:email")).fill("merchant@example.com");
  await page.getByLabel(t("auth:password")).fill("demo1234");
  // What happened to the Enter: a listener on window, the last to see the key, reads whether the page turned
  // its default (submitting the form) down; and every sign-in the page posts is counted.
  await page.evaluate(() => {
    const seen = window as unknown as { enterPrevented?: Promise<boolean> };
    seen.enterPrevented = new Promise((resolve) =>
      window.addEventListener("keydown", (event) => event.key === "Enter" && resolve(event.defaultPrevented)),
    );
  });
  const signIns: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/login")) {
      signIns.push(request.url());
    }
  });
  await page.getByLabel(t("auth:password")).press("Enter");
  expect(await page.evaluate(() => (window as unknown as { enterPrevented: Promise<boolean> }).enterPrevented)).toBe(
    true,
  );
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(page).toHaveURL(/\/my-store$/);
  // A submission by the Enter would have been posted before the button's: the button's is the only one.
  expect(signIns).toHaveLength(1);
});

test("what is typed before the page has finished loading is kept and submitted", async ({ page, t }) => {
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel(t("auth:email")).fill("merchant@example.com");
  await page.getByLabel(t("auth:password")).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(page).toHaveURL(/\/my-store$/);
});
