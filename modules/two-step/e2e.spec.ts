import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, openUserMenu, test } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
}

/**
 * The code the authenticator app would show `steps` periods from now. After the enrolment's own code,
 * the next step's (inside the ±1 step window) is a code the account has not used yet.
 */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

test("a merchant enrols in two-step sign-in, then signs in with a code and with a recovery code", async ({
  page,
  t,
  factory,
  signIn,
  hydrated,
}) => {
  const store = await factory<Store>("store");
  const logOut = async (current: Page) => {
    await openUserMenu(current);
    await current.getByRole("button", { name: t("shell.logout") }).click();
    await expect(current).toHaveURL(/\/login$/);
  };

  await signIn(store.email, store.password);
  await openUserMenu(page);
  await page.getByRole("link", { name: t("menu.two-step") }).click();
  await expect(page).toHaveTitle(`${t("two-step:title")} - CMS`);
  await expect(page.getByText(t("two-step:status.off"))).toBeVisible();
  await hydrated();
  await page.getByRole("button", { name: t("two-step:start") }).click();

  // The QR code is drawn on the server; the setup key beside it is what a person types into the app.
  await expect(page.getByRole("img", { name: t("two-step:enrol.qr-label") })).toBeVisible();
  const secret = (await page.locator(".two-step-key").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(t("two-step:code"), { exact: true }).fill("000000");
  await page.getByRole("button", { name: t("two-step:enrol.confirm") }).click();
  await expect(page.getByText(t("validation:two-step-code-incorrect"))).toBeVisible();
  await expect(page.getByLabel(t("two-step:code"), { exact: true })).toHaveValue("000000");
  await page.getByLabel(t("two-step:code"), { exact: true }).fill(codeFor(secret));
  await page.getByRole("button", { name: t("two-step:enrol.confirm") }).click();

  const codes = page.getByRole("list", { name: t("two-step:recovery.title") }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await expect(page.getByText(t("two-step:status.codes-left", { count: 10 }))).toBeVisible();
  // Shown once: the page opened again lists them no more.
  await page.reload();
  await expect(page.getByText(t("two-step:status.codes-left", { count: 10 }))).toBeVisible();
  await expect(codes).toHaveCount(0);

  await logOut(page);
  await signIn(store.email, store.password);
  await expect(page).toHaveURL(/\/login\/two-step$/);
  await expect(page.getByRole("heading", { level: 1, name: t("two-step:sign-in.title") })).toBeVisible();
  await page.getByLabel(t("two-step:code"), { exact: true }).fill(codeFor(secret, 1));
  await page.getByRole("button", { name: t("two-step:verify") }).click();
  await expect(page).toHaveURL(/\/my-store$/);

  await logOut(page);
  await signIn(store.email, store.password);
  await page.getByLabel(t("two-step:code"), { exact: true }).fill(recoveryCode);
  await page.getByRole("button", { name: t("two-step:verify") }).click();
  await expect(page).toHaveURL(/\/my-store$/);
});
