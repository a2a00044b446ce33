import { describe, expect, it } from "vitest";
import { MODULE_IDS, type ModuleId } from "#contract/modules";
import { resources } from "./locales.generated.server";
import { CONSOLE_MENU, storeMenu, type MenuFilter, type MenuItem } from "./menu";

const labels = (items: MenuItem[]): string[] => items.flatMap((item) => [item.label, ...labels(item.items ?? [])]);
const everything: MenuFilter = { canRead: () => true, hasPage: () => true };
const menuFor = (modules: readonly ModuleId[], enquiryOnly = false, filter = everything) =>
  labels(storeMenu({ modules: [...modules], enquiryOnly }, filter));

describe("the merchant menu", () => {
  it("shows every module's items when the store has them all", () => {
    expect(menuFor(MODULE_IDS)).toEqual(
      expect.arrayContaining(["pos", "courses", "yoga-courses", "other-settings", "enquiries"]),
    );
  });

  it("shows the course group only with credit_package, and its yoga item only with yoga_course", () => {
    expect(menuFor(["yoga_course"])).not.toContain("courses");
    expect(menuFor(["credit_package"])).toEqual(["overview", "courses", "credit-orders", "credit-settings"]);
    expect(menuFor(["credit_package", "yoga_course"])).toContain("yoga-courses");
  });

  it("groups the POS pages: the counter and its cash shifts", () => {
    expect(menuFor(["pos"])).toEqual(["overview", "pos", "pos-counter", "pos-shifts"]);
  });

  it("drops a group whose items are all switched off", () => {
    expect(menuFor(["order"])).toEqual(["overview", "orders"]);
  });

  it("shows an enquiry-only store its enquiries alone", () => {
    expect(menuFor(MODULE_IDS, true)).toEqual(["enquiries"]);
  });

  it("shows only the modules the viewer may read", () => {
    const catalogOnly = { ...everything, canRead: (module: ModuleId) => module === "product" || module === "category" };
    expect(menuFor(MODULE_IDS, false, catalogOnly)).toEqual(["overview", "products", "all-products", "categories"]);
  });

  it("shows only modules whose pages exist", () => {
    const built = new Set(["/my-store", "/product/product-list", "/product/category", "/setting/payment-setting"]);
    const builtOnly = { ...everything, hasPage: (pathname: string) => built.has(pathname) };
    expect(menuFor(MODULE_IDS, false, builtOnly)).toEqual([
      "overview",
      "products",
      "all-products",
      "categories",
      "other-settings",
      "payment-setting",
    ]);
  });

  it("follows a merchant's day: overview, selling, catalogue and members first, other settings last", () => {
    const topLevel = storeMenu({ modules: [...MODULE_IDS], enquiryOnly: false }, everything).map((item) => item.label);
    expect(topLevel.slice(0, 5)).toEqual(["overview", "pos", "orders", "products", "members"]);
    expect(topLevel.at(-1)).toBe("other-settings");
  });

  it("keeps related entries together: categories with products, the staff log with staff accounts", () => {
    const groups = storeMenu({ modules: [...MODULE_IDS], enquiryOnly: false }, everything);
    const childrenOf = (label: string) => groups.find((item) => item.label === label)?.items?.map((item) => item.label);
    expect(childrenOf("products")).toContain("categories");
    expect(childrenOf("staff")).toEqual(["staff-accounts", "staff-log"]);
    expect(childrenOf("purchasing")).toEqual(["suppliers", "purchase-orders"]);
  });

  it("gives every top-level entry a picture for the collapsed drawer", () => {
    for (const item of [...storeMenu({ modules: [...MODULE_IDS], enquiryOnly: false }, everything), ...CONSOLE_MENU])
      expect(item.icon, item.label).toBeDefined();
  });

  it("has a label in both languages for every item", () => {
    for (const lang of ["zh-HK", "en"] as const) {
      const menu: Record<string, string> = resources[lang].common.menu;
      for (const label of [...menuFor(MODULE_IDS), ...labels(CONSOLE_MENU)])
        expect(menu[label], `${lang} ${label}`).toBeTypeOf("string");
    }
  });
});
