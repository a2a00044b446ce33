import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("a merchant adds a pickup point at phone width (its missing address refused beside it) and moves it first", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the edit runs with JavaScript on, below");
  const name = `旺角店 ${unique()}`;
  const store = await factory<Store>("store");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(store.email, store.password);
  await visit("/location-list");
  await expect(page).toHaveTitle(`${t("location:title.list")} - CMS`);
  await page.getByRole("link", { name: t("location:add-location") }).click();

  await page.getByLabel(t("location:field.name-zh-hk")).fill(name);
  await page.getByLabel(t("location:field.phone")).fill("1234");
  await page.getByLabel(t("location:field.is-pickup-point")).check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:pickup-point-needs-address"))).toBeVisible();
  await expect(page.getByText(t("validation:phone-invalid"))).toBeVisible();
  await expect(page.getByLabel(t("location:field.name-zh-hk"))).toHaveValue(name);
  await expect(page.getByLabel(t("location:field.is-pickup-point"))).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  await page.getByLabel(t("location:field.address-zh-hk")).fill("九龍旺角彌敦道 1 號");
  await page.getByLabel(t("location:field.phone")).fill("23456789");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/location-list$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  const names = page.getByRole("row").getByRole("link");
  await expect(names).toHaveText(["門市", name]);

  await expect(page.getByRole("button", { name: t("location:move-up", { name: "門市" }) })).toBeDisabled();
  await page.getByRole("button", { name: t("location:move-up", { name }) }).click();
  await expect(page.getByText(t("location:moved"))).toBeVisible();
  await expect(names).toHaveText([name, "門市"]);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(t("location:use.pickup"));
});

test("a merchant edits the store's shop into a pickup point", async ({ page, t, factory, signIn, visit }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "adding and moving run with JavaScript off, above");
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/location-list");
  await page.getByRole("row").getByRole("link", { name: "Shop" }).click();
  await expect(page).toHaveURL(/\/location-list\/\d+$/);
  await expect(page.getByLabel(t("location:field.sells-at-counter"))).toBeChecked();

  await page.getByLabel(t("location:field.name-en")).fill("Mong Kok Shop");
  await page.getByLabel(t("location:field.address-en")).fill("1 Nathan Road, Mong Kok");
  await page.getByLabel(t("location:field.opening-hours-en")).fill("Daily 11:00–21:00");
  await page.getByLabel(t("location:field.is-pickup-point")).check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/location-list$/);
  const row = page.getByRole("row").filter({ hasText: "Mong Kok Shop" });
  await expect(row).toContainText("1 Nathan Road, Mong Kok");
  await expect(row).toContainText(t("location:use.pickup"));

  await visit("/setting/delivery-setting");
  await expect(page.getByText("1 Nathan Road, Mong Kok")).toBeVisible();
  await expect(page.getByRole("link", { name: t("setting:manage-pickup-locations") })).toHaveAttribute(
    "href",
    "/location-list?use=pickup",
  );
});
