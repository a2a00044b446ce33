import type { Page } from "@playwright/test";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

interface Product {
  productCode: string;
  nameZhHk: string;
}

const TWO_HOURS = 2 * 60 * 60_000;

test("the counter sells offline: two scans for cash, the receipt printed, the tab closed and reopened, sent once at its own time when back online; a second device's sale of the last unit is flagged", async ({
  page,
  t,
  factory,
  signIn,
  visit,
  browser,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const store = await factory<Store>("store", { sells: true });
  const cupCode = `489${unique()}`;
  const lastCode = `489${unique()}`;
  const cup = await factory<Product>("product", { applicationKey: store.applicationKey, barcode: cupCode, stock: 5 });
  const last = await factory<Product>("product", { applicationKey: store.applicationKey, barcode: lastCode, stock: 1 });
  await signIn(store.email, store.password);
  if (!javaScript) {
    await visit("/product/pos");
    await expect(page.getByText(t("pos:offline.needs-js"))).toBeVisible();
    return;
  }
  await visit("/product/pos/shift");
  await page.getByLabel(t("pos-shift:field.float")).fill("500");
  await page.getByRole("button", { name: t("pos-shift:open.submit") }).click();
  await expect(page.getByText(t("pos-shift:open.done"))).toBeVisible();

  const openOnline = async (counter: Page) => {
    await counter.goto("/product/pos");
    await expect(counter.getByTestId("pos-offline-catalogue")).toHaveAttribute("data-refreshed-at", /\d{4}-/);
    // The worker controls the page and has stored it, so the tab reopens offline.
    const ready = () =>
      counter.evaluate(
        async () => navigator.serviceWorker.controller !== null && (await caches.match("/product/pos")) !== undefined,
      );
    await expect.poll(ready).toBe(true);
  };
  const sellOffline = async (counter: Page, codes: string[], cash: string, total: string) => {
    await expect(counter.getByText(t("pos:offline.title"), { exact: true })).toBeVisible();
    const scan = counter.getByLabel(t("pos:scan.label"));
    for (const code of codes) {
      await scan.fill(code);
      await scan.press("Enter");
    }
    await counter.getByLabel(t("pos:checkout.cash-tendered")).fill(cash);
    await counter.getByRole("button", { name: t("pos:offline.sell", { total }) }).click();
    await expect(counter.getByRole("heading", { name: t("pos:offline.receipt-title"), exact: true })).toBeVisible();
  };

  // A second device opened the POS online (the last unit in its catalogue), then lost the connection and sold it.
  const secondContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await secondContext.addCookies(await page.context().cookies());
  const second = await secondContext.newPage();
  await openOnline(second);
  await secondContext.setOffline(true);
  await sellOffline(second, [lastCode], "100", "HK$100.00");

  // This device: the catalogue kept, then the connection gone.
  await openOnline(page);
  await page.context().setOffline(true);
  await expect(page.getByText(t("pos:offline.badge-offline"), { exact: true })).toBeVisible();
  await sellOffline(page, [cupCode, lastCode], "250", "HK$200.00");
  const receipt = page.locator(".pos-offline-receipt");
  await expect(receipt).toContainText(cup.nameZhHk);
  await expect(receipt).toContainText(last.nameZhHk);
  await expect(receipt).toContainText("HK$50.00");
  const soldAt = (await page.getByTestId("pos-offline-sold-at").getAttribute("data-time"))!;
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: t("pos:offline.print") }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");

  // The tab closed and opened again, still offline: the service worker brings the page, the queue kept the sale.
  const context = page.context();
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto("/product/pos");
  await expect(reopened.getByText(t("pos:offline.waiting_one", { count: 1 }))).toBeVisible();

  // Back online two hours later by the server's clock: the sale is made once, at the time it was made.
  await context.setExtraHTTPHeaders({ "x-test-clock-offset": String(TWO_HOURS) });
  await context.setOffline(false);
  const sent = reopened.getByTestId("pos-offline-sent");
  await expect(sent).toHaveCount(1);
  const number = (await sent.getAttribute("data-order-number"))!;
  await expect(sent).toHaveText(t("pos:offline.sent", { number }));
  await expect(reopened.getByText(t("pos:offline.waiting_one", { count: 1 }))).toHaveCount(0);
  await reopened.goto("/order/order-list");
  const row = reopened.getByRole("row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(soldAt);
  await expect(row).toContainText("HK$200.00");

  // The staff log has the time this device was offline, with its one sale.
  await reopened.goto("/staff-log?module=pos");
  await expect(
    reopened.getByText(t("console:change", { field: t("pos:connection-log.sales"), before: "—", after: "1" })).first(),
  ).toBeVisible();

  // The stock moved and the shift counts the cash kept (HK$250 in, HK$50 change).
  await reopened.goto(`/product/pos?q=${cup.productCode}`);
  await expect(reopened.getByText(t("pos:products.stock", { stock: 4 }))).toBeVisible();
  await reopened.goto("/product/pos/shift");
  await expect(reopened.getByTestId("shift-expected")).toContainText("HK$700.00");

  // The second device comes back: its sale of a unit no longer there is recorded, and flagged for review.
  await secondContext.setExtraHTTPHeaders({ "x-test-clock-offset": String(TWO_HOURS) });
  await secondContext.setOffline(false);
  const flagged = second.getByTestId("pos-offline-sent");
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toHaveText(
    t("pos:offline.sent-flagged", { number: (await flagged.getAttribute("data-order-number"))! }),
  );
  await secondContext.close();
  await reopened.goto("/product/pos/offline-review");
  await expect(reopened.getByText(t("pos:offline-review.stock", { units: 1, name: last.nameZhHk }))).toBeVisible();
});
