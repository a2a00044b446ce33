import { BlockStack, Card, FormLayout, InlineGrid, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import type { PayloadInput } from "../../../../../contract/actions";
import { optional } from "../../../../../contract/field-rules";
import { productFields, type ProductDetail } from "../../../../../contract/products";
import { centsToDollars, dollarAmount, dollarsToCents } from "~/utils/money";
import { CheckboxGroup, CheckboxInput, type Choice } from "../../../../components/choice-inputs";
import type { FieldLike } from "../../../../components/field";
import { ImageUpload } from "../../../../components/image-upload";
import { TextInput } from "../../../../components/text-input";

const {
  price_cents: _p,
  original_price_cents: _o,
  discount_price_cents: _d,
  vip_price_cents: _v,
  cost_cents: _c,
  ...otherFields
} = productFields;

/** The product form: the contract's fields, with prices typed in HK$ instead of cents. */
export const productFormSchema = z.object({
  ...otherFields,
  // Image slots may be left empty: they post "" and drop out here, keeping the others' order.
  images: z
    .array(z.string().optional())
    .default([])
    .transform((urls) => urls.filter((url): url is string => Boolean(url))),
  price: dollarAmount(),
  original_price: optional(dollarAmount()),
  discount_price: optional(dollarAmount()),
  vip_price: optional(dollarAmount()),
  cost: optional(dollarAmount()),
});
export const editProductFormSchema = productFormSchema.omit({ product_code: true, stock: true });

export const IMAGE_SLOTS = 5;
/** The image slots' starting values: the saved images in order, then empty slots. */
export const imageSlotValues = (images: string[] = []) =>
  Array.from({ length: IMAGE_SLOTS }, (_, slot) => images[slot] ?? "");
/** Each image slot is an upload field of its own (images[0] … images[4]). */
export const PRODUCT_UPLOADS = Object.fromEntries(
  Array.from({ length: IMAGE_SLOTS }, (_, slot) => [`images[${slot}]`, { accept: "image" as const }]),
);

type ProductForm = z.output<typeof productFormSchema>;
const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : dollarsToCents(dollars));

export function productPayload<T extends Partial<ProductForm>>({
  price,
  original_price,
  discount_price,
  vip_price,
  cost,
  ...rest
}: T) {
  return {
    ...rest,
    price_cents: dollarsToCents(price ?? 0),
    original_price_cents: cents(original_price),
    discount_price_cents: cents(discount_price),
    vip_price_cents: cents(vip_price),
    cost_cents: cents(cost),
  } satisfies Partial<PayloadInput<"add_product_data">>;
}

export function productFormValues(product: ProductDetail) {
  const dollars = (value: number | null) => (value === null ? "" : centsToDollars(value));
  return {
    ...product,
    price: centsToDollars(product.price_cents),
    original_price: dollars(product.original_price_cents),
    discount_price: dollars(product.discount_price_cents),
    vip_price: dollars(product.vip_price_cents),
    cost: dollars(product.cost_cents),
    stock: String(product.stock),
    purchase_limit: product.purchase_limit === null ? "" : String(product.purchase_limit),
    minimum_order_quantity: String(product.minimum_order_quantity),
    sku: product.sku ?? "",
    barcode: product.barcode ?? "",
    descriptive_url: product.descriptive_url ?? "",
    images: imageSlotValues(product.images),
    category_ids: product.category_ids.map(String),
    add_on_product_ids: product.add_on_product_ids.map(String),
  };
}

type FieldName =
  | "images"
  | "category_ids"
  | "add_on_product_ids"
  | "name_zh_hk"
  | "name_en"
  | "description_zh_hk"
  | "description_en"
  | "price"
  | "original_price"
  | "discount_price"
  | "vip_price"
  | "cost"
  | "sku"
  | "barcode"
  | "unlimited_inventory"
  | "purchase_limit"
  | "minimum_order_quantity"
  | "heavy"
  | "bestseller"
  | "publish"
  | "seo_title"
  | "seo_keyword"
  | "seo_description"
  | "descriptive_url";

