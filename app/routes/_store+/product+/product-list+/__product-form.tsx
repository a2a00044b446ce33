import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Layout } from "@shopify/polaris/build/esm/components/Layout/Layout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, optional } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { version } from "#contract/parts";
import { giftCardAmountAsCents } from "#modules/gift-card/contract";
import { GIFT_CARD_PRODUCT_KINDS } from "#modules/gift-card/options";
import { productFields, refineGiftCardRange, type ProductDetail } from "#modules/product/contract";
import { CheckboxGroup, CheckboxInput, SelectInput, type Choice } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import type { FieldLike, FormFields } from "~/components/field";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";
import {
  ProductVariantsSection,
  variantsFormChecks,
  variantsFormFields,
  withoutStepInputs,
  type VariantFields,
} from "./__product-variant-editor";
import { optionRowsOf, variantRowsOf } from "./__product-variants";

export const LIST_URL = "/product/product-list";

/** The contract's product fields, with prices typed in HK$, and its options and variants. */
const productFormFields = {
  ...productFields,
  // Image slots may be left empty: they post "" and drop out here, keeping the others' order.
  images: z
    .array(z.string().optional())
    .default([])
    .transform((urls) => urls.filter((url): url is string => Boolean(url))),
  original_price_cents: optional(hkdAsCents()),
  discount_price_cents: optional(hkdAsCents()),
  vip_price_cents: optional(hkdAsCents()),
  cost_cents: optional(hkdAsCents()),
  gift_card_min_cents: optional(giftCardAmountAsCents()),
  gift_card_max_cents: optional(giftCardAmountAsCents()),
  ...variantsFormFields,
};
const giftCardRangeCheck = z.superRefine(refineGiftCardRange);
export const productFormSchema = z
  .object(productFormFields)
  .check(...variantsFormChecks, giftCardRangeCheck)
  .transform(withoutStepInputs);
/** After adding, the code stays and stock changes only through inventory adjustments. */
const { product_code: _code, stock: _stock, ...editedFormFields } = productFormFields;
/** An edit also posts back the version it was loaded with. */
export const editProductFormSchema = z
  .object({ ...editedFormFields, version })
  .check(...variantsFormChecks, giftCardRangeCheck)
  .transform(withoutStepInputs);
type EditedFields = FormFields<z.ZodObject<typeof editedFormFields>>;

export const IMAGE_SLOTS = 5;
/** The image slots' starting values: the saved images in order, then empty slots. */
export const imageSlotValues = (images: string[] = []) =>
  Array.from({ length: IMAGE_SLOTS }, (_, slot) => images[slot] ?? "");
/** Each image slot is an upload field of its own (images[0] … images[4]). */
export const PRODUCT_UPLOADS = Object.fromEntries(
  Array.from({ length: IMAGE_SLOTS }, (_, slot) => [`images[${slot}]`, { accept: "image" as const }]),
);

export const NEW_PRODUCT_VALUES = {
  publish: "on",
  minimum_order_quantity: "1",
  stock: "0",
  images: imageSlotValues(),
  options: [],
  variants: [],
};

export function productFormValues(product: ProductDetail) {
  const dollars = (value: number | null) => (value === null ? "" : centsToDollars(value));
  return {
    ...product,
    price_cents: centsToDollars(product.price_cents),
    original_price_cents: dollars(product.original_price_cents),
    discount_price_cents: dollars(product.discount_price_cents),
    vip_price_cents: dollars(product.vip_price_cents),
    cost_cents: dollars(product.cost_cents),
    gift_card_kind: product.gift_card_kind ?? "",
    gift_card_min_cents: dollars(product.gift_card_min_cents),
    gift_card_max_cents: dollars(product.gift_card_max_cents),
    gift_card_valid_months: product.gift_card_valid_months === null ? "" : String(product.gift_card_valid_months),
    stock: String(product.stock),
    purchase_limit: product.purchase_limit === null ? "" : String(product.purchase_limit),
    minimum_order_quantity: String(product.minimum_order_quantity),
    sku: product.sku ?? "",
    barcode: product.barcode ?? "",
    descriptive_url: product.descriptive_url ?? "",
    images: imageSlotValues(product.images),
    category_ids: product.category_ids.map(String),
    add_on_product_ids: product.add_on_product_ids.map(String),
    options: optionRowsOf(product.options),
    // A product without options has one variant: the form's own price, SKU, stock… are it.
    variants: product.options.length > 0 ? variantRowsOf(product.variants) : [],
  };
}

