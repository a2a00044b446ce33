import { hongKongDate } from "../../contract/dates";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

interface Setup {
  service: { id: number; nameZhHk: string; nameEn: string };
}

/** A Monday far ahead: staff book any day, with no notice or window. */
const DAY = "2030-01-07";

test("staff book a free slot at phone width, see the same slot refused, and complete the booking", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const { service } = await factory<Setup>("appointment-service", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  const addUrl = `/appointment-record-list/add?service=${service.id}&date=${DAY}`;
  await visit(addUrl);

  await page.getByLabel("10:00–11:00").check();
  await page.getByLabel(t("appointment-booking:field.customer-name"), { exact: true }).fill("陳大文");
  await page.getByLabel(t("appointment-booking:field.customer-phone"), { exact: true }).fill("91234567");
  await page.getByRole("button", { name: t("appointment-booking:book"), exact: true }).click();
  await expect(page.getByText(t("appointment-booking:booked"))).toBeVisible();
  await expect(page).toHaveURL(/\/appointment-record-list\/\d+$/);
  const detailUrl = new URL(page.url()).pathname;
  await expect(page.getByText(`${DAY} 10:00–11:00`).first()).toBeVisible();

  // The slot is no longer offered; typing its time is refused by the database's overlap rule.
  await visit(addUrl);
  await expect(page.getByLabel("10:00–11:00")).toHaveCount(0);
  await page.getByLabel(t("appointment-booking:field.typed-time")).fill("10:00");
  await page.getByLabel(t("appointment-booking:field.customer-name"), { exact: true }).fill("李小明");
  await page.getByLabel(t("appointment-booking:field.customer-phone"), { exact: true }).fill("61234567");
  await page.getByRole("button", { name: t("appointment-booking:book"), exact: true }).click();
  await expect(page.getByText(t("message:appointment-time-overlap"))).toBeVisible();
  // Beside the time it is about, where the page opens.
  const typedTime = page.getByLabel(t("appointment-booking:field.typed-time"));
  await expect(typedTime).toHaveAccessibleDescription(t("message:appointment-time-overlap"));
  await expect(typedTime).toBeFocused();
  await expect(page.getByLabel(t("appointment-booking:field.customer-name"), { exact: true })).toHaveValue("李小明");

  await visit(detailUrl);
  await page.getByRole("button", { name: t("appointment-booking:complete") }).click();
  await expect(page.getByText(t("appointment-booking:completed"))).toBeVisible();
  await expect(page.getByText(t("appointment-booking:status.completed"), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: t("appointment-booking:complete") })).toHaveCount(0);
});

test("a booking from the store website is cancelled from its page", async ({ page, t, factory, signIn, visit }) => {
  const store = await factory<Store>("store");
  const { service } = await factory<Setup>("appointment-service", { applicationKey: store.applicationKey });
  const tomorrow = hongKongDate(new Date(Date.now() + 86_400_000));
  const response = await page.request.post("/api/action", {
    multipart: {
      add_online_appointment_record_data: JSON.stringify({
        application_key: store.applicationKey,
        idempotency_key: crypto.randomUUID(),
        service_id: service.id,
        starts_at: new Date(`${tomorrow}T11:00:00+08:00`).toISOString(),
        customer_name: "Online Guest",
        customer_phone: "91234567",
        customer_email: `guest-${crypto.randomUUID()}@example.com`,
      }),
    },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: number } };

  await signIn(store.email, store.password);
  await visit(`/appointment-record-list/${data.id}`);
  await expect(page.getByText(t("appointment-booking:channel.online"), { exact: true })).toBeVisible();
  await page.getByRole("link", { name: t("appointment-booking:cancel") }).click();
  await expect(page.getByText(t("appointment-booking:cancel-confirm"))).toBeVisible();
  await page.getByRole("button", { name: t("appointment-booking:cancel-yes") }).click();
  await expect(page.getByText(t("appointment-booking:cancelled"))).toBeVisible();
  await expect(page.getByText(t("appointment-booking:status.cancelled"), { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: t("appointment-booking:cancel") })).toHaveCount(0);
});
