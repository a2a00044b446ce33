import { type SubmissionResult } from "@conform-to/react";
import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import type { PayloadInput } from "../../contract/actions";
import { addOnProductFields, type AddOnProductRecord } from "../../contract/add-ons";
import { integer } from "../../contract/field-rules";
import { CheckboxInput } from "~/components/choice-inputs";
import { ImageUpload } from "~/components/image-upload";
import { SaveForm } from "~/components/save-form";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";
import { centsToDollars, dollarAmount, dollarsToCents } from "~/utils/money";

// The backend's bounds (price_cents up to 100,000,000; stock up to 1,000,000,000). There is no
// "maximum" message key, so going over one is "format-not-match", as on the plan form.
const MAX_STOCK = 1_000_000_000;
const atMost = (bound: number) => z.refine<number>((value) => value <= bound, { error: "format-not-match" });

/** The image field goes through the upload pipeline (uploaded at once with JS, with the form without). */
export const ADD_ON_UPLOADS = { image_url: { accept: "image" } } as const;

export const addOnSchema = z
  .object(addOnProductFields)
  .omit({ price_cents: true, stock: true })
  .extend({
    /** HK$ as typed; the backend takes integer cents. */
    price: dollarAmount(),
    stock: integer().check(atMost(MAX_STOCK)).default(0),
  });

/** The backend's add-on fields: the price in integer cents. */
export function addOnPayload({
  price,
  ...addOn
}: z.output<typeof addOnSchema>): Omit<PayloadInput<"add_add_on_product_data">, "application_key"> {
  return { ...addOn, price_cents: dollarsToCents(price) };
}

export function addOnFormValues(addOn: AddOnProductRecord) {
  return {
    name_zh_hk: addOn.name_zh_hk,
    name_en: addOn.name_en,
    price: centsToDollars(addOn.price_cents),
    unlimited_inventory: addOn.unlimited_inventory,
    stock: String(addOn.stock),
    image_url: addOn.image_url ?? "",
    publish: addOn.publish,
  };
}

// A disabled fieldset makes every control in it inert, the save button too, with or without JavaScript.
const PLAIN_FIELDSET = { border: 0, margin: 0, padding: 0, minInlineSize: 0 };

/** The add-on product form for adding and editing; read-only for users who may only look. */
export function AddOnForm({
  lastResult,
  defaultValue,
  readOnly = false,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, unknown>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("addons");
  const [form, fields] = useZodForm(addOnSchema, lastResult, defaultValue);
  return (
    <fieldset disabled={readOnly} style={PLAIN_FIELDSET}>
      <SaveForm form={form} encType="multipart/form-data">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("section.details")}
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <TextInput field={fields.name_zh_hk} label={t("field.name-zh-hk")} autoComplete="off" />
                <TextInput field={fields.name_en} label={t("field.name-en")} autoComplete="off" />
              </FormLayout.Group>
              <TextInput field={fields.price} label={t("field.price")} autoComplete="off" helpText={t("help.price")} />
            </FormLayout>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("section.inventory")}
            </Text>
            <FormLayout>
              <CheckboxInput field={fields.unlimited_inventory} label={t("field.unlimited-inventory")} />
              <TextInput field={fields.stock} label={t("field.stock")} autoComplete="off" helpText={t("help.stock")} />
            </FormLayout>
          </BlockStack>
        </Card>
        <ImageUpload field={fields.image_url} label={t("field.image")} />
        <Card>
          <CheckboxInput field={fields.publish} label={t("field.publish")} helpText={t("help.publish")} />
        </Card>
      </SaveForm>
    </fieldset>
  );
}
