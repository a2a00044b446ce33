import { addDays, mondayOf } from "../../contract/course-calendar";
import { hongKongDate } from "../../contract/dates";
import { expect, test, type Store } from "../../tests/e2e/fixtures";

interface Named {
  id: number;
  nameZhHk: string;
  nameEn: string;
}

test("a merchant adds a weekly series and finds it in the week view and the list view", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  // zh-HK runs at phone width, where the week is a day-by-day stack.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const [coach, courseType] = await Promise.all([
    factory<Named>("coach", { applicationKey: store.applicationKey }),
    factory<Named>("course-type", { applicationKey: store.applicationKey, colour: "#7b1fa2" }),
  ]);
  const name = (record: Named) => (lang === "en" ? record.nameEn : record.nameZhHk);
  const monday = addDays(mondayOf(hongKongDate(new Date())), 7);

  await signIn(store.email, store.password);
  await visit("/yoga/yoga-course/timetable");
  await expect(page).toHaveTitle(`${t("course-session:title.week")} - CMS`);
  await page
    .getByRole("link", { name: t("course-session:link.add") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/yoga\/yoga-course\/timetable\/add$/);

  await page.getByLabel(t("course-session:field.course-type")).selectOption({ label: name(courseType) });
  await page.getByLabel(t("course-session:field.coach")).selectOption({ label: name(coach) });
  await page.getByLabel(t("course-session:field.location")).fill("Room 3");
  await page.getByLabel(t("course-session:field.date"), { exact: true }).fill(monday);
  await page.getByLabel(t("course-session:field.start-time")).fill("07:15");
  await page.getByLabel(t("course-session:field.end-time")).fill("08:00");
  await page.getByLabel(t("course-session:field.max-places")).fill("12");
  await page
    .getByLabel(t("course-session:field.repeat"), { exact: true })
    .selectOption(t("course-session:repeat.weekly"));
  await page.getByLabel(t("course-session:weekday.mon")).check();
  await page.getByLabel(t("course-session:weekday.wed")).check();
  await page.getByLabel(t("course-session:field.to-date")).fill(addDays(monday, 13));
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(new RegExp(`/yoga/yoga-course/timetable\\?week=${monday}$`));
  await expect(page.getByText(t("course-session:added", { count: 4 }))).toBeVisible();
  const sessions = page.locator(".time-grid-item");
  await expect(sessions).toHaveCount(2);
  for (const [day, date] of [
    ["mon", monday],
    ["wed", addDays(monday, 2)],
  ] as const) {
    const column = page.getByRole("region", {
      name: t("calendar.day-heading", { weekday: t(`calendar.weekday.${day}`), date: date.slice(5) }),
    });
    const session = column.getByRole("link");
    for (const text of ["07:15–08:00", name(courseType), name(coach), "Room 3"])
      await expect(session).toContainText(text);
    await expect(session).toContainText(t("course-session:place-count", { booked: 0, max: 12 }));
  }
  await page.getByRole("link", { name: t("calendar.next-week") }).click();
  await expect(page).toHaveURL(new RegExp(`\\?view=week&date=${addDays(monday, 7)}$`));
  await expect(sessions).toHaveCount(2);
  // The day view of that week's Wednesday: its session alone.
  await page.getByRole("link", { name: t("course-session:link.day-view"), exact: true }).click();
  await page.getByLabel(t("calendar.date"), { exact: true }).fill(addDays(monday, 9));
  await page.getByRole("button", { name: t("calendar.show") }).click();
  await expect(page).toHaveURL(new RegExp(`\\?view=day&date=${addDays(monday, 9)}$`));
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("07:15–08:00");

  await page.getByRole("link", { name: t("course-session:link.list-view"), exact: true }).click();
  await page.getByLabel(t("course-session:field.coach")).selectOption({ label: name(coach) });
  await page.getByRole("button", { name: t("list.apply"), exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  const rows = page.getByRole("row").filter({ hasText: name(courseType) });
  await expect(rows).toHaveCount(4);
  // Latest first by default: the series' first session is the last row.
  await expect(rows.last()).toContainText(monday);
  await expect(rows.last()).toContainText(t("course-session:places", { booked: 0, max: 12 }));
});

test("on a phone this week's timetable starts at today, the days gone by after the rest", async ({
  page,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/yoga/yoga-course/timetable");
  const today = hongKongDate(new Date());
  const days = page.locator(".time-grid-column");
  const tops = await days.evaluateAll((sections) =>
    sections.map((section) => ({
      current: section.getAttribute("aria-current"),
      top: section.getBoundingClientRect().top,
    })),
  );
  const first = tops.reduce((highest, day) => (day.top < highest.top ? day : highest));
  expect(first.current).toBe("date");
  await expect(page.locator('.time-grid-column[aria-current="date"]')).toHaveCount(1);
  // The days before today still show, below the rest of the week.
  const pastCount = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  await expect(page.locator(".time-grid-column--past")).toHaveCount(pastCount);
});
