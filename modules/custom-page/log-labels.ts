/** How the logs show the custom-page module's changes: each logged field's label (its form's) and how its value reads. */
import { flag, text, type LogLabels } from "~/server/log-labels";

export const customPageLogLabels = {
  custom_page_data: {
    title_zh_hk: text("custom-pages:field.title-zh-hk"),
    title_en: text("custom-pages:field.title-en"),
    link: text("custom-pages:field.link"),
    seo_title: text("custom-pages:field.seo-title"),
    seo_keywords: text("custom-pages:field.seo-keywords"),
    seo_description: text("custom-pages:field.seo-description"),
    share_image_url: { label: "custom-pages:field.share-image", kind: "files" },
    publish: flag("custom-pages:field.publish"),
    // A fingerprint of the HTML: it shows that the content changed.
    content: text("custom-pages:field.content"),
  },
} satisfies LogLabels;
