import type { Page, Request, TestInfo } from "@playwright/test";
import { expect, test } from "../../tests/e2e/fixtures";

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * Chooses a file for the image field. With JS on it uploads at once (the page's preview shows it
 * or an error does); with JS off it posts with the form on save.
 */
async function chooseImage(page: Page, label: string, file: { name: string; buffer: Buffer }) {
  await page.getByLabel(label).setInputFiles({ ...file, mimeType: "image/png" });
}

test("a merchant adds a category with an image, edits it and deletes it after confirming", async ({
  page,
  t,
  factory,
  signIn,
  visit,
  lang,
}, testInfo) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  const id = crypto.randomUUID().slice(0, 6);
  const nameZh = `新品 ${id}`;

  await visit("/product/category");
  await expect(page.getByText(t("category:no-categories"))).toBeVisible();
  await page.getByRole("link", { name: t("category:add-category") }).click();
  await expect(page).toHaveURL(/\/product\/category\/add$/);
  // An empty image field is no missing file.
  await expect(page.getByText(t("upload:not-exist"))).toHaveCount(0);
  await page.getByLabel(t("category:field.name-zh-hk")).fill(nameZh);
  // No English name: the server's own rule says so next to the field, in the browser when JS is on.
  const posts: string[] = [];
  const recordPost = (request: Request) => void (request.method() === "POST" && posts.push(request.url()));
  page.on("request", recordPost);
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page.getByLabel(t("category:field.name-en"))).toHaveAccessibleDescription(
    new RegExp(t("validation:force-input")),
  );
  page.off("request", recordPost);
  if (jsOn(testInfo)) expect(posts).toEqual([]);
  await expect(page.getByLabel(t("category:field.name-zh-hk"))).toHaveValue(nameZh);
  await page.getByLabel(t("category:field.name-en")).fill(`New ${id}`);
  await page.getByLabel(t("category:field.sort-order")).fill("3");
  await page.getByRole("checkbox", { name: t("category:field.publish") }).check();
  await chooseImage(page, t("category:field.image"), { name: "logo.png", buffer: PNG });
  if (jsOn(testInfo)) {
    await expect(page.getByRole("img", { name: t("category:field.image") })).toHaveAttribute("src", /^\/uploads\//);
  }
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page).toHaveURL(/\/product\/category$/);
  await expect(page.getByText(t("common:form.saved"))).toBeVisible();

  const thumbnail = page.getByRole("img", { name: nameZh });
  await expect(thumbnail).toHaveJSProperty("naturalWidth", 1);
  const src = (await thumbnail.getAttribute("src"))!;
  expect(src).toMatch(new RegExp(`^/uploads/${store.applicationKey}/[0-9a-f]{64}\\.png$`));
  const image = await page.request.get(src);
  expect(image.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff" });
  expect(image.headers()["cache-control"]).toContain("immutable");
  expect(await image.body()).toEqual(PNG);
  await expect(page.getByRole("row", { name: new RegExp(nameZh) })).toContainText(t("category:status.published"));

  await expect(
    page.getByRole("link", { name: t("category:products-in_other", { count: 0, name: nameZh }) }),
  ).toHaveAttribute("href", /^\/product\/product-list\?category=\d+$/);
  await page.getByRole("link", { name: nameZh, exact: true }).click();
  await expect(page).toHaveURL(/\/product\/category\/detail\/\d+$/);
  await expect(page.getByRole("img", { name: t("category:field.image") })).toHaveAttribute("src", src);
  await expect(page.getByText(t("upload:not-exist"))).toHaveCount(0);
  if (jsOn(testInfo)) {
    // A saved image whose file is gone says so (the browser learns it when the image fails to load).
    await page.route(src, (route) => route.fulfill({ status: 404 }));
    await page.reload();
    await expect(page.getByText(t("upload:not-exist"))).toBeVisible();
    await page.unroute(src);
  }
  await page.getByLabel(t("category:field.name-en")).fill(`Edited ${id}`);
  await page.getByRole("button", { name: t("common:form.save") }).click();
  await expect(page).toHaveURL(/\/product\/category$/);
  await expect(page.getByRole("cell", { name: `Edited ${id}`, exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: nameZh })).toHaveAttribute("src", src);

  await page.getByRole("link", { name: nameZh, exact: true }).click();
  await page.getByRole("link", { name: t("common:delete.start") }).click();
  await expect(page).toHaveURL(/confirm-delete=1$/);
  const shownName = lang === "en" ? `Edited ${id}` : nameZh;
  await expect(page.getByText(t("common:delete.confirm-title", { name: shownName }))).toBeVisible();
  await page.getByRole("button", { name: t("common:delete.confirm"), exact: true }).click();
  await expect(page).toHaveURL(/\/product\/category$/);
  await expect(page.getByText(t("category:deleted"))).toBeVisible();
  await expect(page.getByText(t("category:no-categories"))).toBeVisible();
});

test("files that only pretend to be images are refused with translated errors", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  await signIn(store.email, store.password);
  await visit("/product/category/add");
  await page.getByLabel(t("category:field.name-zh-hk")).fill("假圖片");
  await page.getByLabel(t("category:field.name-en")).fill("Fake images");
  const save = page.getByRole("button", { name: t("common:form.save") });
  const snackbar = (text: string) => page.getByRole("alert").filter({ hasText: text });

  await chooseImage(page, t("category:field.image"), { name: "shell.php.png", buffer: PNG });
  if (!jsOn(testInfo)) await save.click();
  await expect(snackbar(t("validation:invalid-file"))).toBeVisible();
  // An error does not fade like good news: it stays until dismissed, with JavaScript or without.
  await expect(snackbar(t("validation:invalid-file"))).toHaveCSS("animation-name", "none");
  await snackbar(t("validation:invalid-file")).getByLabel(t("shell.dismiss")).click();
  await expect(snackbar(t("validation:invalid-file"))).toBeHidden();

  await chooseImage(page, t("category:field.image"), { name: "notes.png", buffer: Buffer.from("just some text") });
  if (!jsOn(testInfo)) await save.click();
  await expect(snackbar(t("validation:accept-types-only", { value: "png, jpeg, jpg" }))).toBeVisible();
  await expect(page.getByLabel(t("category:field.image"))).toHaveCount(1);
  await expect(page.getByLabel(t("category:field.name-en"))).toHaveValue("Fake images");

  await page.goto("/product/category");
  await expect(page.getByText(t("category:no-categories"))).toBeVisible();
});

test("a sales staff account sees the categories but cannot add one", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory("store");
  const sales = await factory("store-staff", { applicationKey: store.applicationKey, role: "sales" });
  await signIn(sales.email, sales.password);
  await visit("/product/category");
  await expect(page.getByText(t("category:no-categories"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("category:add-category") })).toHaveCount(0);
  await page.goto("/product/category/add");
  await expect(page.getByText(t("message:forbidden"))).toBeVisible();
});
