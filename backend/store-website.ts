import { sql } from "drizzle-orm";
import { hongKongDate } from "../contract/dates";
import type { WebsiteLink } from "../modules/home-banner/contract";
import type { ModuleId } from "../contract/modules";
import { storeModulesQueries, toStoreModules } from "./current-plan";
import type { StoreScope } from "./db/scope";
import { customPages, storeLayouts } from "./db/schema";
import { ActionError } from "./errors";
import { nextVersion } from "./db/version";
import { linkTargetColumnsOf, linkTargetSelection, toLinkTarget, type LinkedTable } from "./link-target";

/**
 * Every public action of a store website (its reads, an enquiry, a push subscription) answers only for an
 * open store: its account, then its current plan, read in the action's own batch (`storeWebsiteReads`),
 * checked by `refuseClosedWebsite`.
 */
export const storeWebsiteReads = storeModulesQueries;

type WebsiteReads = readonly [
  { disabled: boolean; enquiryOnly: boolean; cmsSideMenu: string[] }[],
  { expiryDate: string; moduleList: string[] }[],
];

/**
 * A disabled or unknown store is 404 `store-account-not-found-or-disabled`; a store whose current plan
 * (not expired) and side menu do not switch the module on, or an enquiry-only store for anything but
 * enquiries, is 404 `module-not-in-plan`.
 */
export function refuseClosedWebsite([accounts, plans]: WebsiteReads, module: ModuleId, now: Date) {
  const [account] = accounts;
  if (!account || account.disabled) throw new ActionError(404, "store-account-not-found-or-disabled");
  const [plan] = plans;
  const current = plan !== undefined && plan.expiryDate >= hongKongDate(now);
  const reachable = !account.enquiryOnly || module === "enquiry";
  if (!current || !reachable || !toStoreModules(accounts, plans).has(module)) {
    throw new ActionError(404, "module-not-in-plan");
  }
}

/** The custom page's own link, for the website's links to it (select it beside `linkTargetSelection`). */
export const linkCustomPageLink = sql<string | null>`${customPages.link}`.as("link_custom_page_link");

/** What a read of slides or menu items selects for their links: the targets' names and a custom page's own link. */
export const websiteLinkSelection = (table: LinkedTable) => ({ ...linkTargetSelection(table), linkCustomPageLink });

/** What the log keeps of a saved link: its kind and its target (a product's or a category's id, a page's, a URL). */
export const loggedLink = (columns: ReturnType<typeof linkTargetColumnsOf>) =>
  `${columns.linkKind} ${columns.linkProductId ?? columns.linkCategoryId ?? columns.linkCustomPageId ?? columns.linkUrl ?? "-"}`;

/** A saved link as the store website follows it; null for none, or for a target since deleted. */
export function toWebsiteLink(row: Parameters<typeof toLinkTarget>[0] & { linkCustomPageLink: string | null }) {
  const link = toLinkTarget(row);
  if (!link || link.broken) return null;
  return {
    kind: link.kind,
    product_code: link.kind === "product" ? link.product_code : null,
    category_id: link.kind === "category" ? link.category_id : null,
    custom_page_link: link.kind === "custom_page" ? row.linkCustomPageLink : null,
    url: link.kind === "url" ? link.url : null,
  } satisfies WebsiteLink;
}

/** The slide list's and the menu's versions (no row yet: 0). */
export const storeLayoutQuery = (store: StoreScope) => store.select(storeLayouts).limit(1);

export type LayoutVersion = "bannerListVersion" | "menuVersion";

export const layoutVersionOf = ([row]: (typeof storeLayouts.$inferSelect)[], which: LayoutVersion) =>
  row ? row[which] : 0;

/**
 * The statements that take a version one further, for the write's batch: over `loaded` only (else the
 * batch fails and `rethrowStaleVersion` answers 409 `edited-elsewhere`), or whatever it is when not given.
 */
export function nextLayoutVersion(store: StoreScope, which: LayoutVersion, loaded?: number) {
  const column = storeLayouts[which];
  return [
    store.insert(storeLayouts, [{}]).onConflictDoNothing(),
    store.update(storeLayouts, { [which]: loaded === undefined ? sql`${column} + 1` : nextVersion(column, loaded) }),
  ] as const;
}
