/** How the logs show the home-banner module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, text, type LogLabels } from "~/server/log-labels";

export const homeBannerLogLabels = {
  home_banner_data: {
    desktop_image_url: { label: "home-banner:field.desktop-image", kind: "files" },
    mobile_image_url: { label: "home-banner:field.mobile-image", kind: "files" },
    alt_zh_hk: text("home-banner:field.alt-zh-hk"),
    alt_en: text("home-banner:field.alt-en"),
    title_zh_hk: text("home-banner:field.title-zh-hk"),
    title_en: text("home-banner:field.title-en"),
    link: text("home-banner:field.link"),
    start_at: text("home-banner:field.start-at"),
    end_at: text("home-banner:field.end-at"),
    publish: flag("home-banner:field.publish"),
    order: count("home-banner:field.order"),
  },
} satisfies LogLabels;
