import { expect, test } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
  applicationKey: string;
}

test("a cashier at the second shop opens its shift with a float, pays out with a reason, closes with the counted cash and reads the report (on a phone without JS)", async ({
  page,
  lang,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const phone = testInfo.project.use.javaScriptEnabled === false;
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const fits = async () => {
    if (phone) {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
    }
  };
  const store = await factory<Store>("store", { sells: true });
  const bay = await factory<{ id: number }>("location", {
    applicationKey: store.applicationKey,
    nameZhHk: "銅鑼灣店",
    nameEn: "Causeway Bay",
  });
  const bayName = t("pos-shift:info.location", { location: lang === "en" ? "Causeway Bay" : "銅鑼灣店" });
  await signIn(store.email, store.password);
  // This counter works at the second shop: the shift page opens that shop's drawer.
  await visit("/product/pos");
  await page.getByLabel(t("pos:counter.label")).selectOption(String(bay.id));
  const chosen = page.waitForResponse((response) => response.url().includes("/product/pos/location"));
  await page.getByRole("button", { name: t("pos:counter.change") }).click();
  await chosen;
  await expect(page.getByText(t("pos:shift.none"))).toBeVisible();
  await visit("/product/pos/shift");
  await expect(page).toHaveTitle(`${t("pos-shift:title.current")} - CMS`);
  await expect(page.getByText(bayName)).toBeVisible();

  await page.getByLabel(t("pos-shift:field.float")).fill("500");
  await page.getByRole("button", { name: t("pos-shift:open.submit") }).click();
  await expect(page.getByText(t("pos-shift:open.done"))).toBeVisible();
  await expect(page.getByTestId("shift-expected")).toContainText("HK$500.00");
  await expect(page.getByText(bayName)).toBeVisible();
  await visit("/product/pos");
  await expect(page.getByText(t("pos:shift.badge-open"))).toBeVisible();
  await expect(page.getByText(t("pos:shift.none"))).toHaveCount(0);
  await visit("/product/pos/shift");

  // A pay-out without its reason comes back with the error beside the field and the amount kept.
  await page.getByLabel(t("pos-shift:field.kind")).selectOption("pay_out");
  await page.getByLabel(t("pos-shift:field.amount")).fill("35.50");
  await page.getByRole("button", { name: t("pos-shift:movement.submit") }).click();
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await expect(page.getByLabel(t("pos-shift:field.amount"))).toHaveValue("35.50");
  await page.getByLabel(t("pos-shift:field.reason")).fill("Cleaning supplies");
  await page.getByRole("button", { name: t("pos-shift:movement.submit") }).click();
  await expect(page.getByText(t("pos-shift:movement.done"))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Cleaning supplies" })).toContainText("HK$35.50");
  await expect(page.getByTestId("shift-expected")).toContainText("HK$464.50");
  await fits();

  await page.getByLabel(t("pos-shift:field.counted")).fill("460");
  await page.getByLabel(t("pos-shift:field.note")).fill("Short of coins");
  await page.getByRole("button", { name: t("pos-shift:close.submit") }).click();
  await expect(page).toHaveURL(/\/product\/pos\/shift\/\d+$/);
  await expect(page.getByText(t("pos-shift:close.done"))).toBeVisible();
  await expect(page.getByTestId("shift-expected")).toContainText("HK$464.50");
  await expect(page.getByTestId("shift-counted")).toContainText("HK$460.00");
  await expect(page.getByTestId("shift-over-short")).toContainText("−HK$4.50");
  await fits();

  await page
    .getByRole("main")
    .getByRole("link", { name: t("pos-shift:link.past") })
    .click();
  await expect(page).toHaveURL(/\/product\/pos\/shift\/list$/);
  const row = page.getByRole("row").filter({ hasText: "HK$460.00" });
  await expect(row).toContainText(t("pos-shift:state.closed"));
  await expect(row).toContainText("−HK$4.50");
  await fits();
  // Narrowed to the other shop: none there.
  await visit(`/product/pos/shift/list?location=${bay.id}`);
  await expect(page.getByRole("row").filter({ hasText: "HK$460.00" })).toBeVisible();
  await page.getByLabel(t("pos-shift:filter.location")).selectOption({ index: 1 });
  await page.getByRole("button", { name: t("list.apply"), exact: true }).click();
  await expect(page.getByText(t("list.no-results"))).toBeVisible();
});
