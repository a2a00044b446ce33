import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";
test("shot", async ({ page, t, factory, signIn }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false);
  const store = await factory<Store>("store", { sells: true });
  const code = `489${unique()}`;
  await factory("product", { applicationKey: store.applicationKey, barcode: code, nameZhHk: "茶杯", nameEn: "Tea cup" });
  await factory("product-with-variants", { applicationKey: store.applicationKey }).catch(() => undefined);
  await factory("add-on", { applicationKey: store.applicationKey, forProductId: undefined }).catch(() => undefined);
  await signIn(store.email, store.password);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/product/pos");
    await expect(page.getByTestId("pos-offline-catalogue")).toHaveAttribute("data-refreshed-at", /\d/);
    await page.screenshot({ path: `/tmp/shot-online-${width}.png`, fullPage: true });
    await page.context().setOffline(true);
    const scan = page.getByLabel(t("pos:scan.label"));
    await scan.fill(code); await scan.press("Enter");
    await scan.fill(code); await scan.press("Enter");
    await scan.fill("nothing"); await scan.press("Enter");
    await page.getByLabel(t("pos:checkout.cash-tendered")).fill("500");
    await page.screenshot({ path: `/tmp/shot-offline-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: t("pos:offline.sell", { total: "HK$200.00" }) }).click();
    await page.screenshot({ path: `/tmp/shot-receipt-${width}.png`, fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: `/tmp/shot-print-${width}.png` });
    await page.emulateMedia({ media: "screen" });
    await page.context().setOffline(false);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-back-${width}.png`, fullPage: true });
  }
});
