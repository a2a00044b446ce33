import type { APIResponse, Page, TestInfo } from "@playwright/test";
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
  // Its enquiries (the demo has some) and their own pages are open to it.
  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/enquiry-list\/\d+$/);
  await expect(page.getByRole("button", { name: t("enquiry:send-reply") })).toBeVisible();
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
  expect((await page.goto("/product/no-such-page"))?.status()).toBe(404);
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

test("the 5-minute re-check happens inside the request that is due: the page answers, with the renewed cookie", async ({
  page,
  signIn,
}) => {
  await signIn("merchant@example.com", DEMO_PASSWORD);
  const due = await page.request.get("/my-store", {
    headers: { "x-test-clock-offset": String(5 * 60_000 + 1000) },
    maxRedirects: 0,
  });
  expect(due.status()).toBe(200);
  expect(due.headers()["set-cookie"]).toMatch(/session=/);
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

  const viaUploadRoute = await postUnread(page, "/upload?module=product", { file: image, accept: "image" });
  expect(viaUploadRoute.status()).toBe(403);
  const viaAddForm = await postUnread(page, "/product/product-list/add", {
    "images[0]": image,
    product_code: "SALES-1",
    name_zh_hk: "貨品",
    price_cents: "10",
  });
  expect(viaAddForm.status()).toBe(403);
});

/**
 * Posts a form the server refuses without reading. The server then closes the connection with the body
 * unread, and the client may see that as a reset (ECONNRESET) before the answer: such a post is sent again,
 * a few times at most.
 */
async function postUnread(
  page: Page,
  url: string,
  multipart: NonNullable<Parameters<Page["request"]["post"]>[1]>["multipart"],
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.request.post(url, { multipart, maxRedirects: 0 });
    } catch (error) {
      if (attempt === 3 || !String(error).includes("ECONNRESET")) throw error;
    }
  }
}

