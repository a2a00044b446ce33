import { expect, openUserMenu, test } from "../../tests/e2e/fixtures";

interface Store {
  email: string;
  password: string;
}

test("a merchant changes their password from my account, the current one required", async ({
  page,
  t,
  factory,
  signIn,
}) => {
  const store = await factory<Store>("store");
  const newPassword = "greenTea-2026";
  await signIn(store.email, store.password);
  await openUserMenu(page);
  await page.getByRole("link", { name: t("menu.my-account") }).click();
  await expect(page).toHaveTitle(`${t("auth:my-account.title")} - CMS`);
  // The page it opened starts with the menu closed, with or without JavaScript.
  await expect(page.locator("details.user-menu")).not.toHaveAttribute("open");
  await expect(page.getByText(store.email)).toBeVisible();

  const change = async (current: string) => {
    await page.getByLabel(t("auth:my-account.current-password")).fill(current);
    await page.getByLabel(t("auth:new-password"), { exact: true }).fill(newPassword);
    await page.getByLabel(t("auth:repeat-password")).fill(newPassword);
    await page.getByRole("button", { name: t("auth:my-account.change-password") }).click();
  };
  await change("not-my-password-1");
  await expect(page.getByText(t("validation:current-password-incorrect"))).toBeVisible();
  await change(store.password);
  await expect(page.getByText(t("auth:my-account.password-changed"))).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(store.email, newPassword);
  await expect(page).toHaveURL(/\/my-store$/);
});
