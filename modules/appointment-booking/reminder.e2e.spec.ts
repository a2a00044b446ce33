import { hongKongTime } from "../../contract/dates";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("the booking's page shows its reminder sent and messages the customer on WhatsApp with their link", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const remindedAt = new Date().toISOString();
  const { record, service } = await factory<{
    record: { id: number; startsAt: string; customerPhone: string };
    service: { nameZhHk: string; nameEn: string };
  }>("appointment-record", { applicationKey: store.applicationKey, remindedAt });
  await signIn(store.email, store.password);

  await visit(`/appointment-record-list/${record.id}`);
  await expect(page.getByText(t("common:reminder.sent", { time: hongKongTime(remindedAt) }))).toBeVisible();
  for (const language of ["zh-HK", "en"] as const) {
    const link = page.getByRole("link", {
      name: t("common:reminder.whatsapp", { language: t(`common:pay-link.languages.${language}`) }),
    });
    const href = new URL((await link.getAttribute("href"))!);
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/852${record.customerPhone}`);
    const message = href.searchParams.get("text")!;
    expect(message).toContain(language === "en" ? service.nameEn : service.nameZhHk);
    expect(message).toContain(hongKongTime(record.startsAt));
    expect(message).toMatch(/\/booking\/\S+$/);
  }
});
