import { readFileSync } from "node:fs";
import { expect, test, type Store, unique } from "../../tests/e2e/fixtures";
import { MAX_USAGE_LIMIT } from "../../modules/plan-order/contract";

test("a merchant adds a coupon, every bad input keeping what was typed, edits it and finds it by status", async ({
  page,
  t,
  lang,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const id = unique();
  const titles = { "zh-HK": `新年優惠 ${id}`, en: `New year ${id}` };
  const code = id.slice(0, 5).toUpperCase();
  const store = await factory<Store>("store");
  const member = await factory<{ memberCode: string; name: string }>("member", {
    applicationKey: store.applicationKey,
  });
  await signIn(store.email, store.password);
  await visit("/promotion/promotion-list");
  await expect(page).toHaveTitle(`${t("promotion:title.list")} - CMS`);
  await expect(page.getByText(t("promotion:no-coupons"))).toBeVisible();
  await page.getByRole("link", { name: t("promotion:add-coupon") }).click();
  await expect(page).toHaveURL(/\/promotion\/add$/);

  const field = (key: Parameters<typeof t>[0]) => page.getByLabel(t(key), { exact: true });
  await field("promotion:field.title-zh-hk").fill(titles["zh-HK"]);
  await field("promotion:field.title-en").fill(titles.en);
  await field("promotion:field.code").fill("AB-1");
  await field("promotion:field.image").setInputFiles({
    name: "gift.png",
    mimeType: "image/png",
    buffer: readFileSync("scripts/demo-images/gift.png"),
  });
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await expect(page.getByRole("img", { name: t("promotion:field.image") })).toHaveAttribute("src", /^\/uploads\//);
  }
  await field("promotion:field.discount-type").selectOption("percentage");
  await field("promotion:field.percent-off").fill("150");
  await field("promotion:field.minimum-subtotal").fill("12.345");
  await field("promotion:field.starts-at").fill("2030-01-02T10:00");
  await field("promotion:field.expires-at").fill("2030-01-01T10:00");
  await field("promotion:field.usage-limit").fill("0");
  await field("promotion:field.audience").selectOption("specific");
  await field("promotion:field.members").fill("M99999");
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/promotion\/add$/);
  await expect(page.getByText(t("validation:format-not-match"))).toHaveCount(2);
  await expect(field("promotion:field.percent-off")).toHaveAccessibleDescription(
    new RegExp(t("validation:percent-off-range")),
  );
  await expect(field("promotion:field.usage-limit")).toHaveAccessibleDescription(
    new RegExp(t("validation:number-range", { min: "1", max: String(MAX_USAGE_LIMIT) })),
  );
  await expect(page.getByText(t("validation:expiry-not-after-start"))).toBeVisible();
  await expect(field("promotion:field.title-zh-hk")).toHaveValue(titles["zh-HK"]);
  await expect(field("promotion:field.code")).toHaveValue("AB-1");
  await expect(field("promotion:field.percent-off")).toHaveValue("150");
  await expect(field("promotion:field.starts-at")).toHaveValue("2030-01-02T10:00");
  await expect(field("promotion:field.audience")).toHaveValue("specific");
  await expect(field("promotion:field.members")).toHaveValue("M99999");
  await expect(page.getByRole("img", { name: t("promotion:field.image") })).toHaveAttribute("src", /^\/uploads\//);

  await field("promotion:field.code").fill(code.toLowerCase());
  await field("promotion:field.percent-off").fill("12.5");
  await field("promotion:field.minimum-subtotal").fill("200");
  await field("promotion:field.expires-at").fill("2030-02-01T10:00");
  await field("promotion:field.usage-limit").fill("100");
  await page.getByRole("button", { name: t("form.save") }).click();
  // Only the backend knows the store's members: an unknown one is refused beside the field.
  await expect(page.getByText(t("validation:member-not-found", { value: "M99999" }))).toBeVisible();
  await expect(field("promotion:field.code")).toHaveValue(code.toLowerCase());
  await field("promotion:field.members").fill(member.memberCode);
  await page.getByRole("button", { name: t("form.save") }).click();

  // The new coupon's own page opens, as Shopify's does.
  await expect(page).toHaveURL(/\/promotion\/detail\/\d+$/);
  await expect(page.getByText(t("form.saved"))).toBeVisible();
  await expect(field("promotion:field.code")).toHaveValue(code);
  await visit("/promotion/promotion-list");
  await field("promotion:filter.status").selectOption("scheduled");
  await page.getByRole("button", { name: t("common:list.apply"), exact: true }).click();
  await expect(page).toHaveURL(/status=scheduled/);
  const row = page.getByRole("row").filter({ hasText: titles[lang] });
  await expect(row).toContainText(code);
  await expect(row).toContainText(t("promotion:discount.percentage", { value: 12.5 }));
  await expect(row).toContainText(t("promotion:status.scheduled"));
  await expect(row).toContainText("2030-01-02 10:00");

  await row.getByRole("link", { name: titles[lang] }).click();
  await expect(page).toHaveURL(/\/promotion\/detail\/\d+$/);
  await expect(field("promotion:field.members")).toHaveValue(member.memberCode);
  await expect(field("promotion:field.minimum-subtotal")).toHaveValue("200.00");
  await expect(page.getByText(t("promotion:redemptions.none"))).toBeVisible();
  await field("promotion:field.disabled").check();
  await page.getByRole("button", { name: t("form.save") }).click();

  await expect(page).toHaveURL(/\/promotion\/promotion-list$/);
  await field("promotion:filter.status").selectOption("disabled");
  await page.getByRole("button", { name: t("common:list.apply"), exact: true }).click();
  await expect(row).toContainText(t("promotion:status.disabled"));
});
