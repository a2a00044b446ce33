import { readFileSync } from "node:fs";
import { formatHkd } from "../../contract/money";
import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import { expect, phoneEdgeProblems, test, type Store, unique } from "../../tests/e2e/fixtures";
import { decodeQrSvg } from "../../tests/helpers/qr";

test("a customer approves a quotation, pays its order by FPS on a phone, sends the proof; staff verify it and the page shows it paid", async ({
  browser,
  baseURL,
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const id = unique();
  // A store taking FPS (FPS ID 1234567) with a proof.
  const store = await factory<Store & { storeName: string }>("store", { sells: true });
  const { path: reply } = await factory<{ path: string }>("quotation-link", {
    applicationKey: store.applicationKey,
    lines: [{ name: `Installation ${id}`, unitPriceCents: 1280_50, quantity: 1 }],
  });

  // The customer, on a phone without JavaScript whatever the project: the link of an e-mail or a WhatsApp message.
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    locale: lang === "en" ? "en-US" : "zh-HK",
    viewport: { width: 390, height: 844 },
  });
  const customer = await phone.newPage();
  await customer.goto(reply);
  await customer.getByRole("button", { name: t("quotation:reply.approve") }).click();

  // The approval made the order: straight on to its payment page.
  await expect(customer).toHaveURL(/\/pay\/[\w.-]+$/);
  const payPath = new URL(customer.url()).pathname;
  const amount = formatHkd(1280_50);
  await expect(customer.getByRole("heading", { name: t("pay:for.order", { number: "#1001" }) })).toBeVisible();
  expect(await customer.title()).toBe(`${t("pay:for.order", { number: "#1001" })} · ${store.storeName}`);
  await expect(customer.locator(".pay-page__amount")).toHaveText(amount);
  await expect(customer.getByText(t("pay:status.awaiting_payment"))).toBeVisible();
  await expect(customer.getByText(t("pay:fps.hint", { amount, reference: "1001" }))).toBeVisible();
  // The QR code as a banking app reads it: the exact amount and the order's number as its reference.
  const qr = customer.getByRole("img", { name: t("pay:fps.label", { amount }) });
  const payload = decodeQrSvg(await qr.evaluate((svg) => svg.outerHTML));
  const fields = parseEmvTlv(payload!);
  expect({ amount: fields.get("54"), reference: readTlv(fields.get("62")!).get("05") }).toEqual({
    amount: "1280.50",
    reference: "1001",
  });
  expect(await phoneEdgeProblems(customer)).toEqual({ touching: [], sideways: false });

  // Sent without an image: the error beside the field, the method chosen kept.
  await customer.getByLabel(t("pay:proof.method")).selectOption("fps");
  await customer.getByRole("button", { name: t("pay:proof.send") }).click();
  await expect(customer.getByText(t("validation:force-input"))).toBeVisible();
  await expect(customer.getByLabel(t("pay:proof.method"))).toHaveValue("fps");
  // An image and a file that is not one: the refused one named beside the field, the image kept for the next post.
  await customer.getByLabel(t("pay:proof.images")).setInputFiles([
    { name: "receipt.png", mimeType: "image/png", buffer: readFileSync("scripts/demo-images/gift.png") },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("paid") },
  ]);
  await customer.getByRole("button", { name: t("pay:proof.send") }).click();
  await expect(customer.getByText(/^notes\.txt/)).toBeVisible();
  await expect(customer.getByText(t("pay:proof.kept", { name: "receipt.png" }))).toBeVisible();
  await customer.getByRole("button", { name: t("pay:proof.send") }).click();
  await expect(customer.getByText(t("pay:status.proof_received"))).toBeVisible();
  await expect(customer.getByRole("button", { name: t("pay:proof.send") })).toHaveCount(0);

  // Staff verify the proof on the order's page.
  await signIn(store.email, store.password);
  await visit("/order/order-list");
  await page.getByRole("link", { name: "#1001" }).click();
  await expect(page.getByRole("link", { name: t("order:proof", { number: 1 }) })).toBeVisible();
  await page.getByRole("button", { name: t("order:move.paid") }).click();
  // Moved once the move is no longer offered (with JS a fetcher's post, the page staying).
  await expect(page.getByRole("button", { name: t("order:move.paid") })).toHaveCount(0);
  await expect(page.getByText(t("order:status.paid")).first()).toBeVisible();

  await customer.goto(payPath);
  await expect(customer.getByText(t("pay:status.paid"))).toBeVisible();
  await expect(customer.getByRole("img", { name: t("pay:fps.label", { amount }) })).toHaveCount(0);
  // A link tampered with is no link.
  const tampered = await customer.goto(`${payPath.slice(0, -1)}${payPath.endsWith("A") ? "B" : "A"}`);
  expect(tampered?.status()).toBe(404);
  await expect(customer.getByText(t("message:pay-link-invalid"))).toBeVisible();
  await phone.close();
});
