import { expect, test, type Store } from "../../tests/e2e/fixtures";
import { groupedGiftCardCode } from "../gift-card/options";

test("a customer pays part of an order through its link with a gift card, a mistyped code refused beside its box, and sees what is left", async ({
  browser,
  baseURL,
  t,
  lang,
  factory,
}) => {
  const store = await factory<Store>("store", { sells: true });
  const card = await factory<{ code: string }>("gift-card", {
    applicationKey: store.applicationKey,
    initialCents: 50_00,
  });
  const { path } = await factory<{ path: string }>("order-pay-link", { applicationKey: store.applicationKey });

  // The customer's phone, without JavaScript whatever the project: the page ships none.
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    locale: lang === "en" ? "en-US" : "zh-HK",
    viewport: { width: 390, height: 844 },
  });
  const customer = await phone.newPage();
  await customer.goto(path);
  const code = customer.getByLabel(t("pay:stored-value.gift-card-code"));
  const use = customer.getByRole("button", { name: t("pay:stored-value.gift-card-submit") });
  const mistyped = `${card.code.slice(0, 15)}${card.code.endsWith("Z") ? "Y" : "Z"}`;
  await code.fill(mistyped);
  await use.click();
  await expect(customer.getByText(t("validation:gift-card-unknown"))).toBeVisible();
  await expect(code).toHaveValue(mistyped);

  await code.fill(groupedGiftCardCode(card.code).toLowerCase());
  await use.click();
  await expect(customer).toHaveURL(path);
  await expect(customer.getByText(t("pay:paid-by.gift_card"))).toBeVisible();
  await expect(customer.getByText("-HK$50.00")).toBeVisible();
  await expect(customer.getByText(t("pay:left-to-pay"))).toBeVisible();
  await expect(customer.getByText(t("pay:status.awaiting_payment"))).toBeVisible();
  await phone.close();
});
