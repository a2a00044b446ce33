/** How the logs show the plan-order module's changes: each logged field's label (its form's) and how its value reads. */
import { count, flag, money, text, type LogLabels } from "~/server/log-labels";

export const planOrderLogLabels = {
  plan_promotion_code_data: {
    code: text("plan-order:field.code"),
    discount_type: { label: "plan-order:field.discount-type", kind: "plan-order:discount-type" },
    percent_off: count("plan-order:field.percent-off"),
    cash_off_cents: money("plan-order:field.cash-off"),
    valid_from: text("plan-order:field.valid-from"),
    valid_to: text("plan-order:field.valid-to"),
    usage_limit: count("plan-order:field.usage-limit"),
    plan_ids: { label: "plan-order:field.plans", kind: "ids" },
    disabled: flag("common:form.disabled"),
  },
} satisfies LogLabels;
