import * as z from "zod";
import { instant } from "../promotion/contract";
import type { Examples } from "../../contract/examples";
import { nullable, optional, text } from "../../contract/field-rules";
import { linkTargetFields, refineLinkTarget, type LinkTarget, type LinkTargetInput } from "../link-target/contract";
import { applicationKey, flag, id, version } from "../../contract/parts";
import { uploadedFileUrl } from "../upload/contract";

/** The home page's banner slides (module `layout`, `/layout/home-design`). */

/** At most this many slides per store: a carousel, not a gallery. */
export const MAX_HOME_BANNERS = 20;
export const MAX_BANNER_TEXT_LENGTH = 120;

/** A slide moves one place up or down. */
export const BANNER_MOVES = ["up", "down"] as const;
export type BannerMove = (typeof BANNER_MOVES)[number];

/** Every field of a slide a merchant sets; the same for add and edit. */
export const homeBannerFields = {
  desktop_image_url: uploadedFileUrl(),
  mobile_image_url: nullable(uploadedFileUrl()),
  alt_zh_hk: text({ max: MAX_BANNER_TEXT_LENGTH }),
  alt_en: optional(text({ max: MAX_BANNER_TEXT_LENGTH })),
  title_zh_hk: optional(text({ max: MAX_BANNER_TEXT_LENGTH })),
  title_en: optional(text({ max: MAX_BANNER_TEXT_LENGTH })),
  ...linkTargetFields,
  /** Shown from this instant (inclusive); blank: at once. */
  start_at: nullable(instant()),
  /** Shown until this instant (exclusive); blank: for good. Not before `start_at`: `end-time-before-start`. */
  end_at: nullable(instant()),
  publish: flag,
};

type WindowInput = { start_at?: string | null; end_at?: string | null };

/** The end is not before the start (`end-time-before-start` beside the end), and the link is complete. */
export function refineHomeBanner(value: WindowInput & LinkTargetInput, ctx: z.RefinementCtx) {
  if (value.start_at && value.end_at && value.end_at < value.start_at) {
    ctx.addIssue({ code: "custom", message: "end-time-before-start", path: ["end_at"] });
  }
  refineLinkTarget(value, ctx);
}

const bannerId = { application_key: applicationKey, id };

export const homeBannerPayloads = {
  /** Every slide in its order, with the list's version (the one the move buttons post). */
  get_home_banner_data_list_by_application_key: z.object({ application_key: applicationKey }),
  get_home_banner_data_by_application_key_and_id: z.object(bannerId),
  /** A new slide goes last. */
  add_home_banner_data: z
    .object({ application_key: applicationKey, ...homeBannerFields })
    .superRefine(refineHomeBanner),
  update_home_banner_data_by_application_key_and_id: z
    .object({ ...bannerId, ...homeBannerFields, version })
    .superRefine(refineHomeBanner),
  /**
   * One place up or down, over the list's version as the page showed it (`list_version`): a list changed
   * since is 409 `edited-elsewhere`; the first slide up or the last down is 409 `cannot-move`.
   */
  update_home_banner_position_data_by_application_key_and_id: z.object({
    ...bannerId,
    move: z.enum(BANNER_MOVES),
    list_version: z.int().min(0),
  }),
  delete_home_banner_data_by_application_key_and_id: z.object(bannerId),
  /**
   * The store website's slides: published ones whose window holds the moment of the request, in order.
   * Answered from the cache for a minute: a slide starts or ends within a minute of its time.
   */
  get_store_website_home_banner_data_list_by_application_key: z.object({ application_key: applicationKey }),
};

export interface HomeBannerRecord {
  id: number;
  desktop_image_url: string;
  mobile_image_url: string | null;
  alt_zh_hk: string;
  alt_en: string;
  title_zh_hk: string;
  title_en: string;
  link: LinkTarget | null;
  start_at: string | null;
  end_at: string | null;
  publish: boolean;
  position: number;
  version: number;
}

/** A link as the store website follows it: a product by code, a category by id, a custom page by its link, or a URL. */
export interface WebsiteLink {
  kind: LinkTarget["kind"];
  product_code: string | null;
  category_id: number | null;
  custom_page_link: string | null;
  url: string | null;
}

export interface WebsiteHomeBanner {
  id: number;
  desktop_image_url: string;
  mobile_image_url: string | null;
  alt_zh_hk: string;
  alt_en: string;
  title_zh_hk: string;
  title_en: string;
  /** Null when the slide has no link, or its target was deleted. */
  link: WebsiteLink | null;
}

export interface HomeBannerResults {
  get_home_banner_data_list_by_application_key: { list_version: number; banners: HomeBannerRecord[] };
  get_home_banner_data_by_application_key_and_id: HomeBannerRecord;
  add_home_banner_data: { id: number };
  update_home_banner_data_by_application_key_and_id: null;
  update_home_banner_position_data_by_application_key_and_id: null;
  delete_home_banner_data_by_application_key_and_id: null;
  get_store_website_home_banner_data_list_by_application_key: WebsiteHomeBanner[];
}

export interface HomeBannerExampleRecords {
  /** A banner slide (version 1). */
  home_banner_id: number;
}

export const homeBannerExamples: Examples<typeof homeBannerPayloads> = {
  get_home_banner_data_list_by_application_key: ({ application_key }) => ({ application_key }),
  get_home_banner_data_by_application_key_and_id: ({ application_key, home_banner_id }) => ({
    application_key,
    id: home_banner_id,
  }),
  add_home_banner_data: ({ application_key, uploaded_image_url }) => ({
    application_key,
    desktop_image_url: uploaded_image_url,
    alt_zh_hk: "新品上架",
    link_kind: "url",
    link_url: "/sale",
    start_at: "2030-01-01T00:00:00.000Z",
    publish: true,
  }),
  update_home_banner_data_by_application_key_and_id: ({
    application_key,
    home_banner_id,
    category_id,
    uploaded_image_url,
  }) => ({
    application_key,
    id: home_banner_id,
    version: 1,
    desktop_image_url: uploaded_image_url,
    alt_zh_hk: "秋季優惠",
    alt_en: "Autumn sale",
    link_kind: "category",
    link_category_id: category_id,
    publish: true,
  }),
  update_home_banner_position_data_by_application_key_and_id: ({ application_key, home_banner_id }) => ({
    application_key,
    id: home_banner_id,
    move: "down",
    list_version: 0,
  }),
  delete_home_banner_data_by_application_key_and_id: ({ application_key, home_banner_id }) => ({
    application_key,
    id: home_banner_id,
  }),
  get_store_website_home_banner_data_list_by_application_key: ({ application_key }) => ({ application_key }),
};
