import { expect, phoneEdgeProblems, test, type Store } from "../../tests/e2e/fixtures";

/** Tomorrow in Hong Kong, YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

test("a customer reschedules their appointment through the e-mail's link on a phone with JavaScript off", async ({
  browser,
  baseURL,
  t,
  lang,
  factory,
}) => {
  const store = await factory<Store>("store");
  // A booking tomorrow at 10:00 HKT of a service open 10:00–18:00, and its link.
  const { record, path } = await factory<{ record: { id: number }; path: string }>("appointment-booking-link", {
    applicationKey: store.applicationKey,
  });
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    locale: lang === "en" ? "en-US" : "zh-HK",
    viewport: { width: 390, height: 844 },
  });
  const customer = await phone.newPage();
  await customer.goto(path);
  await expect(
    customer.getByRole("heading", { name: t("appointment-booking:link.heading", { number: record.id }) }),
  ).toBeVisible();
  await expect(customer.getByText(t("appointment-booking:link.status.success"))).toBeVisible();
  await expect(customer.getByText(`${tomorrow()} 10:00 – 11:00`)).toBeVisible();
  expect(await phoneEdgeProblems(customer)).toEqual({ touching: [], sideways: false });

  // Tomorrow's free times, its own 10:00 among them (chosen); 15:00 chosen instead.
  await customer.getByLabel(t("appointment-booking:field.date")).fill(tomorrow());
  await customer.getByRole("button", { name: t("appointment-booking:show-slots") }).click();
  await expect(customer).toHaveURL(new RegExp(`\\?date=${tomorrow()}$`));
  await expect(customer.getByLabel("10:00")).toBeChecked();
  await customer.getByLabel("15:00").check();
  await customer.getByRole("button", { name: t("appointment-booking:link.move") }).click();

  // Moved: its new link, the new time, the customer told the store knows.
  await expect(customer).toHaveURL(/\/booking\/[\w.-]+\?done=moved$/);
  await expect(customer.getByRole("status")).toHaveText(t("appointment-booking:link.done.moved"));
  await expect(customer.getByText(`${tomorrow()} 15:00 – 16:00`)).toBeVisible();
  await phone.close();
});
