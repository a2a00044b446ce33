import { expect, expectSameDocument, markDocument, test, type Store, unique } from "../../tests/e2e/fixtures";

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
