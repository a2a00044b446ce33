/** How the logs show the site-menu module's changes: each logged field's label (its form's) and how its value reads. */
import { count, text, type LogLabels } from "~/server/log-labels";

export const siteMenuLogLabels = {
  menu_item_data: {
    label_zh_hk: text("site-menu:field.label-zh-hk"),
    label_en: text("site-menu:field.label-en"),
    link: text("site-menu:field.link"),
    place: text("site-menu:field.place"),
    items_under: count("site-menu:field.items-under"),
  },
} satisfies LogLabels;
