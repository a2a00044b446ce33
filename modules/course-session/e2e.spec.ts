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
  const sessions = page.locator(".timetable-session");
  await expect(sessions).toHaveCount(2);
  for (const day of ["mon", "wed"] as const) {
    const column = page.getByRole("region", { name: new RegExp(t(`course-session:weekday.${day}`)) });
    const session = column.getByRole("link");
    for (const text of ["07:15–08:00", name(courseType), name(coach), "Room 3"])
      await expect(session).toContainText(text);
    await expect(session).toContainText(t("course-session:place-count", { booked: 0, max: 12 }));
  }
  await page.getByRole("link", { name: t("course-session:week.next") }).click();
  await expect(page).toHaveURL(new RegExp(`\\?week=${addDays(monday, 7)}$`));
  await expect(sessions).toHaveCount(2);

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
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/yoga/yoga-course/timetable");
  const today = hongKongDate(new Date());
  const days = page.locator(".timetable-day");
  const tops = await days.evaluateAll((sections) =>
    sections.map((section) => ({
      current: section.getAttribute("aria-current"),
      top: section.getBoundingClientRect().top,
    })),
  );
  const first = tops.reduce((highest, day) => (day.top < highest.top ? day : highest));
  expect(first.current).toBe("date");
  await expect(page.locator('.timetable-day[aria-current="date"]')).toContainText(t("course-session:week.today"));
  // The days before today still show, below the rest of the week.
  const pastCount = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  await expect(page.locator(".timetable-day--past")).toHaveCount(pastCount);
});
