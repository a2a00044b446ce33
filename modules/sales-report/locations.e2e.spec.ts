import { expect, phoneEdgeProblems, test, type Store } from "../../tests/e2e/fixtures";

test("the overview's sales narrowed to one shop, and its exports with it (on a phone without JS)", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const phone = testInfo.project.use.javaScriptEnabled === false;
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store", { sells: true });
  const { applicationKey } = store;
  const bay = await factory<{ id: number }>("location", {
    applicationKey,
    nameZhHk: "銅鑼灣店",
    nameEn: "Causeway Bay",
  });
  const paid = { applicationKey, status: "completed", paymentStatus: "succeeded" };
  // HK$100 sold at the bay's counter, HK$100 shipped (no location).
  await factory("order", { ...paid, channel: "pos", locationId: bay.id });
  await factory("order", paid);

  await signIn(store.email, store.password);
  await visit("/my-store");
  const figure = (name: string) =>
    page
      .getByRole("heading", { name: t(`sales-report:figure.${name}`), exact: true })
      .locator("xpath=following-sibling::p");
  await expect(figure("orders")).toHaveText("2");
  await expect(page.getByText(t("sales-report:location-help"))).toBeVisible();

  await page.getByLabel(t("sales-report:location")).selectOption(String(bay.id));
  await page.getByRole("button", { name: t("sales-report:show") }).click();
  await expect(page).toHaveURL(new RegExp(`location=${bay.id}`));
  await expect(figure("orders")).toHaveText("1");
  await expect(figure("gross_sales_cents")).toHaveText("HK$100.00");
  await expect(page.getByRole("link", { name: t("sales-report:export-csv") })).toHaveAttribute(
    "href",
    new RegExp(`location=${bay.id}`),
  );
  await page.getByRole("link", { name: t("sales-report:quick.last-7-days") }).click();
  await expect(page).toHaveURL(new RegExp(`location=${bay.id}`));
  await expect(figure("orders")).toHaveText("1");
  if (phone) expect(await phoneEdgeProblems(page)).toEqual({ touching: [], sideways: false });
});
