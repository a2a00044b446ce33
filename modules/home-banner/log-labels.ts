/** How the logs show the home-banner module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, text, type LogLabels } from "~/server/log-labels";

export const homeBannerLogLabels = {
  home_banner_data: {
    desktop_image_url: { label: "banners:field.desktop-image", kind: "files" },
    mobile_image_url: { label: "banners:field.mobile-image", kind: "files" },
    alt_zh_hk: text("banners:field.alt-zh-hk"),
    alt_en: text("banners:field.alt-en"),
    title_zh_hk: text("banners:field.title-zh-hk"),
    title_en: text("banners:field.title-en"),
    link: text("banners:field.link"),
    start_at: text("banners:field.start-at"),
    end_at: text("banners:field.end-at"),
    publish: flag("banners:field.publish"),
    order: count("banners:field.order"),
  },
} satisfies LogLabels;
