/** How the logs show the monthly-fee module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const monthlyFeeLogLabels = {
  monthly_fee_plan_data: {
    name_zh_hk: text("monthly-fees:field.name-zh-hk"),
    name_en: text("monthly-fees:field.name-en"),
    days: count("monthly-fees:field.days"),
    price_cents: money("monthly-fees:field.price"),
    active: flag("monthly-fees:field.active"),
  },
  monthly_fee_record_data: {
    plan_id: { label: "monthly-fees:field.plan", kind: "id" },
    period_start: text("monthly-fees:field.period-start"),
    period_end: text("monthly-fees:field.period-end"),
    amount_cents: money("monthly-fees:field.amount"),
    status: { label: "monthly-fees:field.status", kind: "monthly-fees:status" },
    renews: flag("monthly-fees:field.renews"),
    payment_method: { label: "monthly-fees:field.payment-method", kind: "stores:payment" },
    paid_at: text("monthly-fees:field.paid-at"),
    note: text("monthly-fees:field.note"),
  },
} satisfies LogLabels;
