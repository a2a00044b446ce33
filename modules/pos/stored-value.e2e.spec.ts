import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";
import { groupedGiftCardCode } from "../gift-card/options";

test("a counter sale paid partly by a gift card, a code not the store's and an amount beyond the balance refused beside their boxes, the rest in cash", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const store = await factory<Store>("store", { sells: true });
  const barcode = `489${unique()}`;
  await factory("product", { applicationKey: store.applicationKey, barcode, priceCents: 300_00 });
  const card = await factory<{ id: number; code: string }>("gift-card", {
    applicationKey: store.applicationKey,
    initialCents: 200_00,
  });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  const scan = page.getByLabel(t("pos:scan.label"));
  await scan.fill(barcode);
  await scan.press("Enter");
  await expect(page.locator(".pos-totals").first()).toContainText("HK$300.00");

  const code = page.getByLabel(t("pos:checkout.gift-card-code"));
  const amount = page.getByLabel(t("pos:checkout.gift-card-amount"));
  const apply = page.getByRole("button", { name: t("pos:checkout.gift-card-apply") });
  await code.fill("AAAA BBBB CCCC DDDD");
  await amount.fill("50");
  await apply.click();
  await expect(page.getByText(t("validation:gift-card-unknown"))).toBeVisible();
  await expect(amount).toHaveValue("50");

  await code.fill(groupedGiftCardCode(card.code).toLowerCase());
  await amount.fill("250");
  await apply.click();
  await expect(page.getByText(t("validation:gift-card-balance-short", { value: "HK$200.00" }))).toBeVisible();
  await amount.fill("200");
  await apply.click();
  const masked = `•••• •••• •••• ${card.code.slice(-4)}`;
  await expect(
    page.getByText(t("pos:checkout.gift-card-applied", { code: masked, amount: "HK$200.00", balance: "HK$200.00" })),
  ).toBeVisible();
  await expect(page.getByText(card.code)).toHaveCount(0);

  await page.getByLabel(t("pos:checkout.cash-tendered")).fill("120");
  if (!javaScript) await page.getByRole("button", { name: t("pos:checkout.work-out") }).click();
  const tender = page.locator(".pos-totals").last();
  await expect(tender).toContainText(`${t("pos:checkout.change")}HK$20.00`);
  await page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$300.00" }) }).click();
  await expect(page).toHaveURL(/\/product\/pos\?sold=\d+&number=\d+&tendered=12000&change=2000$/);

  const [, soldId, soldNumber] = /sold=(\d+)&number=(\d+)/.exec(page.url())!;

  // The card's ledger names the sale it paid, linked to the order.
  await visit(`/gift-card-list/${card.id}`);
  const redeemed = page.getByRole("cell", { name: new RegExp(`^${t("gift-card:kind.redeem")}`) });
  await expect(redeemed.getByRole("link", { name: t("gift-card:order", { number: soldNumber }) })).toHaveAttribute(
    "href",
    `/order/order-list/detail/${soldId}`,
  );
  await expect(page.getByText(t("gift-card:status.used_up")).first()).toBeVisible();
});
