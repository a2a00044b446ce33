import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { LINK_KINDS, type LinkTarget } from "#contract/link-target";
import { localizedName } from "#contract/localized";
import { SelectInput, type Choice } from "./choice-inputs";
import type { FieldLike } from "./field";
import { TextInput } from "./text-input";

export interface LinkTargetFieldSet {
  link_kind: FieldLike;
  link_product_code: FieldLike;
  link_category_id: FieldLike;
  link_custom_page_id: FieldLike;
  link_url: FieldLike;
}

/** The form values of a saved link (contract/link-target.ts), or of none. */
export function linkTargetFormValues(link: LinkTarget | null) {
  return {
    link_kind: link?.kind ?? "",
    link_product_code: link?.product_code ?? "",
    link_category_id: link?.category_id ? String(link.category_id) : "",
    link_custom_page_id: link?.custom_page_id ? String(link.custom_page_id) : "",
    link_url: link?.url ?? "",
  };
}

export const NO_LINK_VALUES = linkTargetFormValues(null);

/**
 * Where a banner, menu item or push takes the visitor: a kind, then that kind's field. Every field is
 * in the page; CSS shows the chosen kind's alone (`.link-target` in app.css), so it works without JS.
 * A saved link whose target was deleted says so.
 */
export function LinkTargetFields({
  fields,
  categories,
  customPages,
  saved,
  optional = true,
}: {
  fields: LinkTargetFieldSet;
  categories: Choice[];
  customPages: Choice[];
  saved?: LinkTarget | null;
  optional?: boolean;
}) {
  const { t, i18n } = useTranslation("common");
  const kinds: Choice[] = [
    ...(optional ? [{ value: "", label: t("link-target.kind.none") }] : []),
    ...LINK_KINDS.map((kind) => ({ value: kind, label: t(`link-target.kind.${kind}`) })),
  ];
  const savedName =
    saved && !saved.broken && saved.kind === "product"
      ? localizedName({ name_zh_hk: saved.name_zh_hk ?? "", name_en: saved.name_en ?? "" }, i18n.language, "name")
      : undefined;
  return (
    <div className="link-target">
      <BlockStack gap="300">
        <SelectInput field={fields.link_kind} label={t("link-target.kind.label")} choices={kinds} />
        {saved?.broken && (
          <Text as="p">
            <Badge tone="critical">{t("link-target.broken")}</Badge> {t("link-target.broken-help")}
          </Text>
        )}
        <div className="link-target-field" data-kind="product">
          <TextInput
            field={fields.link_product_code}
            label={t("link-target.product")}
            autoComplete="off"
            helpText={savedName ?? t("link-target.product-help")}
          />
        </div>
        <div className="link-target-field" data-kind="category">
          <SelectInput
            field={fields.link_category_id}
            label={t("link-target.category")}
            choices={[{ value: "", label: t("link-target.choose") }, ...categories]}
          />
        </div>
        <div className="link-target-field" data-kind="custom_page">
          <SelectInput
            field={fields.link_custom_page_id}
            label={t("link-target.custom-page")}
            choices={[{ value: "", label: t("link-target.choose") }, ...customPages]}
          />
        </div>
        <div className="link-target-field" data-kind="url">
          <TextInput
            field={fields.link_url}
            label={t("link-target.url")}
            type="url"
            autoComplete="off"
            helpText={t("link-target.url-help")}
          />
        </div>
      </BlockStack>
    </div>
  );
}
