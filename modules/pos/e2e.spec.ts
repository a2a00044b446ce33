import { parseEmvTlv, readTlv } from "../../contract/fps-qr";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

interface Product {
  id: number;
  productCode: string;
  nameZhHk: string;
}

test("a sale at the counter: scan a product and a member, an add-on, a coupon (not with cash dollar), split cash, FPS and card (with its fee), the receipt and its copy", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const store = await factory<Store>("store", { sells: true, cardFeeBasisPoints: 350 });
  const barcode = `489${unique()}`;
  const product = await factory<Product>("product", { applicationKey: store.applicationKey, barcode });
  const addOn = await factory<{ nameZhHk: string }>("add-on", {
    applicationKey: store.applicationKey,
    forProductId: product.id,
  });
  const member = await factory<{ memberCode: string; name: string }>("member", {
    applicationKey: store.applicationKey,
  });
  const coupon = await factory<{ code: string }>("coupon", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  await expect(page).toHaveTitle(`${t("pos:title")} - CMS`);
  await expect(page.getByRole("link", { name: t("pos:link.shift"), exact: true })).toHaveAttribute(
    "href",
    "/product/pos/shift",
  );
  await expect(page.getByRole("link", { name: t("pos:link.barcodes"), exact: true })).toHaveAttribute(
    "href",
    "/product/pos/barcodes",
  );

  const scan = page.getByLabel(t("pos:scan.label"));
  await expect(scan).toBeFocused();
  await scan.fill(barcode);
  await scan.press("Enter");
  const quantity = page.getByLabel(t("pos:cart.quantity-of", { name: product.nameZhHk }));
  await expect(quantity).toHaveValue("1");
  if (javaScript) {
    await expect(scan).toHaveValue("");
    await expect(scan).toBeFocused();
  }
  await page.getByRole("button", { name: t("pos:cart.increase", { name: product.nameZhHk }) }).click();
  await expect(quantity).toHaveValue("2");
  await page.getByRole("button", { name: t("pos:cart.decrease", { name: product.nameZhHk }) }).click();
  await expect(quantity).toHaveValue("1");

  await scan.fill(member.memberCode);
  await scan.press("Enter");
  await expect(page.getByText(t("pos:member.name", { name: member.name, code: member.memberCode }))).toBeVisible();

  await page.getByLabel(t("pos:cart.add-on-choice", { name: addOn.nameZhHk, price: "HK$10.00" })).check();
  await page.getByRole("button", { name: t("pos:cart.save-add-ons") }).click();
  const totals = page.locator(".pos-totals").first();
  await expect(totals).toContainText("HK$110.00");

  await page.getByLabel(t("pos:discount.coupon")).fill(coupon.code);
  await page.getByLabel(t("pos:discount.cash-dollar")).fill("5");
  await page.getByRole("button", { name: t("pos:discount.apply") }).click();
  await expect(page.getByText(t("message:coupon-or-cash-dollar-only"))).toHaveCount(2);
  await expect(page.getByLabel(t("pos:discount.coupon"))).toHaveValue(coupon.code);
  await page.getByLabel(t("pos:discount.cash-dollar")).fill("");
  await page.getByRole("button", { name: t("pos:discount.apply") }).click();
  await expect(totals).toContainText(t("order:total.coupon"));
  await expect(totals).toContainText("HK$99.00");

  // What the amounts leave is worked out by the server (with JS, once the seller stops typing).
  await page.getByLabel(t("pos:checkout.cash-tendered")).fill("60");
  await page.getByLabel(t("pos:checkout.received", { method: t("stores:payment.fps") })).fill("20");
  if (!javaScript) await page.getByRole("button", { name: t("pos:checkout.work-out") }).click();
  const tender = page.locator(".pos-totals").last();
  await expect(tender).toContainText(`${t("pos:checkout.remaining")}HK$19.00`);

  // The card pays the rest with its 3.5 % fee on that share only: HK$19 + HK$0.67.
  await page.getByLabel(t("pos:payment-method.label")).selectOption("credit_card");
  if (!javaScript) await page.getByRole("button", { name: t("pos:payment-method.set") }).click();
  await expect(tender).toContainText(`${t("pos:checkout.card", { fee: "HK$0.67" })}HK$19.67`);
  await expect(tender).toContainText(`${t("pos:checkout.remaining")}HK$0.00`);
  await expect(page.getByLabel(t("pos:checkout.cash-tendered"))).toHaveValue(/^60(\.00)?$/);
  const checkout = page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$99.67" }) });
  if (javaScript) {
    // Offline, the counter sells from the device's catalogue; the cart rung up waits for the connection.
    await page.context().setOffline(true);
    await expect(page.getByText(t("pos:offline.title"), { exact: true })).toBeVisible();
    await expect(page.getByText(t("pos:offline.online-cart_one", { count: 1 }))).toBeVisible();
    await expect(checkout).toHaveCount(0);
    await page.context().setOffline(false);
    await expect(page.getByText(t("pos:offline.title"), { exact: true })).toHaveCount(0);
    await expect(checkout).toBeEnabled();
  }
  await checkout.click();
  await expect(page).toHaveURL(/\/product\/pos\?sold=\d+&number=\d+&tendered=6000&change=0$/);
  const number = new URL(page.url()).searchParams.get("number")!;
  await expect(page.getByText(t("pos:sold", { number }))).toBeVisible();
  await expect(page.getByText(t("pos:sold-change", { tendered: "HK$60.00", change: "HK$0.00" }))).toBeVisible();
  await expect(page.getByText(t("pos:cart.empty"))).toBeVisible();

  // The receipt printed now (routes.spec.ts opens that page); printed again from the order's page, it is a copy.
  const receipt = (await page.getByRole("link", { name: t("order:print.receipt") }).getAttribute("href"))!;
  expect(receipt).toMatch(/^\/order\/order-list\/detail\/\d+\/receipt$/);
  await visit(receipt.replace(/\/receipt$/, ""));
  await visit((await page.getByRole("link", { name: t("order:print.receipt") }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { name: t("order:print.receipt-title", { number }) })).toBeVisible();
  await expect(page.getByText("HK$99.67").first()).toBeVisible();
  await expect(page.getByText(t("order:print.copy"), { exact: true })).toBeVisible();
  await expect(page.getByText(`${t("order:print.member")} ${member.memberCode} ${member.name}`)).toBeVisible();
});

test("paid by FPS at the counter: the customer scans a QR code of the amount that a QR decoder reads back whole", async ({
  page,
  browser,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const store = await factory<Store>("store", { sells: true });
  const barcode = `489${unique()}`;
  const product = await factory<Product>("product", { applicationKey: store.applicationKey, barcode });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  const scan = page.getByLabel(t("pos:scan.label"));
  await scan.fill(barcode);
  await scan.press("Enter");
  await expect(page.getByLabel(t("pos:cart.quantity-of", { name: product.nameZhHk }))).toHaveValue("1");

  await page.getByLabel(t("pos:payment-method.label")).selectOption("fps");
  if (!javaScript) await page.getByRole("button", { name: t("pos:payment-method.set") }).click();
  await expect(page.getByRole("heading", { name: t("pos:checkout.fps-title", { amount: "HK$100.00" }) })).toBeVisible();
  const qr = page.getByRole("img", { name: t("pos:checkout.fps-qr-label", { amount: "HK$100.00" }) });
  await expect(qr).toBeVisible();

  // Drawn into a canvas and read by jsQR, in a page of its own with JavaScript whatever this project's.
  const svg = await page.locator(".pos-fps__qr").innerHTML();
  const decoder = await browser.newPage({ javaScriptEnabled: true });
  await decoder.addScriptTag({ path: "node_modules/jsqr/dist/jsQR.js" });
  const payload = await decoder.evaluate(async (markup) => {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup.replace("<svg ", '<svg width="580" height="580" '))}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 580;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, 580, 580);
    const jsQR = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return jsQR(data, width, height)?.data ?? null;
  }, svg);
  await decoder.close();
  const objects = parseEmvTlv(payload!);
  expect(objects.get("54")).toBe("100.00");
  expect(Object.fromEntries(readTlv(objects.get("26")!))).toEqual({ "00": "hk.com.hkicl", "02": "1234567" });
  expect(readTlv(objects.get("62")!).get("05")).toMatch(/^POS-[0-9A-F]{8}$/);
});

