import type { Page } from "@playwright/test";
import { expect, openUserMenu, phoneEdgeProblems, test, visitPage } from "./fixtures";

test("the language switch on the login page reloads it in the other language", async ({ page, lang, visit }) => {
  await visit("/login");
  const other = lang === "en" ? { button: "繁體中文", heading: "登入" } : { button: "English", heading: "Log in" };
  await page.getByRole("button", { name: other.button }).click();
  await expect(page.getByRole("heading", { name: other.heading })).toBeVisible();
  await expect(page).toHaveTitle(`${other.heading} - CMS`);
});

test("the user menu switches the language of the shell", async ({ page, t, lang, signIn }) => {
  await signIn("merchant@example.com");
  await openUserMenu(page);
  await page.getByRole("button", { name: lang === "en" ? "繁體中文" : "English" }).click();
  await expect(page.getByRole("heading", { name: lang === "en" ? "概覽" : "Overview" })).toBeVisible();
  expect(t("store:title.overview")).toBe(lang === "en" ? "Overview" : "概覽");
});

test("the menu shows only modules in both the plan and the side menu, and only those with pages", async ({
  page,
  t,
  factory,
  signIn,
}) => {
  const store = await factory("store", {
    modules: ["product", "category", "order", "enquiry", "member", "product_booking"],
    cmsSideMenu: ["product", "add_on_product", "enquiry", "category", "member", "product_booking"],
  });
  await signIn(store.email, store.password);
  const navigation = page.locator("nav");
  await expect(navigation.getByRole("link", { name: t("menu.all-products") })).toBeVisible();
  await expect(navigation.getByRole("link", { name: t("menu.categories") })).toBeVisible();
  await expect(navigation.getByRole("link", { name: t("menu.enquiries") })).toBeVisible();
  await expect(navigation.getByRole("link", { name: t("menu.members") })).toBeVisible();
  // order is in the plan but not the side menu; add_on_product in the side menu but not the plan.
  await expect(navigation.getByRole("link", { name: t("menu.orders"), exact: true })).toHaveCount(0);
  await expect(navigation.getByRole("link", { name: t("menu.add-on-products") })).toHaveCount(0);
  await expect(navigation.getByRole("link", { name: t("menu.pos-counter"), exact: true })).toHaveCount(0);
  await expect(navigation.getByRole("link", { name: t("menu.product-booking") })).toBeVisible();
});

test("store staff see only the modules they may read", async ({ page, t, factory, signIn }) => {
  const store = await factory("store");
  const sales = await factory("store-staff", {
    applicationKey: store.applicationKey,
    role: "sales",
    permissions: { category: "none", add_on_product: "none" },
  });
  await signIn(sales.email, sales.password);
  const navigation = page.locator("nav");
  await expect(navigation.getByRole("link", { name: t("menu.all-products") })).toBeVisible();
  await expect(navigation.getByRole("link", { name: t("menu.inventory") })).toBeVisible();
  await expect(navigation.getByRole("link", { name: t("menu.categories") })).toHaveCount(0);
  await expect(navigation.getByRole("link", { name: t("menu.add-on-products") })).toHaveCount(0);
});

test("a trial store shows its trial card and expiry date; the overview's setup guide lists seven tasks", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory("store", { planType: "trial", expiresInDays: 10 });
  await signIn(store.email, store.password);
  const expiry = new Date(Date.now() + 8 * 3_600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByText(t("shell.trial-expiry", { date: expiry }))).toBeVisible();
  await expect(page.getByText(t("setup.title"))).toBeVisible();
  await expect(page.getByText(t("setup.progress", { done: 2, total: 7 }))).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "29%" })).toHaveAttribute("value", "2");
  // Each task links to the page that does it.
  await expect(page.getByRole("link", { name: new RegExp(t("setup.task.product")) })).toHaveAttribute(
    "href",
    "/product/product-list/add",
  );
  await expect(page.getByRole("link", { name: new RegExp(t("setup.task.payment")) })).toHaveAttribute(
    "href",
    "/setting/payment-setting",
  );
  // It folds away without JavaScript.
  await page.getByText(t("setup.title")).click();
  await expect(page.getByText(t("setup.task.product"))).toBeHidden();
  // The trial card says what to do.
  await page.getByRole("link", { name: t("shell.choose-plan") }).click();
  await expect(page).toHaveURL(/\/my-plan$/);
  // Every other content page carries it as a progress line that opens; the POS counter does not.
  await visit("/product/product-list");
  await expect(page.getByText(t("setup.progress", { done: 2, total: 7 }))).toBeVisible();
  const productTask = page.getByRole("link", { name: new RegExp(t("setup.task.product")) });
  await expect(productTask).toBeHidden();
  await page.getByText(t("setup.title")).click();
  await expect(productTask).toBeVisible();
  await visit("/product/pos");
  await expect(page.getByText(t("setup.title"))).toHaveCount(0);
});

