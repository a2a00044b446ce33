import * as z from "zod";
import type { Examples } from "../../contract/examples";
import { customPageLink, multilineText, nullable, text } from "../../contract/field-rules";
import { applicationKey, flag, id, keyword, sorting, version } from "../../contract/parts";
import { MAX_RICH_TEXT_LENGTH } from "../../contract/rich-text";
import { uploadedFileUrl } from "../upload/contract";
import { CUSTOM_PAGE_SORTS, CUSTOM_PAGE_STATUSES } from "./options";

/**
 * The store website's custom pages (module `layout`): about us, delivery terms, privacy… Each has a link
 * (`/<link>` on the store's site); a published page's old links keep leading to it (custom_page_redirect).
 */

/** The counters of the search engine fields: what search results show of a title and a description. */
export const MAX_SEO_TITLE_LENGTH = 70;
export const MAX_SEO_KEYWORDS_LENGTH = 255;
export const MAX_SEO_DESCRIPTION_LENGTH = 320;

export const customPageFields = {
  title_zh_hk: text(),
  title_en: text({ required: false }),
  link: customPageLink(),
  seo_title: nullable(text({ max: MAX_SEO_TITLE_LENGTH })),
  seo_keywords: nullable(text({ max: MAX_SEO_KEYWORDS_LENGTH })),
  seo_description: nullable(multilineText({ max: MAX_SEO_DESCRIPTION_LENGTH })),
  /** What social networks show when the page is shared (1200×630 recommended). */
  share_image_url: nullable(uploadedFileUrl()),
  publish: flag,
  /** HTML, kept to the safe subset of contract/rich-text.ts on every save. */
  content: multilineText({ max: MAX_RICH_TEXT_LENGTH, required: false }),
};

const customPageId = { application_key: applicationKey, id };

export const customPagePayloads = {
  get_custom_page_data_and_total_number_by_sorting_and_limit: z.object({
    application_key: applicationKey,
    ...sorting(CUSTOM_PAGE_SORTS),
    /** Anywhere in either title or the link. */
    keyword,
    status: nullable(z.enum(CUSTOM_PAGE_STATUSES)),
  }),
  get_custom_page_data_by_application_key_and_id: z.object(customPageId),
  add_custom_page_data: z.object({ application_key: applicationKey, ...customPageFields }),
  update_custom_page_data_by_application_key_and_id: z.object({ ...customPageFields, ...customPageId, version }),
  delete_custom_page_data_by_application_key_and_id: z.object(customPageId),
  /**
   * The store website's read (public, cached): a published page by its link, `{ redirect_to }` for one of a
   * published page's old links, else 404 `custom-page-not-found`.
   */
  get_custom_page_data_by_application_key_and_link: z.object({
    application_key: applicationKey,
    link: customPageLink(),
  }),
};

export interface CustomPageRecord {
  id: number;
  title_zh_hk: string;
  title_en: string;
  link: string;
  seo_title: string | null;
  seo_keywords: string | null;
  seo_description: string | null;
  share_image_url: string | null;
  publish: boolean;
  content: string;
  create_date: string;
  update_date: string;
  version: number;
}

/** A row of the list: the record without its content. */
export type CustomPageListRecord = Omit<CustomPageRecord, "content">;

/** The detail: the record and its old links that lead to it while it is published. */
export interface CustomPageDetail extends CustomPageRecord {
  old_links: string[];
}

/** What the store website shows. */
export type PublicCustomPage = Omit<CustomPageRecord, "publish" | "create_date" | "version">;

export interface CustomPageResults {
  get_custom_page_data_and_total_number_by_sorting_and_limit: CustomPageListRecord[];
  get_custom_page_data_by_application_key_and_id: CustomPageDetail;
  add_custom_page_data: { id: number };
  update_custom_page_data_by_application_key_and_id: null;
  delete_custom_page_data_by_application_key_and_id: null;
  get_custom_page_data_by_application_key_and_link: PublicCustomPage | { redirect_to: string };
}

export interface CustomPageExampleRecords {
  /** A published custom page, and its link. */
  custom_page_id: number;
  custom_page_link: string;
}

export const customPageExamples: Examples<typeof customPagePayloads> = {
  get_custom_page_data_and_total_number_by_sorting_and_limit: ({ application_key }) => ({
    application_key,
    keyword: "about",
    status: "published",
    sorting: "title",
  }),
  get_custom_page_data_by_application_key_and_id: ({ application_key, custom_page_id }) => ({
    application_key,
    id: custom_page_id,
  }),
  add_custom_page_data: ({ application_key }) => ({
    application_key,
    title_zh_hk: "送貨條款",
    title_en: "Delivery terms",
    link: "delivery-terms",
    publish: true,
    content: "<p>Delivered in <strong>3</strong> days.</p>",
  }),
  update_custom_page_data_by_application_key_and_id: ({ application_key, custom_page_id }) => ({
    application_key,
    id: custom_page_id,
    version: 1,
    title_zh_hk: "關於我們",
    title_en: "About us",
    link: "about-us",
    publish: true,
    content: "<h2>Our story</h2><p>Since 1998.</p>",
  }),
  delete_custom_page_data_by_application_key_and_id: ({ application_key, custom_page_id }) => ({
    application_key,
    id: custom_page_id,
  }),
  get_custom_page_data_by_application_key_and_link: ({ application_key, custom_page_link }) => ({
    application_key,
    link: custom_page_link,
  }),
};
