import { type SubmissionResult } from "@conform-to/react";
import { BlockStack, Card, FormLayout, Page } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { payloads } from "../../contract/actions";
import type { CategoryRecord } from "../../contract/categories";
import { CheckboxInput } from "~/components/choice-inputs";
import { ImageUpload } from "~/components/image-upload";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";

export const categorySchema = payloads.add_category_data.omit({ application_key: true });

/** The form's file fields, for replaceFilesWithUploads. */
export const CATEGORY_UPLOADS = { image_url: { accept: "image" } } as const;

export function categoryFormValues(category: CategoryRecord) {
  return {
    name_zh_hk: category.name_zh_hk,
    name_en: category.name_en,
    image_url: category.image_url ?? "",
    sort_order: String(category.sort_order),
    publish: category.publish,
  };
}

/**
 * The category page for adding and editing. Without write permission its fields show disabled
 * and nothing posts.
 */
export function CategoryForm({
  title,
  lastResult,
  defaultValue,
  readOnly = false,
  notice,
  footer,
}: {
  title: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, unknown>;
  readOnly?: boolean;
  /** Shown above the form (a confirmation, a read-only note). */
  notice?: ReactNode;
  /** Shown below the form (e.g. the delete link). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation("categories");
  const [form, fields] = useZodForm(categorySchema, lastResult, defaultValue);
  const details = (
    <Card>
      <FormLayout>
        <FormLayout.Group>
          <TextInput field={fields.name_zh_hk} label={t("field.name-zh-hk")} autoComplete="off" />
          <TextInput field={fields.name_en} label={t("field.name-en")} autoComplete="off" />
        </FormLayout.Group>
        <ImageUpload field={fields.image_url} label={t("field.image")} />
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
  return (
    <Page title={title} backAction={{ content: t("common:shell.back"), url: "/product/category" }}>
      <BlockStack gap="400">
        {notice}
        {readOnly ? (
          <fieldset disabled className="read-only-fields">
            {details}
          </fieldset>
        ) : (
          <SaveForm form={form} encType="multipart/form-data">
            {details}
          </SaveForm>
        )}
        {footer}
      </BlockStack>
    </Page>
  );
}
