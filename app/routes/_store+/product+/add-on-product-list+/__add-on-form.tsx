import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { addOnProductFields, type AddOnProductRecord } from "#modules/add-on-product/contract";
import { hkdAsCents } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { version } from "#contract/parts";
import { CheckboxInput } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import type { FormFields } from "~/components/field";
import { ImageUpload } from "~/components/image-upload";
import { TextInput, TextInputPair } from "~/components/text-input";

export const LIST_URL = "/product/add-on-product-list";

/** The image field goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const ADD_ON_UPLOADS = { image_url: { accept: "image" } } as const;

/** The contract's add-on fields, the price typed in HK$. */
export const addOnFormSchema = z.object({ ...addOnProductFields, price_cents: hkdAsCents() });
/** Editing one also posts back the version it was loaded with. */
export const editAddOnFormSchema = addOnFormSchema.extend({ version });

export const NEW_ADD_ON_VALUES = { publish: true };

export function addOnFormValues(addOn: AddOnProductRecord) {
  return {
    name_zh_hk: addOn.name_zh_hk,
    name_en: addOn.name_en,
    price_cents: centsToDollars(addOn.price_cents),
    unlimited_inventory: addOn.unlimited_inventory,
    stock: String(addOn.stock),
    image_url: addOn.image_url ?? "",
    barcode: addOn.barcode ?? "",
    publish: addOn.publish,
    version: addOn.version,
  };
}

/** Every field of an add-on product, for adding and editing. */
export function AddOnFields({ fields }: { fields: FormFields<typeof addOnFormSchema> }) {
  const { t } = useTranslation("add-on-product");
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
            field={fields.price_cents}
            label={t("field.price")}
            autoComplete="off"
            helpText={t("help.price")}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.inventory")}>
        <FormLayout>
          <CheckboxInput field={fields.unlimited_inventory} label={t("field.unlimited-inventory")} />
          <TextInput field={fields.stock} label={t("field.stock")} autoComplete="off" helpText={t("help.stock")} />
          <TextInput
            field={fields.barcode}
            label={t("field.barcode")}
            autoComplete="off"
            helpText={t("help.barcode")}
          />
        </FormLayout>
        <ImageUpload module="add_on_product" fields={[fields.image_url]} label={t("field.image")} />
      </FormSection>
      <Card>
        <CheckboxInput field={fields.publish} label={t("field.publish")} helpText={t("help.publish")} />
      </Card>
    </>
  );
}
