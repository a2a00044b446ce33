import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { appointmentCategoryFields, type AppointmentCategoryRecord } from "#modules/appointment-setup/contract";
import type { AppointmentVariant } from "#contract/appointments";
import { APPOINTMENT_STATUSES } from "#contract/options";
import { version } from "#contract/parts";
import { SelectInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";
import { IMAGE_MODULES } from "./__setup";

/** The image goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const CATEGORY_UPLOADS = { image_url: { accept: "image" } } as const;

export const categoryFormSchema = z.object(appointmentCategoryFields);
export const editCategoryFormSchema = categoryFormSchema.extend({ version });

export const NEW_CATEGORY_VALUES = { status: "accept" };

export function categoryFormValues(category: AppointmentCategoryRecord) {
  return {
    name_zh_hk: category.name_zh_hk,
    name_en: category.name_en,
    image_url: category.image_url ?? "",
    description: category.description,
    status: category.status,
    version: category.version,
  };
}

export function CategoryFields({
  fields,
  variant,
}: {
  fields: FormFields<typeof categoryFormSchema>;
  variant: AppointmentVariant;
}) {
  const { t } = useTranslation("appointment-setup");
  return (
    <>
      <FormSection title={t("section.category")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInput field={fields.description} label={t("field.description")} autoComplete="off" multiline={4} />
          <SelectInput
            field={fields.status}
            label={t("field.status")}
            helpText={t("help.status-category")}
            choices={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </FormLayout>
        <ImageUpload module={IMAGE_MODULES[variant]} fields={[fields.image_url]} label={t("field.image")} />
      </FormSection>
    </>
  );
}
