import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { creditPackageFields, type CourseTypeChoice, type CreditPackageRecord } from "#modules/course-setup/contract";
import { hkdAsCents } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { centsToDollars } from "#contract/money";
import { CREDIT_VALIDITY_STARTS } from "#contract/options";
import { version } from "#contract/parts";
import { CheckboxGroup, CheckboxInput, SelectInput, type Choice } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/yoga/yoga-credit";

/** The contract's package fields, the price typed in HK$. */
export const packageFormSchema = z.object({ ...creditPackageFields, price_cents: hkdAsCents() });
/** Editing one also posts back the version it was loaded with. */
export const editPackageFormSchema = packageFormSchema.extend({ version });

export const NEW_PACKAGE_VALUES = { validity_starts: "purchase", on_sale: true };

export function packageFormValues(creditPackage: CreditPackageRecord & { course_type_ids: number[] }) {
  return {
    name_zh_hk: creditPackage.name_zh_hk,
    name_en: creditPackage.name_en,
    credits: String(creditPackage.credits),
    price_cents: centsToDollars(creditPackage.price_cents),
    validity_days: String(creditPackage.validity_days),
    validity_starts: creditPackage.validity_starts,
    course_type_ids: creditPackage.course_type_ids.map(String),
    on_sale: creditPackage.on_sale,
    version: creditPackage.version,
  };
}

/** The store's course types as the package form's tick boxes, in the reader's language. */
export function courseTypeChoices(types: CourseTypeChoice[], locale: string): Choice[] {
  return types.map((type) => ({ value: String(type.id), label: localizedName(type, locale, "name") }));
}

/** Every field of a credit package, for adding and editing. */
export function PackageFields({
  fields,
  courseTypes,
}: {
  fields: FormFields<typeof packageFormSchema>;
  courseTypes: Choice[];
}) {
  const { t } = useTranslation("course-setup");
  return (
    <>
      <FormSection title={t("section.package")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInputPair
            fields={[
              { field: fields.credits, label: t("field.credits") },
              { field: fields.price_cents, label: t("field.price"), helpText: t("help.price") },
            ]}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.validity")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput field={fields.validity_days} label={t("field.validity-days")} autoComplete="off" />
            <SelectInput
              field={fields.validity_starts}
              label={t("field.validity-starts")}
              choices={CREDIT_VALIDITY_STARTS.map((start) => ({ value: start, label: t(`validity-starts.${start}`) }))}
            />
          </FormLayout.Group>
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.pays-for")}>
        <BlockStack gap="200">
          <CheckboxGroup field={fields.course_type_ids} label={t("field.course-types")} choices={courseTypes} />
          {courseTypes.length === 0 && (
            <Text as="p" tone="subdued">
              {t("no-course-types-to-choose")}
            </Text>
          )}
        </BlockStack>
      </FormSection>
      <FormSection>
        <CheckboxInput field={fields.on_sale} label={t("field.on-sale")} helpText={t("help.on-sale")} />
      </FormSection>
    </>
  );
}
