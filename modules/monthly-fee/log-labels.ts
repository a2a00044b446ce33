/** How the logs show the monthly-fee module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const monthlyFeeLogLabels = {
  monthly_fee_plan_data: {
    name_zh_hk: text("monthly-fee:field.name-zh-hk"),
    name_en: text("monthly-fee:field.name-en"),
    days: count("monthly-fee:field.days"),
    price_cents: money("monthly-fee:field.price"),
    active: flag("monthly-fee:field.active"),
  },
  monthly_fee_record_data: {
    plan_id: { label: "monthly-fee:field.plan", kind: "id" },
    period_start: text("monthly-fee:field.period-start"),
    period_end: text("monthly-fee:field.period-end"),
    amount_cents: money("monthly-fee:field.amount"),
    status: { label: "monthly-fee:field.status", kind: "monthly-fee:status" },
    renews: flag("monthly-fee:field.renews"),
    payment_method: { label: "monthly-fee:field.payment-method", kind: "stores:payment" },
    paid_at: text("monthly-fee:field.paid-at"),
    note: text("monthly-fee:field.note"),
    pay_link_sent_to: text("common:pay-link.sent-to"),
  },
} satisfies LogLabels;
