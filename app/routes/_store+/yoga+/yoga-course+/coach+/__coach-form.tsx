import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { coachFields, type CoachRecord } from "#modules/course-setup/contract";
import { version } from "#contract/parts";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/yoga/yoga-course/coach";

/** The photo goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const COACH_UPLOADS = { photo_url: { accept: "image" } } as const;

export const coachFormSchema = z.object(coachFields);
/** Editing one also posts back the version it was loaded with. */
export const editCoachFormSchema = coachFormSchema.extend({ version });

export const NEW_COACH_VALUES = { active: true };

export function coachFormValues(coach: CoachRecord) {
  return {
    name_zh_hk: coach.name_zh_hk,
    name_en: coach.name_en,
    photo_url: coach.photo_url ?? "",
    bio: coach.bio,
    active: coach.active,
    version: coach.version,
  };
}

/** Every field of a coach, for adding and editing. */
export function CoachFields({ fields }: { fields: FormFields<typeof coachFormSchema> }) {
  const { t } = useTranslation("course-setup");
  return (
    <>
      <FormSection title={t("section.coach")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInput field={fields.bio} label={t("field.bio")} autoComplete="off" multiline={4} />
          <CheckboxInput field={fields.active} label={t("field.active")} helpText={t("help.active")} />
        </FormLayout>
        <ImageUpload module="yoga_course" fields={[fields.photo_url]} label={t("field.photo")} />
      </FormSection>
    </>
  );
}
