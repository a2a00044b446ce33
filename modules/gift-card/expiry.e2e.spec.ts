import { hongKongDate } from "../../contract/dates";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a card past its expiry day shows the job's expire entry; a later expiry keeps its balance at 0 until staff adjust it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const yesterday = hongKongDate(new Date(Date.now() - 86_400_000));
  const card = await factory<{ id: number }>("gift-card", {
    applicationKey: store.applicationKey,
    expiryDate: yesterday,
  });
  await factory("gift-card-expiry", { at: new Date().toISOString() });

  await signIn(store.email, store.password);
  await visit(`/gift-card-list/${card.id}`);
  await expect(page.getByText(t("gift-card:status.expired")).first()).toBeVisible();
  const expiry = page.getByRole("row").filter({ hasText: t("gift-card:kind.expire") });
  await expect(expiry).toContainText("−HK$500.00");
  await expect(expiry).toContainText("system");
  await expect(page.getByText(t("gift-card:help.expired-balance"))).toBeVisible();

  // A later expiry does not bring the balance back; an adjustment with a reason does.
  const later = hongKongDate(new Date(Date.now() + 30 * 86_400_000));
  await page.getByLabel(t("gift-card:field.expiry-date")).fill(later);
  await page.getByRole("button", { name: t("gift-card:save-details") }).click();
  await expect(page.getByText(t("gift-card:details-saved"))).toBeVisible();
  await expect(page.getByText(t("gift-card:status.used_up")).first()).toBeVisible();
  await page.getByLabel(t("gift-card:field.change")).fill("500");
  await page.getByLabel(t("gift-card:field.reason")).first().fill("Expiry extended");
  await page.getByRole("button", { name: t("gift-card:adjust") }).click();
  await expect(page.getByText(t("gift-card:adjusted"))).toBeVisible();
  await expect(page.getByText(t("gift-card:status.active")).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Expiry extended" })).toContainText("HK$500.00");
});
