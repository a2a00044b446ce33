import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import { payloads } from "#contract/actions";
import type { CategoryRecord } from "#modules/category/contract";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/product/category";

export const categoryFormSchema = payloads.add_category_data.omit({ application_key: true });
/** Editing one also posts back the version it was loaded with. */
export const editCategoryFormSchema = payloads.update_category_data_by_application_key_and_id.omit({
  application_key: true,
  id: true,
});

/** The form's file fields, for replaceFilesWithUploads. */
export const CATEGORY_UPLOADS = { image_url: { accept: "image" } } as const;

export const NEW_CATEGORY_VALUES = { sort_order: "0" };

export function categoryFormValues(category: CategoryRecord) {
  return {
    name_zh_hk: category.name_zh_hk,
    name_en: category.name_en,
    image_url: category.image_url ?? "",
    sort_order: String(category.sort_order),
    publish: category.publish,
    version: category.version,
  };
}

/** Every field of a category, for adding and editing. */
export function CategoryFields({ fields }: { fields: FormFields<typeof categoryFormSchema> }) {
  const { t } = useTranslation("category");
  return (
    <Card>
      <FormLayout>
        <TextInputPair
          fields={[
            { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
            { field: fields.name_en, label: t("field.name-en") },
          ]}
        />
        <ImageUpload module="category" fields={[fields.image_url]} label={t("field.image")} />
        <TextInput
          field={fields.sort_order}
          label={t("field.sort-order")}
          autoComplete="off"
          helpText={t("help.sort-order")}
        />
        <CheckboxInput field={fields.publish} label={t("field.publish")} helpText={t("help.publish")} />
      </FormLayout>
    </Card>
  );
}
