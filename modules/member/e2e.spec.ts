import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { localeFile } from "../../scripts/locale-files";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";

/** 00:30 in Hong Kong on the 1st of next month, when the daily job issues that month's birthday coupons. */
function firstOfNextMonth() {
  const [year, month] = new Date(Date.now() + 8 * 3_600_000).toISOString().split("-").map(Number);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const label = `${next.year}-${String(next.month).padStart(2, "0")}`;
  return { month: next.month, label, at: `${label}-01T00:30:00+08:00` };
}

test("a merchant adds a member (a bad phone keeping what was typed), finds them, sees their birthday coupon and edits them", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const id = unique();
  const name = `陳大文 ${id}`;
  const email = `tai-man-${id}@example.com`;
  const birthday = firstOfNextMonth();
  const store = await factory<Store>("store", {
    hasCashDollar: true,
    hasVip: true,
    cashDollarEnabled: true,
    birthdayCoupons: true,
    expiresInDays: 60,
  });
  await signIn(store.email, store.password);
  await visit("/member/member-list");
  await expect(page).toHaveTitle(`${t("member:title.list")} - CMS`);
  await expect(page.getByText(t("member:no-members"))).toBeVisible();
  await page.getByRole("link", { name: t("member:add-member") }).click();
  await expect(page).toHaveURL(/\/member\/member-list\/add$/);

  await page.getByLabel(t("member:field.name")).fill(name);
  // The phone before the e-mail: with JS on its error shows as it loses focus, not under a later click.
  await page.getByLabel(t("member:field.phone")).fill("12345678");
  await page.getByLabel(t("member:field.email"), { exact: true }).fill(email);
  await page.getByLabel(t("member:field.birthday-month")).selectOption(String(birthday.month));
  await page.getByLabel(t("member:field.marketing-consent")).check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page.getByText(t("validation:phone-invalid"))).toBeVisible();
  await expect(page).toHaveURL(/\/member\/member-list\/add$/);
  await expect(page.getByLabel(t("member:field.name"))).toHaveValue(name);
  await expect(page.getByLabel(t("member:field.email"), { exact: true })).toHaveValue(email);
  await expect(page.getByLabel(t("member:field.phone"))).toHaveValue("12345678");
  await expect(page.getByLabel(t("member:field.birthday-month"))).toHaveValue(String(birthday.month));
  await expect(page.getByLabel(t("member:field.marketing-consent"))).toBeChecked();

  await page.getByLabel(t("member:field.phone")).fill("61234567");
  await page.getByRole("button", { name: t("form.save") }).click();
  // The new member's own page opens, as Shopify's does.
  await expect(page).toHaveURL(/\/member\/member-list\/detail\/\d+$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByLabel(t("member:field.name"))).toHaveValue(name);

  await visit("/member/member-list");

  await page.getByRole("textbox", { name: t("common:list.search") }).fill("6123");
  await page.getByRole("button", { name: t("common:list.apply"), exact: true }).click();
  await expect(page).toHaveURL(/\?q=6123/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("M00001");
  await expect(row).toContainText(email);
  await expect(row).toContainText(t(`member:month.${birthday.month}`));

  await factory("birthday-coupons", { at: birthday.at });
  await row.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/member\/member-list\/detail\/\d+$/);
  const coupon = page.getByRole("row").filter({ hasText: t("promotion:birthday.title", { month: birthday.label }) });
  await expect(coupon).toContainText(t("promotion:status.scheduled"));
  await expect(coupon.getByRole("link")).toHaveAttribute("href", /\/promotion\/detail\/\d+$/);
  // The plan has cash dollar and VIP: the ledger's link and the VIP level are offered.
  await expect(page.getByRole("link", { name: t("member:cash-dollar.link") })).toBeVisible();
  await page.getByLabel(t("member:field.level")).selectOption("vip");

  await page.getByLabel(t("member:field.name")).fill(`${name} 改`);
  await page.getByRole("button", { name: t("form.save") }).click();
  await expect(page).toHaveURL(/\/member\/member-list$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `${name} 改` })).toContainText(t("member:level.vip"));
});

test("on a phone the member list is a card per member, on screen, with its filters", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-en", "once, at phone width");
  const store = await factory<Store>("store");
  const member = await factory<{ name: string }>("member", {
    applicationKey: store.applicationKey,
    name: "歐陽志明 Au Yeung Chi Ming",
    email: `a-rather-long-address-for-a-phone-${unique()}@example.com.hk`,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(store.email, store.password);
  await visit("/member/member-list?level=general");
  await expect(page.getByLabel(t("member:filter.level"))).toHaveValue("general");
  const link = page.getByRole("link", { name: member.name });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
});

test("a merchant adjusts a member's cash dollar: a missing reason keeps the amount, then the balance shows it", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}) => {
  const store = await factory<Store>("store", { hasCashDollar: true, cashDollarEnabled: true });
  const member = await factory<{ id: number; name: string }>("member", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);
  await visit(`/member/member-list/cash-dollar-record/${member.id}`);
  await expect(page).toHaveTitle(`${t("member:cash-dollar.title")} - CMS`);
  const balance = page.getByTestId("cash-dollar-balance");
  await expect(balance).toHaveText(t("member:cash-dollar.money", { value: "0.00" }));

  await page.getByLabel(t("member:cash-dollar.field.amount")).fill("12.50");
  await page.getByRole("button", { name: t("member:cash-dollar.adjust-submit") }).click();
  await expect(page.getByText(t("validation:force-input"))).toBeVisible();
  await expect(page.getByLabel(t("member:cash-dollar.field.amount"))).toHaveValue("12.50");

  await page.getByLabel(t("member:cash-dollar.field.reason")).fill("Goodwill");
  await page.getByRole("button", { name: t("member:cash-dollar.adjust-submit") }).click();
  await expect(page.getByText(t("member:cash-dollar.adjusted"))).toBeVisible();
  await expect(balance).toHaveText(t("member:cash-dollar.money", { value: "12.50" }));
  const row = page.getByRole("row").filter({ hasText: "Goodwill" });
  await expect(row).toContainText(t("member:cash-dollar.action.admin"));
  await expect(row).toContainText(`+${t("member:cash-dollar.money", { value: "12.50" })}`);
  await expect(page.getByLabel(t("member:cash-dollar.field.amount"))).toHaveValue("");
});

