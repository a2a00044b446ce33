import { expect, test } from "./fixtures";

interface Store {
  applicationKey: string;
  email: string;
  password: string;
}
interface Order {
  order: { id: number; orderNumber: number; customerEmail: string };
  lines: { id: number }[];
}

test("a merchant verifies a proof (the customer is e-mailed), prepares, delivers with a number, completes and refunds", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { hasCashDollar: true, cashDollarEnabled: true });
  const { applicationKey } = store;
  const { order } = await factory<Order>("order", {
    applicationKey,
    status: "unverified_payment",
    deliveryMethod: "sf_store",
    proofImageUrls: [`/uploads/${applicationKey}/proof.png`],
  });
  await signIn(store.email, store.password);
  await visit("/order/order-list");
  await expect(page).toHaveTitle(`${t("orders:title.list")} - CMS`);
  await page.getByRole("link", { name: t("orders:queue.unverified") }).click();
  await page.getByRole("link", { name: `#${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/order-list/detail/${order.id}$`));
  await expect(page.getByRole("link", { name: t("orders:proof", { number: 1 }) })).toHaveAttribute(
    "href",
    `/uploads/${applicationKey}/proof.png`,
  );

  const move = (key: Parameters<typeof t>[0]) => page.getByRole("button", { name: t(key) }).click();
  await move("orders:move.paid");
  await expect(page.getByText(t("orders:status.paid")).first()).toBeVisible();
  const mail = await factory<{ subject: string }>("latest-email", { to: order.customerEmail });
  expect(mail.subject).toContain(`#${order.orderNumber}`);

  await move("orders:move.preparing");
  await page.getByLabel(t("orders:field.delivery-number"), { exact: true }).first().fill("SF1234567890");
  await move("orders:move.delivering");
  await expect(page.getByText(t("orders:status.delivering")).first()).toBeVisible();
  await move("orders:move.completed");

  await page
    .getByLabel(t("orders:refund.quantity-of", { name: lang === "en" ? "Item 1" : "項目 1", count: 1 }))
    .fill("1");
  await page.getByRole("button", { name: t("orders:refund.preview") }).click();
  await expect(page.getByText(t("orders:refund.full"))).toBeVisible();
  await page.getByRole("button", { name: t("orders:refund.confirm", { amount: "HK$100.00" }) }).click();
  await expect(page.getByText(t("orders:status.refunded")).first()).toBeVisible();
  await expect(page.getByText(`${t("orders:status.completed")} → ${t("orders:status.refunded")}`)).toBeVisible();
});