test("at phone width: a scan or a member that matches nothing says so beside its box, a sold-out tile cannot be added, a cart is held and recalled, and sold for cash with change", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store", { sells: true });
  const product = await factory<Product>("product", { applicationKey: store.applicationKey });
  const soldOut = await factory<Product>("product", { applicationKey: store.applicationKey, stock: 0 });
  await signIn(store.email, store.password);
  await visit("/product/pos");
  const described = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

  // Said beside the scan box; the products stay as they were, not searched for the code.
  const unknown = `NONE-${unique()}`;
  const scan = page.getByLabel(t("pos:scan.label"));
  await scan.fill(unknown);
  await scan.press("Enter");
  await expect(scan).toHaveAccessibleDescription(described(t("validation:scan-not-found", { value: unknown })));
  await expect(page.getByText(t("pos:products.none"))).toHaveCount(0);
  // A sold-out product shows its stock and cannot be added.
  await expect(
    page.getByRole("button", { name: t("pos:products.sold-out-named", { name: soldOut.nameZhHk }) }),
  ).toBeDisabled();

  await page.getByRole("button", { name: t("pos:products.add-named", { name: product.nameZhHk }) }).click();
  const quantity = page.getByLabel(t("pos:cart.quantity-of", { name: product.nameZhHk }));
  await expect(quantity).toHaveValue("1");

  // A member not found is named as such, beside the member box.
  const memberBox = page.getByLabel(t("pos:member.search"));
  await memberBox.fill("M99999");
  await page.getByRole("button", { name: t("pos:member.find") }).click();
  await expect(page.getByLabel(t("pos:member.search"))).toHaveAccessibleDescription(
    described(t("validation:member-not-found", { value: "M99999" })),
  );
  // One column on a phone, the cart above the products; measured once the page's styles are in, not while a
  // busy machine still loads them.
  await page.waitForLoadState("load");
  const cartTop = (await page.getByRole("heading", { name: t("pos:cart.title"), exact: true }).boundingBox())!.y;
  const productsTop = (await page.getByRole("heading", { name: t("pos:products.title"), exact: true }).boundingBox())!
    .y;
  expect(cartTop).toBeLessThan(productsTop);

  // A delivery to a phone that is not a Hong Kong number is refused beside the phone, not at checkout.
  await page.getByText(t("pos:delivery.add")).click();
  await page.getByLabel(t("order:field.receiver-name")).fill("Chan Tai Man");
  await page.getByLabel(t("order:field.receiver-phone")).fill("1234");
  await page.getByRole("button", { name: t("pos:delivery.save") }).click();
  await expect(page.getByLabel(t("order:field.receiver-phone"))).toHaveAccessibleDescription(
    described(t("validation:phone-invalid")),
  );
  await expect(page.getByLabel(t("order:field.receiver-phone"))).toHaveValue("1234");

  const note = `Table ${unique()}`;
  await page.getByLabel(t("pos:held.note")).fill(note);
  await page.getByRole("button", { name: t("pos:held.hold"), exact: true }).click();
  await expect(page.getByText(t("pos:cart.empty"))).toBeVisible();
  await page.getByRole("button", { name: t("pos:held.recall-named", { note }) }).click();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByText(note)).toHaveCount(0);

  // Cash short of the total is refused beside the cash tendered, what was typed kept.
  const cash = page.getByLabel(t("pos:checkout.cash-tendered"));
  const checkout = page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$100.00" }) });
  await cash.fill("80");
  await checkout.click();
  await expect(cash).toHaveAccessibleDescription(new RegExp(t("message:cash-not-enough")));
  await expect(cash).toHaveValue(/^80(\.00)?$/);
  await cash.fill("150");
  await checkout.click();
  await expect(page.getByText(t("pos:sold-change", { tendered: "HK$150.00", change: "HK$50.00" }))).toBeVisible();

  // The narrow receipt says what was handed over and what went back.
  await visit((await page.getByRole("link", { name: t("order:print.receipt") }).getAttribute("href"))!);
  await expect(page.getByText(`${t("order:print.tendered")} HK$150.00`)).toBeVisible();
  await expect(page.getByText(`${t("order:print.change")} HK$50.00`)).toBeVisible();
});

