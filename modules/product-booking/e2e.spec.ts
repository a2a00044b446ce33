import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff take a booking of a sold-out product and convert it to an order when stock arrives", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const id = unique();
  const store = await factory<Store>("store");
  const names = { "zh-HK": `預購 ${id}`, en: `Pre-order ${id}` };
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    nameZhHk: names["zh-HK"],
    nameEn: names.en,
    priceCents: 300_00,
    stock: 0,
  });
  await signIn(store.email, store.password);

  // Set the product up for bookings: quota 5, HK$50 deposit a unit.
  await visit(`/product-booking/list/product/${product.productCode}`);
  await expect(page.getByText(t("product-booking:not-set-up"))).toBeVisible();
  await page.getByLabel(t("product-booking:field.quota")).fill("5");
  await page.getByLabel(t("product-booking:field.deposit")).fill("50");
  await page.getByRole("button", { name: t("product-booking:set-up-product") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByText(t("product-booking:no-queue"))).toBeVisible();

  // A guest books 2 units with the deposit paid.
  await visit("/product-booking/list/add");
  await expect(page.getByLabel(t("product-booking:field.product"))).toContainText(names[lang]);
  await page.getByLabel(t("product-booking:field.quantity")).fill("2");
  await page.getByLabel(t("product-booking:field.deposit-paid")).check();
  await page.getByLabel(t("product-booking:field.customer-name")).fill(`Chan ${id}`);
  await page.getByLabel(t("product-booking:field.customer-phone")).fill("91234567");
  await page.getByRole("button", { name: t("product-booking:add-booking") }).click();
  await expect(page).toHaveURL(/\/product-booking\/list\/\d+$/);
  await expect(page.getByText(t("product-booking:status.booked"), { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      t("product-booking:deposit-value", { amount: "HK$100.00", paid: t("product-booking:deposit-paid") }),
    ),
  ).toBeVisible();

  await visit("/product-booking/list");
  const row = page.getByRole("row").filter({ hasText: `Chan ${id}` });
  await expect(row).toContainText(names[lang]);
  await expect(row).toContainText(t("product-booking:status.booked"));

  // Stock arrives; the booking becomes an order.
  await factory("product-stock", { applicationKey: store.applicationKey, productCode: product.productCode, stock: 3 });
  await visit(`/product-booking/list/product/${product.productCode}`);
  await expect(page.getByText(t("product-booking:help.convert", { stock: "3" }))).toBeVisible();
  await page.getByRole("button", { name: t("product-booking:convert") }).click();
  await expect(page.getByText(t("product-booking:converted", { count: 1, remaining: 0 }))).toBeVisible();
  await expect(page.getByText(t("product-booking:no-queue"))).toBeVisible();

  await visit("/product-booking/list?status=converted");
  await page.getByRole("link", { name: `Chan ${id}` }).click();
  // The order's link is the booking page's own: the list it came from is gone.
  await expect(page.getByRole("link", { name: t("product-booking:order-value", { number: "#1001" }) })).toBeVisible();
  await expect(page.getByText(t("product-booking:status.converted"), { exact: true })).toBeVisible();
});
