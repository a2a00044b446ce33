import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("a merchant adds a supplier with a product, orders from it, receives in two deliveries and sees the stock raised", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const product = await factory<{ productCode: string; nameZhHk: string; nameEn: string }>("product", {
    applicationKey: store.applicationKey,
    nameEn: `Oolong ${unique()}`,
    stock: 5,
  });
  // A T-shirt in two sizes: a supplier sells one of them.
  const mediumSku = `TM-${unique()}`;
  const tee = await factory<{ productCode: string }>("product-with-variants", {
    applicationKey: store.applicationKey,
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
    variants: [
      { values: [0], sku: `TS-${unique()}` },
      { values: [1], sku: mediumSku },
    ],
  });
  const supplierName = `Tea House ${unique()}`;
  await signIn(store.email, store.password);

  await visit("/supplier-list/add");
  await expect(page).toHaveTitle(`${t("supplier:title.add")} - CMS`);
  await page.getByLabel(t("supplier:field.name")).fill(supplierName);
  await page.getByLabel(t("supplier:field.phone")).fill("23456789");
  // A line more and a line less post the form back, what was typed kept.
  await page.getByRole("button", { name: t("supplier:add-line") }).click();
  await expect(page.getByLabel(t("supplier:field.product"))).toHaveCount(2);
  await expect(page.getByLabel(t("supplier:field.name"))).toHaveValue(supplierName);
  await page
    .getByRole("button", { name: t("supplier:remove-line") })
    .nth(1)
    .click();
  await expect(page.getByLabel(t("supplier:field.product"))).toHaveCount(1);
  await page.getByLabel(t("supplier:field.product")).fill(product.productCode);
  await page.getByLabel(t("supplier:field.cost")).fill("12.5");
  await page.getByLabel(t("supplier:field.minimum-order-quantity")).fill("6");
  await page.getByLabel(t("supplier:field.reorder-point")).fill("5");
  // A product with several variants: the form comes back asking which, its variants to choose from.
  await page.getByRole("button", { name: t("supplier:add-line") }).click();
  await page.getByLabel(t("supplier:field.product")).nth(1).fill(tee.productCode);
  await page.getByLabel(t("supplier:field.cost")).nth(1).fill("20");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("message:variant-required"))).toBeVisible();
  await page
    .getByLabel(t("supplier:field.variant"))
    .selectOption({ label: `${lang === "en" ? "M" : "中"} · ${mediumSku}` });
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/supplier-list$/);
  await expect(page.getByRole("row").filter({ hasText: supplierName })).toContainText("23456789");

  // The product is at its reorder point: suggested, with its supplier.
  await visit("/purchase-order-list");
  await page.getByRole("link", { name: t("purchase-order:reorder.heading") }).click();
  await expect(page.getByRole("heading", { name: supplierName })).toBeVisible();
  await page.getByRole("link", { name: t("purchase-order:add-purchase-order") }).click();
  await expect(page).toHaveURL(/\/purchase-order-list\/add$/);
  await page.getByLabel(t("purchase-order:field.supplier")).selectOption({ label: supplierName });
  await page.getByRole("button", { name: t("purchase-order:change-supplier") }).click();
  await expect(page).toHaveURL(/\/purchase-order-list\/add\?supplier=\d+$/);
  // The supplier's offers by name and code (the product's one variant).
  await page
    .getByLabel(t("purchase-order:field.product"), { exact: true })
    .selectOption({ label: `${lang === "en" ? product.nameEn : product.nameZhHk} (${product.productCode})` });
  await page.getByLabel(t("purchase-order:field.quantity")).fill("5");
  // The supplier's minimum (a backend rule) is shown with the form's own errors, all at once.
  await page.getByLabel(t("purchase-order:field.note")).fill("x".repeat(1_001));
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:below-minimum-order-quantity", { value: 6 }))).toBeVisible();
  await expect(page.getByText(t("validation:max-length", { value: 1_000 }))).toBeVisible();
  await page.getByLabel(t("purchase-order:field.note")).fill("");
  await page.getByLabel(t("purchase-order:field.quantity")).fill("10");
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/purchase-order-list\/\d+$/);
  await expect(page).toHaveTitle(`${t("purchase-order:title.detail", { number: "PO00001" })} - CMS`);
  await expect(page.getByText(t("purchase-order:status.draft")).first()).toBeVisible();
  await page.getByRole("button", { name: t("purchase-order:mark-ordered") }).click();
  await expect(page.getByText(t("purchase-order:ordered-done"))).toBeVisible();
  // The supplier's cost was used for the blank unit cost: 10 × HK$12.50.
  await expect(page.getByText("HK$125.00").first()).toBeVisible();

  await page.getByLabel(t("purchase-order:field.to-receive")).fill("11");
  await page.getByRole("button", { name: t("purchase-order:record-receipt") }).click();
  await expect(page.getByText(t("validation:received-over-ordered", { value: 10 }))).toBeVisible();
  await page.getByLabel(t("purchase-order:field.to-receive")).fill("4");
  await page.getByRole("button", { name: t("purchase-order:record-receipt") }).click();
  await expect(page.getByText(t("purchase-order:received-done"))).toBeVisible();
  await expect(page.getByText(t("purchase-order:status.partially_received")).first()).toBeVisible();
  await page.getByLabel(t("purchase-order:field.to-receive")).fill("6");
  await page.getByLabel(t("purchase-order:field.receipt-note")).fill("DN-2");
  await page.getByRole("button", { name: t("purchase-order:record-receipt") }).click();
  await expect(page.getByText(t("purchase-order:received-done"))).toBeVisible();
  await expect(page.getByText(t("purchase-order:status.received")).first()).toBeVisible();
  await expect(page.getByText(t("purchase-order:of", { received: 10, ordered: 10 })).first()).toBeVisible();

  await page.getByRole("link", { name: t("purchase-order:print") }).click();
  await expect(
    page.getByRole("heading", { name: t("purchase-order:title.print", { number: "PO00001" }) }),
  ).toBeVisible();
  await expect(page.getByText(supplierName)).toBeVisible();

  // 5 + 4 + 6 in stock, each receipt in the product's history under the order's number.
  await visit(`/product/product-inventory-list?history=${product.productCode}`);
  await expect(page.getByText(/9 → 15 · PO00001/)).toBeVisible();
  await expect(page.getByText(/5 → 9 · PO00001/)).toBeVisible();
});