test("a plan without cash dollar or VIP hides them from members and products", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nojs-zh-HK", "once, without JavaScript: what the server renders");
  const store = await factory<Store>("store", { hasCashDollar: false, hasVip: false });
  const member = await factory<{ id: number }>("member", { applicationKey: store.applicationKey });
  await signIn(store.email, store.password);

  await visit(`/member/member-list/detail/${member.id}`);
  await expect(page.getByLabel(t("member:field.name"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("member:cash-dollar.link") })).toHaveCount(0);
  const level = page.getByLabel(t("member:field.level"));
  await expect(level.getByRole("option", { name: t("member:level.general") })).toHaveCount(1);
  await expect(level.getByRole("option", { name: t("member:level.vip") })).toHaveCount(0);
  await expect(page.getByText(t("member:help.level-no-vip"))).toBeVisible();

  await visit("/product/product-list/add");
  await expect(page.getByRole("textbox", { name: t("product:field.original-price") })).toBeVisible();
  await expect(page.getByLabel(t("product:field.vip-price"))).toHaveCount(0);
});

const HEADERS = JSON.parse(readFileSync(localeFile("en", "member"), "utf8")).sheet.headers as Record<string, string>;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** An .xlsx with English headers (the import reads either language). */
function spreadsheet(rows: Record<string, string | number>[]) {
  const sheet = XLSX.utils.json_to_sheet(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [HEADERS[column], value]))),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Members");
  return {
    name: "members.xlsx",
    mimeType: XLSX_TYPE,
    buffer: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
  };
}

test("a member import with bad rows keeps nothing; a good one adds them; the exports hold the filtered list", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const id = unique();
  const store = await factory<Store>("store");
  await signIn(store.email, store.password);
  await visit("/member/member-list/import");
  await page.getByLabel(t("common:sheet.file")).setInputFiles(
    spreadsheet([
      { name: "匯入甲", email: `a-${id}@example.com`, phone: "61230001", birthday_month: 3 },
      { name: "匯入乙", email: `A-${id}@example.com`, phone: "61230002", level: "Gold" },
    ]),
  );
  await page.getByRole("button", { name: t("common:sheet.import"), exact: true }).click();
  await expect(page.getByText(t("common:sheet.failed_other", { count: 2 }))).toBeVisible();
  const header = (column: string, letter: string) => t("common:sheet.column-at", { column, letter });
  await expect(
    page.getByRole("row", { name: `3 ${header(HEADERS.email, "B")} ${t("message:email-repeated")}` }),
  ).toBeVisible();
  await expect(
    page.getByRole("row", { name: `3 ${header(HEADERS.level, "E")} ${t("validation:format-not-match")}` }),
  ).toBeVisible();
  await visit("/member/member-list");
  await expect(page.getByText(t("member:no-members"))).toBeVisible();
  await page.getByRole("link", { name: t("common:sheet.import") }).click();
  await expect(page).toHaveURL(/\/member\/member-list\/import$/);
  await page.getByLabel(t("common:sheet.file")).setInputFiles(
    spreadsheet([
      { name: "匯入甲", email: `a-${id}@example.com`, phone: "61230001", birthday_month: 3 },
      { name: "匯入乙", email: `b-${id}@example.com`, phone: "61230002", marketing_consent: "Y" },
    ]),
  );
  await page.getByRole("button", { name: t("common:sheet.import"), exact: true }).click();
  await expect(page.getByText(t("member:imported", { added: 2, updated: 0 }))).toBeVisible();
  await expect(page.getByRole("link", { name: "匯入甲" })).toBeVisible();
  await expect(page.getByRole("link", { name: "匯入乙" })).toBeVisible();

  // The list's export links carry its filters; the files hold what the filtered list shows.
  await visit("/member/member-list?birthday_month=3");
  const link = page.getByRole("link", { name: t("common:sheet.export-xlsx") });
  await expect(link).toHaveAttribute("href", "/member/member-list/export.xlsx?birthday_month=3");
  // As the browser would ask, in the page's language.
  const headers = { "Accept-Language": testInfo.project.use.locale! };
  const xlsx = await page.request.get((await link.getAttribute("href"))!, { headers });
  expect(xlsx.headers()["content-type"]).toBe(XLSX_TYPE);
  const book = XLSX.read(await xlsx.body());
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  expect(rows).toEqual([
    expect.arrayContaining([t("member:sheet.headers.member_code"), t("member:sheet.headers.email")]),
    expect.arrayContaining(["M00001", "匯入甲", `a-${id}@example.com`, "61230001", 3, 0]),
  ]);
  const csv = await page.request.get(
    (await page.getByRole("link", { name: t("common:sheet.export-csv") }).getAttribute("href"))!,
    { headers },
  );
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`M00001,匯入甲,a-${id}@example.com,61230001,`);
});