/**
 * Every product field of spec §3. New products also take their code and opening stock; after that
 * stock changes only through inventory adjustments. VIP price shows only when the plan has VIP.
 */
export function ProductFields({
  fields,
  imageSlots,
  isNew,
  hasVip,
  profit,
  choices,
}: {
  fields: Record<FieldName, FieldLike> & Partial<Record<"product_code" | "stock", FieldLike>>;
  /** conform's list fields for images[0] … images[IMAGE_SLOTS - 1]. */
  imageSlots: FieldLike[];
  isNew: boolean;
  hasVip: boolean;
  /** Price less cost as saved, for an existing product. */
  profit: string | null;
  choices: { categories: Choice[]; addOns: Choice[] };
}) {
  const { t } = useTranslation("products");
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.images")}
          </Text>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="300">
            {imageSlots.map((slot, index) => (
              <ImageUpload key={slot.id} field={slot} label={t("image-slot", { number: index + 1 })} />
            ))}
          </InlineGrid>
        </BlockStack>
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
          <FormLayout.Group>
            <TextInput field={fields.name_zh_hk} label={t("field.name-zh-hk")} autoComplete="off" maxLength={70} />
            <TextInput field={fields.name_en} label={t("field.name-en")} autoComplete="off" maxLength={70} />
          </FormLayout.Group>
          <TextInput
            field={fields.description_zh_hk}
            label={t("field.description-zh-hk")}
            autoComplete="off"
            multiline={4}
          />
          <TextInput field={fields.description_en} label={t("field.description-en")} autoComplete="off" multiline={4} />
        </FormLayout>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.pricing")}
          </Text>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="300">
            <TextInput field={fields.price} label={t("field.price")} autoComplete="off" prefix="HK$" />
            <TextInput
              field={fields.original_price}
              label={t("field.original-price")}
              autoComplete="off"
              prefix="HK$"
            />
            <TextInput
              field={fields.discount_price}
              label={t("field.discount-price")}
              autoComplete="off"
              prefix="HK$"
            />
            {hasVip && (
              <TextInput field={fields.vip_price} label={t("field.vip-price")} autoComplete="off" prefix="HK$" />
            )}
            <TextInput field={fields.cost} label={t("field.cost")} autoComplete="off" prefix="HK$" />
          </InlineGrid>
          {profit && (
            <Text as="p" tone="subdued">
              {t("profit", { amount: profit })}
            </Text>
          )}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.inventory")}
          </Text>
          <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
            <TextInput field={fields.sku} label={t("field.sku")} autoComplete="off" />
            <TextInput field={fields.barcode} label={t("field.barcode")} autoComplete="off" />
            {isNew && fields.stock && <TextInput field={fields.stock} label={t("field.stock")} autoComplete="off" />}
            <TextInput field={fields.purchase_limit} label={t("field.purchase-limit")} autoComplete="off" />
            <TextInput
              field={fields.minimum_order_quantity}
              label={t("field.minimum-order-quantity")}
              autoComplete="off"
            />
          </InlineGrid>
          <CheckboxInput field={fields.unlimited_inventory} label={t("field.unlimited-inventory")} />
          <CheckboxInput field={fields.heavy} label={t("field.heavy")} />
          <CheckboxInput field={fields.bestseller} label={t("field.bestseller")} />
          <CheckboxInput field={fields.publish} label={t("field.publish")} />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("section.seo")}
          </Text>
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
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          {choices.categories.length > 0 && (
            <CheckboxGroup
              field={fields.category_ids}
              label={t("field.categories")}
              choices={choices.categories}
              columns={3}
            />
          )}
          {choices.addOns.length > 0 && (
            <CheckboxGroup
              field={fields.add_on_product_ids}
              label={t("field.add-ons")}
              choices={choices.addOns}
              columns={3}
            />
          )}
          {choices.categories.length + choices.addOns.length === 0 && <Text as="p">{t("no-choices")}</Text>}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
