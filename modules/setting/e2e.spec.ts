import { readFileSync } from "node:fs";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a merchant sets the store's name, languages, logo and contact; a bad phone keeps what was typed", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  // The name customers know: Chinese and ordinary punctuation.
  const storeName = `陳記茶莊 Tom's Café A&B ${store.applicationKey.slice(-8)}`;
  await signIn(store.email, store.password);
  await visit("/setting/general-setting");
  await expect(page).toHaveTitle(`${t("setting:title.general")} - CMS`);

  await page.getByLabel(t("stores:field.store-name")).fill(storeName);
  await page.getByRole("checkbox", { name: t("stores:language.en") }).check();
  await page.getByLabel(t("setting:field.contact-phone")).fill("12345678");
  await page.getByLabel(t("setting:field.logo")).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/gift.png"),
  });
  await page.getByRole("button", { name: t("form.save") }).click();

  const phone = page.getByLabel(t("setting:field.contact-phone"));
  await expect(page.getByText(t("validation:phone-invalid"))).toBeVisible();
  await expect(phone).toHaveValue("12345678");
  await expect(page.getByLabel(t("stores:field.store-name"))).toHaveValue(storeName);
  await expect(page.getByRole("checkbox", { name: t("stores:language.en") })).toBeChecked();
  await expect(page.getByRole("img", { name: t("setting:field.logo") })).toHaveAttribute("src", /^\/uploads\//);

  await phone.fill("21234567");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByLabel(t("setting:field.contact-phone"))).toHaveValue("21234567");
  // The top bar shows the new logo, named after the store.
  await expect(page.getByRole("img", { name: storeName })).toHaveAttribute("src", /^\/uploads\//);
});

test("a plan with the default language and currency only offers just those", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { defaultLanguageAndCurrencyOnly: true });
  await signIn(store.email, store.password);
  await visit("/setting/general-setting");
  await expect(page.getByText(t("setting:help.default-only"))).toBeVisible();
  await expect(page.getByRole("checkbox", { name: t("stores:language.zh-HK") })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: t("stores:language.en") })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: t("stores:currency.USD") })).toHaveCount(0);
});

test("sales staff cannot open the settings", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const sales = await factory<{ email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "sales",
  });
  await signIn(sales.email, sales.password);
  await visit("/my-store");
  await expect(page.getByRole("link", { name: t("menu.general-setting") })).toHaveCount(0);
  const response = await page.goto("/setting/general-setting");
  expect(response?.status()).toBe(403);
});

test("a merchant offers FPS: switched on without an account it asks for one and keeps what was typed", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/setting/payment-setting");
  const fps = page.getByRole("region", { name: t("stores:payment.fps") });
  await fps.getByRole("checkbox", { name: t("setting:field.enabled") }).check();
  await fps.getByLabel(t("setting:field.instructions-en")).fill("Pay to our FPS ID.");
  await page.getByLabel(t("setting:field.card-fee")).fill("2.5");
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(fps.getByText(t("validation:force-input"))).toBeVisible();
  await expect(fps.getByLabel(t("setting:field.instructions-en"))).toHaveValue("Pay to our FPS ID.");
  await expect(page.getByLabel(t("setting:field.card-fee"))).toHaveValue("2.5");

  // The FPS identifier is checked beside its field: 8 digits from 1 are neither an FPS ID nor a mobile number.
  const identifier = fps.getByLabel(t("setting:field.fps-identifier"));
  await identifier.fill("12345678");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(fps.getByText(t("validation:fps-identifier-invalid"))).toBeVisible();
  await expect(identifier).toHaveValue("12345678");
  await identifier.fill("1234567");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(identifier).toHaveValue("1234567");
  await expect(fps.getByRole("checkbox", { name: t("setting:field.enabled") })).toBeChecked();
  await expect(page.getByLabel(t("setting:field.card-fee"))).toHaveValue("2.5");
  // The overview's setup guide counts it: language, currency and now payment are done.
  await visit("/my-store");
  await expect(page.getByText(t("setup.progress", { done: 3, total: 7 }))).toBeVisible();
});

test("a merchant sets delivery charges by district at phone width; self pickup lists the pickup locations", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(store.email, store.password);
  await visit("/setting/delivery-setting");
  const shop = page.getByRole("region", { name: t("stores:delivery.shop_delivery") });
  const charge = (district: string) =>
    shop.getByLabel(`${t("setting:field.charges")} · ${t(`setting:district.${district}`)}`);
  await shop.getByRole("checkbox", { name: t("setting:field.enabled") }).check();
  await charge("hk").fill("30");
  await charge("nt").fill("thirty");
  await shop.getByLabel(t("setting:field.free-delivery-amount")).fill("500");
  const pickup = page.getByRole("region", { name: t("stores:delivery.self_pickup") });
  await expect(pickup.getByText(t("setting:no-pickup-addresses"))).toBeVisible();
  await expect(pickup.getByRole("link", { name: t("setting:manage-pickup-locations") })).toHaveAttribute(
    "href",
    "/location-list?use=pickup",
  );
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(shop.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(charge("nt")).toHaveValue("thirty");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  await charge("nt").fill("50");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(charge("nt")).toHaveValue("50.00");
  await expect(shop.getByLabel(t("setting:field.free-delivery-amount"))).toHaveValue("500.00");
});

test("promotion: a plan without cash dollar or VIP offers neither; a bad birthday coupon amount is refused", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/setting/promotion-setting");
  await expect(page.getByText(t("setting:help.plan-no-cash-dollar"))).toBeVisible();
  await expect(page.getByText(t("setting:help.plan-no-vip"))).toBeVisible();

  await page.getByRole("checkbox", { name: t("setting:field.birthday-coupon-enabled") }).check();
  await page.getByLabel(t("setting:field.birthday-coupon-amount")).fill("150");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("message:invalid-birthday-coupon-type-or-amount"))).toBeVisible();
  await expect(page.getByLabel(t("setting:field.birthday-coupon-amount"))).toHaveValue("150");

  await page.getByLabel(t("setting:field.birthday-coupon-amount")).fill("15");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByRole("checkbox", { name: t("setting:field.birthday-coupon-enabled") })).toBeChecked();
  await expect(page.getByLabel(t("setting:field.birthday-coupon-amount"))).toHaveValue("15");
});
