import { type SubmissionResult } from "@conform-to/react";
import { BlockStack, Card, FormLayout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import type { PlanRecord } from "#contract/actions";
import { integer, minimumNumber, text } from "#contract/field-rules";
import { MODULE_IDS } from "#contract/modules";
import { CheckboxGroup, CheckboxInput, SelectInput } from "~/components/choice-inputs";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { centsToDollars, hkdAsCents } from "#contract/money";

const PLAN_TYPES = ["trial", "paid"] as const satisfies readonly PlanRecord["plan_type"][];
// The backend's bounds (price_cents up to 100,000,000; period_days 1-3660). There is no "maximum"
// message key, so going over one is "format-not-match", as for percentage discounts.
const MAX_PERIOD_DAYS = 3660;
const atMost = (bound: number) => z.refine<number>((value) => value <= bound, { error: "format-not-match" });

export const planSchema = z.object({
  name_zh_hk: text(),
  name_en: text(),
  plan_type: z.enum(PLAN_TYPES, { error: "force-input" }),
  price_cents: hkdAsCents(),
  period_days: integer().check(minimumNumber(0), atMost(MAX_PERIOD_DAYS)),
  module_list: z.array(z.enum(MODULE_IDS)).default([]),
  has_cash_dollar: z.boolean().default(false),
  has_vip: z.boolean().default(false),
  default_language_and_currency_only: z.boolean().default(false),
});

export const editPlanSchema = planSchema.extend({ disabled: z.boolean().default(false) });

export function planFormValues(plan: PlanRecord) {
  return {
    name_zh_hk: plan.name_zh_hk,
    name_en: plan.name_en,
    plan_type: plan.plan_type,
    price_cents: centsToDollars(plan.price_cents),
    period_days: String(plan.period_days),
    module_list: plan.module_list,
    has_cash_dollar: plan.has_cash_dollar,
    has_vip: plan.has_vip,
    default_language_and_currency_only: plan.default_language_and_currency_only,
    disabled: plan.disabled,
  };
}

/** The plan page for adding and editing; only an existing plan can be disabled. */
export function PlanForm({
  title,
  lastResult,
  defaultValue,
  editing = false,
}: {
  title: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, unknown>;
  editing?: boolean;
}) {
  const { t } = useTranslation(["plans", "common"]);
  // Both pages validate with the edit schema: on the add page `disabled` is never posted, so it stays false.
  const [form, fields] = useZodForm(editPlanSchema, lastResult, defaultValue);
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/plan-list" }}>
      <SaveForm form={form}>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("section.details")}
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <TextInput field={fields.name_zh_hk} label={t("field.name-zh-hk")} autoComplete="off" />
                <TextInput field={fields.name_en} label={t("field.name-en")} autoComplete="off" />
              </FormLayout.Group>
              <FormLayout.Group>
                <SelectInput
                  field={fields.plan_type}
                  label={t("field.plan-type")}
                  choices={PLAN_TYPES.map((type) => ({ value: type, label: t(`plan-type.${type}`) }))}
                />
                <TextInput
                  field={fields.price_cents}
                  label={t("field.price")}
                  autoComplete="off"
                  helpText={t("help.price")}
                />
                <TextInput field={fields.period_days} label={t("field.period-days")} autoComplete="off" />
              </FormLayout.Group>
            </FormLayout>
          </BlockStack>
        </Card>
        <Card>
          <CheckboxGroup
            field={fields.module_list}
            label={t("field.modules")}
            columns={3}
            choices={MODULE_IDS.map((id) => ({ value: id, label: t(`common:module.${id}`) }))}
          />
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("section.limits")}
            </Text>
            <CheckboxInput field={fields.has_cash_dollar} label={t("field.has-cash-dollar")} />
            <CheckboxInput field={fields.has_vip} label={t("field.has-vip")} />
            <CheckboxInput
              field={fields.default_language_and_currency_only}
              label={t("field.default-language-and-currency-only")}
              helpText={t("help.default-language-and-currency-only")}
            />
          </BlockStack>
        </Card>
        {editing && (
          <Card>
            <CheckboxInput field={fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
          </Card>
        )}
      </SaveForm>
    </Page>
  );
}
