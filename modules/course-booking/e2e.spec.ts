import { expect, test, type Store } from "../../tests/e2e/fixtures";

interface Setup {
  session: { id: number };
  member: { id: number; name: string; memberCode: string; phone: string };
  credit: { id: number };
  creditPackage: { nameZhHk: string; nameEn: string };
  booking: { id: number } | null;
}

test("staff book a member into a session at phone width and mark their attendance", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  const { session, member } = await factory<Setup>("course-booking", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  await visit(`/yoga/yoga-course/timetable/detail/${session.id}`);
  await expect(page.getByTestId("booked-places")).toHaveText(t("course-booking:places", { booked: 0, max: 10 }));

  await page.getByLabel(t("course-booking:field.member-search")).fill(member.memberCode);
  await page.getByRole("button", { name: t("course-booking:search") }).click();
  // The member's one package is chosen already: the one expiring first.
  await page.getByRole("button", { name: t("course-booking:book-for", { name: member.name }) }).click();
  await expect(page.getByText(t("course-booking:booked"))).toBeVisible();
  await expect(page.getByTestId("booked-places")).toHaveText(t("course-booking:places", { booked: 1, max: 10 }));

  const attendance = page.getByRole("group", { name: t("course-booking:attendance-for", { name: member.name }) });
  const show = attendance.getByRole("button", { name: t("course-booking:attendance.show"), exact: true });
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  // The roster read afresh (a reload without JS, the fetcher's revalidation with it): nobody left to mark present.
  await expect(page.getByRole("button", { name: t("course-booking:mark-all-present") })).toHaveCount(0);

  // A link to cancel a booking that is not on the roster.
  expect((await page.goto(`/yoga/yoga-course/timetable/detail/${session.id}?cancel=2147483647`))?.status()).toBe(404);
  await expect(page.getByText(t("message:course-record-not-found"))).toBeVisible();
});

test("staff cancel a booking, told the credit comes back, and see it back on the member's course record", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store");
  // Two days ahead: outside the 12 hours in which a cancellation forfeits its credit.
  const startsAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const endsAt = new Date(Date.now() + 49 * 3_600_000).toISOString();
  const { session, member, credit, creditPackage } = await factory<Setup>("course-booking", {
    applicationKey: store.applicationKey,
    booked: true,
    session: { startsAt, endsAt },
  });
  await signIn(store.email, store.password);
  await visit(`/yoga/yoga-course/timetable/detail/${session.id}`);

  await page.getByRole("link", { name: t("course-booking:cancel-for", { name: member.name }) }).click();
  await expect(page.getByText(t("course-booking:confirm-cancel.refund_one", { count: 1 }))).toBeVisible();
  await page.getByRole("button", { name: t("course-booking:confirm-cancel.confirm") }).click();
  await expect(page.getByText(t("course-booking:cancelled-toast_one", { count: 1 }))).toBeVisible();
  await expect(page.getByTestId("booked-places")).toHaveText(t("course-booking:places", { booked: 0, max: 10 }));
  await expect(page.getByRole("heading", { name: t("course-booking:section.cancelled") })).toBeVisible();

  // The roster links each member to their course record.
  await page.getByRole("link", { name: member.name }).click();
  await expect(page).toHaveTitle(`${t("course-booking:record.title")} - CMS`);
  await expect(page.getByText(lang === "en" ? creditPackage.nameEn : creditPackage.nameZhHk)).toBeVisible();
  await expect(page.getByTestId(`credit-remaining-${credit.id}`)).toHaveText("3");
  await expect(
    page.getByText(
      t("course-booking:record.movement", {
        reason: t("course-booking:record.reason.booking_cancelled"),
        change: "+1",
        left: 3,
      }),
    ),
  ).toBeVisible();
});
