/** How the logs show the product module's changes: each logged field's label (its form's) and how its value reads. */
import type { productFields } from "#modules/product/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

const PRODUCT_FIELDS: Fields<keyof typeof productFields | "category_id" | "options" | "variants"> = {
  product_code: text("product:field.product-code"),
  name_zh_hk: text("product:field.name-zh-hk"),
  name_en: text("product:field.name-en"),
  description_zh_hk: text("product:field.description-zh-hk"),
  description_en: text("product:field.description-en"),
  price_cents: money("product:field.price"),
  original_price_cents: money("product:field.original-price"),
  discount_price_cents: money("product:field.discount-price"),
  vip_price_cents: money("product:field.vip-price"),
  cost_cents: money("product:field.cost"),
  sku: text("product:field.sku"),
  barcode: text("product:field.barcode"),
  unlimited_inventory: flag("product:field.unlimited-inventory"),
  stock: count("product:field.stock"),
  purchase_limit: count("product:field.purchase-limit"),
  minimum_order_quantity: count("product:field.minimum-order-quantity"),
  heavy: flag("product:field.heavy"),
  bestseller: flag("product:field.bestseller"),
  publish: flag("product:field.publish"),
  seo_title: text("product:field.seo-title"),
  seo_keyword: text("product:field.seo-keyword"),
  seo_description: text("product:field.seo-description"),
  descriptive_url: text("product:field.descriptive-url"),
  images: { label: "product:section.images", kind: "files" },
  category_ids: { label: "product:field.categories", kind: "ids" },
  add_on_product_ids: { label: "product:field.add-ons", kind: "ids" },
  gift_card_kind: text("product:field.gift-card-kind"),
  gift_card_min_cents: money("product:field.gift-card-min"),
  gift_card_max_cents: money("product:field.gift-card-max"),
  gift_card_valid_months: count("product:field.gift-card-valid-months"),
  category_id: { label: "product:field.category", kind: "id" },
  options: text("product:variants.options"),
  variants: text("product:variants.table"),
};

export const productLogLabels = {
  product_data: PRODUCT_FIELDS,
  product_stock: {
    variant: text("product:field.variant"),
    stock: count("product:column.stock"),
    reason: text("product:field.reason"),
  },
} satisfies LogLabels;
