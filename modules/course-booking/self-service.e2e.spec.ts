import { expect, phoneEdgeProblems, test, type Store } from "../../tests/e2e/fixtures";

/** "2026-12-09 10:00" as the pages show a time (Hong Kong). */
const hongKong = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

test("a member moves, then cancels, their class booking through the e-mail's link on a phone with JavaScript off", async ({
  browser,
  baseURL,
  t,
  lang,
  factory,
}) => {
  const store = await factory<Store>("store");
  // The link carries its e-mail's language; the phone asks for the other one.
  const { booking, session, other, path } = await factory<{
    booking: { id: number };
    session: { startsAt: string };
    other: { id: number; startsAt: string };
    path: string;
  }>("course-booking-link", { applicationKey: store.applicationKey, language: lang });
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    locale: lang === "en" ? "zh-HK" : "en-US",
    viewport: { width: 390, height: 844 },
  });
  const member = await phone.newPage();
  await member.goto(path);
  await expect(
    member.getByRole("heading", { name: t("course-booking:link.heading", { number: booking.id }) }),
  ).toBeVisible();
  await expect(member.getByText(t("course-booking:link.status.booked"), { exact: true })).toBeVisible();
  await expect(member.getByText(hongKong(session.startsAt), { exact: false })).toBeVisible();
  expect(await phoneEdgeProblems(member)).toEqual({ touching: [], sideways: false });

  // The other class of its course, a day later, chosen and sent.
  await member.getByRole("radio", { name: new RegExp(hongKong(other.startsAt)) }).check();
  await member.getByRole("button", { name: t("course-booking:link.move") }).click();
  await expect(member).toHaveURL(/\/booking\/[\w.-]+\?lng=[\w-]+&done=moved$/);
  await expect(member.getByRole("status")).toHaveText(t("course-booking:link.done.moved"));
  await expect(member.getByText(hongKong(other.startsAt), { exact: false })).toBeVisible();

  // Cancelled without the box ticked: asked to confirm; with it, cancelled and its credit back.
  const cancel = member.getByRole("button", { name: t("course-booking:link.cancel") });
  await cancel.click();
  await expect(member.getByRole("alert")).toHaveText(t("course-booking:link.refused.confirm-cancel"));
  await member.getByRole("checkbox").check();
  await member.getByRole("button", { name: t("course-booking:link.cancel") }).click();
  await expect(member.getByRole("status")).toHaveText(t("course-booking:link.done.cancelled"));
  await expect(member.getByText(t("course-booking:link.status.cancelled"), { exact: true })).toBeVisible();
  await expect(cancel).toHaveCount(0);
  await phone.close();
});
