import type { SubmissionResult } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { version } from "#contract/parts";
import {
  MAX_SUPPLIER_PRODUCTS,
  refineUniqueProducts,
  supplierFields,
  supplierProductFields,
  type SupplierDetail,
} from "#modules/supplier/contract";
import { FormSection } from "~/components/form-section";
import { SelectInput, type Choice } from "~/components/choice-inputs";
import { AddLineButton, FormLine, LinesError } from "~/components/form-lines";
import { TextInput, TextInputPair } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";

export const LIST_URL = "/supplier-list";

const supplierFormFields = {
  ...supplierFields,
  products: z
    .array(z.object({ ...supplierProductFields, cost_cents: hkdAsCents() }))
    .max(MAX_SUPPLIER_PRODUCTS)
    .default([]),
};

/** The contract's supplier fields, costs typed in HK$. */
export const supplierFormSchema = z
  .object(supplierFormFields)
  .superRefine((value, ctx) => refineUniqueProducts(value, ctx));
/** Editing one also posts back the version it was loaded with. */
export const editSupplierFormSchema = z
  .object({ ...supplierFormFields, version })
  .superRefine((value, ctx) => refineUniqueProducts(value, ctx));

const EMPTY_LINE = {
  product_code: "",
  variant_id: "",
  supplier_code: "",
  cost_cents: "",
  minimum_order_quantity: "1",
  reorder_point: "",
};

export const NEW_SUPPLIER_VALUES = { products: [EMPTY_LINE] };

export function supplierFormValues(supplier: SupplierDetail) {
  return {
    name: supplier.name,
    contact_person: supplier.contact_person ?? "",
    phone: supplier.phone ?? "",
    email: supplier.email ?? "",
    address: supplier.address ?? "",
    note: supplier.note ?? "",
    products: supplier.products.map((line) => ({
      product_code: line.product_code,
      variant_id: line.variant_id === null ? "" : String(line.variant_id),
      supplier_code: line.supplier_code ?? "",
      cost_cents: centsToDollars(line.cost_cents),
      minimum_order_quantity: String(line.minimum_order_quantity),
      reorder_point: line.reorder_point === null ? "" : String(line.reorder_point),
    })),
    version: supplier.version,
  };
}

export function useSupplierForm(
  schema: typeof supplierFormSchema | typeof editSupplierFormSchema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown>,
) {
  return useZodForm(schema, lastResult, defaultValue);
}

type SupplierForm = ReturnType<typeof useSupplierForm>;

/**
 * Every field of a supplier, with its products as lines ("add product" and "remove" post the form back
 * with a line more or less, with or without JavaScript). `productNames` names the saved lines' products;
 * a line whose product has several variants chooses one among `variantChoices` (the page reads them for
 * the codes it was given, so a new line's choice appears once the form is posted).
 */
export function SupplierFields({
  form,
  fields,
  productNames,
  variantChoices,
}: {
  form: SupplierForm[0];
  fields: SupplierForm[1];
  productNames: Record<string, string>;
  /** By product code. */
  variantChoices: Record<string, Choice[]>;
}) {
  const { t } = useTranslation(["supplier", "common"]);
  const lines = fields.products.getFieldList();
  return (
    <>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInput field={fields.name} label={t("field.name")} autoComplete="organization" maxLength={70} />
          <TextInputPair
            fields={[
              { field: fields.contact_person, label: t("field.contact-person") },
              { field: fields.phone, label: t("field.phone"), type: "tel", helpText: t("common:form.phone-help") },
            ]}
          />
          <TextInput field={fields.email} label={t("field.email")} type="email" autoComplete="off" />
          <TextInput field={fields.address} label={t("field.address")} autoComplete="off" multiline={3} />
          <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={3} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.products")}>
        <BlockStack gap="400">
          <Text as="p" tone="subdued">
            {t("help.products")}
          </Text>
          {lines.length === 0 && <Text as="p">{t("no-products")}</Text>}
          {lines.map((line, index) => {
            const field = line.getFieldset();
            // The code as typed (with JavaScript) or as posted: its variants once the page has read them.
            const code = String(field.product_code.value ?? field.product_code.initialValue ?? "");
            const name = productNames[code];
            const variants = variantChoices[code];
            return (
              <FormLine
                key={line.key}
                remove={{
                  buttonProps: form.remove.getButtonProps({ name: fields.products.name, index }),
                  label: t("remove-line"),
                }}
              >
                <InlineGrid columns={{ xs: 1, sm: 2, md: 5 }} gap="300">
                  <BlockStack gap="200">
                    <TextInput
                      field={field.product_code}
                      label={t("field.product")}
                      autoComplete="off"
                      helpText={name}
                    />
                    {variants ? (
                      <SelectInput
                        field={field.variant_id}
                        label={t("field.variant")}
                        choices={variants}
                        placeholder={t("choose-variant")}
                      />
                    ) : (
                      // A variant posted for a product that turned out to have one: said beside the code.
                      <LinesError field={field.variant_id} />
                    )}
                  </BlockStack>
                  <TextInput field={field.supplier_code} label={t("field.supplier-code")} autoComplete="off" />
                  <TextInput field={field.cost_cents} label={t("field.cost")} autoComplete="off" />
                  <TextInput
                    field={field.minimum_order_quantity}
                    label={t("field.minimum-order-quantity")}
                    type="number"
                    autoComplete="off"
                  />
                  <TextInput
                    field={field.reorder_point}
                    label={t("field.reorder-point")}
                    type="number"
                    autoComplete="off"
                    helpText={index === 0 ? t("help.reorder-point") : undefined}
                  />
                </InlineGrid>
              </FormLine>
            );
          })}
          {lines.length < MAX_SUPPLIER_PRODUCTS && (
            <AddLineButton
              buttonProps={form.insert.getButtonProps({ name: fields.products.name, defaultValue: EMPTY_LINE })}
            >
              {t("add-line")}
            </AddLineButton>
          )}
        </BlockStack>
      </FormSection>
    </>
  );
}
