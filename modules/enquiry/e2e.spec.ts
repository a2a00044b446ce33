import type { APIRequestContext } from "@playwright/test";
import { expect, test, unique } from "../../tests/e2e/fixtures";

interface Store {
  applicationKey: string;
  email: string;
  password: string;
  storeName: string;
}

/** What the store's website does with a visitor's enquiry: it posts it to the action endpoint from its server. */
async function sendFromWebsite(request: APIRequestContext, action: string, payload: object) {
  const response = await request.post("/api/action", { multipart: { [action]: JSON.stringify(payload) } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test("an enquiry sent from the store's website is assigned, replied to by e-mail and kept in its thread", async ({
  page,
  t,
  lang,
  request,
  factory,
  signIn,
  visit,
}) => {
  // JS off in zh-HK runs at phone width, JS on in English at desktop width.
  if (lang === "zh-HK") await page.setViewportSize({ width: 390, height: 844 });
  const store = await factory<Store>("store");
  await factory("store-staff", { applicationKey: store.applicationKey, role: "admin" });
  const enquirer = { name: `Chan ${unique()}`, email: `chan-${unique()}@example.com` };
  const id = await sendFromWebsite(request, "add_medi_enquiry_data", {
    application_key: store.applicationKey,
    ...enquirer,
    phone: "91234567",
    subject: "Knee pain",
    message: "It hurts after running.",
    date_of_birth: "1985-06-01",
    preferred_date: "2026-12-01",
    preferred_time_slot: "morning",
    practitioner: "Dr. Lee",
  });
  const notice = await factory<{ body: string }>("latest-email", { to: store.email });
  expect(notice.body).toContain(`/medi-enquiry-list/${id}`);

  await signIn(store.email, store.password);
  await visit("/medi-enquiry-list?status=new");
  const row = page.getByRole("row").filter({ hasText: enquirer.name });
  await expect(row).toContainText(t("enquiry:status.new"));
  await row.getByRole("link", { name: enquirer.name }).click();
  await expect(page).toHaveURL(new RegExp(`/medi-enquiry-list/${id}$`));
  await expect(page.getByRole("heading", { name: t("enquiry:title.medi-detail", { id }) })).toBeVisible();
  await expect(page.getByText("It hurts after running.")).toBeVisible();
  await expect(page.getByText(t("enquiry:time-slot.morning"))).toBeVisible();
  // Nothing is wider than the screen, at phone width too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByLabel(t("enquiry:field.status")).selectOption("in_progress");
  await page.getByLabel(t("enquiry:field.assignee")).selectOption({ label: "Factory admin" });
  await page.getByLabel(t("enquiry:field.note")).fill("Offer Monday morning");
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByLabel(t("enquiry:field.assignee"))).toHaveValue(/\d+/);

  await page.getByLabel(t("enquiry:field.message")).fill("Please come on Monday at 10:00.");
  await page.getByRole("button", { name: t("enquiry:send-reply") }).click();
  await expect(page.getByText(t("enquiry:reply-sent"))).toBeVisible();
  await expect(page.getByText(t("enquiry:from-staff", { email: store.email }))).toBeVisible();
  await expect(page.getByText("Please come on Monday at 10:00.")).toBeVisible();
  await expect(page.getByLabel(t("enquiry:field.status"))).toHaveValue("replied");
  await expect(page.getByLabel(t("enquiry:field.note"))).toHaveValue("Offer Monday morning");
  const reply = await factory<{ subject: string; body: string }>("latest-email", { to: enquirer.email });
  expect(reply).toMatchObject({ subject: "Re: Knee pain", body: expect.stringContaining("Monday at 10:00") });

  await visit("/medi-enquiry-list?status=replied");
  await expect(page.getByRole("row").filter({ hasText: enquirer.name })).toContainText("Factory admin");
  // The export is the filtered list, the medical columns included.
  const csv = await (await page.request.get("/medi-enquiry-list/export.csv?status=replied")).text();
  expect(csv.trim().split("\r\n").slice(1)).toEqual([
    expect.stringContaining(`${enquirer.name},${enquirer.email},91234567,Knee pain,1985-06-01,2026-12-01`),
  ]);
});
