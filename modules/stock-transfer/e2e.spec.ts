import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a merchant transfers stock from the warehouse to a shop, sells it at the shop's counter and sees each location's figure", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store", { sells: true });
  // The warehouse first, so the product's opening stock is there; the shop after the store's own.
  const warehouse = await factory<{ id: number }>("location", {
    applicationKey: store.applicationKey,
    nameZhHk: "貨倉",
    nameEn: "Warehouse",
    sellsAtCounter: false,
    position: 0,
  });
  const shop = await factory<{ id: number }>("location", {
    applicationKey: store.applicationKey,
    nameZhHk: "銅鑼灣店",
    nameEn: "Causeway Bay Shop",
  });
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    stock: 10,
    priceCents: 50_00,
    nameZhHk: "茶葉禮盒",
    nameEn: "Tea gift box",
  });
  const [warehouseName, shopName] = lang === "en" ? ["Warehouse", "Causeway Bay Shop"] : ["貨倉", "銅鑼灣店"];
  await signIn(store.email, store.password);

  await visit("/stock-transfer-list/add");
  await page.getByLabel(t("stock-transfer:field.from"), { exact: true }).selectOption({ label: warehouseName });
  await page.getByLabel(t("stock-transfer:field.to"), { exact: true }).selectOption({ label: shopName });
  await page.getByLabel(t("stock-transfer:field.product-code"), { exact: true }).fill(product.productCode);
  await page.getByLabel(t("stock-transfer:field.quantity"), { exact: true }).fill("3");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/stock-transfer-list\/\d+$/);
  await expect(
    page.getByRole("heading", { name: t("stock-transfer:title.detail", { number: "TR00001" }) }),
  ).toBeVisible();

  await page.getByRole("button", { name: t("stock-transfer:send") }).click();
  await expect(page.getByText(t("stock-transfer:sent-done"))).toBeVisible();
  // What is still to come is the receipt's default.
  await expect(page.getByLabel(t("stock-transfer:field.to-receive"))).toHaveValue("3");
  await page.getByRole("button", { name: t("stock-transfer:record-receipt") }).click();
  await expect(page.getByText(t("stock-transfer:received-done"))).toBeVisible();
  await expect(page.getByText(t("stock-transfer:status.received")).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The shop's counter sells one of them: the POS works at the shop once chosen (the browser remembers it).
  await visit("/product/pos");
  await page.getByLabel(t("pos:counter.label")).selectOption({ label: shopName });
  await page.getByRole("button", { name: t("pos:counter.change") }).click();
  await expect(page.getByLabel(t("pos:counter.label"))).toHaveValue(String(shop.id));
  const scan = page.getByLabel(t("pos:scan.label"));
  await scan.fill(product.productCode);
  await scan.press("Enter");
  const name = lang === "en" ? "Tea gift box" : "茶葉禮盒";
  await expect(page.getByLabel(t("pos:cart.quantity-of", { name }))).toHaveValue("1");
  await page.getByLabel(t("pos:checkout.cash-tendered")).fill("50");
  await page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$50.00" }) }).click();
  await expect(page).toHaveURL(/\/product\/pos\?sold=\d+/);

  // The inventory at each end: 7 left at the warehouse, 3 arrived at the shop and 1 sold there.
  for (const [location, stock] of [
    [warehouse.id, "7"],
    [shop.id, "2"],
  ] as const) {
    await visit(`/product/product-inventory-list?q=${product.productCode}&location=${location}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText(stock, { exact: true })).toBeVisible();
  }
});
