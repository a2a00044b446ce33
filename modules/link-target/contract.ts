import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { nullable, urlCode, webAddress } from "../../contract/field-rules";
import type { ModuleId } from "../../contract/modules";
import { applicationKey, id, keyword } from "../../contract/parts";

/**
 * Where a banner, a menu item or a push notification takes the store website's visitor: one of the
 * store's products (by code), categories or custom pages, or a web address. The chosen kind's field is
 * required; the others are ignored.
 */
export const LINK_KINDS = ["product", "category", "custom_page", "url"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** The modules whose forms have a link (banners and the menu, pushes). */
export const LINKING_MODULES = ["layout", "push_notification"] as const satisfies readonly ModuleId[];
export type LinkingModule = (typeof LINKING_MODULES)[number];
export const isLinkingModule = (module: string | null): module is LinkingModule =>
  LINKING_MODULES.includes(module as LinkingModule);

/** The link's fields, flat, so a form shows one control per field; `link_kind` blank: no link. */
export const linkTargetFields = {
  link_kind: nullable(z.enum(LINK_KINDS, { error: "format-not-match" })),
  link_product_code: nullable(urlCode({ max: 64 })),
  link_category_id: nullable(id),
  link_custom_page_id: nullable(id),
  link_url: nullable(webAddress()),
};

export type LinkTargetInput = {
  link_kind: LinkKind | null;
  link_product_code: string | null;
  link_category_id: number | null;
  link_custom_page_id: number | null;
  link_url: string | null;
};

/** The field each kind needs. */
export const LINK_KIND_FIELDS = {
  product: "link_product_code",
  category: "link_category_id",
  custom_page: "link_custom_page_id",
  url: "link_url",
} as const satisfies Record<LinkKind, keyof LinkTargetInput>;

/** The chosen kind's field is filled ("force-input" beside it); use with `.superRefine`. */
export function refineLinkTarget(value: LinkTargetInput, ctx: z.RefinementCtx) {
  if (!value.link_kind) return;
  const field = LINK_KIND_FIELDS[value.link_kind];
  if (value[field] === null || value[field] === undefined) {
    ctx.addIssue({ code: "custom", message: "force-input", path: [field] });
  }
}

/**
 * A saved link as records answer it: the target's names for the page to show, and `broken` when the
 * product, category or custom page it named has since been deleted.
 */
export interface LinkTarget {
  kind: LinkKind;
  product_code: string | null;
  category_id: number | null;
  custom_page_id: number | null;
  url: string | null;
  name_zh_hk: string | null;
  name_en: string | null;
  broken: boolean;
}

/** The most products a link form's search offers at once: enough to choose from, small enough to read. */
export const LINK_PRODUCT_CHOICES = 20;

export const linkTargetPayloads = {
  /** The store's categories and custom pages, by name: a link form's choices. */
  get_link_target_data_list_by_application_key: z.object({ application_key: applicationKey }),
  /** The store's products whose name, code, SKU or barcode holds the keyword (all of them without one), by code. */
  get_link_target_product_data_list_by_application_key: z.object({ application_key: applicationKey, keyword }),
};

export interface LinkTargetChoice {
  id: number;
  name_zh_hk: string;
  name_en: string;
}

export interface LinkTargetProductChoice {
  product_code: string;
  name_zh_hk: string;
  name_en: string;
}

export interface LinkTargetResults {
  get_link_target_data_list_by_application_key: {
    categories: LinkTargetChoice[];
    custom_pages: LinkTargetChoice[];
  };
  /** At most `LINK_PRODUCT_CHOICES`. */
  get_link_target_product_data_list_by_application_key: { products: LinkTargetProductChoice[] };
}

export const linkTargetExamples: Examples<typeof linkTargetPayloads> = {
  get_link_target_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  // Three characters or more: the search goes through the product search index.
  get_link_target_product_data_list_by_application_key: ({ application_key }) => ({ application_key, keyword: "tea" }),
};
