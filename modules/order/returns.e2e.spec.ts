import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";
import type { Page } from "@playwright/test";

interface Product {
  id: number;
  productCode: string;
}

/** A counter sale made earlier, paid in cash. */
type Sale = { order: { id: number; orderNumber: number } };

async function findSale(page: Page, t: (key: string) => string, number: number) {
  await page.getByLabel(t("order:pos-return.find")).fill(`#${number}`);
  await page.getByRole("button", { name: t("order:pos-return.find-button") }).click();
  const match = page.getByRole("link", { name: new RegExp(`#${number}`) });
  if (await match.isVisible()) await match.click();
}

test("one line of a counter sale returned to the member's store credit, found by its receipt number", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { sells: true });
  const member = await factory<{ id: number }>("member", { applicationKey: store.applicationKey });
  const mug = await factory<Product>("product", { applicationKey: store.applicationKey, priceCents: 80_00 });
  const tea = await factory<Product>("product", { applicationKey: store.applicationKey, priceCents: 20_00 });
  const { order } = await factory<Sale>("order", {
    applicationKey: store.applicationKey,
    channel: "pos",
    status: "completed",
    paymentStatus: "succeeded",
    memberId: member.id,
    lines: [
      { productId: mug.id, unitPriceCents: 80_00, quantity: 1 },
      { productId: tea.id, unitPriceCents: 20_00, quantity: 2 },
    ],
  });
  await signIn(store.email, store.password);
  await visit("/product/pos/return");
  await findSale(page, t, order.orderNumber);
  const item = lang === "en" ? "Item 2" : "項目 2";
  await page.getByLabel(t("order:pos-return.quantity-of", { name: `${item} (HK$20.00)`, count: 2 })).fill("1");
  await page.getByLabel(t("order:refund.to.label")).selectOption("store_credit");
  await page.getByRole("button", { name: t("order:pos-return.work-out") }).click();
  await expect(page.getByText(t("order:pos-return.returned-value", { amount: "HK$20.00" }))).toBeVisible();
  await page.getByRole("button", { name: t("order:pos-return.refund", { amount: "HK$20.00" }) }).click();
  await expect(page.getByText(t("order:pos-return.refunded", { amount: "HK$20.00" }))).toBeVisible();

  await visit(`/member/member-list/store-credit-record/${member.id}`);
  await expect(page.getByText("+HK$20.00").first()).toBeVisible();
});

test("an exchange at the counter: a shirt returned in S, the same shirt sold in M in one checkout, both stocks moved", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { sells: true });
  const shirt = await factory<Product & { variants: { id: number }[] }>("product-with-variants", {
    applicationKey: store.applicationKey,
    nameZhHk: "T 恤",
    nameEn: "T-shirt",
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M"] }],
    variants: [
      { values: [0], barcode: `489${unique()}`, priceCents: 100_00, stock: 3 },
      { values: [1], priceCents: 100_00, stock: 2 },
    ],
  });
  const { order } = await factory<Sale>("order", {
    applicationKey: store.applicationKey,
    channel: "pos",
    status: "completed",
    paymentStatus: "succeeded",
    lines: [{ productId: shirt.id, variantId: shirt.variants[0].id, unitPriceCents: 100_00, quantity: 1 }],
  });
  await signIn(store.email, store.password);
  await visit("/product/pos/return");
  await findSale(page, t, order.orderNumber);
  const item = lang === "en" ? "Item 1" : "項目 1";
  await page.getByLabel(t("order:pos-return.quantity-of", { name: `${item} – S (HK$100.00)`, count: 1 })).fill("1");
  await page.getByRole("button", { name: t("order:pos-return.work-out") }).click();
  await page.getByRole("button", { name: t("order:pos-return.exchange", { amount: "HK$100.00" }) }).click();
  await expect(page).toHaveURL(/\/product\/pos/);
  await expect(
    page.getByText(t("order:pos-return.in-cart", { number: order.orderNumber, amount: "HK$100.00" })),
  ).toBeVisible();

  const name = lang === "en" ? "T-shirt" : "T 恤";
  await visit(`/product/pos?choose=${shirt.productCode}`);
  await page.getByRole("button", { name: t("pos:choosing.add-named", { name: "M" }) }).click();
  await expect(page.getByLabel(t("pos:cart.quantity-of", { name: `${name} – M` }))).toHaveValue("1");
  await page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$100.00" }) }).click();
  await expect(page).toHaveURL(/\/product\/pos\?sold=\d+/);
  // The sale's page and its receipt list the goods returned beside the new ones.
  const returned = t("order:print.returned-title", { number: order.orderNumber });
  await expect(page.getByRole("heading", { name: returned })).toBeVisible();
  await expect(page.getByText(t("order:pos-return.returned-line", { name: `${item} – S`, quantity: 1 }))).toBeVisible();
  await visit(`/order/order-list/detail/${new URL(page.url()).searchParams.get("sold")}/receipt`);
  await expect(page.getByRole("heading", { name: returned })).toBeVisible();
  await expect(page.getByRole("cell", { name: `${item} – S` })).toBeVisible();

  await visit(`/product/pos?choose=${shirt.productCode}`);
  const variants = page.locator(".pos-variants li");
  await expect(variants.nth(0)).toContainText(t("pos:products.stock", { stock: 4 }));
  await expect(variants.nth(1)).toContainText(t("pos:products.stock", { stock: 1 }));
});
