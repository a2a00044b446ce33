import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import type { SignedIn, StoreSnapshot } from "./session.server";
import { setupTasks, shellData } from "./shell.server";

const env = {
  SHOP_GUIDE_URL: "https://help.example.com/guide",
  STORE_SITE_DOMAIN: "shops.example.com",
  STORE_SITE_URL: "https://shops.example.com/store/",
  HIDE_SHOP_GUIDE: false,
  HIDE_VIEW_STORE: false,
  HIDE_TRIAL_BOX: false,
};
const context = (flags: Partial<typeof env> = {}) =>
  ({ env: { ...env, ...flags }, locale: "en", hasPage: () => true }) as unknown as AppLoadContext;

const store = (overrides: Partial<StoreSnapshot> = {}): StoreSnapshot => ({
  applicationKey: "shop-1",
  storeName: "Shop 1",
  subDomain: "shop-1",
  enquiryOnly: false,
  disabled: false,
  modules: ["product"],
  website: { disabled: false, logoUrl: null, hasCustomDomain: false },
  plan: {
    type: "trial",
    expiryDate: "2026-12-01",
    name_zh_hk: "試用",
    name_en: "Trial",
    hasVip: false,
    hasCashDollar: false,
  },
  setup: { language: true, currency: true, payment: false, delivery: false, product: false },
  staff: null,
  ...overrides,
});
const user = (overrides: Partial<SignedIn> = {}): SignedIn => ({
  token: "t",
  accountType: "store",
  accountId: 1,
  name: "Shop 1",
  checkedAt: 0,
  store: store(),
  ...overrides,
});

describe("the content layout's data", () => {
  it("links view-store to the sub-domain site, else to the project path", () => {
    expect(shellData(context(), user(), "store").store?.viewStoreUrl).toBe("https://shop-1.shops.example.com");
    const noSubDomain = user({ store: store({ subDomain: null }) });
    expect(shellData(context(), noSubDomain, "store").store?.viewStoreUrl).toBe(
      "https://shops.example.com/store/shop-1",
    );
  });

  it("hides view-store for a disabled store or website, and when configured so", () => {
    const viewStore = (signedIn: SignedIn, flags = {}) =>
      shellData(context(flags), signedIn, "store").store?.viewStoreUrl;
    expect(viewStore(user({ store: store({ disabled: true }) }))).toBeNull();
    expect(
      viewStore(user({ store: store({ website: { disabled: true, logoUrl: null, hasCustomDomain: false } }) })),
    ).toBeNull();
    expect(viewStore(user(), { HIDE_VIEW_STORE: true })).toBeNull();
  });

  it("shows the trial card and shop guide unless configured off", () => {
    const shown = shellData(context(), user(), "store");
    expect([shown.store?.trialExpiryDate, shown.shopGuideUrl]).toEqual(["2026-12-01", env.SHOP_GUIDE_URL]);
    const hidden = shellData(context({ HIDE_TRIAL_BOX: true, HIDE_SHOP_GUIDE: true }), user(), "store");
    expect([hidden.store?.trialExpiryDate, hidden.shopGuideUrl]).toEqual([null, null]);
    const paid = user({
      store: store({
        plan: {
          type: "paid",
          expiryDate: "2027-01-01",
          name_zh_hk: "",
          name_en: "",
          hasVip: true,
          hasCashDollar: true,
        },
      }),
    });
    expect(shellData(context(), paid, "store").store?.trialExpiryDate).toBeNull();
  });

  it("hides the setup panel once all but the custom domain are done", () => {
    const allButDomain = store({
      setup: { language: true, currency: true, payment: true, delivery: true, product: true },
      website: { disabled: false, logoUrl: "/uploads/k/logo.png", hasCustomDomain: false },
    });
    expect(setupTasks(context(), user({ store: allButDomain }), allButDomain)).toBeNull();
    expect(shellData(context(), user({ store: allButDomain }), "store").setup).toBeNull();
    expect(shellData(context(), user(), "store").setup).toHaveLength(7);
  });

  it("lists seven setup tasks until all but the custom domain are done, and none for provider or store staff", () => {
    const tasks = setupTasks(context(), user(), store());
    expect(tasks?.map((task) => [task.key, task.done])).toEqual([
      ["language", true],
      ["currency", true],
      ["payment", false],
      ["delivery", false],
      ["logo", false],
      ["product", false],
      ["custom-domain", false],
    ]);
    const staffInside = user({ accountType: "console" });
    expect(setupTasks(context(), staffInside, store())).toBeNull();
    expect(shellData(context(), staffInside, "store").canExitStore).toBe(true);
    expect(setupTasks(context(), user({ accountType: "store_staff" }), store())).toBeNull();
  });

  it("links a task only to a page that exists", () => {
    const built = { ...context(), hasPage: (path: string) => path === "/product/product-list/add" } as AppLoadContext;
    const links = setupTasks(built, user(), store())?.map((task) => [task.key, task.url]);
    expect(links).toContainEqual(["product", "/product/product-list/add"]);
    expect(links).toContainEqual(["payment", null]);
  });
});
