import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

const NONCE_POLICY = /(^|; )script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'(;|$)/;

/** Every Content-Security-Policy violation the page reports, by event or on the console, from now on. */
async function collectPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportPolicyViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`,
      ),
    ),
  );
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test("pages allow only their own and nonce-carrying scripts, and are never stored", async ({ request }) => {
  const [first, second] = [await request.get("/login"), await request.get("/login")];
  const policy = first.headers()["content-security-policy"];
  expect(policy.replace(/'nonce-[^']+'/, "'nonce-…'").split("; ")).toEqual([
    "default-src 'self'",
    "script-src 'self' 'nonce-…'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]);
  const nonce = NONCE_POLICY.exec(policy)![2];
  expect(NONCE_POLICY.exec(second.headers()["content-security-policy"])![2], "a new nonce per page").not.toBe(nonce);
  // Every inline script of the page carries this page's nonce.
  const scripts = [...(await first.text()).matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  // The sign-in pages ship no script files: they work by plain forms and load fastest without React.
  expect(await first.text()).not.toMatch(/<script[^>]* src=|modulepreload/);

  expect(first.headers()).toMatchObject({
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
  });
  // HSTS only over HTTPS (tests/integration/protocol.test.ts asks over HTTPS).
  expect(first.headers()["strict-transport-security"]).toBeUndefined();
});

test("signed-in pages carry the nonce policy; they, their data requests and the action endpoint's replies are never stored", async ({
  page,
  signIn,
}) => {
  await signIn("merchant@example.com");
  const productList = await page.request.get("/product/product-list");
  expect(productList.headers()["content-security-policy"]).toMatch(NONCE_POLICY);
  for (const path of ["/product/product-list", "/product/product-list.data", "/product/product-list/export.csv"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers(), path).toMatchObject({
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  }
  const reply = await page.request.post("/api/action", { form: { logout: "{}" } });
  expect(reply.status()).toBe(401);
  expect(reply.headers()).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff" });
});

test("the build's files, named by their content, are kept by browsers for good; other public files are checked each time", async ({
  page,
  signIn,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nojs-zh-HK", "headers do not depend on the variant: once");
  await signIn("merchant@example.com");
  const html = await (await page.request.get("/product/product-list")).text();
  const files = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map(([, path]) => path);
  expect(files.length).toBeGreaterThan(1);
  for (const path of files.slice(0, 3)) {
    expect((await page.request.get(path)).headers(), path).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  }
  expect((await page.request.get("/favicon.svg")).headers()).toMatchObject({
    "cache-control": "public, max-age=0, must-revalidate",
    "x-content-type-options": "nosniff",
  });
});

test("with JavaScript on, pages hydrate, upload and navigate with no policy violation", async ({
  page,
  t,
  factory,
  signIn,
  visit,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the policy is about scripts");
  const violations = await collectPolicyViolations(page);
  const store = await factory("store");
  const product = await factory<{ productCode: string }>("product", { applicationKey: store.applicationKey });

  // visit() waits for <html data-hydrated>, which only React's effect sets: the scripts ran.
  await signIn(store.email, store.password);
  await visit("/product/product-list");
  await visit(`/product/product-list/detail/${product.productCode}`);
  await page
    .getByLabel(t("upload:add-images", { label: t("product:section.images") }))
    .setInputFiles({ name: "tea.png", mimeType: "image/png", buffer: readFileSync("scripts/demo-images/tea.png") });
  await expect(
    page.getByRole("img", { name: t("upload:image-number", { label: t("product:section.images"), number: 1 }) }),
  ).toHaveAttribute("src", /^\/uploads\//);

  // A client-side navigation: the route's module and data are fetched, the document stays.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page
    .locator(".top-bar-actions")
    .getByRole("link", { name: t("shell.back") })
    .click();
  await expect(page).toHaveURL(/\/product\/product-list$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.context().clearCookies();
  const staffSignIn = await page.request.post("/login", {
    form: { email: "staff@example.com", password: DEMO_PASSWORD },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(staffSignIn.status()).toBe(302);
  await visit("/staff-store-list");
  await visit("/log");
  expect(violations).toEqual([]);
});
