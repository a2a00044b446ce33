import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

/** A datetime-local value in Hong Kong, `minutes` from now. */
const hongKongInput = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 16);

test("a store website's browsers subscribe; a push scheduled by the merchant is sent by the minute job", async ({
  page,
  request,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const id = unique();
  // The store website's calls, as its server makes them.
  const website = async (action: string, payload: object) => {
    const response = await request.post("/api/action", { form: { [action]: JSON.stringify(payload) } });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const key = { application_key: store.applicationKey };
  expect((await website("get_push_public_key_data_by_application_key", key)).public_key).toMatch(/^B[\w-]{86}$/);
  for (const language of ["zh-HK", "en"]) {
    await website("add_push_subscription_data", {
      ...key,
      endpoint: `https://fcm.googleapis.com/fcm/send/${language}-${id}`,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      language,
    });
  }

  await signIn(store.email, store.password);
  await visit("/push-notification-list");
  await expect(page).toHaveTitle(`${t("push-notification:title.list")} - CMS`);
  await expect(page.getByText(t("push-notification:no-pushes"))).toBeVisible();
  await page.getByRole("link", { name: t("push-notification:add-push") }).click();
  await expect(page).toHaveURL(/\/push-notification-list\/add$/);

  const field = (name: Parameters<typeof t>[0]) => page.getByLabel(t(name), { exact: true });
  await field("push-notification:field.title-zh-hk").fill(`週末優惠 ${id}`);
  await field("push-notification:field.title-en").fill(`Weekend sale ${id}`);
  await field("push-notification:field.body-zh-hk").fill("全店八折");
  await field("push-notification:field.body-en").fill("20% off everything");
  await field("common:link-target.kind.label").selectOption("url");
  await field("common:link-target.url").fill("/sale");
  await field("push-notification:field.mode").selectOption("scheduled");
  // A schedule without its time is refused beside the field, what was typed kept.
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await expect(field("push-notification:field.title-en")).toHaveValue(`Weekend sale ${id}`);
  // A time already past is refused with the form's other errors (a blank title), not after them.
  await field("push-notification:field.send-at").fill(hongKongInput(-60));
  await field("push-notification:field.title-zh-hk").fill("");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("validation:send-at-in-past"))).toBeVisible();
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await field("push-notification:field.title-zh-hk").fill(`週末優惠 ${id}`);
  await field("push-notification:field.send-at").fill(hongKongInput(5));
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/push-notification-list\/\d+$/);
  await expect(page.getByText(t("push-notification:status.scheduled"), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: t("push-notification:cancel-schedule") })).toBeVisible();

  await factory("push-jobs", { at: new Date(Date.now() + 10 * 60_000).toISOString() });
  await page.reload();
  await expect(page.getByText(t("push-notification:status.sent"), { exact: true })).toBeVisible();
  const results = page.getByRole("heading", { name: t("push-notification:section.results") }).locator("xpath=../..");
  await expect(results.getByText(t("push-notification:results.recipients"))).toBeVisible();
  await expect(results.getByText("2", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("button", { name: t("form.save") })).toHaveCount(0);
  if (lang === "zh-HK") {
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  }

  const outbox = await factory<{ endpoint: string; payload: string }[]>("push-outbox", {
    applicationKey: store.applicationKey,
  });
  expect(
    outbox
      .map((row) => [row.endpoint.split("/").pop(), JSON.parse(row.payload).title, JSON.parse(row.payload).url])
      .sort(),
  ).toEqual([
    [`en-${id}`, `Weekend sale ${id}`, "/sale"],
    [`zh-HK-${id}`, `週末優惠 ${id}`, "/sale"],
  ]);

  await visit("/push-notification-list?status=sent");
  await expect(page.getByRole("row").filter({ hasText: id })).toContainText(
    t("push-notification:results.summary", { sent: 2, recipients: 2 }),
  );
});
