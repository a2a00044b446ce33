import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff send an order's pay link from a phone: shown or copied, on WhatsApp with its message, and e-mailed", async ({
  page,
  context,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store & { storeName: string }>("store");
  const email = `buyer-${unique()}@example.com`;
  const { order } = await factory<{ order: { id: number; orderNumber: number } }>("order", {
    applicationKey: store.applicationKey,
    customerEmail: email,
    customerPhone: "91234567",
    totalCents: 123_45,
  });
  await signIn(store.email, store.password);
  await visit(`/order/order-list/detail/${order.id}`);
  await expect(page.getByRole("heading", { name: t("pay-link.title") })).toBeVisible();

  // The link, absolute, in a read-only field; with JavaScript, a button copies it and says so.
  const field = page.getByLabel(t("pay-link.link"));
  await expect(field).toHaveAttribute("readonly", "");
  const url = await field.inputValue();
  expect(url).toMatch(/^https?:\/\/[^/]+\/pay\/[\w.-]+$/);
  const copy = page.getByRole("button", { name: t("pay-link.copy") });
  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(copy).toHaveCount(0);
  } else {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(page.getByText(t("pay-link.copy-success-text"))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  }

  // WhatsApp's chat with the customer's Hong Kong number, the message typed in the language chosen.
  const whatsApp = page.getByRole("link", {
    name: t("pay-link.whatsapp", { language: t(`pay-link.languages.${lang}`) }),
  });
  const chat = new URL((await whatsApp.getAttribute("href"))!);
  expect(`${chat.origin}${chat.pathname}`).toBe("https://wa.me/85291234567");
  const message = chat.searchParams.get("text")!;
  for (const part of [store.storeName, `#${order.orderNumber}`, "HK$123.45", url]) expect(message).toContain(part);
  expect(message).toContain(lang === "en" ? "please pay" : "請按此支付");

  // The e-mail, in the language chosen (the page's by default), lands in the outbox with a pay link.
  await expect(page.getByLabel(t("pay-link.language"))).toHaveValue(lang);
  await page.getByRole("button", { name: t("pay-link.email", { email }) }).click();
  await expect(page.getByText(t("pay-link.emailed", { email }))).toBeVisible();
  const mail = await factory<{ subject: string; body: string }>("latest-email", { to: email });
  expect(mail.subject).toBe(
    lang === "en"
      ? `${store.storeName}: payment for order #${order.orderNumber}`
      : `${store.storeName}：訂單 #${order.orderNumber}的付款`,
  );
  expect(mail.body).toMatch(/https?:\/\/\S+\/pay\/[\w.-]+/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