test("the trial card is hidden on screens narrower than 500px", async ({ page, t, factory, signIn }) => {
  const store = await factory("store", { planType: "trial", expiresInDays: 10 });
  await signIn(store.email, store.password);
  await page.setViewportSize({ width: 480, height: 800 });
  await expect(page.getByText(t("shell.trial-title"))).toBeHidden();
});

test("the view-store button opens the store's sub-domain site", async ({ page, t, signIn }) => {
  await signIn("merchant@example.com");
  await expect(page.getByRole("link", { name: t("shell.view-store") })).toHaveAttribute(
    "href",
    "https://demo-shop.shops.example.com",
  );
  await expect(page.getByRole("link", { name: t("shell.shop-guide") })).toBeVisible();
});

test("the theme and drawer preferences persist in cookies", async ({ page, t, signIn }) => {
  await signIn("merchant@example.com");
  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.theme-dark") }).click();
  await expect(page.locator("html")).toHaveClass(/p-theme-dark-experimental/);
  await page.getByRole("button", { name: t("shell.collapse-drawer") }).click();
  await expect(page.locator("html")).toHaveClass(/mini-drawer/);
  // The collapsed drawer is a strip of icons, each named, its name a tooltip on hover.
  const mini = page.getByRole("navigation", { name: t("shell.menu") });
  const orders = mini.getByRole("link", { name: t("menu.orders"), exact: true });
  await expect(orders.locator("svg")).toBeVisible();
  await expect(mini.getByRole("link", { name: t("menu.other-settings") })).toBeVisible();
  await expect(page.locator("nav").getByRole("link", { name: t("menu.all-products") })).toBeHidden();
  const tooltip = orders.locator(".mini-nav__label");
  await expect(tooltip).toHaveCSS("clip-path", "inset(50%)");
  await orders.hover();
  await expect(tooltip).toHaveCSS("clip-path", "none");
  await orders.click();
  await expect(page).toHaveURL(/\/order\/order-list$/);
  await expect(mini.getByRole("link", { name: t("menu.orders"), exact: true })).toHaveAttribute("aria-current", "page");
  const cookies = await page.context().cookies();
  const themeDark = cookies.find((cookie) => cookie.name === "themeDark");
  expect(themeDark).toMatchObject({ sameSite: "Strict", path: "/" });
  expect(JSON.parse(atob(decodeURIComponent(themeDark!.value)))).toBe("1");
  expect(themeDark!.expires * 1000 - Date.now()).toBeGreaterThan(119 * 86_400_000);
});

test("cross-site form posts are refused", async ({ request }) => {
  const crossSite = await request.post("/logout", { headers: { Origin: "https://evil.example" }, form: {} });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY" });
});

