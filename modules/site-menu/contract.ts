import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { optional, text } from "../../contract/field-rules";
import type { WebsiteLink } from "../home-banner/contract";
import { LINK_KINDS, linkTargetFields, refineLinkTarget, type LinkTarget } from "../link-target/contract";
import { applicationKey, id, version } from "../../contract/parts";

/** The store website's navigation menu (module `layout`, `/layout/menu-management`): a tree of links. */

/** Top level is depth 1; an item at depth 3 has no children (held by the database too). */
export const MAX_MENU_DEPTH = 3;
export const MAX_MENU_ITEMS = 100;
export const MAX_MENU_LABEL_LENGTH = 40;

/**
 * Up and down among its siblings; in: the last child of the sibling before it; out: the sibling after
 * its parent. Its children go with it.
 */
export const MENU_MOVES = ["up", "down", "in", "out"] as const;
export type MenuMove = (typeof MENU_MOVES)[number];

/** Every field of an item a merchant sets. A menu item always links somewhere. */
export const menuItemFields = {
  label_zh_hk: text({ max: MAX_MENU_LABEL_LENGTH }),
  label_en: optional(text({ max: MAX_MENU_LABEL_LENGTH })),
  ...linkTargetFields,
  link_kind: z.enum(LINK_KINDS, { error: "force-input" }),
};

const itemId = { application_key: applicationKey, id };

export const menuPayloads = {
  /** The whole menu in tree order (each item after its parent, siblings in order), with its version. */
  get_menu_item_data_list_by_application_key: z.object({ application_key: applicationKey }),
  get_menu_item_data_by_application_key_and_id: z.object(itemId),
  /**
   * A new last item at the top (`parent_id` blank) or under `parent_id` (404 `menu-item-not-found` when the
   * store has no such item): under an item at depth 3 is 409 `menu-too-deep`.
   */
  add_menu_item_data: z
    .object({ application_key: applicationKey, parent_id: optional(id), ...menuItemFields })
    .superRefine(refineLinkTarget),
  /** Its label and link, over the item's own version. */
  update_menu_item_data_by_application_key_and_id: z
    .object({ ...itemId, ...menuItemFields, version })
    .superRefine(refineLinkTarget),
  /**
   * A move, over the menu's version as the page showed it (`menu_version`): a menu changed since is 409
   * `edited-elsewhere`; a move with nowhere to go is 409 `cannot-move`, one past depth 3 `menu-too-deep`.
   */
  update_menu_item_position_data_by_application_key_and_id: z.object({
    ...itemId,
    move: z.enum(MENU_MOVES),
    menu_version: z.int().min(0),
  }),
  /** The item and everything under it. */
  delete_menu_item_data_by_application_key_and_id: z.object(itemId),
  /** The store website's menu as a tree; an item whose target was deleted is left out with its children. */
  get_store_website_menu_data_by_application_key: z.object({ application_key: applicationKey }),
};

export interface MenuItemRecord {
  id: number;
  parent_id: number | null;
  depth: number;
  position: number;
  label_zh_hk: string;
  label_en: string;
  link: LinkTarget;
  /** How many items are under it, at any depth. */
  descendant_count: number;
  version: number;
}

export interface WebsiteMenuItem {
  id: number;
  label_zh_hk: string;
  label_en: string;
  link: WebsiteLink;
  children: WebsiteMenuItem[];
}

export interface MenuResults {
  get_menu_item_data_list_by_application_key: { menu_version: number; items: MenuItemRecord[] };
  get_menu_item_data_by_application_key_and_id: MenuItemRecord;
  add_menu_item_data: { id: number };
  update_menu_item_data_by_application_key_and_id: null;
  update_menu_item_position_data_by_application_key_and_id: null;
  delete_menu_item_data_by_application_key_and_id: null;
  get_store_website_menu_data_by_application_key: WebsiteMenuItem[];
}

export interface SiteMenuExampleRecords {
  /** A top-level menu item with a child (version 1 each). */
  menu_item_id: number;
}

export const menuExamples: Examples<typeof menuPayloads> = {
  get_menu_item_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  get_menu_item_data_by_application_key_and_id: ({ application_key, menu_item_id }) => ({
    application_key,
    id: menu_item_id,
  }),
  add_menu_item_data: ({ application_key }) => ({
    application_key,
    label_zh_hk: "最新消息",
    label_en: "News",
    link_kind: "url",
    link_url: "/news",
  }),
  update_menu_item_data_by_application_key_and_id: ({ application_key, menu_item_id, category_id }) => ({
    application_key,
    id: menu_item_id,
    version: 1,
    label_zh_hk: "全部產品",
    label_en: "All products",
    link_kind: "category",
    link_category_id: category_id,
  }),
  update_menu_item_position_data_by_application_key_and_id: ({ application_key, menu_item_id }) => ({
    application_key,
    id: menu_item_id,
    move: "down",
    menu_version: 0,
  }),
  delete_menu_item_data_by_application_key_and_id: ({ application_key, menu_item_id }) => ({
    application_key,
    id: menu_item_id,
  }),
  get_store_website_menu_data_by_application_key: ({ application_key }) => ({ application_key }),
};
