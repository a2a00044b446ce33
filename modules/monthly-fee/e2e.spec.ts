import { addDays } from "../../contract/course-calendar";
import { hongKongDate } from "../../contract/dates";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff add a monthly fee record for a member and mark it paid; the next starts when it ends", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const id = unique();
  const store = await factory<Store>("store");
  const names = { "zh-HK": `月費 ${id}`, en: `Monthly ${id}` };
  const [member, newcomer] = await Promise.all([
    factory<{ id: number; name: string; memberCode: string }>("member", {
      applicationKey: store.applicationKey,
      name: `Wong ${id}`,
    }),
    factory<{ id: number }>("member", { applicationKey: store.applicationKey, name: `Wong ${id} Junior` }),
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
  const today = hongKongDate(new Date());
  const startDate = page.getByLabel(t("monthly-fee:field.period-start"));
  await expect(startDate).toHaveValue(today);
  await page.getByRole("button", { name: t("monthly-fee:add-record") }).click();

  await expect(page).toHaveURL(/\/monthly-fee-record\/user\/\d+$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByText(t("monthly-fee:status.pending"), { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(`${names[lang]} · ${t("monthly-fee:days-value", { days: 30 })} · HK$800.00`),
  ).toBeVisible();
  // The fee's buttons line up: paying under its fields, cancel and renewal on one row below, all from the left.
  const box = async (name: string) => (await page.getByRole("button", { name }).boundingBox())!;
  const [markPaid, cancel, renewal] = await Promise.all(
    [t("monthly-fee:mark-paid"), t("monthly-fee:cancel"), t("monthly-fee:stop-renewing")].map(box),
  );
  expect(cancel.x).toBe(markPaid.x);
  expect(cancel.y).toBeGreaterThan(markPaid.y + markPaid.height);
  expect(renewal.y).toBe(cancel.y);
  await page.getByRole("button", { name: t("monthly-fee:mark-paid") }).click();

  await expect(page.getByText(t("monthly-fee:saved-paid"))).toBeVisible();
  await expect(page.getByText(t("monthly-fee:status.paid"), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: t("monthly-fee:mark-paid") })).toHaveCount(0);
  await expect(
    page.getByText(new RegExp(`^${t("stores:payment.cash")} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`)),
  ).toBeVisible();

  // The next record starts the day after this one's period; a period overlapping it is refused beside its start.
  await page.getByRole("link", { name: t("monthly-fee:add-record") }).click();
  const nextDue = addDays(today, 30);
  await expect(startDate).toHaveValue(nextDue);
  await startDate.fill(addDays(today, 29));
  await page.getByRole("button", { name: t("monthly-fee:add-record") }).click();
  await expect(startDate).toHaveAccessibleDescription(new RegExp(t("message:monthly-fee-period-taken")));
  await expect(startDate).toHaveValue(addDays(today, 29));

  // Found by a search, each member starts on their own next due date.
  await visit(`/monthly-fee-record/add?member=${encodeURIComponent(`Wong ${id}`)}`);
  await expect(startDate).toHaveValue(nextDue);
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await page.getByLabel(t("monthly-fee:field.member"), { exact: true }).selectOption(String(newcomer.id));
    await expect(startDate).toHaveValue(today);
    await page.getByLabel(t("monthly-fee:field.member"), { exact: true }).selectOption(String(member.id));
    await expect(startDate).toHaveValue(nextDue);
  }

  await visit("/monthly-fee-record");
  const row = page.getByRole("row").filter({ hasText: member.name });
  await expect(row).toContainText("HK$800.00");
  await expect(row).toContainText(t("monthly-fee:status.paid"));
});
