/** How the logs show the category module's changes: each logged field's label (its form's) and how its value reads. */
import type { CategoryRecord } from "#modules/category/contract";
import { count, flag, text, type Fields, type LogLabels } from "~/server/log-labels";

export const categoryLogLabels = {
  category_data: {
    name_zh_hk: text("category:field.name-zh-hk"),
    name_en: text("category:field.name-en"),
    image_url: { label: "category:field.image", kind: "files" },
    sort_order: count("category:field.sort-order"),
    publish: flag("category:field.publish"),
  } satisfies Fields<
    Exclude<keyof CategoryRecord, "id" | "data_type" | "application_key" | "product_count" | "create_date" | "version">
  >,
} satisfies LogLabels;
