import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

interface Product {
  productCode: string;
  nameZhHk: string;
}

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** What the store's own website sends: a public action posted to the back office's action endpoint. */
async function website<T>(request: APIRequestContext, action: string, payload: object): Promise<T> {
  const reply = await request.post("/api/action", { form: { [action]: JSON.stringify(payload) } });
  const body = await reply.json();
  expect(body, JSON.stringify(body)).toMatchObject({ result: "success" });
  return body.data;
}

/** An order of two of a product from the store's website, by FPS, to an SF store; its key proves it is the website's. */
async function websiteOrder(
  request: APIRequestContext,
  customer: { member_id?: number; customer_email: string; customer_name?: string; customer_phone?: string },
) {
  const idempotency_key = crypto.randomUUID();
  const order = (applicationKey: string, product: Product) =>
    website<{ id: number; order_number: number }>(request, "add_online_order_data", {
      application_key: applicationKey,
      lines: [{ product_code: product.productCode, quantity: 2 }],
      delivery: {
        method: "sf_store",
        receiver_name: "陳大文",
        receiver_phone: "91234567",
        address: "SF 店 852",
        district: "kln",
      },
      payment_method: "fps",
      idempotency_key,
      ...customer,
    });
  return { idempotency_key, order };
}

test("a website order paid by FPS: a proof rejected (payment failed), the next verified with the amount received confirmed (e-mail), prepared, delivered with a number, completed, refunded with its cash dollar reclaimed", async ({
  page,
  request,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { hasCashDollar: true, cashDollarEnabled: true, sells: true });
  const { applicationKey } = store;
  const product = await factory<Product>("product", { applicationKey, stock: 5, priceCents: 100_00 });
  const member = await factory<{ id: number; email: string }>("member", { applicationKey });
  const { idempotency_key, order } = await websiteOrder(request, {
    member_id: member.id,
    customer_email: member.email,
  });
  const created = await order(applicationKey, product);
  await website(request, "update_order_payment_proof_data_by_application_key_and_idempotency_key", {
    application_key: applicationKey,
    idempotency_key,
    proof_images: [PNG_DATA_URL],
  });

  await signIn(store.email, store.password);
  await visit("/order/order-list");
  await page.getByRole("link", { name: t("order:queue.unverified") }).click();
  await page.getByRole("link", { name: `#${created.order_number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/order-list/detail/${created.id}$`));
  const proof = await page.getByRole("link", { name: t("order:proof", { number: 1 }) }).getAttribute("href");
  expect((await request.get(proof!)).headers()["content-type"]).toBe("image/png");

  const move = (key: string) => page.getByRole("button", { name: t(key) }).click();
  // Rejected: the payment failed and the order waits for the customer's new proof.
  await page.getByLabel(t("order:move.reason")).fill("金額不符");
  await move("order:move.reject");
  await expect(page.getByText(t("order:payment-status.failed")).first()).toBeVisible();
  await website(request, "update_order_payment_proof_data_by_application_key_and_idempotency_key", {
    application_key: applicationKey,
    idempotency_key,
    proof_images: [PNG_DATA_URL],
  });

  // Verified with less than expected: asked once more, then the amount received is kept.
  await visit(`/order/order-list/detail/${created.id}`);
  const expected = { amount: "HK$230.00", reference: String(created.order_number) };
  await expect(page.getByText(t("stores:payment-match.expected", expected)).first()).toBeVisible();
  await page.getByLabel(t("stores:payment-match.received-field")).fill("220");
  await move("order:move.paid");
  await expect(page.getByText(t("validation:received-amount-differs", { value: "HK$230.00" }))).toBeVisible();
  await page.getByRole("button", { name: t("stores:payment-match.confirm", { amount: "HK$220.00" }) }).click();
  await expect(page.getByText(t("order:status.paid")).first()).toBeVisible();
  await expect(page.getByText(t("stores:payment-match.received", { amount: "HK$220.00" }))).toBeVisible();
  const mail = await factory<{ subject: string }>("latest-email", { to: member.email });
  expect(mail.subject).toContain(`#${created.order_number}`);

  await move("order:move.preparing");
  // Delivering by SF needs its number: refused beside the field, then given.
  await move("order:move.delivering");
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await page.getByLabel(t("order:field.delivery-number"), { exact: true }).first().fill("SF1234567890");
  await move("order:move.delivering");
  await expect(page.getByText(t("order:status.delivering")).first()).toBeVisible();
  await move("order:move.completed");

  // HK$230 paid (two at HK$100 and HK$30 delivery) earned CD$230.00 at the default rate; the refund takes it back.
  const balance = page.getByTestId("cash-dollar-balance");
  await visit(`/member/member-list/cash-dollar-record/${member.id}`);
  await expect(balance).toHaveText(/\$230\.00$/);
  await visit(`/order/order-list/detail/${created.id}`);
  await page.getByLabel(t("order:refund.quantity-of", { name: product.nameZhHk, count: 2 })).fill("2");
  await page.getByRole("button", { name: t("order:refund.preview") }).click();
  await expect(page.getByText(t("order:refund.full"))).toBeVisible();
  await page.getByRole("button", { name: t("order:refund.confirm", { amount: "HK$230.00" }) }).click();
  await expect(page.getByText(`${t("order:status.completed")} → ${t("order:status.refunded")}`)).toBeVisible();
  await visit(`/member/member-list/cash-dollar-record/${member.id}`);
  await expect(balance).toHaveText(/\$0\.00$/);

  // Today's report: the sale and its refund on the same day.
  await visit("/my-store");
  const figure = (name: string) =>
    page
      .getByRole("heading", { name: t(`sales-report:figure.${name}`), exact: true })
      .locator("xpath=following-sibling::p");
  await expect(figure("gross_sales_cents")).toHaveText("HK$200.00");
  await expect(figure("delivery_cents")).toHaveText("HK$30.00");
  await expect(figure("refunds_cents")).toHaveText("HK$200.00");
  await expect(figure("net_sales_cents")).toHaveText("HK$0.00");
  await expect(figure("total_collected_cents")).toHaveText("HK$0.00");
  await expect(figure("orders")).toHaveText("1");
  // One day is its figures, not a single bar stretched across the card; several days are a chart with its scale.
  const chart = page.getByRole("img", { name: /\d{4}-\d{2}-\d{2}/ });
  await expect(chart).toHaveCount(0);
  await page.getByRole("link", { name: t("sales-report:quick.last-7-days") }).click();
  await expect(chart.locator("rect")).toHaveCount(7);
  await expect(page.locator(".sales-chart-axis")).toHaveText(/HK\$0\.00.*HK\$0\.00/);
});

test("at phone width, cancelling an unpaid website order puts its stock back", async ({
  page,
  request,
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store", { sells: true });
  const { applicationKey } = store;
  const product = await factory<Product>("product", { applicationKey, stock: 5 });
  const { order } = await websiteOrder(request, {
    customer_email: "guest@example.com",
    customer_name: "Guest",
    customer_phone: "91234567",
  });
  const created = await order(applicationKey, product);

  await signIn(store.email, store.password);
  const inStock = (count: number) => page.getByText(t("product:stock-now_other", { count }));
  await visit(`/product/product-list/detail/${product.productCode}`);
  await expect(inStock(3)).toBeVisible();
  await visit(`/order/order-list/detail/${created.id}`);
  await page.getByLabel(t("order:move.note")).first().fill("客人取消");
  await page.getByRole("button", { name: t("order:move.cancelled") }).click();
  await expect(page.getByText(`${t("order:status.awaiting_payment")} → ${t("order:status.cancelled")}`)).toBeVisible();
  await visit(`/product/product-list/detail/${product.productCode}`);
  await expect(inStock(5)).toBeVisible();
});