test("a variant sold by its barcode, another chosen from its product's variants, refunded into stock", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  // With JavaScript off the chooser's buttons are plain forms: on a phone.
  if (!javaScript) await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store", { sells: true });
  const barcode = `489${unique()}`;
  const shirt = await factory<Product & { variants: { id: number }[] }>("product-with-variants", {
    applicationKey: store.applicationKey,
    nameZhHk: "T 恤",
    nameEn: "T-shirt",
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M"] }],
    variants: [
      { values: [0], barcode, priceCents: 100_00, stock: 3 },
      { values: [1], priceCents: 120_00, stock: 1 },
    ],
  });
  const name = lang === "en" ? "T-shirt" : "T 恤";
  await signIn(store.email, store.password);
  await visit("/product/pos");
  const scan = page.getByLabel(t("pos:scan.label"));
  await scan.fill(barcode);
  await scan.press("Enter");
  await expect(page.getByLabel(t("pos:cart.quantity-of", { name: `${name} – S` }))).toHaveValue("1");

  await page.getByRole("link", { name: t("pos:products.choose-named", { name }) }).click();
  await expect(page.getByRole("heading", { name: t("pos:choosing.title", { name }) })).toBeVisible();
  await page.getByRole("button", { name: t("pos:choosing.add-named", { name: "M" }) }).click();
  await expect(page.getByLabel(t("pos:cart.quantity-of", { name: `${name} – M` }))).toHaveValue("1");
  await expect(page.getByRole("heading", { name: t("pos:choosing.title", { name }) })).toHaveCount(0);

  await page.getByLabel(t("pos:checkout.cash-tendered")).fill("220");
  if (javaScript)
    await expect(page.locator(".pos-totals").last()).toContainText(`${t("pos:checkout.remaining")}HK$0.00`);
  await page.getByRole("button", { name: t("pos:checkout.submit", { total: "HK$220.00" }) }).click();
  await expect(page).toHaveURL(/\/product\/pos\?sold=\d+/);
  const sold = new URL(page.url()).searchParams.get("sold");

  await visit(`/order/order-list/detail/${sold}`);
  await expect(page.getByText(`${name} – M`, { exact: true })).toBeVisible();
  await page.getByLabel(t("order:refund.quantity-of", { name: `${name} – M`, count: 1 })).fill("1");
  await page.getByRole("button", { name: t("order:refund.preview") }).click();
  await page.getByRole("button", { name: t("order:refund.confirm", { amount: "HK$120.00" }) }).click();
  await expect(page.getByLabel(t("order:refund.quantity-of", { name: `${name} – M`, count: 1 }))).toHaveCount(0);

  await visit(`/product/pos?choose=${shirt.productCode}`);
  const variants = page.locator(".pos-variants li");
  await expect(variants.nth(0)).toContainText(t("pos:products.stock", { stock: 2 }));
  await expect(variants.nth(1)).toContainText(t("pos:products.stock", { stock: 1 }));
});
