import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  customPageFields,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_KEYWORDS_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  type CustomPageDetail,
} from "#modules/custom-page/contract";
import { DEFAULT_MAX_LENGTH } from "#contract/field-rules";
import { version } from "#contract/parts";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";
import { ContentField } from "./__content-field";

export const LIST_URL = "/layout/custom-page";

/** The share image goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const CUSTOM_PAGE_UPLOADS = { share_image_url: { accept: "image" } } as const;

export const customPageFormSchema = z.object(customPageFields);
/** Editing one also posts back the version it was loaded with. */
export const editCustomPageFormSchema = customPageFormSchema.extend({ version });

export const NEW_CUSTOM_PAGE_VALUES = { publish: false };

export function customPageFormValues(page: CustomPageDetail) {
  return {
    title_zh_hk: page.title_zh_hk,
    title_en: page.title_en,
    link: page.link,
    seo_title: page.seo_title ?? "",
    seo_keywords: page.seo_keywords ?? "",
    seo_description: page.seo_description ?? "",
    share_image_url: page.share_image_url ?? "",
    publish: page.publish,
    content: page.content,
    version: page.version,
  };
}

/** Every field of a custom page, for adding and editing; `oldLinks` are an edited page's former links. */
export function CustomPageFields({
  fields,
  oldLinks = [],
}: {
  fields: FormFields<typeof customPageFormSchema>;
  oldLinks?: string[];
}) {
  const { t } = useTranslation("custom-page");
  const link = typeof fields.link.initialValue === "string" ? fields.link.initialValue : "";
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInputPair
            maxLength={DEFAULT_MAX_LENGTH}
            fields={[
              { field: fields.title_zh_hk, label: t("field.title-zh-hk") },
              { field: fields.title_en, label: t("field.title-en") },
            ]}
          />
          <TextInput
            field={fields.link}
            label={t("field.link")}
            autoComplete="off"
            prefix="/"
            maxLength={DEFAULT_MAX_LENGTH}
            helpText={`${t("help.link", { link: link || "about-us" })} ${t("help.link-moved")}`}
          />
          {oldLinks.length > 0 && (
            <Text as="p" tone="subdued">
              {t("help.old-links")} {oldLinks.map((old) => `/${old}`).join(", ")}
            </Text>
          )}
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.content")}>
        <ContentField field={fields.content} label={t("field.content")} helpText={t("help.content")} />
      </FormSection>
      <FormSection title={t("section.seo")}>
        <FormLayout>
          <TextInput
            field={fields.seo_title}
            label={t("field.seo-title")}
            autoComplete="off"
            maxLength={MAX_SEO_TITLE_LENGTH}
          />
          <TextInput
            field={fields.seo_keywords}
            label={t("field.seo-keywords")}
            autoComplete="off"
            maxLength={MAX_SEO_KEYWORDS_LENGTH}
            helpText={t("help.seo-keywords")}
          />
          <TextInput
            field={fields.seo_description}
            label={t("field.seo-description")}
            autoComplete="off"
            multiline={3}
            maxLength={MAX_SEO_DESCRIPTION_LENGTH}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.share-image")}>
        <Text as="p" tone="subdued">
          {t("help.share-image")}
        </Text>
        <ImageUpload module="layout" fields={[fields.share_image_url]} label={t("field.share-image")} />
      </FormSection>
      <FormSection title={t("section.visibility")}>
        <CheckboxInput field={fields.publish} label={t("field.publish")} helpText={t("help.publish")} />
      </FormSection>
    </>
  );
}