test("a preference sends the user back only to a page of this site", async ({ request, baseURL }) => {
  for (const redirectTo of ["/./\\evil.example", "/x/..\\/evil.example", "/.//evil.example"]) {
    const response = await request.post("/preferences", {
      form: { intent: "theme", redirectTo },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status(), redirectTo).toBe(302);
    expect(response.headers().location, redirectTo).toBe("/");
  }
});

test("Back in the top bar goes to the page's list, and pages of the menu have none", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory("store");
  const product = await factory<{ productCode: string }>("product", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  const back = page.locator(".top-bar-actions").getByRole("link", { name: t("shell.back") });

  await visit(`/product/product-list/detail/${product.productCode}`);
  await expect(back).toHaveAttribute("href", "/product/product-list");
  await back.click();
  await expect(page).toHaveURL(/\/product\/product-list$/);
  await expect(back).toHaveCount(0);

  await visit("/product/category/add");
  await back.click();
  await expect(page).toHaveURL(/\/product\/category$/);
});

test("the top bar's actions are readable, never wrap, and become named icons on a phone", async ({
  page,
  t,
  signIn,
}) => {
  await signIn("merchant@example.com");
  const actions = page.locator(".top-bar-actions");
  const viewStore = actions.getByRole("link", { name: t("shell.view-store") });
  const collapse = actions.getByRole("button", { name: t("shell.collapse-drawer") });
  // Light text on the dark top bar (its background is near black), read once the styles have applied.
  const darkestChannel = async () =>
    Math.min(...(await viewStore.evaluate((link) => getComputedStyle(link).color)).match(/\d+/g)!.map(Number));
  await expect.poll(darkestChannel).toBeGreaterThan(200);

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const action of await actions.locator(".top-bar-action").all()) {
      // One read of the box: a hidden action (null) is skipped, with no gap for a re-render to fall into.
      const box = await action.boundingBox();
      if (box) expect(box.height).toBeLessThan(48);
    }
  }
  await expect(viewStore).toBeVisible();
  await expect(viewStore.locator(".top-bar-action__label")).toHaveCSS("clip-path", "inset(50%)");
  await expect(collapse).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(collapse).toBeVisible();
});

test("on a phone the menu opens with or without JavaScript", async ({ page, t, signIn }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn("merchant@example.com");
  const allProducts = page.locator("nav").getByRole("link", { name: t("menu.all-products") });
  await expect(allProducts).toBeHidden();
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.getByRole("link", { name: t("shell.menu") }).click();
  } else {
    await page.getByRole("button", { name: "Toggle menu" }).click();
  }
  await allProducts.click();
  await expect(page).toHaveURL(/\/product\/product-list$/);
});

/** The paths of the translation files the page fetches from now on. */
function translationRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/locales/")) paths.push(pathname);
  });
  return paths;
}

test("a store page's first load carries its translations: it fetches none and hydrates in its language", async ({
  page,
  t,
  signIn,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "translations are fetched only by scripts");
  await signIn("merchant@example.com");
  // A new tab: nothing the sign-in's page still fetches counts.
  const tab = await page.context().newPage();
  const fetched = translationRequests(tab);
  await visitPage(tab, "/my-store", true);
  await expect(tab.getByRole("heading", { name: t("store:title.overview") })).toBeVisible();
  expect(fetched).toEqual([]);
  // Hydrated: a menu link navigates without loading a new document.
  await tab.evaluate(() => Object.assign(window, { sameDocument: true }));
  await tab
    .locator("nav")
    .getByRole("link", { name: t("menu.all-products") })
    .click();
  await expect(tab).toHaveURL(/\/product\/product-list$/);
  expect(await tab.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("a client-side navigation fetches the new page's namespace in the page's language and shows its text", async ({
  page,
  t,
  lang,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "translations are fetched only by scripts");
  await signIn("merchant@example.com");
  await visit("/my-store");
  const fetched = translationRequests(page);
  await page
    .locator("nav")
    .getByRole("link", { name: t("menu.all-products") })
    .click();
  await expect(page.getByRole("columnheader", { name: t("product:column.code") })).toBeVisible();
  await expect(page.getByRole("textbox", { name: t("common:list.search") })).toHaveAttribute(
    "placeholder",
    t("product:search-placeholder"),
  );
  expect(fetched).toEqual([`/locales/${lang}/product.json`]);
});

test("on a phone no control touches the screen's edge and no page scrolls sideways", async ({
  page,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn("merchant@example.com");
  const pages = [
    "/product/pos",
    "/product/product-list",
    "/product/product-list/detail/DEMO-001",
    "/order/order-list",
    "/yoga/yoga-course/timetable",
    "/appointment",
    "/quotation-list",
  ];
  for (const path of pages) {
    await visit(path);
    // A drop zone is hidden while it measures itself, just after hydration: check the page it settles into.
    await expect(page.locator(".Polaris-DropZone--measuring")).toHaveCount(0);
    const { touching, sideways } = await phoneEdgeProblems(page);
    expect.soft(touching, `${path}: controls at the screen's edge`).toEqual([]);
    expect.soft(sideways, `${path}: scrolls sideways`).toBe(false);
  }
});
