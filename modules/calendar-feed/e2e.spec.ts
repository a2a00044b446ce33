import { expect, test } from "../../tests/e2e/fixtures";

interface Store {
  applicationKey: string;
  email: string;
  password: string;
}

test("a merchant subscribes to a provider's calendar feed and resets its link", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled === false) await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  // A booking tomorrow at 10:00 Hong Kong time: 02:00 UTC in the feed.
  const { provider } = await factory<{ provider: { id: number } }>("appointment-record", {
    applicationKey: store.applicationKey,
    customerName: "Feed Customer",
  });
  await signIn(store.email, store.password);

  await visit(`/appointment/provider/detail/${provider.id}`);
  const link = page.getByLabel(t("calendar-feed:field.link"));
  const first = await link.inputValue();
  expect(first).toMatch(/\/calendar\/[\w.-]+\.ics$/);
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toMatch(/\r\nDTSTART:\d{8}T020000Z\r\n/);
  expect(text).toContain("Feed Customer");

  await page.getByRole("button", { name: t("calendar-feed:reset") }).click();
  await expect(page.getByText(t("calendar-feed:reset-done"))).toBeVisible();
  const second = await page.getByLabel(t("calendar-feed:field.link")).inputValue();
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
});

test("a coach's page shows their feed and resets it", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const coach = await factory<{ id: number }>("coach", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);

  await visit(`/yoga/yoga-course/coach/${coach.id}`);
  const first = await page.getByLabel(t("calendar-feed:field.link")).inputValue();
  expect((await page.request.get(first)).status()).toBe(200);
  await page.getByRole("button", { name: t("calendar-feed:reset") }).click();
  await expect(page.getByText(t("calendar-feed:reset-done"))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/yoga/yoga-course/coach/${coach.id}$`));
  const second = await page.getByLabel(t("calendar-feed:field.link")).inputValue();
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);
});
