import { readFileSync } from "node:fs";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

test("staff build a quotation, print it, the customer approves it through the link, which makes its order", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const id = unique();
  const store = await factory<Store & { storeName: string }>("store");
  // A T-shirt in two sizes: the line picks one.
  const mediumSku = `QM-${id}`;
  const product = await factory<{ productCode: string }>("product-with-variants", {
    applicationKey: store.applicationKey,
    nameZhHk: `T 恤 ${id}`,
    nameEn: `T-shirt ${id}`,
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
    variants: [
      { values: [0], sku: `QS-${id}`, priceCents: 100_00, stock: 10 },
      { values: [1], sku: mediumSku, priceCents: 120_00, stock: 10 },
    ],
  });
  const size = lang === "en" ? "M" : "中";
  const member = await factory<{ memberCode: string }>("member", { applicationKey: store.applicationKey });
  const email = `buyer-${id}@example.com`;
  await signIn(store.email, store.password);
  // The store's logo, which heads the customer's page.
  await visit("/setting/general-setting");
  await page.getByLabel(t("setting:field.logo")).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/gift.png"),
  });
  // With JS on it uploads at once, before the save (with JS off it posts with the form).
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await expect(page.getByRole("img", { name: t("setting:field.logo") })).toHaveAttribute("src", /^\/uploads\//);
  }
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();

  await visit("/quotation-list/add");
  await page.getByLabel(t("quotation:field.member-code")).fill(member.memberCode);
  await page.getByLabel(t("quotation:field.contact-name")).fill(`Chan ${id}`);
  await page.getByLabel(t("quotation:field.email"), { exact: true }).fill(email);
  await page.getByLabel(t("quotation:field.product-code")).fill(product.productCode);
  await page.getByLabel(t("quotation:field.quantity")).fill("2");
  await page.getByRole("button", { name: t("quotation:add-line") }).click();
  await expect(page.getByLabel(t("quotation:field.line-name"))).toHaveCount(2);
  await page.getByLabel(t("quotation:field.line-name")).nth(1).fill("Installation and on-site setup");
  await page.getByLabel(t("quotation:field.unit-price")).nth(1).fill("12300");
  await page.getByLabel(t("quotation:field.delivery")).fill("50");
  await page.getByRole("button", { name: t("form.save") }).click();
  // The product has several variants: the form comes back asking which, its variants to choose from.
  await expect(page.getByText(t("message:variant-required"))).toBeVisible();
  await page.getByLabel(t("quotation:field.variant")).selectOption({ label: `${size} · ${mediumSku}` });
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/quotation-list\/detail\/\d+$/);
  const detail = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: t("quotation:title.detail", { number: "Q1001" }) })).toBeVisible();
  await expect(page.getByText("HK$12,590.00")).toBeVisible();

  // The A4 sheet, as printed or saved as PDF.
  await page.getByRole("link", { name: t("quotation:print") }).click();
  await expect(page.getByRole("heading", { name: t("quotation:title.print", { number: "Q1001" }) })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Installation" })).toContainText("HK$12,300.00");
  await expect(page.getByRole("row").filter({ hasText: product.productCode })).toContainText(
    `${lang === "en" ? `T-shirt ${id}` : `T 恤 ${id}`} – ${size}`,
  );
  await visit(detail);

  await page.getByRole("button", { name: t("quotation:send", { email }) }).click();
  await expect(page.getByText(t("quotation:sent-done"))).toBeVisible();
  const mail = await factory<{ body: string }>("latest-email", { to: email });
  const link = new URL(/https?:\/\/\S+\/quotation-reply\/\S+/.exec(mail.body)![0]);

  // The customer's link needs no sign-in; the merchant's session changes nothing there. It opens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(link.pathname);
  await expect(page.getByText(t("quotation:reply.ask"))).toBeVisible();
  // The store's page: its logo on top, named after it, no wider than the phone, the answers as buttons.
  const logo = page.getByRole("img", { name: store.storeName });
  await expect(logo).toBeVisible();
  expect((await logo.boundingBox())!.y).toBeLessThan(100);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: t("quotation:reply.decline") })).toBeVisible();
  // The store's page, not the back office's: its title names the store instead of "CMS".
  const title = await page.title();
  expect(title.startsWith(`${t("quotation:title.print", { number: "Q1001" })} · `)).toBe(true);
  expect(title).not.toContain("CMS");
  const tampered = await page.goto(`${link.pathname.slice(0, -1)}${link.pathname.endsWith("A") ? "B" : "A"}`);
  expect(tampered?.status()).toBe(404);
  await expect(page.getByText(t("message:quotation-link-invalid"))).toBeVisible();
  await visit(link.pathname);
  await page.getByRole("button", { name: t("quotation:reply.approve") }).click();
  // The approval made the order (the stock is there): straight on to its payment page.
  await expect(page).toHaveURL(/\/pay\/[\w.-]+$/);
  await expect(page.getByRole("heading", { name: t("pay:for.order", { number: "#1001" }) })).toBeVisible();
  await visit(link.pathname);
  await expect(page.getByText(t("quotation:reply.answered.processing"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("quotation:reply.pay") })).toBeVisible();

  await visit(detail);
  await expect(page.getByText(t("quotation:status.processing"), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: t("quotation:view-order", { number: 1001 }) })).toBeVisible();
});

test("staff are warned of a line quoted beyond the stock, and its conversion is refused naming it", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const id = unique();
  const store = await factory<Store>("store");
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    nameZhHk: `烏龍茶 ${id}`,
    nameEn: `Oolong tea ${id}`,
    stock: 1,
  });
  await signIn(store.email, store.password);

  // Made all the same, with a warning.
  await visit("/quotation-list/add");
  await page.getByLabel(t("quotation:field.contact-name")).fill(`Chan ${id}`);
  await page.getByLabel(t("quotation:field.product-code")).fill(product.productCode);
  await page.getByLabel(t("quotation:field.quantity")).fill("3");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/quotation-list\/detail\/\d+$/);
  // One product short: English says it in the singular, Chinese has one form.
  await expect(
    page.getByText(t(`quotation:stock-short.saved_${lang === "en" ? "one" : "other"}`, { count: 1 })),
  ).toBeVisible();
  const shortLine = t("quotation:stock-short.line", {
    name: lang === "en" ? `Oolong tea ${id}` : `烏龍茶 ${id}`,
    code: product.productCode,
    stock: 1,
    quoted: 3,
  });
  const warning = page.getByRole("alert").filter({ hasText: t("quotation:stock-short.title") });
  await expect(warning).toContainText(shortLine);

  // Approved by staff: still warned, and the conversion is refused naming the line, until dismissed.
  await page.getByRole("button", { name: t("quotation:move.approved") }).click();
  await expect(page.getByText(t("quotation:status.approved"), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(t("quotation:stock-short.approved-hint"))).toBeVisible();
  await page.getByRole("button", { name: t("quotation:convert") }).click();
  const refusal = page.getByRole("alert").filter({ hasText: t("message:quotation-stock-short") });
  await expect(refusal).toContainText(shortLine);
  await refusal.getByLabel(t("shell.dismiss")).click();
  await expect(refusal).toBeHidden();
  await expect(page.getByText(t("quotation:status.approved"), { exact: true }).first()).toBeVisible();
});
