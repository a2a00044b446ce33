import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { localeFile } from "../../scripts/locale-files";
import { expect, test, visitPage } from "../../tests/e2e/fixtures";

test("a merchant adds a product, finds it, edits it, adjusts its stock and deletes it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  const code = `tea-${crypto.randomUUID().slice(0, 6)}`;

  await page.goto("/product/product-list");
  await expect(page.getByText(t("product:no-products"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("product:add-product") })).toBeVisible();
  await visit("/product/product-list/add");
  await page.getByLabel(t("product:field.product-code")).fill(code);
  await page.getByLabel(t("product:field.name-zh-hk")).fill("烏龍茶");
  // The right-to-left override would show "Oolong\u202Eaet" as "Oolongtea".
  await page.getByLabel(t("product:field.name-en")).fill("Oolong\u202Eaet");
  await page.getByLabel(t("product:field.price"), { exact: true }).and(page.getByRole("textbox")).fill("12.5x");
  await page.getByLabel(t("product:field.cost")).fill("5");
  await page.getByLabel(t("product:field.stock")).fill("4");
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("validation:format-not-match"))).toBeVisible();
  await expect(page.getByLabel(t("product:field.name-en"))).toHaveAccessibleDescription(
    new RegExp(t("validation:invalid-characters")),
  );
  // The page opens at the first refused field, with JavaScript or without (the server's autofocus).
  await expect(page.getByLabel(t("product:field.name-en"))).toBeFocused();
  await expect(page.getByLabel(t("product:field.name-zh-hk"))).toHaveValue("烏龍茶");

  await page.getByLabel(t("product:field.name-en")).fill("Oolong tea");
  await page.getByLabel(t("product:field.price"), { exact: true }).and(page.getByRole("textbox")).fill("12.50");
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("product:created"))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/product-list/detail/${code}$`));
  await expect(page.getByText(t("product:profit", { amount: "HK$7.50" }))).toBeVisible();
  // The first product completes that step of the overview's setup guide straight away.
  await visit("/my-store");
  await expect(page.getByRole("link", { name: `${t("setup.task.product")} ${t("setup.done")}` })).toBeVisible();

  await page.goto(`/product/product-list?q=${encodeURIComponent("龍茶")}`);
  await expect(
    page.getByRole("link", { name: t("common:menu.overview") === "Overview" ? "Oolong tea" : "烏龍茶" }),
  ).toBeVisible();
  await page.goto("/product/product-list?stock=shortage");
  await expect(page.getByText(t("common:list.no-results"))).toBeVisible();

  await visit(`/product/product-list/detail/${code}`);
  // As Shopify's: status and organisation in a side column on a wide screen, the code in the status card, and
  // Save in reach at the top of a long form.
  await page.setViewportSize({ width: 1280, height: 800 });
  const status = page.getByRole("region", { name: t("product:section.status") });
  await expect(status).toContainText(`${t("product:field.product-code")}: ${code}`);
  const statusBox = (await status.boundingBox())!;
  const pricingBox = (await page.getByRole("region", { name: t("product:section.pricing") }).boundingBox())!;
  expect(statusBox.x).toBeGreaterThan(pricingBox.x + pricingBox.width);
  await expect(page.getByRole("button", { name: t("common:form.save") })).toBeInViewport();
  await page.getByRole("checkbox", { name: t("product:field.bestseller") }).check();
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();
  await page.goto("/product/product-list?bestseller=yes");
  await expect(page.getByRole("link", { name: /Oolong tea|烏龍茶/ })).toBeVisible();

  await visit(`/product/product-inventory-list?q=${code}`);
  await page.getByLabel(t("product:field.change")).fill("-9");
  await page.getByLabel(t("product:field.reason")).fill("stock take");
  await page.getByRole("button", { name: t("product:adjust"), exact: true }).click();
  await expect(page.getByText(t("message:inventory-not-enough"))).toBeVisible();
  await page.getByLabel(t("product:field.change")).fill("-4");
  await page.getByLabel(t("product:field.reason")).fill("stock take");
  await page.getByRole("button", { name: t("product:adjust"), exact: true }).click();
  await expect(page.getByText(t("product:stock-adjusted"))).toBeVisible();
  await expect(page.getByText(t("product:stock-status.shortage")).first()).toBeVisible();
  await page.getByRole("link", { name: t("product:history"), exact: true }).click();
  await expect(page.getByText(/4 → 0 · stock take/)).toBeVisible();

  await visit(`/product/product-list/detail/${code}`);
  await page.getByRole("link", { name: t("common:delete.start") }).click();
  await page.getByRole("button", { name: t("common:delete.confirm") }).click();
  await expect(page.getByText(t("product:deleted"))).toBeVisible();
  await expect(page.getByText(t("product:no-products"))).toBeVisible();
});

test("the inventory lists each variant: its own stock, shortage, adjustment and history", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory("store");
  const suffix = crypto.randomUUID().slice(0, 6);
  const product = await factory<{ productCode: string; nameZhHk: string; nameEn: string }>("product-with-variants", {
    applicationKey: store.applicationKey,
    nameEn: "Tee",
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["細", "中"], valuesEn: ["S", "M"] }],
    variants: [
      { values: [0], sku: `S-${suffix}`, stock: 2 },
      { values: [1], sku: `M-${suffix}`, stock: 0 },
    ],
  });
  const name = lang === "en" ? product.nameEn : product.nameZhHk;
  const [small, medium] = lang === "en" ? ["S", "M"] : ["細", "中"];
  await signIn(store.email, store.password);

  const list = `/product/product-inventory-list?q=${product.productCode}`;
  await visit(list);
  const row = (label: string) => page.getByRole("row").filter({ hasText: `${label} · SKU` });
  await expect(row(small).getByText("2", { exact: true })).toBeVisible();
  await expect(row(medium).getByText("0", { exact: true })).toBeVisible();
  await expect(row(medium)).toContainText(t("product:stock-status.shortage"));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await visit(`${list}&stock=shortage`);
  await expect(row(medium)).toBeVisible();
  await expect(row(small)).toHaveCount(0);

  // The medium's own form: its stock alone moves.
  const form = page.getByRole("form", { name: t("product:adjust-named", { name: `${name} – ${medium}` }) });
  await form.getByLabel(t("product:field.change")).fill("5");
  await form.getByLabel(t("product:field.reason")).fill("restock");
  await form.getByRole("button", { name: t("product:adjust"), exact: true }).click();
  await expect(page.getByText(t("product:stock-adjusted"))).toBeVisible();
  await visit(list);
  await expect(row(medium).getByText("5", { exact: true })).toBeVisible();
  await expect(row(small).getByText("2", { exact: true })).toBeVisible();

  await row(medium)
    .getByRole("link", { name: t("product:history"), exact: true })
    .click();
  await expect(
    page.getByRole("heading", { name: t("product:history-title", { name: `${name} – ${medium}` }) }),
  ).toBeVisible();
  await expect(page.getByText(/0 → 5 · restock/)).toBeVisible();
  await page.getByRole("link", { name: t("product:history-all-variants") }).click();
  await expect(page.getByText(new RegExp(`^${medium} · .*0 → 5 · restock`))).toBeVisible();
});

test("a save over someone else's newer edit is refused with the input kept; from the new version saves go through", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  const product = await factory("product", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  const url = `/product/product-list/detail/${product.productCode}`;
  const nameEn = (on = page) => on.getByLabel(t("product:field.name-en"));
  /** Saves, and waits until the server has answered. */
  const save = async (on = page) => {
    const answered = on.waitForResponse((response) => response.request().method() === "POST");
    await on.getByRole("button", { name: t("common:form.save") }).click();
    await answered;
  };
  await visit(url);
  await nameEn().fill("Mine");

  // Meanwhile the same product is saved in another tab.
  const other = await page.context().newPage();
  await visitPage(other, url, testInfo.project.use.javaScriptEnabled !== false);
  await nameEn(other).fill("Theirs");
  await save(other);
  await expect(other.getByText(t("common:form.saved"))).toBeVisible();
  await other.close();

  await save();
  await expect(page.getByText(t("message:edited-elsewhere"))).toBeVisible();
  await expect(nameEn()).toHaveValue("Mine");

  // Reloaded, the page holds their version: saving twice in a row from it goes through both times.
  await visit(url);
  await expect(nameEn()).toHaveValue("Theirs");
  for (const name of ["Mine", "Mine again"]) {
    await nameEn().fill(name);
    await save();
    await expect(page.getByText(t("common:form.saved"))).toBeVisible();
    await expect(nameEn()).toHaveValue(name);
  }
  await visit(url);
  await expect(nameEn()).toHaveValue("Mine again");
});

test("bulk actions unpublish ticked products, and bulk delete asks first", async ({ page, t, factory, signIn }) => {
  const store = await factory("store");
  const first = await factory("product", { applicationKey: store.applicationKey });
  const second = await factory("product", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  // On a phone's width, where the list's rows are cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/product/product-list");
  await page.getByRole("checkbox", { name: t("product:bulk.select-named", { name: first.nameZhHk }) }).check();
  await page.getByRole("checkbox", { name: t("product:bulk.select-named", { name: second.nameZhHk }) }).check();
  // Nothing is chosen for the user: applying without an action asks for one.
  await expect(page.getByLabel(t("product:bulk.operation"))).toHaveValue("");
  await page.getByRole("button", { name: t("product:bulk.apply") }).click();
  await expect(page.getByText(t("product:bulk.none-chosen"))).toBeVisible();
  await page.getByRole("checkbox", { name: t("product:bulk.select-named", { name: first.nameZhHk }) }).check();
  await page.getByRole("checkbox", { name: t("product:bulk.select-named", { name: second.nameZhHk }) }).check();
  await page.getByLabel(t("product:bulk.operation")).selectOption("unpublish");
  await page.getByRole("button", { name: t("product:bulk.apply") }).click();
  await expect(page.getByText(t("product:bulk.done-unpublish"))).toBeVisible();
  await page.goto("/product/product-list?publish=unpublished");
  await expect(page.getByRole("link", { name: first.nameZhHk })).toBeVisible();
  await expect(page.getByRole("link", { name: second.nameZhHk })).toBeVisible();

  await page.getByRole("checkbox", { name: t("product:bulk.select-named", { name: first.nameZhHk }) }).check();
  await page.getByLabel(t("product:bulk.operation")).selectOption("delete");
  await page.getByRole("button", { name: t("product:bulk.apply") }).click();
  await page.getByRole("button", { name: t("product:bulk.confirm-delete") }).click();
  await expect(page.getByText(t("product:bulk.done-delete"))).toBeVisible();
  await expect(page.getByRole("link", { name: first.nameZhHk })).toHaveCount(0);
  await expect(page.getByRole("link", { name: second.nameZhHk })).toBeVisible();
});

test("a store whose plan lacks products cannot open the product pages", async ({ page, t, factory, signIn }) => {
  const noCatalog = await factory("store", { modules: ["order"] });
  await signIn(noCatalog.email, noCatalog.password);
  const response = await page.goto("/product/product-list");
  expect(response?.status()).toBe(403);
  await expect(page.getByText(t("message:module-not-in-plan"))).toBeVisible();
});

const demoImage = (name: string) => ({
  name: `${name}.png`,
  mimeType: "image/png",
  buffer: readFileSync(`scripts/demo-images/${name}.png`),
});
type Translate = (key: string, vars?: Record<string, string | number>) => string;
const imageName = (t: Translate, number: number) =>
  t("upload:image-number", { label: t("product:section.images"), number });
const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * Chooses the product's images. With JS on they go together into the drop zone's file input and
 * upload at once (their previews show when done); with JS off each goes in a slot of its own.
 */
async function chooseImages(page: Page, t: Translate, testInfo: TestInfo, files: ReturnType<typeof demoImage>[]) {
  if (jsOn(testInfo)) {
    await page.getByLabel(t("upload:add-images", { label: t("product:section.images") })).setInputFiles(files);
    for (const number of files.map((_, index) => index + 1)) {
      await expect(page.getByRole("img", { name: imageName(t, number) })).toHaveAttribute("src", /^\/uploads\//);
    }
  } else {
    for (const [index, file] of files.entries()) await page.getByLabel(imageName(t, index + 1)).setInputFiles(file);
  }
}

test("a product gets two images in order, shown in the list and on its page; they can be reordered and removed", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  const code = `pic-${crypto.randomUUID().slice(0, 6)}`;
  await visit("/product/product-list/add");
  await page.getByLabel(t("product:field.product-code")).fill(code);
  await page.getByLabel(t("product:field.name-zh-hk")).fill("相片產品");
  await page.getByLabel(t("product:field.price"), { exact: true }).and(page.getByRole("textbox")).fill("20");
  await chooseImages(page, t, testInfo, [demoImage("tea"), demoImage("coffee")]);
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("product:created"))).toBeVisible();

  const first = page.getByRole("img", { name: imageName(t, 1) });
  const second = page.getByRole("img", { name: imageName(t, 2) });
  await expect(first).toHaveAttribute("src", new RegExp(`^/uploads/${store.applicationKey}/[0-9a-f]{64}\\.png$`));
  await expect(second).toHaveAttribute("src", new RegExp(`^/uploads/${store.applicationKey}/[0-9a-f]{64}\\.png$`));
  const firstUrl = (await first.getAttribute("src"))!;
  expect(firstUrl).not.toBe(await second.getAttribute("src"));
  const image = await page.request.get(firstUrl);
  expect(image.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff" });

  const secondUrl = (await second.getAttribute("src"))!;

  // With JS on the images move and go at once; with JS off an image's "remove" box goes on save.
  if (jsOn(testInfo)) {
    await page.getByRole("button", { name: t("upload:move-later", { name: imageName(t, 1) }) }).click();
    await expect(first).toHaveAttribute("src", secondUrl);
    await page.getByRole("button", { name: t("upload:remove", { name: imageName(t, 2) }) }).click();
  } else {
    await page.getByRole("checkbox", { name: t("upload:remove", { name: imageName(t, 1) }) }).check();
  }
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();
  await expect(first).toHaveAttribute("src", secondUrl);
  await expect(second).toHaveCount(0);

  await page.goto("/product/product-list");
  await expect(page.locator(`img[src="${secondUrl}"]`)).toHaveCount(1);
});

test("a refused save keeps every image slot, the images already uploaded and the errors of refused files", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  await visit("/product/product-list/add");
  await page.getByLabel(t("product:field.name-zh-hk")).fill("未完成的產品");
  const notAnImage = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") };
  await chooseImages(page, t, testInfo, [demoImage("tea")]);
  if (jsOn(testInfo)) {
    await page.getByLabel(t("upload:add-images", { label: t("product:section.images") })).setInputFiles(notAnImage);
  } else {
    await page.getByLabel(imageName(t, 2)).setInputFiles(notAnImage);
  }
  // No product code and no price: the form comes back.
  await page.getByRole("button", { name: t("common:form.save") }).click();

  await expect(page.getByText(t("validation:force-input")).first()).toBeVisible();
  await expect(page.getByLabel(t("product:field.name-zh-hk"))).toHaveValue("未完成的產品");
  await expect(page.getByRole("img", { name: imageName(t, 1) })).toHaveAttribute(
    "src",
    new RegExp(`^/uploads/${store.applicationKey}/`),
  );
  // Room for the four other images: one drop zone with JS on, a file input per slot with JS off.
  if (jsOn(testInfo)) {
    await expect(page.getByLabel(t("upload:add-images", { label: t("product:section.images") }))).toHaveCount(1);
  } else {
    for (const number of [2, 3, 4, 5]) await expect(page.getByLabel(imageName(t, number))).toHaveCount(1);
  }
  await expect(page.getByText(t("validation:accept-types-only", { value: "png, jpeg, jpg" })).first()).toBeVisible();
});

const HEADERS = JSON.parse(readFileSync(localeFile("en", "product"), "utf8")).sheet.headers as Record<string, string>;

/** An .xlsx with English headers (the import reads either language). */
function spreadsheet(rows: Record<string, string | number>[]) {
  const sheet = XLSX.utils.json_to_sheet(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [HEADERS[column], value]))),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Products");
  return {
    name: "products.xlsx",
    mimeType: XLSX_TYPE,
    buffer: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
  };
}
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test("an import with a bad row writes nothing; a good one adds every row; exports list them", async ({
  page,
  t,
  factory,
  signIn,
}) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  const id = crypto.randomUUID().slice(0, 6);
  await page.goto("/product/product-list/import");
  await page.getByLabel(t("common:sheet.file")).setInputFiles(
    spreadsheet([
      { product_code: `imp-a-${id}`, name_zh_hk: "匯入甲", price: 10 },
      { product_code: `imp-b-${id}`, name_zh_hk: "", price: "abc" },
    ]),
  );
  await page.getByRole("button", { name: t("common:sheet.import"), exact: true }).click();
  await expect(page.getByText(t("common:sheet.failed_other", { count: 2 }))).toBeVisible();
  const header = (column: string, letter: string) => t("common:sheet.column-at", { column, letter });
  await expect(
    page.getByRole("row", { name: `3 ${header(HEADERS.name_zh_hk, "B")} ${t("validation:force-input")}` }),
  ).toBeVisible();
  await expect(
    page.getByRole("row", { name: `3 ${header(HEADERS.price, "C")} ${t("validation:format-not-match")}` }),
  ).toBeVisible();
  await page.goto("/product/product-list");
  await expect(page.getByText(t("product:no-products"))).toBeVisible();

  await page.goto("/product/product-list/import");
  await page.getByLabel(t("common:sheet.file")).setInputFiles(
    spreadsheet([
      { product_code: `imp-a-${id}`, name_zh_hk: "匯入甲", price: 10 },
      { product_code: `imp-b-${id}`, name_zh_hk: "匯入乙", price: 12.5, stock: 3 },
    ]),
  );
  await page.getByRole("button", { name: t("common:sheet.import"), exact: true }).click();
  await expect(page.getByText(t("product:imported_other", { count: 2 }))).toBeVisible();
  await expect(page.getByRole("link", { name: "匯入甲" })).toBeVisible();
  await expect(page.getByRole("link", { name: "匯入乙" })).toBeVisible();

  const csv = await page.request.get("/product/product-list/export.csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`imp-b-${id}`);
  const xlsx = await page.request.get("/product/product-list/export.xlsx?q=imp-a");
  expect(xlsx.headers()["content-type"]).toBe(XLSX_TYPE);
  const exported = XLSX.utils.sheet_to_json<Record<string, unknown>>(
    XLSX.read(await xlsx.body()).Sheets[XLSX.read(await xlsx.body()).SheetNames[0]],
  );
  expect(exported.map((row) => Object.values(row)[0])).toEqual([`imp-a-${id}`]);
  const template = await page.request.get("/product/product-list/template.xlsx?lang=en");
  expect(template.headers()["content-disposition"]).toContain("product-template-en.xlsx");

  // Provider staff read the import in the log in words: the product by name, the price by its label, in HK$.
  await page.context().clearCookies();
  await signIn("staff@example.com");
  await page.goto(`/log?application_key=${store.applicationKey}`);
  const product = t("console:record-named", { type: t("console:data-type.product_data"), name: "匯入乙" });
  await expect(page.getByRole("cell", { name: product })).toBeVisible();
  await expect(
    page.getByText(t("console:change", { field: t("product:field.price"), before: "—", after: "HK$12.50" })),
  ).toBeVisible();
});
