import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

interface Booking {
  provider: { id: number; nameZhHk: string };
  record: { id: number; customerName: string };
}

test.describe("with JavaScript off in zh-HK at phone width", () => {
  test.skip(({ lang }) => lang !== "zh-HK", "once, in the project that runs it so");

  test("the record list filters by provider, and the day view shows each provider's bookings", async ({
    page,
    t,
    factory,
    signIn,
    visit,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const store = await factory<Store>("store");
    const [chan, wong] = await Promise.all(
      [`Chan ${unique()}`, `Wong ${unique()}`].map((customerName, index) =>
        factory<Booking>("appointment-record", {
          applicationKey: store.applicationKey,
          customerName,
          startsAt: `2026-12-01T0${2 + index}:00:00.000Z`,
        }),
      ),
    );

    await signIn(store.email, store.password);
    await visit("/appointment-record-list");
    await page.getByLabel(t("appointment-record:filter.provider")).selectOption(String(wong.provider.id));
    await page.getByRole("button", { name: t("list.apply"), exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: wong.record.customerName })).toContainText(
      t("appointment-record:status.success"),
    );
    await expect(page.getByText(chan.record.customerName)).toHaveCount(0);
    await expect(page.getByRole("link", { name: wong.record.customerName })).toHaveAttribute(
      "href",
      `/appointment-record-list/${wong.record.id}`,
    );
    // Nothing is wider than the screen at phone width, in the list as in the day view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("link", { name: t("appointment-record:view.day") }).click();
    await page.getByLabel(t("calendar.date"), { exact: true }).fill("2026-12-01");
    await page.getByRole("button", { name: t("calendar.show") }).click();
    await expect(
      page.getByRole("heading", { name: t("appointment-record:day.heading", { date: "2026-12-01" }) }),
    ).toBeVisible();
    // 02:00 and 03:00 UTC are 10:00 and 11:00 in Hong Kong, each under its own provider.
    for (const [booking, time] of [
      [chan, "10:00–11:00"],
      [wong, "11:00–12:00"],
    ] as const) {
      const column = page.getByRole("region", { name: booking.provider.nameZhHk });
      await expect(column).toContainText(time);
      await expect(column.getByRole("link", { name: booking.record.customerName })).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("link", { name: t("calendar.next-day") }).click();
    await expect(
      page.getByRole("heading", { name: t("appointment-record:day.heading", { date: "2026-12-02" }) }),
    ).toBeVisible();
    await expect(page.getByText(chan.record.customerName)).toHaveCount(0);
  });
});

test.describe("with JavaScript on in English", () => {
  test.skip(({ lang }) => lang !== "en", "once, in the project that runs it so");

  test("a medical booking's patient details are filled, seen and erased for good; a sales role is refused them", async ({
    page,
    t,
    factory,
    signIn,
    visit,
  }) => {
    const store = await factory<Store>("store");
    const { record } = await factory<Booking>("appointment-record", {
      applicationKey: store.applicationKey,
      variant: "medical",
    });
    const url = `/medi-appointment-record-list/${record.id}/patient`;

    await signIn(store.email, store.password);
    await visit(url);
    await expect(
      page.getByRole("heading", { name: t("appointment-record:title.patient", { id: record.id }) }),
    ).toBeVisible();
    await expect(page.getByText(t("appointment-record:patient.hkid-help"))).toBeVisible();
    await page.getByLabel(t("appointment-record:patient.date_of_birth")).fill("1980-02-29");
    await page.getByLabel(t("appointment-record:patient.gender")).selectOption("female");
    await page.getByLabel(t("appointment-record:patient.hkid_last_four")).fill("123a");
    await page.getByLabel(t("appointment-record:patient.allergies")).fill("Penicillin");
    await page.getByRole("button", { name: t("form.save") }).click();
    await expect(page.getByText(t("form.saved"))).toBeVisible();
    await expect(page.getByLabel(t("appointment-record:patient.hkid_last_four"))).toHaveValue("123A");
    await expect(page.getByLabel(t("appointment-record:patient.allergies"))).toHaveValue("Penicillin");

    await page.getByRole("link", { name: t("delete.start") }).click();
    await page.getByRole("button", { name: t("delete.confirm") }).click();
    await expect(page.getByText(t("appointment-record:patient.erased"))).toBeVisible();
    await expect(page.getByLabel(t("appointment-record:patient.allergies"))).toHaveValue("");
    await expect(page.getByText(t("appointment-record:patient.none"))).toBeVisible();

    const sales = await factory<{ email: string; password: string }>("store-staff", {
      applicationKey: store.applicationKey,
      role: "sales",
    });
    await page.context().clearCookies();
    await signIn(sales.email, sales.password);
    expect((await page.goto(url))?.status()).toBe(403);
  });
});
