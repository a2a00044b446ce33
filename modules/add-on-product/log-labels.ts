/** How the logs show the add-on-product module's changes: each logged field's label (its form's) and how its value reads. */
import type { AddOnProductRecord } from "#modules/add-on-product/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

export const addOnProductLogLabels = {
  add_on_product_data: {
    name_zh_hk: text("add-on-product:field.name-zh-hk"),
    name_en: text("add-on-product:field.name-en"),
    price_cents: money("add-on-product:field.price"),
    unlimited_inventory: flag("add-on-product:field.unlimited-inventory"),
    stock: count("add-on-product:field.stock"),
    image_url: { label: "add-on-product:field.image", kind: "files" },
    barcode: text("add-on-product:field.barcode"),
    publish: flag("add-on-product:field.publish"),
  } satisfies Fields<Exclude<keyof AddOnProductRecord, "id" | "create_date" | "version">>,
} satisfies LogLabels;
