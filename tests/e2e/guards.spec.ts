import { DEMO_PASSWORD, expect, test } from "./fixtures";

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test("signed-out visitors are sent to /login from staff and store pages", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  for (const path of ["/my-store", "/staff-store-list", "/enquiry-list"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("a merchant is kept out of staff pages and away from the login page", async ({ page, signIn }) => {
  await signIn("merchant@example.com");
  await page.goto("/staff-store-list");
  await expect(page).toHaveURL(/\/my-store$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/my-store$/);
});

test("an enquiry-only store sees only the enquiry list", async ({ page, t, signIn }) => {
  await signIn("enquiry@example.com");
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/enquiry-list$/);
  // Pages that are not built yet too: the store has no page but its enquiries.
  await page.goto("/setting/general-setting");
  await expect(page).toHaveURL(/\/enquiry-list$/);
  const navigation = page.locator("nav");
  await expect(navigation.getByRole("link", { name: t("menu.enquiries") })).toBeVisible();
  await expect(navigation.getByRole("link")).toHaveCount(1);
});

test("staff without an entered store go to the store list; they may open a reset link", async ({ page, t, signIn }) => {
  await signIn("staff@example.com");
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/staff-store-list$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/staff-store-list$/);
  await page.goto("/reset-password/1/not-a-real-token-at-all");
  await expect(page.getByRole("heading", { name: t("auth:title.reset-password") })).toBeVisible();
});

test("staff enter a customer store, see its shell, and exit back to the list", async ({ page, t, factory, signIn }) => {
  const store = await factory("store");
  await signIn("staff@example.com");
  await page.getByRole("button", { name: t("stores:enter-store-named", { name: store.storeName }) }).click();
  await expect(page).toHaveURL(/\/my-store$/);
  await expect(page.getByText(store.storeName).first()).toBeVisible();
  await expect(page.getByText(t("setup.title"))).toHaveCount(0);

  // Which store, and the way out, on every page of it.
  await page.goto("/product/category");
  await expect(page.getByText(t("shell.viewing-store", { name: store.storeName }))).toBeVisible();
  await page.getByRole("button", { name: t("shell.exit"), exact: true }).click();
  await expect(page).toHaveURL(/\/staff-store-list$/);
  await expect(page.getByText(t("shell.viewing-store", { name: store.storeName }))).toHaveCount(0);
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/staff-store-list$/);
});

test("a module outside the store's plan is not reachable", async ({ page, t, signIn }) => {
  await signIn("trial@example.com");
  const response = await page.goto("/enquiry-list");
  expect(response?.status()).toBe(403);
  await expect(page.getByText(t("message:module-not-in-plan"))).toBeVisible();
  await expect(page.locator("nav").getByRole("link", { name: t("menu.enquiries") })).toHaveCount(0);
});

test("an unknown path shows File not Found with status 404, inside the shell once signed in", async ({
  page,
  t,
  signIn,
}) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: t("error.not-found") })).toBeVisible();
  await expect(page).toHaveTitle(`${t("error.not-found")} - CMS`);
  await expect(page.locator("nav")).toHaveCount(0);

  await signIn("merchant@example.com");
  expect((await page.goto("/member/member-list"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: t("error.not-found") })).toBeVisible();
  await expect(page).toHaveTitle(`${t("error.not-found")} - CMS`);
  await expect(page.locator("nav").getByRole("link", { name: t("menu.all-products") })).toBeVisible();
});

test("a disabled account is signed out at its next request, even on a page that calls no backend action", async ({
  page,
  t,
  factory,
  signIn,
}) => {
  const store = await factory("store");
  const sales = await factory("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/my-store$/);

  await factory("disable", { kind: "store_staff", email: sales.email });
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("instruction.login-expired"))).toBeVisible();
});

test("the session check re-reads the plan: a store signs in again fine after 5 minutes", async ({
  page,
  t,
  signIn,
}) => {
  await signIn("merchant@example.com", DEMO_PASSWORD);
  await page.context().setExtraHTTPHeaders({ "x-test-clock-offset": String(5 * 60_000 + 1000) });
  await page.goto("/my-store");
  await expect(page).toHaveURL(/\/my-store$/);
  await expect(page.getByRole("heading", { name: t("store:title.overview") })).toBeVisible();
});

test("a session the backend no longer accepts signs out at once, even within the 5 minutes", async ({
  page,
  t,
  factory,
  signIn,
}) => {
  const worker = await factory("provider-staff");
  await signIn(worker.email, worker.password);
  await factory("disable", { kind: "console", email: worker.email });
  await page.goto("/staff-store-list");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("instruction.login-expired"))).toBeVisible();
});

test("read-only staff cannot store files: the upload route and a form with a file answer 403 before reading it", async ({
  page,
  factory,
  signIn,
}) => {
  const store = await factory("store");
  const sales = await factory("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  const image = { name: "a.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") };

  const viaUploadRoute = await page.request.post("/upload?module=product", {
    multipart: { file: image, accept: "image" },
    maxRedirects: 0,
  });
  expect(viaUploadRoute.status()).toBe(403);
  const viaAddForm = await page.request.post("/product/product-list/add", {
    multipart: { "images[0]": image, product_code: "SALES-1", name_zh_hk: "貨品", price_cents: "10" },
    maxRedirects: 0,
  });
  expect(viaAddForm.status()).toBe(403);
});
