/** How the logs show the product module's changes: each logged field's label (its form's) and how its value reads. */
import type { productFields } from "#modules/product/contract";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

const PRODUCT_FIELDS: Fields<keyof typeof productFields | "category_id"> = {
  product_code: text("products:field.product-code"),
  name_zh_hk: text("products:field.name-zh-hk"),
  name_en: text("products:field.name-en"),
  description_zh_hk: text("products:field.description-zh-hk"),
  description_en: text("products:field.description-en"),
  price_cents: money("products:field.price"),
  original_price_cents: money("products:field.original-price"),
  discount_price_cents: money("products:field.discount-price"),
  vip_price_cents: money("products:field.vip-price"),
  cost_cents: money("products:field.cost"),
  sku: text("products:field.sku"),
  barcode: text("products:field.barcode"),
  unlimited_inventory: flag("products:field.unlimited-inventory"),
  stock: count("products:field.stock"),
  purchase_limit: count("products:field.purchase-limit"),
  minimum_order_quantity: count("products:field.minimum-order-quantity"),
  heavy: flag("products:field.heavy"),
  bestseller: flag("products:field.bestseller"),
  publish: flag("products:field.publish"),
  seo_title: text("products:field.seo-title"),
  seo_keyword: text("products:field.seo-keyword"),
  seo_description: text("products:field.seo-description"),
  descriptive_url: text("products:field.descriptive-url"),
  images: { label: "products:section.images", kind: "files" },
  category_ids: { label: "products:field.categories", kind: "ids" },
  add_on_product_ids: { label: "products:field.add-ons", kind: "ids" },
  category_id: { label: "products:field.category", kind: "id" },
};

export const productLogLabels = {
  product_data: PRODUCT_FIELDS,
  product_stock: {
    stock: count("products:column.stock"),
    reason: text("products:field.reason"),
  },
} satisfies LogLabels;