/** Signs the page's browser context in by a form post, without opening the login page. */
async function signInByPost(page: Page, baseURL: string, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/login", {
    form: { email, password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
}

/** Requests with no browser behind them: once, in zh-HK (a request says no language, so zh-HK it is). */
const requestsOnly = (testInfo: TestInfo) =>
  test.skip(
    testInfo.project.name !== "nojs-zh-HK",
    "plain requests: JavaScript and the browser's language play no part",
  );

/** A page's status and the title of the page it shows (an error page's title names the status). */
async function answer(response: APIResponse) {
  const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
  return { status: response.status(), title };
}

test("malformed URLs, junk filters and foreign codes answer a translated 404 or the unfiltered list, never a 500", async ({
  page,
  t,
  factory,
  baseURL,
}, testInfo) => {
  requestsOnly(testInfo);
  const store = await factory("store");
  const other = await factory("store");
  const foreign = await factory<{ productCode: string }>("product", { applicationKey: other.applicationKey });
  await signInByPost(page, baseURL!, store.email, store.password);
  const notFound = { status: 404, title: `${t("error.not-found")} - CMS` };
  for (const path of [
    "/product/product-inventory-list?history=NO-SUCH-CODE",
    `/product/product-inventory-list?history=${foreign.productCode}`,
    `/product/product-inventory-list?history=${"A".repeat(5000)}`,
    "/product/product-list/detail/%00",
    `/product/product-list/detail/${"A".repeat(5000)}`,
    `/product/product-list/detail/${foreign.productCode}`,
    "/product/category/detail/99999999999999999999",
  ]) {
    expect.soft(await answer(await page.request.get(path)), path.slice(0, 80)).toEqual(notFound);
  }

  const productList = { status: 200, title: `${t("product:title.list")} - CMS` };
  for (const path of [
    `/product/product-list?page=99999999999999999999&q=${"q".repeat(6000)}`,
    "/product/product-list?category=1.5&publish=%00&stock=%00&bestseller=%00&sort=%00&limit=-1",
    "/product/product-list?category=99999999999999999999",
  ]) {
    expect.soft(await answer(await page.request.get(path)), path.slice(0, 80)).toEqual(productList);
  }
  for (const path of [
    "/product/product-list/export.csv?category=-1&publish=%00&stock=%00&bestseller=%00&sort=%00",
    "/product/product-list/export.xlsx?category=99999999999999999999",
  ]) {
    const response = await page.request.get(path);
    expect.soft(response.status(), path).toBe(200);
    expect.soft(response.headers()["content-disposition"], path).toMatch(/^attachment/);
  }

  const staffLog = { status: 200, title: `${t("staff-log:title")} - CMS` };
  for (const path of [
    "/staff-log?who=%00&module=%00&action=%00&date_from=%00&date_to=%00&page=%00&sort=%00",
    `/staff-log?who=${"a".repeat(300)}@example.com&date_from=2024-02-30&date_to=2024-13-01`,
    "/staff-log?who=nobody&date_from=2024-05-01&date_to=2024-01-01&page=99999999999999999999",
  ]) {
    expect.soft(await answer(await page.request.get(path)), path.slice(0, 80)).toEqual(staffLog);
  }
  for (const path of ["/staff-log/export.csv?who=%00&module=x", "/staff-log/export.xlsx?date_from=2024-02-30"]) {
    const response = await page.request.get(path);
    expect.soft(response.status(), path).toBe(200);
    expect.soft(response.headers()["content-disposition"], path).toMatch(/^attachment/);
  }

  await page.context().clearCookies();
  await signInByPost(page, baseURL!, "staff@example.com");
  const log = { status: 200, title: `${t("console:title.log")} - CMS` };
  for (const path of [
    "/log?application_key=%00&actor_email=%00&date_from=%00&date_to=%00&action=%00&page=%00",
    `/log?application_key=${"k".repeat(5000)}&actor_email=${"a".repeat(300)}`,
    "/log?date_from=2024-02-30&date_to=2024-13-01",
    "/log?date_from=2024-05-01&date_to=2024-01-01",
  ]) {
    expect.soft(await answer(await page.request.get(path)), path.slice(0, 80)).toEqual(log);
  }
  const logExport = await page.request.get(
    "/log/export.csv?application_key=%00&date_from=2024-05-01&date_to=2024-01-01",
  );
  expect.soft(logExport.status()).toBe(200);
  expect(logExport.headers()["content-type"]).toMatch(/^text\/csv/);
});

test("sales staff posting a bulk action, a category delete or a product delete get a translated 403 in the shell", async ({
  page,
  t,
  factory,
  baseURL,
}, testInfo) => {
  requestsOnly(testInfo);
  const store = await factory("store");
  const records = await factory<{ ids: Record<string, number>; productCode: string }>("route-records", {
    merchantEmail: store.email,
  });
  const sales = await factory("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signInByPost(page, baseURL!, sales.email, sales.password);
  const headers = { Origin: baseURL! };
  const posts = [
    page.request.post("/product/product-list?index", {
      headers,
      form: { product_codes: records.productCode, operation: "delete", confirmed: "yes" },
    }),
    page.request.post(`/product/category/detail/${records.ids["/category/detail/"]}`, {
      headers,
      multipart: { intent: "delete" },
    }),
    page.request.post(`/product/product-list/detail/${records.productCode}`, {
      headers,
      multipart: { intent: "delete" },
    }),
  ];
  for (const response of await Promise.all(posts)) {
    expect(await answer(response), response.url()).toEqual({ status: 403, title: `${t("error.forbidden")} - CMS` });
    expect(await response.text(), `${response.url()}: the shell's menu`).toContain(t("menu.all-products"));
  }
  // Nothing was deleted.
  await page.context().clearCookies();
  await signInByPost(page, baseURL!, store.email, store.password);
  expect((await page.request.get(`/product/product-list/detail/${records.productCode}`)).status()).toBe(200);
  expect((await page.request.get(`/product/category/detail/${records.ids["/category/detail/"]}`)).status()).toBe(200);
});
