import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff sell a credit package at the counter, paid now, and see the order paid with its credits", async ({
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
  const member = await factory<{ name: string; memberCode: string }>("member", {
    applicationKey: store.applicationKey,
    name: `Chan ${id}`,
  });
  const names = { "zh-HK": `十堂套票 ${id}`, en: `Ten classes ${id}` };
  await factory("credit-package", {
    applicationKey: store.applicationKey,
    nameZhHk: names["zh-HK"],
    nameEn: names.en,
    credits: 10,
    priceCents: 120_000,
  });
  await signIn(store.email, store.password);
  await visit("/yoga/yoga-credit-order");
  await expect(page.getByText(t("credit-order:no-orders"))).toBeVisible();
  await page.getByRole("link", { name: t("credit-order:add") }).click();
  await expect(page).toHaveURL(/\/yoga\/yoga-credit-order\/add$/);

  await page.getByLabel(t("credit-order:field.member-search")).fill(member.memberCode);
  await page.getByRole("button", { name: t("credit-order:member-search.button") }).click();
  await expect(page.getByLabel(t("credit-order:field.member"), { exact: true })).toContainText(member.name);
  await expect(page.getByLabel(t("credit-order:field.package"))).toContainText(names[lang]);
  await expect(page.getByLabel(t("credit-order:field.paid"))).toBeChecked();
  await page.getByRole("button", { name: t("credit-order:add") }).click();

  await expect(page).toHaveURL(/\/yoga\/yoga-credit-order\/detail\/\d+$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    t("credit-order:title.detail", { id: page.url().split("/").pop()! }),
  );
  await expect(page.getByText(t("credit-order:status.paid"), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(t("credit-order:credit.remaining", { remaining: 10, granted: 10 }))).toBeVisible();
  await expect(page.getByText(names[lang], { exact: true })).toBeVisible();

  await visit("/yoga/yoga-credit-order");
  const row = page.getByRole("row").filter({ hasText: member.name });
  await expect(row).toContainText("HK$1,200.00");
  await expect(row).toContainText(t("credit-order:status.paid"));
});
