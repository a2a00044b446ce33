import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { providerFields, type AppointmentChoices, type ProviderRecord } from "#modules/appointment-setup/contract";
import { version } from "#contract/parts";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInputPair } from "~/components/text-input";

export const providerFormSchema = z.object(providerFields);
/** Editing one also posts back the version it was loaded with. */
export const editProviderFormSchema = providerFormSchema.extend({ version });

export const NEW_PROVIDER_VALUES = { active: true };

export function providerFormValues(provider: ProviderRecord) {
  return {
    name_zh_hk: provider.name_zh_hk,
    name_en: provider.name_en,
    staff_id: provider.staff_id === null ? "" : String(provider.staff_id),
    active: provider.active,
    version: provider.version,
  };
}

/** Every field of a provider: names, the staff account it is (or none) and whether it takes bookings. */
export function ProviderFields({
  fields,
  staff,
}: {
  fields: FormFields<typeof providerFormSchema>;
  staff: AppointmentChoices["staff"];
}) {
  const { t } = useTranslation("appointment-setup");
  return (
    <FormSection title={t("section.provider")}>
      <FormLayout>
        <TextInputPair
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <SelectInput
          field={fields.staff_id}
          label={t("field.staff")}
          helpText={t("help.staff")}
          choices={[
            { value: "", label: t("no-staff") },
            ...staff.map((account) => ({ value: String(account.id), label: account.name })),
          ]}
        />
        <CheckboxInput field={fields.active} label={t("field.active")} helpText={t("help.active")} />
      </FormLayout>
    </FormSection>
  );
}
