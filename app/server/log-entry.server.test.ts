import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { LogRecord } from "#contract/actions";
import { i18nConfig, type AppTFunction, type Locale } from "~/i18n";
import { namespaces, resources } from "~/locales.generated.server";
import { describeChanges, describeRecord } from "./log-entry.server";

async function translator(locale: Locale) {
  const instance = i18next.createInstance();
  await instance.init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...namespaces], resources });
  return instance.getFixedT(locale) as AppTFunction;
}

function entry(overrides: Partial<LogRecord>): LogRecord {
  return {
    id: 1,
    application_key: null,
    store_name: null,
    actor_type: "console",
    actor_email: "staff@example.com",
    action: "edit",
    data_type: "plan_data",
    record_id: "6",
    record_name_zh_hk: null,
    record_name_en: null,
    changes: {},
    create_date: "2026-03-01T02:00:00.000Z",
    ...overrides,
  };
}

describe.each([
  {
    locale: "en" as const,
    plan: 'Plan "Pro"',
    planNumbered: "Plan #6",
    product: 'Product "綠茶"',
    changes: [
      "Price (HK$): — → HK$1,280.50",
      "VIP members: No → Yes",
      "Modules: Products, Orders → —",
      "Plan type: Trial → Paid",
    ],
  },
  {
    locale: "zh-HK" as const,
    plan: "計劃「專業版」",
    planNumbered: "計劃 #6",
    product: "產品「綠茶」",
    changes: ["價錢（港幣）：— → HK$1,280.50", "VIP 會員：否 → 是", "模組：產品、訂單 → —", "計劃類型：試用 → 付費"],
  },
])("a log entry in $locale", ({ locale, plan, planNumbered, product, changes }) => {
  it("names the record by its kind and its name in this language, else by its id", async () => {
    const t = await translator(locale);
    const named = entry({ record_name_zh_hk: "專業版", record_name_en: "Pro" });
    expect(describeRecord(named, t, locale)).toBe(plan);
    expect(describeRecord(entry({}), t, locale)).toBe(planNumbered);
    const noEnglishName = entry({ data_type: "product_data", record_name_zh_hk: "綠茶", record_name_en: "" });
    expect(describeRecord(noEnglishName, t, locale)).toBe(product);
  });

  it("labels each change as its form does and formats the values", async () => {
    const t = await translator(locale);
    const plan = entry({
      changes: {
        price_cents: [null, 128050],
        has_vip: [false, true],
        module_list: [["product", "order"], []],
        plan_type: ["trial", "paid"],
      },
    });
    expect(describeChanges(plan, t, locale)).toEqual(changes);
  });
});

describe("values", () => {
  it("shows ids, file names, numbers, Hong Kong times and unknown fields plainly", async () => {
    const t = await translator("en");
    const product = entry({
      data_type: "product_data",
      changes: {
        category_ids: [[7, 9], [7]],
        images: [["/uploads/abc/1.png"], []],
        stock: [1200, 0],
        descriptive_url: ["", "green-tea"],
        legacy_field: [{ a: 1 }, "2026-03-01T02:00:00.000Z"],
      },
    });
    expect(describeChanges(product, t, "en")).toEqual([
      "Categories: #7, #9 → #7",
      "Images: 1.png → —",
      "Opening stock: 1,200 → 0",
      "Descriptive URL: — → green-tea",
      'legacy_field: {"a":1} → 2026-03-01 10:00',
    ]);
  });
});

describe("a store setting's changes", () => {
  it("name the payment or delivery method before its field, and show rates and fees as typed", async () => {
    const t = await translator("en");
    const setting = entry({
      data_type: "store_setting_data",
      changes: {
        "fps.enabled": [false, true],
        "shop_delivery.charge_cents.nt": [0, 5000],
        card_fee_basis_points: [0, 250],
        cash_dollar_redeem_rate: [100, 1000],
        birthday_coupon_type: ["percentage", "cash"],
      },
    });
    expect(describeChanges(setting, t, "en")).toEqual([
      "FPS · Offered: No → Yes",
      "Shop delivery · New Territories: HK$0.00 → HK$50.00",
      "Card fee (%): 0% → 2.5%",
      "Cash dollars for HK$1 off: 1 → 10",
      "Coupon type: Percentage off → Cash off",
    ]);
  });
});

describe("course set-up changes", () => {
  it("show a package's validity start as the form words it, its course types by id, and the cancel window", async () => {
    const t = await translator("zh-HK");
    const creditPackage = entry({
      data_type: "credit_package_data",
      record_name_zh_hk: "十堂套票",
      record_name_en: "",
      changes: { validity_starts: ["purchase", "first_use"], course_type_ids: [[3, 5], [5]], price_cents: [1, 100] },
    });
    expect(describeRecord(creditPackage, t, "zh-HK")).toBe("套票「十堂套票」");
    expect(describeChanges(creditPackage, t, "zh-HK")).toEqual([
      "開始計算：購買當日 → 首次預約",
      "適用課程類型：#3、#5 → #5",
      "價錢（港幣）：HK$0.01 → HK$1.00",
    ]);
    const setting = entry({ data_type: "store_setting_data", changes: { course_cancel_hours: [12, 24] } });
    expect(describeChanges(setting, t, "zh-HK")).toEqual(["逾時取消時限（小時）：12 → 24"]);
  });
});
