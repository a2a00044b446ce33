import { expect, test, type Store } from "../../tests/e2e/fixtures";

test("a merchant gives a member store credit from their page and a debit beyond it is refused naming the balance", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const member = await factory<{ id: number; name: string }>("member", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  await visit(`/member/member-list/detail/${member.id}`);
  await page.getByRole("link", { name: t("member:store-credit.link", { balance: "HK$0.00" }) }).click();
  await expect(page).toHaveURL(new RegExp(`/member/member-list/store-credit-record/${member.id}$`));
  await expect(page.getByText(t("member:store-credit.no-entries"))).toBeVisible();

  const amount = page.getByLabel(t("member:store-credit.field.amount"));
  const reason = page.getByLabel(t("member:store-credit.field.reason"));
  const adjust = page.getByRole("button", { name: t("member:store-credit.adjust-submit") });
  await amount.fill("-10");
  await reason.fill("Counter");
  await adjust.click();
  await expect(page.getByText(t("validation:store-credit-balance-short", { value: "HK$0.00" }))).toBeVisible();
  await expect(amount).toHaveValue("-10");

  await amount.fill("50.5");
  await reason.fill("Late delivery");
  await adjust.click();
  await expect(page.getByText(t("member:store-credit.adjusted"))).toBeVisible();
  await expect(page.getByTestId("store-credit-balance")).toHaveText("HK$50.50");
  await expect(page.getByRole("cell", { name: "+HK$50.50" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Late delivery" })).toBeVisible();

  await amount.fill("-60");
  await reason.fill("Counter");
  await adjust.click();
  await expect(page.getByText(t("validation:store-credit-balance-short", { value: "HK$50.50" }))).toBeVisible();
  await expect(page.getByTestId("store-credit-balance")).toHaveText("HK$50.50");

  await visit(`/member/member-list/detail/${member.id}`);
  await expect(page.getByRole("link", { name: t("member:store-credit.link", { balance: "HK$50.50" }) })).toBeVisible();
});
