import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import { centsToDollars } from "#contract/money";
import { DISCOUNT_TYPES, planPromotionCodeForms, type PlanPromotionCodeRecord } from "#modules/plan-order/contract";
import { CheckboxGroup, CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/plan-promotion-list";

export const codeFormSchema = planPromotionCodeForms.add;
/** Editing posts back the version the form was loaded with. */
export const editCodeFormSchema = planPromotionCodeForms.edit;

export const newCodeValues = (today: string) => ({ discount_type: "percentage", valid_from: today, valid_to: today });

export function codeFormValues(code: PlanPromotionCodeRecord) {
  return {
    code: code.code,
    discount_type: code.discount_type,
    percent_off: code.percent_off === null ? "" : String(code.percent_off),
    cash_off_cents: code.cash_off_cents === null ? "" : centsToDollars(code.cash_off_cents),
    valid_from: code.valid_from,
    valid_to: code.valid_to,
    usage_limit: code.usage_limit === null ? "" : String(code.usage_limit),
    plan_ids: code.plan_ids.map(String),
    disabled: code.disabled,
    version: code.version,
  };
}

/** Every field of a plan promotion code; `plans` are the catalogue's plans to tick. */
export function CodeFields({
  fields,
  plans,
}: {
  fields: FormFields<typeof codeFormSchema>;
  plans: { value: string; label: string }[];
}) {
  const { t } = useTranslation(["plan-order", "common"]);
  return (
    <>
      <FormSection title={t("column.code")}>
        <FormLayout>
          <TextInput field={fields.code} label={t("field.code")} autoComplete="off" helpText={t("help.code")} />
          <FormLayout.Group>
            <SelectInput
              field={fields.discount_type}
              label={t("field.discount-type")}
              choices={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`discount-type.${type}`) }))}
            />
            <TextInput field={fields.percent_off} label={t("field.percent-off")} autoComplete="off" />
            <TextInput field={fields.cash_off_cents} label={t("field.cash-off")} autoComplete="off" />
          </FormLayout.Group>
          <TextInputPair
            type="date"
            fields={[
              { field: fields.valid_from, label: t("field.valid-from") },
              { field: fields.valid_to, label: t("field.valid-to") },
            ]}
          />
          <TextInput
            field={fields.usage_limit}
            label={t("field.usage-limit")}
            autoComplete="off"
            helpText={t("help.usage-limit")}
          />
          <CheckboxInput field={fields.disabled} label={t("common:form.disabled")} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("field.plans")}>
        <CheckboxGroup
          field={fields.plan_ids}
          label={`${t("field.plans")} (${t("help.plans")})`}
          columns={2}
          choices={plans}
        />
      </FormSection>
    </>
  );
}
