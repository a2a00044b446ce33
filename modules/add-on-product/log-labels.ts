/** How the logs show the add-on-product module's changes: each logged field's label (its form's) and how its value reads. */
import type { AddOnProductRecord } from "#modules/add-on-product/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

export const addOnProductLogLabels = {
  add_on_product_data: {
    name_zh_hk: text("addons:field.name-zh-hk"),
    name_en: text("addons:field.name-en"),
    price_cents: money("addons:field.price"),
    unlimited_inventory: flag("addons:field.unlimited-inventory"),
    stock: count("addons:field.stock"),
    image_url: { label: "addons:field.image", kind: "files" },
    barcode: text("addons:field.barcode"),
    publish: flag("addons:field.publish"),
  } satisfies Fields<Exclude<keyof AddOnProductRecord, "id" | "create_date" | "version">>,
} satisfies LogLabels;
