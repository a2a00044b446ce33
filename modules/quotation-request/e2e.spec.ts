import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("a quotation request sent from the store's website is listed, opened and turned into a quotation", async ({
  page,
  t,
  lang,
  request,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    nameZhHk: "橡木書枱",
    nameEn: "Oak desk",
    priceCents: 1200_00,
  });
  const contactName = `Chan ${unique()}`;
  // What the store's website does with the customer's form: it posts it to the action endpoint from its server.
  const response = await request.post("/api/action", {
    multipart: {
      add_quotation_request_data: JSON.stringify({
        application_key: store.applicationKey,
        idempotency_key: crypto.randomUUID(),
        contact_name: contactName,
        company_name: "Chan Trading Ltd",
        email: `buyer-${unique()}@example.com`,
        lines: [{ product_code: product.productCode, quantity: 12 }],
        message: "Delivery to Kwun Tong, please.",
      }),
    },
  });
  expect(response.status()).toBe(200);
  const { id } = ((await response.json()) as { data: { id: number } }).data;

  await signIn(store.email, store.password);
  await visit("/quotation-management?status=new");
  const row = page.getByRole("row").filter({ hasText: contactName });
  await expect(row).toContainText(t("quotation-request:status.new"));
  await row.getByRole("link", { name: contactName }).click();
  await expect(page).toHaveURL(new RegExp(`/quotation-management/detail/${id}$`));
  await expect(page.getByRole("heading", { name: t("quotation-request:title.detail", { id }) })).toBeVisible();
  await expect(page.getByText(lang === "zh-HK" ? "橡木書枱" : "Oak desk")).toBeVisible();
  await expect(page.getByText("× 12")).toBeVisible();
  await expect(page.getByText("Delivery to Kwun Tong, please.")).toBeVisible();
  // Nothing is wider than the screen, at phone width too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole("button", { name: t("quotation-request:create-quotation") }).click();
  await expect(page).toHaveURL(/\/quotation-list\/detail\/\d+$/);
  const quotationId = new URL(page.url()).pathname.split("/").pop();

  // The request is quoted now and links its quotation, the store's first.
  await visit(`/quotation-management/detail/${id}`);
  await expect(page.getByText(t("quotation-request:status.quoted")).first()).toBeVisible();
  const quotation = page.getByRole("link", { name: t("quotation-request:quotation", { number: 1001 }) });
  await expect(quotation).toHaveAttribute("href", `/quotation-list/detail/${quotationId}`);
  await expect(page.getByRole("button", { name: t("quotation-request:create-quotation") })).toHaveCount(0);
});
