import { expect, test, type Store, unique } from "./fixtures";

test("staff add a monthly fee record for a member and mark it paid", async ({
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
  const names = { "zh-HK": `月費 ${id}`, en: `Monthly ${id}` };
  const [member] = await Promise.all([
    factory<{ name: string; memberCode: string }>("member", {
      applicationKey: store.applicationKey,
      name: `Wong ${id}`,
    }),
    factory("monthly-fee-plan", {
      applicationKey: store.applicationKey,
      nameZhHk: names["zh-HK"],
      nameEn: names.en,
      days: 30,
      priceCents: 80_000,
    }),
  ]);
  await signIn(store.email, store.password);
  // The add form's member search, as its GET form sends it.
  await visit(`/monthly-fee-record/add?member=${member.memberCode}`);
  await expect(page.getByLabel(t("monthly-fee:field.member-search"))).toHaveValue(member.memberCode);
  await expect(page.getByLabel(t("monthly-fee:field.member"), { exact: true })).toContainText(member.name);
  await expect(page.getByText(t("monthly-fee:help.plan-charge", { days: 30, price: "HK$800.00" }))).toBeVisible();
  await expect(page.getByLabel(t("monthly-fee:field.renews"))).toBeChecked();
  await page.getByRole("button", { name: t("monthly-fee:add-record") }).click();

  await expect(page).toHaveURL(/\/monthly-fee-record\/user\/\d+$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByText(t("monthly-fee:status.pending"), { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(`${names[lang]} · ${t("monthly-fee:days-value", { days: 30 })} · HK$800.00`),
  ).toBeVisible();
  await page.getByRole("button", { name: t("monthly-fee:mark-paid") }).click();

  await expect(page.getByText(t("monthly-fee:saved-paid"))).toBeVisible();
  await expect(page.getByText(t("monthly-fee:status.paid"), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: t("monthly-fee:mark-paid") })).toHaveCount(0);
  await expect(
    page.getByText(new RegExp(`^${t("stores:payment.cash")} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`)),
  ).toBeVisible();

  await visit("/monthly-fee-record");
  const row = page.getByRole("row").filter({ hasText: member.name });
  await expect(row).toContainText("HK$800.00");
  await expect(row).toContainText(t("monthly-fee:status.paid"));
});
