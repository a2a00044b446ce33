import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, type Store, unique } from "./fixtures";

/** With JavaScript, moves are fetcher posts: the document the test marked is still the one shown after them. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute("data-test-mark", ""));
const expectSameDocument = (page: Page) => expect(page.locator("html[data-test-mark]")).toHaveCount(1);

test("a merchant adds a home banner slide, moves another above it, and the store's website shows them so", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const [first, second] = [`夏日 ${unique()}`, `秋日 ${unique()}`];
  const tea = `Oolong tea ${unique()}`;
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    nameZhHk: tea,
    nameEn: tea,
  });
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await signIn(store.email, store.password);
  await visit("/layout/home-design");
  await expect(page).toHaveTitle(`${t("home-banner:title.list")} - CMS`);
  await expect(page.getByText(t("home-banner:no-slides"))).toBeVisible();

  await page.getByRole("link", { name: t("home-banner:add-slide") }).click();
  await expect(page).toHaveURL(/\/layout\/home-design\/add$/);
  await expect(page.getByText(t("home-banner:help.images"))).toBeVisible();
  await page.getByLabel(t("home-banner:field.desktop-image")).setInputFiles({
    name: "tea.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/tea.png"),
  });
  if (javaScript) {
    await expect(page.getByRole("img", { name: t("home-banner:field.desktop-image") })).toHaveAttribute(
      "src",
      /^\/uploads\//,
    );
  }
  await page.getByLabel(t("home-banner:field.alt-zh-hk")).fill(first);
  await page.getByLabel(t("common:link-target.kind.label"), { exact: true }).selectOption("product");
  // With JS the field is a combobox, whose open list has the same label.
  const productField = javaScript
    ? page.getByRole("combobox", { name: t("common:link-target.product") })
    : page.getByLabel(t("common:link-target.product"));
  if (javaScript) {
    // With JS the field searches the store's products: part of a name finds it, choosing it takes its code.
    await productField.fill("oolong");
    await page.getByRole("option", { name: `${tea} (${product.productCode})` }).click();
    await expect(productField).toHaveValue(product.productCode);
  } else {
    await productField.fill(product.productCode);
  }
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/layout\/home-design$/);
  // A second slide with the same image, made directly: the move is what this test is about.
  const image = await page.getByRole("img", { name: first }).getAttribute("src");
  await factory("home-banner", {
    applicationKey: store.applicationKey,
    desktopImageUrl: image,
    altZhHk: second,
    altEn: "",
    linkKind: "url",
    linkUrl: "/sale",
  });
  await visit("/layout/home-design");

  const slides = page.locator(".layout-list > li");
  await expect(slides).toHaveText([new RegExp(first), new RegExp(second)]);
  await expect(slides.first()).toContainText(t("home-banner:status.showing"));
  await expect(page.getByRole("button", { name: t("home-banner:move-up", { name: first }) })).toBeDisabled();
  if (javaScript) await markDocument(page);
  await page.getByRole("button", { name: t("home-banner:move-up", { name: second }) }).click();
  await expect(slides).toHaveText([new RegExp(second), new RegExp(first)]);
  await expect(page).toHaveURL(/\/layout\/home-design$/);
  if (javaScript) await expectSameDocument(page);

  // The store's website reads the slides as a store site would: in their new order.
  const reply = await page.request.post("/api/action", {
    form: {
      get_store_website_home_banner_data_list_by_application_key: JSON.stringify({
        application_key: store.applicationKey,
      }),
    },
  });
  const { data } = (await reply.json()) as {
    data: { alt_zh_hk: string; link: { url: string | null; product_code: string | null } }[];
  };
  expect(data.map((slide) => [slide.alt_zh_hk, slide.link.url ?? slide.link.product_code])).toEqual([
    [second, "/sale"],
    [first, product.productCode],
  ]);
});

test("a merchant builds a three-level menu and moves an item out, up, down and in", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const id = unique();
  const [shop, tea, green] = [`商店 ${id}`, `茶 ${id}`, `綠茶 ${id}`];
  const category = await factory<{ id: number; nameZhHk: string }>("category", {
    applicationKey: store.applicationKey,
    name: `分類 ${id}`,
  });
  await signIn(store.email, store.password);
  await visit("/layout/menu-management");
  await expect(page).toHaveTitle(`${t("site-menu:title.list")} - CMS`);
  await expect(page.getByText(t("site-menu:no-items"))).toBeVisible();

  /** An item linking to a web address, or to the category named. */
  const addItem = async (label: string, under?: string, categoryName?: string) => {
    await (
      under
        ? page.getByRole("link", { name: t("site-menu:add-child", { name: under }) })
        : page.getByRole("link", { name: t("site-menu:add-item") })
    ).click();
    await page.getByLabel(t("site-menu:field.label-zh-hk")).fill(label);
    if (categoryName) {
      await page.getByLabel(t("common:link-target.kind.label"), { exact: true }).selectOption("category");
      await page.getByLabel(t("common:link-target.category")).selectOption({ label: categoryName });
    } else {
      await page.getByLabel(t("common:link-target.url")).fill(`/${encodeURIComponent(label)}`);
    }
    await page.getByRole("button", { name: t("form.save") }).click();
    await expect(page).toHaveURL(/\/layout\/menu-management$/);
  };
  await addItem(shop);
  await addItem(tea, shop);
  await addItem(green, tea, category.nameZhHk);

  const rows = page.locator(".layout-list li > div");
  const outline = (...items: [string, number][]) =>
    expect(rows).toHaveText(items.map(([label, depth]) => new RegExp(`${label}.*${t("site-menu:level", { depth })}`)));
  await outline([shop, 1], [tea, 2], [green, 3]);
  // At the third level an item takes no children.
  await expect(page.getByRole("link", { name: t("site-menu:add-child", { name: green }) })).toHaveCount(0);

  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  if (javaScript) await markDocument(page);
  const move = (how: "up" | "down" | "in" | "out", name: string) =>
    page.getByRole("button", { name: t(`site-menu:move.${how}`, { name }) }).click();
  await move("out", tea);
  await outline([shop, 1], [tea, 1], [green, 2]);
  await move("up", tea);
  await outline([tea, 1], [green, 2], [shop, 1]);
  await move("down", tea);
  // The category a third-level item links to is deleted meanwhile: the page after the next move marks the link.
  await factory("delete-category", { applicationKey: store.applicationKey, id: category.id });
  await move("in", tea);
  await outline([shop, 1], [tea, 2], [green, 3]);
  await expect(rows.filter({ hasText: green })).toContainText(t("common:link-target.broken"));
  await expect(page).toHaveURL(/\/layout\/menu-management$/);
  if (javaScript) await expectSameDocument(page);
  // The deepest tree, its indents and move buttons included, fits a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
