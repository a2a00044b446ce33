import { expect, test, type Store } from "../../tests/e2e/fixtures";

// Requests only, no page: the same with and without JavaScript, so once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "requests only");

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

test("a device back online reports its time offline to the POS's connection route, as JSON or form fields; the staff log shows it; a POS viewer may not report", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  const route = "/product/pos/connection";

  const backwards = await page.request.post(route, {
    data: { went_offline_at: minutesAgo(5), back_online_at: minutesAgo(30), sales: 2 },
  });
  expect(backwards.status()).toBe(400);
  expect(await backwards.json()).toMatchObject({
    ok: false,
    fields: { back_online_at: ["back-online-before-offline"] },
  });
  const reported = await page.request.post(route, {
    data: { went_offline_at: minutesAgo(30), back_online_at: minutesAgo(5), sales: 2 },
  });
  expect(await reported.json()).toEqual({ ok: true });
  const posted = await page.request.post(route, {
    form: { went_offline_at: minutesAgo(90), back_online_at: minutesAgo(60), sales: "0" },
  });
  expect(await posted.json()).toEqual({ ok: true });

  await visit("/staff-log?module=pos");
  const change = (after: string) =>
    page.getByText(t("console:change", { field: t("pos:connection-log.sales"), before: "—", after }));
  await expect(change("2")).toBeVisible();
  await expect(change("0")).toBeVisible();

  const viewer = await factory<{ email: string; password: string }>("store-staff", {
    applicationKey: store.applicationKey,
    role: "sales",
    permissions: { pos: "read" },
  });
  await page.context().clearCookies();
  await signIn(viewer.email, viewer.password);
  const refused = await page.request.post(route, {
    data: { went_offline_at: minutesAgo(30), back_online_at: minutesAgo(5), sales: 1 },
  });
  expect(refused.status()).toBe(403);
});
