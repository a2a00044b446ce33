/** How the logs show the console module's changes: each logged field's label (its form's) and how its value reads. */
import type { PlanRecord } from "#contract/actions";
import { count, flag, money, text, type Fields, type LogLabels } from "~/server/log-labels";

export const consoleLogLabels = {
  plan_data: {
    name_zh_hk: text("plans:field.name-zh-hk"),
    name_en: text("plans:field.name-en"),
    plan_type: { label: "plans:field.plan-type", kind: "plans:plan-type" },
    price_cents: money("plans:field.price"),
    period_days: count("plans:field.period-days"),
    module_list: { label: "plans:field.modules", kind: "common:module" },
    has_cash_dollar: flag("plans:field.has-cash-dollar"),
    has_vip: flag("plans:field.has-vip"),
    default_language_and_currency_only: flag("plans:field.default-language-and-currency-only"),
    disabled: flag("plans:field.disabled"),
  } satisfies Fields<Exclude<keyof PlanRecord, "id" | "data_type" | "version">>,
  purchased_plan_data: {
    plan_id: { label: "stores:field.plan", kind: "id" },
    plan_type: { label: "plans:field.plan-type", kind: "plans:plan-type" },
    store_payment_id: text("stores:field.store-payment-id"),
    start_date: text("stores:field.start-date"),
    expiry_date: text("stores:field.expiry-date"),
    module_list: { label: "plans:field.modules", kind: "common:module" },
    disabled: flag("common:form.disabled"),
    price_before_cents: money("plan-order:field.price-before"),
    price_cents: money("plan-order:field.amount"),
    promotion_code: text("plan-order:field.promotion-code"),
  },
  internal_account_data: {
    email: text("provider-staff:field.email"),
    name: text("provider-staff:field.name"),
    password: text("provider-staff:field.password"),
    disabled: flag("provider-staff:field.disabled"),
  },
} satisfies LogLabels;
