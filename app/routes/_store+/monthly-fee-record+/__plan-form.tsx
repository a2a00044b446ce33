import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { monthlyFeePlanFields, type MonthlyFeePlanRecord } from "#modules/monthly-fee/contract";
import { version } from "#contract/parts";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInputPair } from "~/components/text-input";

/** The contract's plan fields, the price typed in HK$. */
export const planFormSchema = z.object({ ...monthlyFeePlanFields, price_cents: hkdAsCents() });
/** Editing one also posts back the version it was loaded with. */
export const editPlanFormSchema = planFormSchema.extend({ version });

export const NEW_PLAN_VALUES = { days: "30", active: true };

export function planFormValues(plan: MonthlyFeePlanRecord) {
  return {
    name_zh_hk: plan.name_zh_hk,
    name_en: plan.name_en,
    days: String(plan.days),
    price_cents: centsToDollars(plan.price_cents),
    active: plan.active,
    version: plan.version,
  };
}

/** Every field of a monthly fee plan, for adding and editing. */
export function PlanFields({ fields }: { fields: FormFields<typeof planFormSchema> }) {
  const { t } = useTranslation("monthly-fee");
  return (
    <FormSection title={t("section.plan")}>
      <FormLayout>
        <TextInputPair
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <TextInputPair
          fields={[
            { field: fields.days, label: t("field.days") },
            { field: fields.price_cents, label: t("field.price") },
          ]}
        />
        <CheckboxInput field={fields.active} label={t("field.active")} helpText={t("help.active")} />
      </FormLayout>
    </FormSection>
  );
}
