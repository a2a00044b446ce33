import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SetupTask } from "~/components/setup-guide";
import type { ShellData } from "~/components/shell";
import { CONSOLE_MENU, storeMenu } from "~/menu";
import { can } from "./permissions.server";
import type { SignedIn, StoreSnapshot } from "./session.server";

function viewStoreUrl(store: StoreSnapshot, context: AppLoadContext): string | null {
  if (context.env.HIDE_VIEW_STORE || store.disabled || !store.website || store.website.disabled) return null;
  return store.subDomain
    ? `https://${store.subDomain}.${context.env.STORE_SITE_DOMAIN}`
    : `${context.env.STORE_SITE_URL.replace(/\/$/, "")}/${store.applicationKey}`;
}

/**
 * Spec §2: seven tasks; the panel hides once all but the custom domain are done, and for staff:
 * provider staff and the store's own staff alike, so it is the merchant's own checklist.
 */
export function setupTasks(context: AppLoadContext, user: SignedIn, store: StoreSnapshot): SetupTask[] | null {
  if (user.accountType !== "store") return null;
  const tasks = [
    { key: "language", url: "/setting/general-setting", done: store.setup.language },
    { key: "currency", url: "/setting/general-setting", done: store.setup.currency },
    { key: "payment", url: "/setting/payment-setting", done: store.setup.payment },
    { key: "delivery", url: "/setting/delivery-setting", done: store.setup.delivery },
    { key: "logo", url: "/setting/general-setting", done: Boolean(store.website?.logoUrl) },
    { key: "product", url: "/product/product-list/add", done: store.setup.product },
    { key: "custom-domain", url: "/setting/general-setting", done: Boolean(store.website?.hasCustomDomain) },
  ] satisfies (SetupTask & { url: string })[];
  const allButDomainDone = tasks.every((task) => task.done || task.key === "custom-domain");
  return allButDomainDone ? null : tasks.map((task) => ({ ...task, url: context.hasPage(task.url) ? task.url : null }));
}

/** Everything the content layout shows around a page, from the cached session data. */
export function shellData(context: AppLoadContext, user: SignedIn, area: "console" | "store"): ShellData {
  const store = area === "store" ? user.store : null;
  return {
    accountType: user.accountType,
    userName: user.name,
    menu: store
      ? storeMenu(store, { canRead: (module) => can(user, `${module}:read`), hasPage: context.hasPage })
      : CONSOLE_MENU,
    store: store && {
      name: store.storeName,
      logoUrl: store.website?.logoUrl ?? null,
      viewStoreUrl: viewStoreUrl(store, context),
      trialExpiryDate: store.plan?.type === "trial" && !context.env.HIDE_TRIAL_BOX ? store.plan.expiryDate : null,
    },
    shopGuideUrl: context.env.HIDE_SHOP_GUIDE || area === "console" ? null : context.env.SHOP_GUIDE_URL,
    canExitStore: user.accountType === "console" && user.store !== null,
    setup: store && setupTasks(context, user, store),
  };
}
