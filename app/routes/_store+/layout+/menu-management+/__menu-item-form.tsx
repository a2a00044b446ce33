import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { optional } from "#contract/field-rules";
import type { LinkTarget } from "#modules/link-target/contract";
import { MAX_MENU_LABEL_LENGTH, menuItemFields, type MenuItemRecord } from "#modules/site-menu/contract";
import { id, version } from "#contract/parts";
import { refineLinkTarget } from "#modules/link-target/contract";
import type { Choice } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { LinkTargetFields, linkTargetFormValues, NO_LINK_VALUES } from "~/components/link-target-fields";
import { TextInputPair } from "~/components/text-input";

export const LIST_URL = "/layout/menu-management";

/** A new item posts its parent (blank: the top level) with its fields. */
export const menuItemFormSchema = z
  .object({ ...menuItemFields, parent_id: optional(id) })
  .superRefine(refineLinkTarget);
/** Editing one posts back the item's version it was loaded with. */
export const editMenuItemFormSchema = z.object({ ...menuItemFields, version }).superRefine(refineLinkTarget);

export const newMenuItemValues = (parentId: number | null) => ({
  ...NO_LINK_VALUES,
  link_kind: "url",
  parent_id: parentId === null ? "" : String(parentId),
});

export function menuItemFormValues(item: MenuItemRecord) {
  return {
    label_zh_hk: item.label_zh_hk,
    label_en: item.label_en,
    ...linkTargetFormValues(item.link),
    version: item.version,
  };
}

/** An item's label in the page's language. */
export const itemLabel = (item: Pick<MenuItemRecord, "label_zh_hk" | "label_en">, locale: string) =>
  locale === "en" && item.label_en ? item.label_en : item.label_zh_hk;

/** Every field of a menu item: its label in both languages and where it links (always somewhere). */
export function MenuItemFields({
  fields,
  categories,
  customPages,
  saved,
}: {
  fields: Pick<FormFields<typeof editMenuItemFormSchema>, keyof typeof menuItemFields>;
  categories: Choice[];
  customPages: Choice[];
  saved?: LinkTarget | null;
}) {
  const { t } = useTranslation("site-menu");
  return (
    <FormSection title={t("section.item")}>
      <FormLayout>
        <TextInputPair
          maxLength={MAX_MENU_LABEL_LENGTH}
          fields={[
            { field: fields.label_zh_hk, label: t("field.label-zh-hk") },
            { field: fields.label_en, label: t("field.label-en") },
          ]}
        />
        <LinkTargetFields
          fields={fields}
          module="layout"
          categories={categories}
          customPages={customPages}
          saved={saved}
          optional={false}
        />
      </FormLayout>
    </FormSection>
  );
}
