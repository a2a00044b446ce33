import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a merchant keeps stock at the shop and the warehouse: adjusts at the warehouse, filters the inventory by location and sees where it is", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const warehouse = await factory<{ id: number; nameZhHk: string }>("location", {
    applicationKey: store.applicationKey,
    nameZhHk: "貨倉",
    nameEn: "Warehouse",
    sellsAtCounter: false,
    shipsOnlineOrders: true,
  });
  const product = await factory<{ productCode: string }>("product", { applicationKey: store.applicationKey, stock: 4 });
  const [shopName, warehouseName] = lang === "en" ? ["Shop", "Warehouse"] : ["門市", "貨倉"];
  await signIn(store.email, store.password);

  const list = `/product/product-inventory-list?q=${product.productCode}`;
  await visit(list);
  const row = page.getByRole("row").filter({ hasText: product.productCode });
  // The adjustment's location starts at the first one, the shop.
  await expect(row.getByLabel(t("product:field.location"))).toHaveValue(/\d+/);
  await row.getByLabel(t("product:field.location")).selectOption({ label: warehouseName });
  await row.getByLabel(t("product:field.change")).fill("6");
  await row.getByLabel(t("product:field.reason")).fill("delivery");
  await row.getByRole("button", { name: t("product:adjust"), exact: true }).click();
  await expect(page.getByText(t("product:stock-adjusted"))).toBeVisible();
  // The total: the shop's 4 and the warehouse's 6.
  await expect(row.getByText("10", { exact: true })).toBeVisible();

  // The list at the warehouse: its own figure; its history names it.
  const filters = page.locator('form[method="get"]');
  await filters.getByLabel(t("product:field.location")).selectOption({ label: warehouseName });
  await filters.getByRole("button", { name: t("list.apply") }).click();
  await expect(page).toHaveURL(new RegExp(`location=${warehouse.id}`));
  await expect(
    page.getByRole("columnheader", { name: t("product:column.stock-at", { location: warehouseName }) }).first(),
  ).toBeVisible();
  await expect(row.getByText("6", { exact: true })).toBeVisible();
  // The history link keeps the list at the warehouse.
  const history = await row.getByRole("link", { name: t("product:history"), exact: true }).getAttribute("href");
  expect(history).toContain(`location=${warehouse.id}`);
  await visit(history!);
  await expect(page.getByText(new RegExp(`${warehouseName} · .*0 → 6 · delivery`))).toBeVisible();
  await expect(row.getByText("6", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The product page: where its stock is.
  await visit(`/product/product-list/detail/${product.productCode}`);
  const levels = page.getByRole("list", { name: t("product:stock-by-location") });
  await expect(levels.getByRole("listitem")).toHaveText([`${shopName}4`, `${warehouseName}6`]);
});
