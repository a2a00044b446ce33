/** How the logs show the plan-order module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const planOrderLogLabels = {
  plan_promotion_code_data: {
    code: text("plan-orders:field.code"),
    discount_type: { label: "plan-orders:field.discount-type", kind: "plan-orders:discount-type" },
    percent_off: count("plan-orders:field.percent-off"),
    cash_off_cents: money("plan-orders:field.cash-off"),
    valid_from: text("plan-orders:field.valid-from"),
    valid_to: text("plan-orders:field.valid-to"),
    usage_limit: count("plan-orders:field.usage-limit"),
    plan_ids: { label: "plan-orders:field.plans", kind: "ids" },
    disabled: flag("common:form.disabled"),
  },
} satisfies LogLabels;
