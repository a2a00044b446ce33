import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { courseTypeFields, type CourseTypeRecord } from "#modules/course-setup/contract";
import { version } from "#contract/parts";
import type { FieldLike, FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";
import { translateErrors } from "~/utils/messages";

export const LIST_URL = "/yoga/yoga-course/course-type";

export const courseTypeFormSchema = z.object(courseTypeFields);
/** Editing one also posts back the version it was loaded with. */
export const editCourseTypeFormSchema = courseTypeFormSchema.extend({ version });

export const NEW_COURSE_TYPE_VALUES = { colour: "#2e7d32" };

export function courseTypeFormValues(courseType: CourseTypeRecord) {
  return {
    name_zh_hk: courseType.name_zh_hk,
    name_en: courseType.name_en,
    colour: courseType.colour,
    description: courseType.description,
    version: courseType.version,
  };
}

/** The browser's own colour picker, which posts #rrggbb with or without JavaScript. */
function ColourInput({ field, label, helpText }: { field: FieldLike; label: string; helpText: string }) {
  const { t } = useTranslation();
  const error = translateErrors(t, field.errors);
  return (
    <BlockStack gap="100">
      <label htmlFor={field.id}>
        <Text as="span" variant="bodyMd">
          {label}
        </Text>
      </label>
      <input
        type="color"
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-describedby={`${field.id}-help`}
        aria-invalid={error ? true : undefined}
        className="colour-input"
      />
      <div id={`${field.id}-help`}>
        <Text as="span" tone="subdued">
          {helpText}
        </Text>
      </div>
      {error && <InlineError message={error} fieldID={field.id} />}
    </BlockStack>
  );
}

/** Every field of a course type, for adding and editing. */
export function CourseTypeFields({ fields }: { fields: FormFields<typeof courseTypeFormSchema> }) {
  const { t } = useTranslation("course-setup");
  return (
    <FormSection title={t("section.course-type")}>
      <FormLayout>
        <TextInputPair
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <ColourInput field={fields.colour} label={t("field.colour")} helpText={t("help.colour")} />
        <TextInput field={fields.description} label={t("field.description")} autoComplete="off" multiline={3} />
      </FormLayout>
    </FormSection>
  );
}
