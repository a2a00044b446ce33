/** How the logs show the promotion module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const promotionLogLabels = {
  coupon_data: {
    title_zh_hk: text("coupons:field.title-zh-hk"),
    title_en: text("coupons:field.title-en"),
    code: text("coupons:field.code"),
    description: text("coupons:field.description"),
    image_url: { label: "coupons:field.image", kind: "files" },
    usage: { label: "coupons:field.usage", kind: "coupons:usage" },
    audience: { label: "coupons:field.audience", kind: "coupons:audience" },
    members: text("coupons:field.members"),
    discount_type: { label: "coupons:field.discount-type", kind: "plan-orders:discount-type" },
    percent_off: count("coupons:field.percent-off"),
    cash_off_cents: money("coupons:field.cash-off"),
    starts_at: text("coupons:field.starts-at"),
    expires_at: text("coupons:field.expires-at"),
    minimum_subtotal_cents: money("coupons:field.minimum-subtotal"),
    usage_limit: count("coupons:field.usage-limit"),
    disabled: flag("common:form.disabled"),
  },
} satisfies LogLabels;
