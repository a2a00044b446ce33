import { expect, test, type Store } from "../../tests/e2e/fixtures";

interface Setup {
  session: { id: number };
  member: { id: number; name: string };
  waiter: { id: number; name: string; memberCode: string };
}

test("staff put a member on a full class's waitlist at phone width, and a cancellation books them", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  // Two days ahead, one place, taken: the class is full.
  const { session, member, waiter } = await factory<Setup>("course-booking", {
    applicationKey: store.applicationKey,
    booked: true,
    waiter: true,
    session: {
      startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 49 * 3_600_000).toISOString(),
      maxPlaces: 1,
    },
  });
  await signIn(store.email, store.password);
  await visit(`/yoga/yoga-course/timetable/detail/${session.id}`);
  await expect(page.getByRole("heading", { name: t("course-booking:section.waitlist") })).toBeVisible();
  await expect(page.getByText(t("course-booking:no-waitlist"))).toBeVisible();
  await expect(page.getByText(t("course-booking:full-waitlist-hint"))).toBeVisible();

  await page.getByLabel(t("course-booking:field.member-search")).fill(waiter.memberCode);
  await page.getByRole("button", { name: t("course-booking:search") }).click();
  await page.getByRole("button", { name: t("course-booking:join-waitlist-for", { name: waiter.name }) }).click();
  await expect(page.getByText(t("course-booking:joined-waitlist"))).toBeVisible();
  await expect(page.getByRole("link", { name: waiter.name })).toBeVisible();
  await expect(
    page.getByRole("button", { name: t("course-booking:remove-from-waitlist-for", { name: waiter.name }) }),
  ).toBeVisible();

  await page.getByRole("link", { name: t("course-booking:cancel-for", { name: member.name }) }).click();
  await page.getByRole("button", { name: t("course-booking:confirm-cancel.confirm") }).click();
  await expect(page.getByText(t("course-booking:cancelled-toast_one", { count: 1 }))).toBeVisible();
  // The place went to the waiting member at once: still full, and no one waiting.
  await expect(page.getByTestId("booked-places")).toHaveText(t("course-booking:places", { booked: 1, max: 1 }));
  await expect(
    page.getByRole("group", { name: t("course-booking:attendance-for", { name: waiter.name }) }),
  ).toBeVisible();
  await expect(page.getByText(t("course-booking:no-waitlist"))).toBeVisible();
});
