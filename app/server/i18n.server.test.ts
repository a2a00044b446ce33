import { describe, expect, it } from "vitest";
import { translations } from "./i18n.server";

describe("translations", () => {
  it("is ready as soon as it returns and is made once per language and namespaces", () => {
    const { i18n } = translations("en", ["common", "product"]);
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t("product:title.list")).toBe("All products");
    expect(translations("en", ["common", "product"]).i18n).toBe(i18n);
    expect(translations("zh-HK", ["common", "product"]).i18n).not.toBe(i18n);
  });

  it("knows only the page's namespaces in the page's language, as the browser will", () => {
    const { i18n, json } = translations("en", ["common", "store"]);
    expect(i18n.t("product:title.list")).toBe("title.list");
    expect(Object.keys(JSON.parse(json))).toEqual(["common", "store"]);
    expect(JSON.parse(json).store).toEqual(i18n.getResourceBundle("en", "store"));
    expect(i18n.getResourceBundle("zh-HK", "store")).toBeUndefined();
  });

  it("cannot end the script element it is carried in", () => {
    expect(translations("en").json).not.toMatch(/<\//);
  });
});
