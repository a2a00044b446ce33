/** How the logs show the promotion module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const promotionLogLabels = {
  coupon_data: {
    title_zh_hk: text("promotion:field.title-zh-hk"),
    title_en: text("promotion:field.title-en"),
    code: text("promotion:field.code"),
    description: text("promotion:field.description"),
    image_url: { label: "promotion:field.image", kind: "files" },
    usage: { label: "promotion:field.usage", kind: "promotion:usage" },
    audience: { label: "promotion:field.audience", kind: "promotion:audience" },
    members: text("promotion:field.members"),
    discount_type: { label: "promotion:field.discount-type", kind: "plan-order:discount-type" },
    percent_off: count("promotion:field.percent-off"),
    cash_off_cents: money("promotion:field.cash-off"),
    starts_at: text("promotion:field.starts-at"),
    expires_at: text("promotion:field.expires-at"),
    minimum_subtotal_cents: money("promotion:field.minimum-subtotal"),
    usage_limit: count("promotion:field.usage-limit"),
    disabled: flag("common:form.disabled"),
  },
} satisfies LogLabels;
