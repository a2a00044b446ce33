import { expect, test, type Store } from "../../tests/e2e/fixtures";

const unique = () => crypto.randomUUID().slice(0, 8);

test("a merchant issues a card and sees its code once, adjusts it (beyond the balance refused), sets its e-mail, and reissues it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const recipient = `Recipient ${unique()}`;
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/gift-card-list");
  await expect(page).toHaveTitle(`${t("gift-card:title.list")} - CMS`);
  await expect(page.getByText(t("gift-card:no-gift-cards"))).toBeVisible();
  await page.getByRole("link", { name: t("gift-card:issue-gift-card") }).click();
  await expect(page).toHaveURL(/\/gift-card-list\/add$/);

  await page.getByLabel(t("gift-card:field.amount")).fill("0.5");
  await page.getByLabel(t("gift-card:field.recipient-name")).fill(recipient);
  await page.getByRole("button", { name: t("gift-card:issue-gift-card") }).click();
  await expect(page.getByText(t("validation:number-at-least", { value: 1 }))).toBeVisible();
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await expect(page.getByLabel(t("gift-card:field.recipient-name"))).toHaveValue(recipient);

  await page.getByLabel(t("gift-card:field.amount")).fill("200");
  await page.getByLabel(t("gift-card:field.reason")).fill("Birthday");
  await page.getByRole("button", { name: t("gift-card:issue-gift-card") }).click();
  await expect(page.getByText(t("gift-card:issued"))).toBeVisible();
  const code = (await page.getByTestId("gift-card-code").textContent()) ?? "";
  expect(code).toMatch(/^([A-HJ-NP-Z2-9]{4} ){3}[A-HJ-NP-Z2-9]{4}$/);
  const lastFour = code.slice(-4);

  // The code is on the new card's page once: a reload shows it masked and issues nothing again.
  await expect(page).toHaveURL(/\/gift-card-list\/\d+$/);
  await page.reload();
  await expect(page.getByText(code)).toHaveCount(0);
  await expect(page.getByText(`•••• •••• •••• ${lastFour}`).first()).toBeVisible();

  await page.getByLabel(t("gift-card:field.change")).fill("-250");
  await page.getByLabel(t("gift-card:field.reason")).first().fill("Counter");
  await page.getByRole("button", { name: t("gift-card:adjust") }).click();
  await expect(page.getByText(t("validation:gift-card-balance-short", { value: "HK$200.00" }))).toBeVisible();
  await page.getByLabel(t("gift-card:field.change")).fill("-50");
  await page.getByRole("button", { name: t("gift-card:adjust") }).click();
  await expect(page.getByText(t("gift-card:adjusted"))).toBeVisible();
  await expect(page.getByRole("cell", { name: "HK$150.00" })).toBeVisible();

  // Issued without an e-mail address: one set later lets the code be e-mailed.
  const email = `recipient-${unique()}@example.com`;
  await page.getByLabel(t("gift-card:field.recipient-email")).fill(email);
  await page.getByRole("button", { name: t("gift-card:save-details") }).click();
  await expect(page.getByText(t("gift-card:details-saved"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("gift-card:send-email", { email }) })).toBeVisible();

  const lostCard = new URL(page.url()).pathname;
  const reissue = page.locator("form").filter({ has: page.getByRole("button", { name: t("gift-card:reissue") }) });
  await reissue.getByLabel(t("gift-card:field.reason")).fill("Lost");
  await reissue.getByRole("button", { name: t("gift-card:reissue") }).click();
  await expect(page.getByText(t("gift-card:reissued"))).toBeVisible();
  const newCode = (await page.getByTestId("gift-card-code").textContent()) ?? "";
  expect(newCode).not.toBe(code);

  await page.reload();
  await expect(page.getByText(t("gift-card:kind.reissue_in"))).toBeVisible();
  await expect(page.getByText(newCode)).toHaveCount(0);
  await visit(lostCard);
  await expect(page.getByText(t("gift-card:status.disabled")).first()).toBeVisible();
  await expect(page.getByRole("link", { name: t("gift-card:open-new-card") })).toBeVisible();

  await visit(`/gift-card-list?q=${lastFour}`);
  const row = page.getByRole("row").filter({ hasText: lastFour });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t("gift-card:status.disabled"));
  await expect(row).toContainText(recipient);
  await visit("/gift-card-list?status=active");
  await expect(page.getByRole("row").filter({ hasText: newCode.slice(-4) })).toContainText("HK$150.00");

  const csv = await page.request.get("/gift-card-list/export.csv");
  const text = await csv.text();
  expect(text).toContain(`•••• •••• •••• ${lastFour}`);
  expect(text).not.toContain(code.replaceAll(" ", ""));
  expect(text).toContain(`•••• •••• •••• ${newCode.slice(-4)}`);
  expect(text).not.toContain(newCode.replaceAll(" ", ""));
});
