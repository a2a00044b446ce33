import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongDateTime, hongKongDateTimeInput } from "#modules/promotion/contract";
import { nullable } from "#contract/field-rules";
import {
  homeBannerFields,
  MAX_BANNER_TEXT_LENGTH,
  refineHomeBanner,
  type HomeBannerRecord,
} from "#modules/home-banner/contract";
import type { LinkTarget } from "#modules/link-target/contract";
import { version } from "#contract/parts";
import { CheckboxInput, type Choice } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { LinkTargetFields, linkTargetFormValues, NO_LINK_VALUES } from "~/components/link-target-fields";
import { TextInputPair } from "~/components/text-input";

export const LIST_URL = "/layout/home-design";

/** Both images go through the upload pipeline (uploaded at once with JS, with the form without). */
export const BANNER_UPLOADS = {
  desktop_image_url: { accept: "image" },
  mobile_image_url: { accept: "image" },
} as const;

/** The contract's slide fields as the form posts them: times typed in Hong Kong. */
const formFields = {
  ...homeBannerFields,
  start_at: nullable(hongKongDateTime()),
  end_at: nullable(hongKongDateTime()),
};
export const bannerFormSchema = z.object(formFields).superRefine(refineHomeBanner);
/** Editing one also posts back the version it was loaded with. */
export const editBannerFormSchema = z.object({ ...formFields, version }).superRefine(refineHomeBanner);

export const NEW_BANNER_VALUES = { ...NO_LINK_VALUES, publish: true };

export function bannerFormValues(banner: HomeBannerRecord) {
  return {
    desktop_image_url: banner.desktop_image_url,
    mobile_image_url: banner.mobile_image_url ?? "",
    alt_zh_hk: banner.alt_zh_hk,
    alt_en: banner.alt_en,
    title_zh_hk: banner.title_zh_hk,
    title_en: banner.title_en,
    ...linkTargetFormValues(banner.link),
    start_at: banner.start_at ? hongKongDateTimeInput(banner.start_at) : "",
    end_at: banner.end_at ? hongKongDateTimeInput(banner.end_at) : "",
    publish: banner.publish,
    version: banner.version,
  };
}

/** A slide's name where one line names it: its title, else its alt text, in the page's language. */
export function bannerName(
  banner: Pick<HomeBannerRecord, "title_zh_hk" | "title_en" | "alt_zh_hk" | "alt_en">,
  locale: string,
) {
  const english = banner.title_en || banner.alt_en;
  return locale === "en" && english ? english : banner.title_zh_hk || banner.alt_zh_hk;
}

/** Every field of a slide, for adding and editing. */
export function BannerFields({
  fields,
  categories,
  customPages,
  saved,
}: {
  fields: FormFields<typeof bannerFormSchema>;
  categories: Choice[];
  customPages: Choice[];
  saved?: LinkTarget | null;
}) {
  const { t } = useTranslation("home-banner");
  return (
    <>
      <FormSection title={t("section.images")}>
        <Text as="p" tone="subdued">
          {t("help.images")}
        </Text>
        <ImageUpload module="layout" fields={[fields.desktop_image_url]} label={t("field.desktop-image")} />
        <ImageUpload module="layout" fields={[fields.mobile_image_url]} label={t("field.mobile-image")} />
      </FormSection>
      <FormSection title={t("section.text")}>
        <FormLayout>
          <TextInputPair
            maxLength={MAX_BANNER_TEXT_LENGTH}
            fields={[
              { field: fields.alt_zh_hk, label: t("field.alt-zh-hk"), helpText: t("help.alt") },
              { field: fields.alt_en, label: t("field.alt-en") },
            ]}
          />
          <TextInputPair
            maxLength={MAX_BANNER_TEXT_LENGTH}
            fields={[
              { field: fields.title_zh_hk, label: t("field.title-zh-hk") },
              { field: fields.title_en, label: t("field.title-en") },
            ]}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.link")}>
        <LinkTargetFields
          fields={fields}
          module="layout"
          categories={categories}
          customPages={customPages}
          saved={saved}
        />
      </FormSection>
      <FormSection title={t("section.schedule")}>
        <FormLayout>
          <TextInputPair
            type="datetime-local"
            helpText={t("help.hong-kong-time")}
            fields={[
              { field: fields.start_at, label: t("field.start-at") },
              { field: fields.end_at, label: t("field.end-at") },
            ]}
          />
          <CheckboxInput field={fields.publish} label={t("field.publish")} helpText={t("help.publish")} />
        </FormLayout>
      </FormSection>
    </>
  );
}
