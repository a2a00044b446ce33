import { readFileSync } from "node:fs";
import { expect, expectSameDocument, markDocument, test, type Store, unique } from "../../tests/e2e/fixtures";

test("a merchant adds a home banner slide, moves another above it, and the store's website shows them so", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const [first, second] = [`夏日 ${unique()}`, `秋日 ${unique()}`];
  const tea = `Oolong tea ${unique()}`;
  const product = await factory<{ productCode: string }>("product", {
    applicationKey: store.applicationKey,
    nameZhHk: tea,
    nameEn: tea,
  });
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await signIn(store.email, store.password);
  await visit("/layout/home-design");
  await expect(page).toHaveTitle(`${t("home-banner:title.list")} - CMS`);
  await expect(page.getByText(t("home-banner:no-slides"))).toBeVisible();

  await page.getByRole("link", { name: t("home-banner:add-slide") }).click();
  await expect(page).toHaveURL(/\/layout\/home-design\/add$/);
  await expect(page.getByText(t("home-banner:help.images"))).toBeVisible();
  await page.getByLabel(t("home-banner:field.desktop-image")).setInputFiles({
    name: "tea.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/tea.png"),
  });
  if (javaScript) {
    await expect(page.getByRole("img", { name: t("home-banner:field.desktop-image") })).toHaveAttribute(
      "src",
      /^\/uploads\//,
    );
  }
  await page.getByLabel(t("home-banner:field.alt-zh-hk")).fill(first);
  await page.getByLabel(t("common:link-target.kind.label"), { exact: true }).selectOption("product");
  // With JS the field is a combobox, whose open list has the same label.
  const productField = javaScript
    ? page.getByRole("combobox", { name: t("common:link-target.product") })
    : page.getByLabel(t("common:link-target.product"));
  if (javaScript) {
    // With JS the field searches the store's products: part of a name finds it, choosing it takes its code.
    await productField.fill("oolong");
    await page.getByRole("option", { name: `${tea} (${product.productCode})` }).click();
    await expect(productField).toHaveValue(product.productCode);
  } else {
    await productField.fill(product.productCode);
  }
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/layout\/home-design$/);
  // A second slide with the same image, made directly: the move is what this test is about.
  const image = await page.getByRole("img", { name: first }).getAttribute("src");
  await factory("home-banner", {
    applicationKey: store.applicationKey,
    desktopImageUrl: image,
    altZhHk: second,
    altEn: "",
    linkKind: "url",
    linkUrl: "/sale",
  });
  await visit("/layout/home-design");

  const slides = page.locator(".layout-list > li");
  await expect(slides).toHaveText([new RegExp(first), new RegExp(second)]);
  await expect(slides.first()).toContainText(t("home-banner:status.showing"));
  await expect(page.getByRole("button", { name: t("home-banner:move-up", { name: first }) })).toBeDisabled();
  if (javaScript) await markDocument(page);
  await page.getByRole("button", { name: t("home-banner:move-up", { name: second }) }).click();
  await expect(slides).toHaveText([new RegExp(second), new RegExp(first)]);
  await expect(page).toHaveURL(/\/layout\/home-design$/);
  if (javaScript) await expectSameDocument(page);

  // The store's website reads the slides as a store site would: in their new order.
  const reply = await page.request.post("/api/action", {
    form: {
      get_store_website_home_banner_data_list_by_application_key: JSON.stringify({
        application_key: store.applicationKey,
      }),
    },
  });
  const { data } = (await reply.json()) as {
    data: { alt_zh_hk: string; link: { url: string | null; product_code: string | null } }[];
  };
  expect(data.map((slide) => [slide.alt_zh_hk, slide.link.url ?? slide.link.product_code])).toEqual([
    [second, "/sale"],
    [first, product.productCode],
  ]);
});
