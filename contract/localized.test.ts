import { describe, expect, it } from "vitest";
import { localizedName } from "./localized";

describe("localizedName", () => {
  const plan = { plan_name_zh_hk: "專業版", plan_name_en: "Pro" };

  it("picks English for an English reader and Chinese otherwise", () => {
    expect(localizedName(plan, "en", "plan_name")).toBe("Pro");
    expect(localizedName(plan, "zh-HK", "plan_name")).toBe("專業版");
  });

  it("falls back to Chinese when the English text is blank", () => {
    expect(localizedName({ name_zh_hk: "綠茶", name_en: " " }, "en", "name")).toBe("綠茶");
  });
});
