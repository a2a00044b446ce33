import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { PLAN_TYPES, planFields, type PlanRecord } from "#modules/console/contract";
import { hkdAsCents } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { MODULE_IDS } from "#contract/modules";
import { flag, version } from "#contract/parts";
import { CheckboxGroup, CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/plan-list";

/** The contract's plan fields, the price typed in HK$. */
export const planFormSchema = z.object({ ...planFields, price_cents: hkdAsCents() });
/** Only an existing plan can be disabled; editing one posts back the version it was loaded with. */
export const editPlanFormSchema = planFormSchema.extend({ disabled: flag, version });

export const NEW_PLAN_VALUES = { plan_type: "paid" };

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
    version: plan.version,
  };
}

/** Every field of a plan; `disabled` only when editing one. */
export function PlanFields({
  fields,
  editing,
}: {
  fields: FormFields<typeof planFormSchema> & Partial<FormFields<typeof editPlanFormSchema>>;
  editing: boolean;
}) {
  const { t } = useTranslation(["plans", "common"]);
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
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
      </FormSection>
      <Card>
        <CheckboxGroup
          field={fields.module_list}
          label={t("field.modules")}
          columns={3}
          choices={MODULE_IDS.map((id) => ({ value: id, label: t(`common:module.${id}`) }))}
        />
      </Card>
      <FormSection title={t("section.limits")}>
        <CheckboxInput field={fields.has_cash_dollar} label={t("field.has-cash-dollar")} />
        <CheckboxInput field={fields.has_vip} label={t("field.has-vip")} />
        <CheckboxInput
          field={fields.default_language_and_currency_only}
          label={t("field.default-language-and-currency-only")}
          helpText={t("help.default-language-and-currency-only")}
        />
      </FormSection>
      {editing && fields.disabled && (
        <Card>
          <CheckboxInput field={fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
        </Card>
      )}
    </>
  );
}
