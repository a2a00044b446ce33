import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, nullable } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { RENTING_PRODUCT_STATUSES } from "#contract/options";
import { version } from "#contract/parts";
import { MAX_RENTING_IMAGES, rentingProductFields, type RentingProductRecord } from "#modules/renting/contract";
import { SelectInput } from "~/components/choice-inputs";
import type { FieldLike, FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";

/** Each image slot is an upload field of its own (images[0] … images[4]). */
export const RENTING_UPLOADS = Object.fromEntries(
  Array.from({ length: MAX_RENTING_IMAGES }, (_, slot) => [`images[${slot}]`, { accept: "image" as const }]),
);
const imageSlotValues = (images: string[] = []) =>
  Array.from({ length: MAX_RENTING_IMAGES }, (_, slot) => images[slot] ?? "");

/** The contract's product fields, with money typed in HK$ and empty image slots left out. */
export const productFormSchema = z.object({
  ...rentingProductFields,
  images: z
    .array(z.string().optional())
    .default([])
    .transform((urls) => urls.filter((url): url is string => Boolean(url))),
  price_per_day_cents: hkdAsCents(),
  price_per_week_cents: nullable(hkdAsCents()),
  price_per_month_cents: nullable(hkdAsCents()),
  deposit_cents: hkdAsCents(),
  late_fee_per_day_cents: hkdAsCents(),
});
/** Editing one also posts back the version it was loaded with. */
export const editProductFormSchema = productFormSchema.extend({ version });

export const NEW_PRODUCT_VALUES = {
  units_owned: "1",
  deposit_cents: "0",
  late_fee_per_day_cents: "0",
  status: "rentable",
  images: imageSlotValues(),
};

export function productFormValues(product: RentingProductRecord) {
  const dollars = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
  return {
    name_zh_hk: product.name_zh_hk,
    name_en: product.name_en,
    description_zh_hk: product.description_zh_hk,
    description_en: product.description_en,
    images: imageSlotValues(product.images),
    units_owned: String(product.units_owned),
    price_per_day_cents: centsToDollars(product.price_per_day_cents),
    price_per_week_cents: dollars(product.price_per_week_cents),
    price_per_month_cents: dollars(product.price_per_month_cents),
    deposit_cents: centsToDollars(product.deposit_cents),
    late_fee_per_day_cents: centsToDollars(product.late_fee_per_day_cents),
    status: product.status,
    version: product.version,
  };
}

/** Every field of a renting product, for adding and editing. */
export function ProductFields({
  fields,
  imageSlots,
}: {
  fields: FormFields<typeof productFormSchema>;
  /** conform's list fields for images[0] … images[MAX_RENTING_IMAGES - 1]. */
  imageSlots: FieldLike[];
}) {
  const { t } = useTranslation("renting");
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInputPair
            fields={[
              { field: fields.name_zh_hk, label: t("field.name-zh-hk") },
              { field: fields.name_en, label: t("field.name-en") },
            ]}
          />
          <TextInput
            field={fields.description_zh_hk}
            label={t("field.description-zh-hk")}
            multiline={3}
            autoComplete="off"
          />
          <TextInput field={fields.description_en} label={t("field.description-en")} multiline={3} autoComplete="off" />
          <FormLayout.Group>
            <TextInput
              field={fields.units_owned}
              label={t("field.units-owned")}
              helpText={t("help.units-owned")}
              autoComplete="off"
            />
            <SelectInput
              field={fields.status}
              label={t("field.status")}
              choices={RENTING_PRODUCT_STATUSES.map((status) => ({
                value: status,
                label: t(`product-status.${status}`),
              }))}
            />
          </FormLayout.Group>
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.prices")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput field={fields.price_per_day_cents} label={t("field.price-per-day")} autoComplete="off" />
            <TextInput
              field={fields.price_per_week_cents}
              label={t("field.price-per-week")}
              helpText={t("help.price-per-week")}
              autoComplete="off"
            />
            <TextInput
              field={fields.price_per_month_cents}
              label={t("field.price-per-month")}
              helpText={t("help.price-per-month")}
              autoComplete="off"
            />
          </FormLayout.Group>
          <TextInputPair
            fields={[
              { field: fields.deposit_cents, label: t("field.deposit"), helpText: t("help.deposit") },
              {
                field: fields.late_fee_per_day_cents,
                label: t("field.late-fee-per-day"),
                helpText: t("help.late-fee"),
              },
            ]}
          />
        </FormLayout>
      </FormSection>
      <Card>
        <ImageUpload module="renting" fields={imageSlots} label={t("field.images")} />
      </Card>
    </>
  );
}
