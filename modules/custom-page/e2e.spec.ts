import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

/** What the store's own website asks: the public read, posted to the back office's action endpoint. */
async function pageByLink(request: APIRequestContext, applicationKey: string, link: string) {
  const reply = await request.post("/api/action", {
    form: {
      get_custom_page_data_by_application_key_and_link: JSON.stringify({ application_key: applicationKey, link }),
    },
  });
  const body = await reply.json();
  expect(body, JSON.stringify(body)).toMatchObject({ result: "success" });
  return body.data as { content?: string; title_en?: string; redirect_to?: string };
}

test("a merchant writes a custom page (in the editor, or as HTML without JS), previews it, moves its link, and the store website follows", async ({
  page,
  t,
  factory,
  signIn,
  visit,
  request,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (!javaScript) await page.setViewportSize({ width: 390, height: 844 });
  const link = `delivery-${unique()}`;
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/layout/custom-page");
  await expect(page.getByText(t("custom-page:no-custom-pages"))).toBeVisible();
  await page.getByRole("link", { name: t("custom-page:add-custom-page") }).click();
  await expect(page).toHaveURL(/\/layout\/custom-page\/add$/);

  await page.getByLabel(t("custom-page:field.title-zh-hk")).fill("送貨條款");
  await page.getByLabel(t("custom-page:field.title-en")).fill("Delivery terms");
  await page.getByRole("textbox", { name: t("custom-page:field.link") }).fill(link);
  const content = page.getByRole("textbox", { name: t("custom-page:field.content"), exact: true });
  if (javaScript) {
    await expect(page.locator(".rich-text-editor__content")).toBeVisible();
    await content.click();
    await page.getByRole("combobox", { name: t("custom-page:editor.toolbar") }).selectOption("h2");
    await expect(content).toBeFocused();
    await page.keyboard.type("Delivery");
    await page.keyboard.press("Enter");
    // The tool buttons never take the focus from the text: what is typed right after a click lands there.
    await page.getByRole("button", { name: t("custom-page:editor.bold") }).click();
    await expect(content).toBeFocused();
    await page.keyboard.type("Free");
    await page.getByRole("button", { name: t("custom-page:editor.bold") }).click();
    await expect(content).toBeFocused();
    await page.keyboard.type(" over HK$500.");
    await page.getByRole("button", { name: t("custom-page:editor.table") }).click();
    await expect(content).toBeFocused();
    await page.keyboard.type("Area");
  } else {
    await content.fill(
      `<h2>Delivery</h2><p><strong>Free</strong> over HK$500.</p><script>alert(1)</script>` +
        `<table><tbody><tr><th onclick="alert(1)">Area</th></tr></tbody></table>`,
    );
  }
  await page.getByLabel(t("custom-page:field.publish")).check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/layout\/custom-page\/detail\/\d+$/);
  await expect(page.getByText(t("form.saved"), { exact: true })).toBeVisible();
  if (!javaScript) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  await page.getByRole("link", { name: t("custom-page:view-preview") }).click();
  await expect(page).toHaveURL(/\/preview$/);
  const preview = page.locator(".store-page");
  await expect(preview.getByRole("heading", { name: "Delivery", exact: true })).toBeVisible();
  await expect(preview.locator("p").first()).toHaveText("Free over HK$500.");
  await expect(preview.locator("strong")).toHaveText("Free");
  await expect(preview.locator("th").first()).toHaveText("Area");
  await expect(preview.locator("script, [onclick]")).toHaveCount(0);

  // Edited: the link moves (the old one keeps leading here) and the content changes.
  await page
    .getByRole("link", { name: t("common:shell.back") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await page.getByRole("textbox", { name: t("custom-page:field.link") }).fill(`${link}-hk`);
  if (javaScript) {
    await expect(page.locator(".rich-text-editor__content")).toBeVisible();
    await content.getByText("over HK$500.").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Same day in Kowloon.");
  } else {
    await expect(content).toHaveValue(/<strong>Free<\/strong> over HK\$500\.<\/p>/);
    await content.fill((await content.inputValue()).replace("HK$500.", "HK$500. Same day in Kowloon."));
  }
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"), { exact: true })).toBeVisible();
  await expect(page.getByText(t("custom-page:help.old-links"))).toContainText(`/${link}`);

  expect(await pageByLink(request, store.applicationKey, link)).toEqual({ redirect_to: `${link}-hk` });
  const shown = await pageByLink(request, store.applicationKey, `${link}-hk`);
  expect(shown.title_en).toBe("Delivery terms");
  expect(shown.content).toContain("<strong>Free</strong> over HK$500. Same day in Kowloon.");
  expect(shown.content).not.toMatch(/<script|onclick/);
});
