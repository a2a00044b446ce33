import { expect, phoneEdgeProblems, test, unique } from "../../tests/e2e/fixtures";

test("on a phone without JavaScript, a merchant adds a T-shirt in two sizes and two colours, keeps three variants, prices two and sees the range in the list", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nojs-zh-HK", "once, without JavaScript at phone width: every step a submit");
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory("store");
  await signIn(store.email, store.password);
  const code = `tee-${unique()}`;
  const step = (name: string) => page.getByRole("button", { name, exact: true }).click();
  const cell = (column: string, variant: string) =>
    page.getByLabel(t("product:variants.cell-label", { column: t(`product:variants.column.${column}`), variant }));

  await visit("/product/product-list/add");
  await page.getByLabel(t("product:field.product-code")).fill(code);
  await page.getByLabel(t("product:field.name-zh-hk")).fill("T 恤");
  await page.getByLabel(t("product:field.price"), { exact: true }).and(page.getByRole("textbox")).fill("99");
  await step(t("product:variants.add-option"));
  await step(t("product:variants.add-option"));
  const names = page.getByLabel(t("product:variants.option-name-zh-hk"));
  const values = page.getByLabel(t("product:variants.values-zh-hk"));
  await names.nth(0).fill("尺碼");
  await values.nth(0).fill("S, M");
  await names.nth(1).fill("顏色");
  await values.nth(1).fill("黑\n白");
  await step(t("product:variants.generate"));
  // Each step comes back with what was typed, and the variants priced as the product was.
  await expect(page.getByLabel(t("product:field.product-code"))).toHaveValue(code);
  await expect(page.getByRole("rowheader")).toHaveText(["S / 黑", "S / 白", "M / 黑", "M / 白"]);
  await expect(cell("price", "M / 白")).toHaveValue("99");

  await page.getByRole("button", { name: `${t("product:variants.remove")} M / 白` }).click();
  await expect(page.getByRole("rowheader")).toHaveText(["S / 黑", "S / 白", "M / 黑"]);
  await cell("sku", "S / 白").fill(`${code}-S-W`);
  await page.getByLabel(t("product:variants.select", { variant: "S / 黑" })).check();
  await page.getByLabel(t("product:variants.select", { variant: "M / 黑" })).check();
  await page.getByLabel(t("product:variants.bulk-price")).fill("120");
  await step(t("product:variants.set-price"));
  await expect(cell("price", "S / 黑")).toHaveValue("120");
  await expect(cell("price", "S / 白")).toHaveValue("99");
  await expect(cell("price", "M / 黑")).toHaveValue("120");
  await expect(cell("sku", "S / 白")).toHaveValue(`${code}-S-W`);
  // Each variant is a card: nothing at the screen's edge, nothing to scroll sideways.
  expect(await phoneEdgeProblems(page)).toEqual({ touching: [], sideways: false });

  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("product:created"))).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveText(["S / 黑", "S / 白", "M / 黑"]);

  await visit(`/product/product-list?q=${encodeURIComponent(`${code}-S-W`)}`);
  const row = page.getByRole("row", { name: /T 恤/ });
  await expect(row).toContainText(t("product:price-range", { lowest: "HK$99.00", highest: "HK$120.00" }));
  await expect(row).toContainText(t("product:variant-count_other", { count: 3 }));
});
