import { DEMO_PASSWORD, expect, openUserMenu, test, unique } from "./fixtures";

test("staff add a worker account that can then log in", async ({ page, t, signIn, visit }) => {
  const id = unique();
  const worker = { name: `Worker ${id}`, email: `worker-${id}@example.test`, password: "worker-pass-1" };
  await signIn("staff@example.com", DEMO_PASSWORD);
  await visit("/worker-account-list");
  await expect(page).toHaveTitle(`${t("provider-staff:title.list")} - CMS`);
  await page.getByRole("link", { name: t("provider-staff:add-worker") }).click();
  await expect(page).toHaveURL(/\/worker-account-list\/add$/);

  await page.getByLabel(t("provider-staff:field.name")).fill(worker.name);
  // Not an e-mail: our translated message, never the browser's own bubble (forms are noValidate).
  await page.getByLabel(t("provider-staff:field.email")).fill("not-an-email");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByLabel(t("provider-staff:field.email"))).toHaveAccessibleDescription(
    new RegExp(t("validation:format-not-match")),
  );
  await page.getByLabel(t("provider-staff:field.email")).fill(worker.email);
  await page.getByLabel(t("provider-staff:field.password"), { exact: true }).fill(worker.password);
  await page.getByLabel(t("provider-staff:field.repeat-password")).fill(worker.password);
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/worker-account-list$/);
  const row = page.getByRole("row").filter({ hasText: worker.email });
  await expect(row).toContainText(worker.name);
  await expect(row).toContainText(t("form.enabled"));

  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(worker.email, worker.password);
  await expect(page).toHaveURL(/\/staff-store-list$/);
});

test("a used e-mail or a mismatched repeat password shows the error and keeps the typed name", async ({
  page,
  t,
  signIn,
  visit,
}) => {
  const name = `Worker ${unique()}`;
  await signIn("staff@example.com");
  await visit("/worker-account-list/add");
  await page.getByLabel(t("provider-staff:field.name")).fill(name);
  await page.getByLabel(t("provider-staff:field.email")).fill("staff@example.com");
  await page.getByLabel(t("provider-staff:field.password"), { exact: true }).fill("worker-pass-1");
  await page.getByLabel(t("provider-staff:field.repeat-password")).fill("worker-pass-2");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:password-not-match"))).toBeVisible();
  await expect(page.getByLabel(t("provider-staff:field.name"))).toHaveValue(name);

  await page.getByLabel(t("provider-staff:field.password"), { exact: true }).fill("worker-pass-1");
  await page.getByLabel(t("provider-staff:field.repeat-password")).fill("worker-pass-1");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("message:email-used"))).toBeVisible();
  await expect(page.getByLabel(t("provider-staff:field.name"))).toHaveValue(name);
  await expect(page.getByLabel(t("provider-staff:field.email"))).toHaveValue("staff@example.com");
});

test("staff are not offered to disable their own account, and the backend refuses it", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const staff = await factory<{ id: number; email: string; password: string }>("provider-staff");
  await signIn(staff.email, staff.password);
  await visit(`/worker-account-list/${staff.id}`);
  await expect(page).toHaveTitle(`${t("provider-staff:title.edit")} - CMS`);
  await expect(page.getByLabel(t("provider-staff:field.email"))).toHaveValue(staff.email);
  await expect(page.getByLabel(t("provider-staff:field.disabled"))).toHaveCount(0);

  // A hand-made post of the form with the box ticked gets the backend's refusal as the form error.
  const version = await page.locator('input[name="version"]').inputValue();
  const response = await page.request.post(`/worker-account-list/${staff.id}`, {
    form: { name: "Factory Staff", email: staff.email, disabled: "on", version },
    headers: { "Accept-Language": lang },
  });
  expect(await response.text()).toContain(t("message:cannot-disable-self"));
});

test("a disabled worker account can no longer log in", async ({ page, t, factory, signIn, visit }) => {
  const worker = await factory<{ id: number; email: string; password: string }>("provider-staff");
  await signIn("staff@example.com");
  await visit(`/worker-account-list/${worker.id}`);
  await page.getByLabel(t("provider-staff:field.disabled")).check();
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/worker-account-list$/);
  await expect(page.getByRole("row").filter({ hasText: worker.email })).toContainText(t("form.disabled"));

  await openUserMenu(page);
  await page.getByRole("button", { name: t("shell.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(t("auth:email")).fill(worker.email);
  await page.getByLabel(t("auth:password")).fill(worker.password);
  await page.getByRole("button", { name: t("auth:sign-in") }).click();
  await expect(page.getByText(t("message:incorrect-email-or-password"))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("staff who give themselves a new password are signed out and log in with it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const staff = await factory<{ id: number; email: string; password: string }>("provider-staff");
  await signIn(staff.email, staff.password);
  await visit(`/worker-account-list/${staff.id}`);
  await page.getByLabel(t("provider-staff:field.new-password")).fill("fresh-pass-42");
  await page.getByLabel(t("provider-staff:field.repeat-password")).fill("fresh-pass-42");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("auth:password-reset-done"))).toBeVisible();

  await signIn(staff.email, "fresh-pass-42");
  await expect(page).toHaveURL(/\/staff-store-list$/);
});
