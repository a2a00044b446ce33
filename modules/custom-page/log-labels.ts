/** How the logs show the custom-page module's changes: each logged field's label (its form's) and how its value reads. */
import { flag, text, type LogLabels } from "~/server/log-labels";

export const customPageLogLabels = {
  custom_page_data: {
    title_zh_hk: text("custom-page:field.title-zh-hk"),
    title_en: text("custom-page:field.title-en"),
    link: text("custom-page:field.link"),
    seo_title: text("custom-page:field.seo-title"),
    seo_keywords: text("custom-page:field.seo-keywords"),
    seo_description: text("custom-page:field.seo-description"),
    share_image_url: { label: "custom-page:field.share-image", kind: "files" },
    publish: flag("custom-page:field.publish"),
    // A fingerprint of the HTML: it shows that the content changed.
    content: text("custom-page:field.content"),
  },
} satisfies LogLabels;
