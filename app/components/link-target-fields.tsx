import { useFetcher } from "@remix-run/react";
import { Autocomplete } from "@shopify/polaris/build/esm/components/Autocomplete/Autocomplete.js";
import { Badge } from "@shopify/polaris/build/esm/components/Badge/Badge.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LINK_KINDS, type LinkingModule, type LinkTarget, type LinkTargetResults } from "#modules/link-target/contract";
import { localizedName } from "#contract/localized";
import { BLOCKS_ENTER } from "~/utils/block-enter";
import { useTypedValue } from "~/utils/hydration";
import { translateErrors } from "~/utils/messages";
import { SelectInput, type Choice } from "./choice-inputs";
import type { FieldLike } from "./field";
import { initialText, TextInput } from "./text-input";
import { useHydrated } from "~/utils/use-hydrated";

export interface LinkTargetFieldSet {
  link_kind: FieldLike;
  link_product_code: FieldLike;
  link_category_id: FieldLike;
  link_custom_page_id: FieldLike;
  link_url: FieldLike;
}

/** The form values of a saved link (modules/link-target/contract.ts), or of none. */
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

type ProductChoices = LinkTargetResults["get_link_target_product_data_list_by_application_key"];

/** How long typing pauses before the products are searched: one search per word, not per key. */
const SEARCH_AFTER_MS = 250;

/**
 * A product link's code. Without JS a text field for the code (the server refuses an unknown one beside
 * it); with JS the same field searches the store's products by name or code as the merchant types
 * (`/link-target-products`, with the form's module) and takes the code of the one chosen from the list.
 */
function ProductCodeField({
  field,
  module,
  savedName,
}: {
  field: FieldLike;
  module: LinkingModule;
  savedName: string | undefined;
}) {
  const { t, i18n } = useTranslation("common");
  const search = useFetcher<ProductChoices>();
  const [value, setValue] = useTypedValue(initialText(field), field.id);
  const [chosenName, setChosenName] = useState(savedName);
  const [typed, setTyped] = useState<string | null>(null);
  const hydrated = useHydrated();
  const { load } = search;
  useEffect(() => {
    if (typed === null) return;
    const timer = setTimeout(
      () => load(`/link-target-products?${new URLSearchParams({ module, q: typed })}`),
      SEARCH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, module, load]);

  const products = search.data?.products ?? [];
  const nameOf = (product: ProductChoices["products"][number]) => localizedName(product, i18n.language, "name");
  const options = products.map((product) => ({
    value: product.product_code,
    label: `${nameOf(product)} (${product.product_code})`,
  }));
  const choose = ([code]: string[]) => {
    const product = products.find((choice) => choice.product_code === code);
    if (!product) return;
    setValue(product.product_code);
    setChosenName(nameOf(product));
  };
  return (
    <div {...{ [BLOCKS_ENTER]: "" }}>
      <Autocomplete
        options={options}
        selected={options.some((option) => option.value === value) ? [value] : []}
        onSelect={choose}
        loading={search.state === "loading"}
        emptyState={
          typed !== null && search.data ? (
            <Text as="p" tone="subdued">
              {t("link-target.no-products")}
            </Text>
          ) : undefined
        }
        textField={
          <Autocomplete.TextField
            id={field.id}
            name={field.name}
            label={t("link-target.product")}
            value={value}
            onChange={(text) => {
              setValue(text);
              setTyped(text.trim());
              setChosenName(undefined);
            }}
            onBlur={() => setValue((current) => current.trim())}
            autoComplete="off"
            helpText={chosenName ?? t(hydrated ? "link-target.product-search-help" : "link-target.product-help")}
            error={translateErrors(t, field.errors)}
          />
        }
      />
    </div>
  );
}

/**
 * Where a banner, menu item or push takes the visitor: a kind, then that kind's field. Every field is
 * in the page; CSS shows the chosen kind's alone (`.link-target` in app.css), so it works without JS.
 * A saved link whose target was deleted says so. `module` is the form's (its write permission lets the
 * product field search the store's products).
 */
export function LinkTargetFields({
  fields,
  module,
  categories,
  customPages,
  saved,
  optional = true,
}: {
  fields: LinkTargetFieldSet;
  module: LinkingModule;
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
          <ProductCodeField field={fields.link_product_code} module={module} savedName={savedName} />
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
