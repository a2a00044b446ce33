import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

interface Booking {
  provider: { id: number; nameZhHk: string; nameEn: string };
  record: { id: number; customerName: string };
}

/** A Wednesday far ahead: no notice or passed time stands in a move's way. */
const DAY = "2030-01-09";
/** A UTC instant of a Hong Kong time on DAY. */
const at = (time: string) => new Date(`${DAY}T${time}:00+08:00`).toISOString();

async function bookings(factory: <T>(what: string, input?: object) => Promise<T>, times: string[]) {
  const store = await factory<Store>("store");
  const booked = await Promise.all(
    times.map((time) =>
      factory<Booking>("appointment-record", {
        applicationKey: store.applicationKey,
        customerName: `Chan ${unique()}`,
        startsAt: at(time),
      }),
    ),
  );
  return { store, booked };
}

test.describe("with JavaScript off in zh-HK at phone width", () => {
  test.skip(({ lang }) => lang !== "zh-HK", "once, in the project that runs it so");

  test("the week's calendar shows a booking as a link on its day, at its time, one day a column", async ({
    page,
    t,
    factory,
    signIn,
    visit,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const {
      store,
      booked: [booking],
    } = await bookings(factory, ["10:30"]);
    await signIn(store.email, store.password);
    await visit(`/appointment-record-list?view=week&date=${DAY}`);
    await expect(
      page.getByRole("heading", { name: t("calendar.week-heading", { from: "2030-01-07", to: "2030-01-13" }) }),
    ).toBeVisible();
    const wednesday = page.getByRole("region", {
      name: t("calendar.day-heading", { weekday: t("calendar.weekday.wed"), date: "01-09" }),
    });
    const link = wednesday.getByRole("link", { name: booking.record.customerName });
    await expect(link).toHaveAttribute("href", `/appointment-record-list/${booking.record.id}`);
    await expect(link).toContainText("10:30–11:30");
    await expect(link).toContainText(booking.provider.nameZhHk);
    // Its top is on the 10:30 line of its day's column; the open time (10:00–18:00) is shaded from the 10:00 one.
    const top = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!.y;
    const line = (time: string) => wednesday.locator(".time-grid-time", { hasText: time });
    expect(Math.abs((await top(link)) - (await top(line("10:30"))))).toBeLessThan(3);
    expect(Math.abs((await top(wednesday.locator(".time-grid-open"))) - (await top(line("10:00"))))).toBeLessThan(3);
    // The days stack, each as wide as the screen allows and no wider.
    const box = (await wednesday.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("link", { name: t("calendar.next-week") }).click();
    await expect(page.getByRole("link", { name: booking.record.customerName })).toHaveCount(0);
  });
});

test.describe("with JavaScript on in English", () => {
  test.skip(({ lang }) => lang !== "en", "once, in the project that runs it so");

  test("staff drag a booking on the day's calendar to another provider and time, and the booking shows both", async ({
    page,
    t,
    factory,
    signIn,
    visit,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const {
      store,
      booked: [moved, other],
    } = await bookings(factory, ["10:00", "11:00"]);
    await signIn(store.email, store.password);
    await visit(`/appointment-record-list?view=day&date=${DAY}`);
    const booking = page.getByRole("link", { name: moved.record.customerName });
    const target = page.getByRole("region", { name: other.provider.nameEn });
    await expect(booking).toBeVisible();
    const column = (await target.locator(".time-grid-body").boundingBox())!;
    const confirmed: string[] = [];
    page.on("dialog", (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    /** Held by its middle, its top dropped just below `time`'s line in the other provider's column. */
    const drag = async (time: string) => {
      const from = (await booking.boundingBox())!;
      const line = (await target.locator(".time-grid-time", { hasText: time }).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(column.x + column.width / 2, line.y + from.height / 2 + 2, { steps: 8 });
      await page.mouse.up();
    };
    const question = (time: string) =>
      t("appointment-record:calendar.move-confirm-provider", {
        customer: moved.record.customerName,
        date: DAY,
        time,
        provider: other.provider.nameEn,
      });

    // Onto the other provider's 11:00 booking: refused by the rules, with its translated error, nothing moved.
    await drag("11:30");
    await expect(page.getByText(t("message:appointment-time-overlap"))).toBeVisible();
    expect(confirmed).toEqual([question("11:30")]);
    await expect(target.getByRole("link", { name: moved.record.customerName })).toHaveCount(0);

    await drag("14:00");
    expect(confirmed.at(-1)).toBe(question("14:00"));
    await expect(page.getByText(t("appointment-booking:moved"))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`view=day&date=${DAY}$`));
    const movedLink = target.getByRole("link", { name: moved.record.customerName });
    await expect(movedLink).toContainText("14:00–15:00");
    await movedLink.click();
    await expect(page).toHaveURL(new RegExp(`/appointment-record-list/${moved.record.id}$`));
    await expect(page.getByText(`${DAY} 14:00–15:00`).first()).toBeVisible();
    await expect(page.getByText(other.provider.nameEn).first()).toBeVisible();
  });
});