/** A saved variant's stock by its id, as the variants' table shows it (null: unlimited). */
export const savedVariantStock = (product: ProductDetail) =>
  Object.fromEntries(
    product.options.length > 0
      ? product.variants.map((variant) => [variant.id, variant.unlimited_inventory ? null : variant.stock])
      : [],
  );

/** A field the page does not show now, kept for when it shows again: a ticked box posts "on", a blank nothing. */
function KeptField({ field }: { field: FieldLike }) {
  const value = field.initialValue;
  if (value === undefined || value === "" || value === false || value === "false") return null;
  const posted = value === true || value === "true" ? "on" : String(value);
  return <input type="hidden" name={field.name} value={posted} />;
}

/**
 * Every product field of spec §3, as Shopify's product page lays them out: what describes the product in the
 * main column, its status and organisation in a side column on wide screens (below on a phone). New products
 * also take their code and opening stock; after that stock changes only through inventory adjustments, and the
 * code shows in the status card. VIP price shows only when the plan has VIP.
 */
export function ProductFields({
  fields,
  imageSlots,
  isNew,
  productCode,
  hasVip,
  profit,
  choices,
  variantFields,
  formId,
  savedStock,
}: {
  fields: EditedFields & Partial<FormFields<typeof productFormSchema>>;
  /** conform's list fields for images[0] … images[IMAGE_SLOTS - 1]. */
  imageSlots: FieldLike[];
  /** conform's fields of the options and variants, and of their steps' inputs. */
  variantFields: VariantFields;
  formId: string;
  /** A saved variant's stock by its id (savedVariantStock). */
  savedStock: Record<string, number | null>;
  isNew: boolean;
  /** An existing product's code, which no longer changes. */
  productCode?: string;
  hasVip: boolean;
  /** Price less cost as saved, for an existing product. */
  profit: string | null;
  choices: { categories: Choice[]; addOns: Choice[] };
}) {
  const { t } = useTranslation("product");
  // With variants, each has its own price, codes, stock and flags; the product's are kept for when they go.
  const hasVariants = variantFields.variants.getFieldList().length > 0;
  const variantOwnFields = [
    fields.price_cents,
    fields.original_price_cents,
    fields.discount_price_cents,
    fields.vip_price_cents,
    fields.cost_cents,
    fields.sku,
    fields.barcode,
    fields.stock,
    fields.unlimited_inventory,
    fields.heavy,
  ];
  const images = imageSlots.flatMap((slot) =>
    typeof slot.initialValue === "string" && slot.initialValue ? [slot.initialValue] : [],
  );
  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          <Card>
            <ImageUpload module="product" fields={imageSlots} label={t("section.images")} />
          </Card>
          <Card>
            <FormLayout>
              {isNew && fields.product_code && (
                <TextInput
                  field={fields.product_code}
                  label={t("field.product-code")}
                  autoComplete="off"
                  helpText={t("help.product-code")}
                />
              )}
              <TextInputPair
                maxLength={70}
                fields={[
                  { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
                  { field: fields.name_en, label: t("field.name-en") },
                ]}
              />
              <TextInput
                field={fields.description_zh_hk}
                label={t("field.description-zh-hk")}
                autoComplete="off"
                multiline={4}
              />
              <TextInput
                field={fields.description_en}
                label={t("field.description-en")}
                autoComplete="off"
                multiline={4}
              />
            </FormLayout>
          </Card>
          {hasVariants ? (
            variantOwnFields.map((field) => field && <KeptField key={field.name} field={field} />)
          ) : (
            <FormSection title={t("section.pricing")}>
              <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="300">
                <TextInput field={fields.price_cents} label={t("field.price")} autoComplete="off" prefix="HK$" />
                <TextInput
                  field={fields.original_price_cents}
                  label={t("field.original-price")}
                  autoComplete="off"
                  prefix="HK$"
                />
                <TextInput
                  field={fields.discount_price_cents}
                  label={t("field.discount-price")}
                  autoComplete="off"
                  prefix="HK$"
                />
                {hasVip && (
                  <TextInput
                    field={fields.vip_price_cents}
                    label={t("field.vip-price")}
                    autoComplete="off"
                    prefix="HK$"
                  />
                )}
                <TextInput field={fields.cost_cents} label={t("field.cost")} autoComplete="off" prefix="HK$" />
              </InlineGrid>
              {profit && (
                <Text as="p" tone="subdued">
                  {t("profit", { amount: profit })}
                </Text>
              )}
            </FormSection>
          )}
          <FormSection title={t("section.inventory")}>
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
              {!hasVariants && (
                <>
                  <TextInput field={fields.sku} label={t("field.sku")} autoComplete="off" />
                  <TextInput field={fields.barcode} label={t("field.barcode")} autoComplete="off" />
                  {isNew && fields.stock && (
                    <TextInput field={fields.stock} label={t("field.stock")} autoComplete="off" />
                  )}
                </>
              )}
              <TextInput field={fields.purchase_limit} label={t("field.purchase-limit")} autoComplete="off" />
              <TextInput
                field={fields.minimum_order_quantity}
                label={t("field.minimum-order-quantity")}
                autoComplete="off"
              />
            </InlineGrid>
            {!hasVariants && (
              <>
                <CheckboxInput field={fields.unlimited_inventory} label={t("field.unlimited-inventory")} />
                <CheckboxInput field={fields.heavy} label={t("field.heavy")} />
              </>
            )}
          </FormSection>
          <FormSection title={t("section.gift-card")}>
            <Text as="p" tone="subdued">
              {t("help.gift-card")}
            </Text>
            <SelectInput
              field={fields.gift_card_kind}
              label={t("field.gift-card-kind")}
              choices={[
                { value: "", label: t("gift-card-kind.none") },
                ...GIFT_CARD_PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`gift-card-kind.${kind}`) })),
              ]}
            />
            <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
              <TextInput
                field={fields.gift_card_min_cents}
                label={t("field.gift-card-min")}
                autoComplete="off"
                prefix="HK$"
              />
              <TextInput
                field={fields.gift_card_max_cents}
                label={t("field.gift-card-max")}
                autoComplete="off"
                prefix="HK$"
              />
              <TextInput
                field={fields.gift_card_valid_months}
                label={t("field.gift-card-valid-months")}
                autoComplete="off"
                helpText={t("help.gift-card-valid-months")}
              />
            </InlineGrid>
          </FormSection>
          <ProductVariantsSection
            formId={formId}
            fields={variantFields}
            images={images}
            hasVip={hasVip}
            savedStock={savedStock}
          />
          <FormSection title={t("section.seo")}>
            <TextInput field={fields.seo_title} label={t("field.seo-title")} autoComplete="off" maxLength={70} />
            <TextInput field={fields.seo_keyword} label={t("field.seo-keyword")} autoComplete="off" maxLength={70} />
            <TextInput
              field={fields.seo_description}
              label={t("field.seo-description")}
              autoComplete="off"
              maxLength={70}
              multiline={2}
            />
            <TextInput
              field={fields.descriptive_url}
              label={t("field.descriptive-url")}
              autoComplete="off"
              helpText={t("help.descriptive-url")}
            />
          </FormSection>
        </BlockStack>
      </Layout.Section>
      <Layout.Section variant="oneThird">
        <BlockStack gap="400">
          <FormSection title={t("section.status")}>
            {productCode && <Text as="p">{`${t("field.product-code")}: ${productCode}`}</Text>}
            <CheckboxInput field={fields.publish} label={t("field.publish")} />
            <CheckboxInput field={fields.bestseller} label={t("field.bestseller")} />
          </FormSection>
          <FormSection title={t("section.organisation")}>
            {choices.categories.length > 0 && (
              <CheckboxGroup
                field={fields.category_ids}
                label={t("field.categories")}
                choices={choices.categories}
                columns={1}
              />
            )}
            {choices.addOns.length > 0 && (
              <CheckboxGroup
                field={fields.add_on_product_ids}
                label={t("field.add-ons")}
                choices={choices.addOns}
                columns={1}
              />
            )}
            {choices.categories.length + choices.addOns.length === 0 && <Text as="p">{t("no-choices")}</Text>}
          </FormSection>
        </BlockStack>
      </Layout.Section>
    </Layout>
  );
}
