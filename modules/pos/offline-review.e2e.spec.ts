import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a manager opens the offline sales to review from the POS and marks one reviewed; a seller may not open them (on a phone without JS)", async ({
  page,
  t,
  lang,
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
  // A cash sale recorded at the HK$100.00 the device charged, its tea cup HK$120.00 now.
  await factory("offline-review", { applicationKey: store.applicationKey });
  const priceChanged = t("pos:offline-review.price", {
    name: lang === "en" ? "Tea cup" : "茶杯",
    charged: "HK$100.00",
    now: "HK$120.00",
  });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  await page.getByRole("link", { name: t("pos:link.offline-review") }).click();
  await expect(page).toHaveURL(/\/product\/pos\/offline-review$/);
  await expect(page).toHaveTitle(`${t("pos:offline-review.title")} - CMS`);
  await expect(page.getByText(priceChanged)).toBeVisible();
  await expect(page.getByRole("link", { name: t("pos:offline-review.order", { number: 1001 }) })).toBeVisible();
  await fits();

  await page.getByRole("button", { name: t("pos:offline-review.mark") }).click();
  await expect(page.getByText(t("pos:offline-review.done"))).toBeVisible();
  await expect(page.getByText(t("pos:offline-review.none"))).toBeVisible();
  await page.getByRole("link", { name: t("pos:offline-review.state.reviewed") }).click();
  await expect(page.getByText(priceChanged)).toBeVisible();
  await expect(page.getByRole("button", { name: t("pos:offline-review.mark") })).toHaveCount(0);
  await fits();

  const seller = await factory<{ email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "sales",
  });
  await page.context().clearCookies();
  await signIn(seller.email, seller.password);
  await visit("/product/pos");
  await expect(page.getByRole("link", { name: t("pos:link.offline-review") })).toHaveCount(0);
  expect((await page.goto("/product/pos/offline-review"))?.status()).toBe(403);
});
