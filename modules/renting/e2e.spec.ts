import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff rent a product out, take it back late and settle the deposit with a deduction", async ({
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
  const names = { "zh-HK": `帳篷 ${id}`, en: `Tent ${id}` };
  // HK$100 a day, HK$200 deposit and HK$50 late fee per day.
  await factory("renting-product", {
    applicationKey: store.applicationKey,
    nameZhHk: names["zh-HK"],
    nameEn: names.en,
    pricePerDayCents: 10_000,
    pricePerWeekCents: null,
    depositCents: 20_000,
    lateFeePerDayCents: 5_000,
  });
  await signIn(store.email, store.password);

  await visit("/renting-record/add");
  await page.getByLabel(t("renting:field.starts-at"), { exact: true }).fill("2026-01-10T10:00");
  await page.getByLabel(t("renting:field.ends-at"), { exact: true }).fill("2026-01-13T10:00");
  await page.getByRole("button", { name: t("renting:check-price") }).click();
  await expect(
    page.getByText(
      `${names[lang]}: ${t("renting:price-preview", { days: 3, rent: "HK$300.00", deposit: "HK$200.00" })}`,
    ),
  ).toBeVisible();
  await page.getByLabel(t("renting:field.customer-name")).fill(`Chan ${id}`);
  await page.getByLabel(t("renting:field.customer-phone")).fill("91234567");
  await page.getByRole("button", { name: t("renting:rent"), exact: true }).click();
  // January is past: the rental is refused until staff confirm it, the customer kept.
  await expect(page.getByText(t("message:renting-start-passed"))).toBeVisible();
  await expect(page.getByLabel(t("renting:field.customer-name"))).toHaveValue(`Chan ${id}`);
  await page.getByLabel(t("renting:field.confirm-past-start")).check();
  await page.getByRole("button", { name: t("renting:rent"), exact: true }).click();

  await expect(page).toHaveURL(/\/renting-record\/detail\/\d+$/);
  await expect(page.getByText(t("renting:booked"))).toBeVisible();
  await page.getByRole("button", { name: t("renting:pick-up") }).click();
  await expect(page.getByText(t("renting:picked-up"))).toBeVisible();

  // Due back 13 January 10:00; back the next day at 11:00, 25 hours late: two started days.
  await page.getByLabel(t("renting:field.returned-at")).fill("2026-01-14T11:00");
  await page.getByRole("button", { name: t("renting:show-late-fee") }).click();
  await expect(
    page.getByText(t("renting:return-preview", { time: "2026-01-14 11:00", days: 2, fee: "HK$100.00" })),
  ).toBeVisible();
  await page.getByRole("button", { name: t("renting:confirm-return") }).click();
  await expect(page.getByText(t("renting:returned"))).toBeVisible();
  await expect(page.getByText("HK$100.00")).toBeVisible();

  await page.getByLabel(t("renting:field.deposit-refunded")).fill("150");
  await page.getByLabel(t("renting:field.deduction-note")).fill("Scratched");
  await page.getByRole("button", { name: t("renting:settle") }).click();
  await expect(page.getByText(t("renting:completed"))).toBeVisible();
  await expect(page.getByText(t("renting:deducted", { amount: "HK$50.00", note: "Scratched" }))).toBeVisible();
  await expect(page.getByText(t("renting:status.completed"), { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await visit("/renting-record");
  const row = page.getByRole("row").filter({ hasText: `Chan ${id}` });
  await expect(row).toContainText("HK$300.00");
  await expect(row).toContainText(t("renting:status.completed"));
});
