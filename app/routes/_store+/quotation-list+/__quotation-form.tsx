import type { SubmissionResult } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, optional } from "#contract/field-rules";
import { centsToDollars } from "#contract/money";
import { version } from "#contract/parts";
import {
  MAX_QUOTATION_LINES,
  quotationFields,
  quotationLineFields,
  refineQuotation,
  type QuotationDetail,
} from "#modules/quotation/contract";
import { SelectInput, type Choice } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import { AddLineButton, FormLine, LinesError } from "~/components/form-lines";
import { TextInput, TextInputPair } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";

const formFields = {
  ...quotationFields,
  lines: z
    .array(z.object({ ...quotationLineFields, unit_price_cents: optional(hkdAsCents()) }))
    .min(1, { error: "force-input" })
    .max(MAX_QUOTATION_LINES, { error: "format-not-match" }),
  discount_cents: optional(hkdAsCents()),
  delivery_cents: optional(hkdAsCents()),
};

/** The contract's quotation fields, amounts typed in HK$. */
export const quotationFormSchema = z.object(formFields).superRefine(refineQuotation);
/** An edit also posts back the version it was loaded with. */
export const editQuotationFormSchema = z.object({ ...formFields, version }).superRefine(refineQuotation);

const EMPTY_LINE = { product_code: "", variant_id: "", name: "", quantity: "1", unit_price_cents: "" };

export const newQuotationValues = (validUntil: string) => ({ valid_until: validUntil, lines: [EMPTY_LINE] });

export function quotationFormValues(quotation: QuotationDetail) {
  return {
    company_name: quotation.company_name,
    contact_name: quotation.contact_name,
    email: quotation.email,
    phone: quotation.phone,
    address: quotation.address,
    lines: quotation.lines.map((line) => ({
      product_code: line.product_code ?? "",
      variant_id: line.variant_id === null ? "" : String(line.variant_id),
      // A product line takes its product's names again on save; a free line keeps its own.
      name: line.product_code === null ? line.name_zh_hk : "",
      quantity: String(line.quantity),
      unit_price_cents: centsToDollars(line.unit_price_cents),
    })),
    discount_cents: centsToDollars(quotation.discount_cents),
    delivery_cents: centsToDollars(quotation.delivery_cents),
    valid_until: quotation.valid_until,
    terms: quotation.terms,
    note: quotation.note,
    member_code: quotation.member_code ?? "",
    version: quotation.version,
  };
}

export function useQuotationForm(
  schema: typeof quotationFormSchema | typeof editQuotationFormSchema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown>,
) {
  return useZodForm(schema, lastResult, defaultValue);
}

type QuotationForm = ReturnType<typeof useQuotationForm>;

/**
 * The quotation's fields: the customer, the lines ("add line" and "remove" post the form back with a line
 * more or less, with or without JavaScript), the amounts and the terms. A line whose product has several
 * variants chooses one among `variantChoices` (the page reads them for the codes it was given, so a new
 * line's choice appears once the form is posted).
 */
export function QuotationFields({
  form,
  fields,
  variantChoices,
}: {
  form: QuotationForm[0];
  fields: QuotationForm[1];
  /** By product code. */
  variantChoices: Record<string, Choice[]>;
}) {
  const { t } = useTranslation("quotation");
  const lines = fields.lines.getFieldList();
  return (
    <>
      <FormSection title={t("section.customer")}>
        <FormLayout>
          <TextInput
            field={fields.member_code}
            label={t("field.member-code")}
            autoComplete="off"
            helpText={t("help.member-code")}
          />
          <TextInputPair
            fields={[
              { field: fields.contact_name, label: t("field.contact-name") },
              { field: fields.company_name, label: t("field.company-name") },
            ]}
          />
          <TextInputPair
            fields={[
              { field: fields.email, label: t("field.email"), type: "email" },
              { field: fields.phone, label: t("field.phone"), type: "tel" },
            ]}
          />
          <TextInput field={fields.address} label={t("field.address")} autoComplete="off" multiline={2} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.lines")}>
        <BlockStack gap="400">
          {lines.map((line, index) => {
            const field = line.getFieldset();
            // The code as typed (with JavaScript) or as posted: its variants once the page has read them.
            const variants = variantChoices[String(field.product_code.value ?? field.product_code.initialValue ?? "")];
            return (
              <FormLine
                key={line.key}
                remove={
                  lines.length > 1
                    ? {
                        buttonProps: form.remove.getButtonProps({ name: fields.lines.name, index }),
                        label: t("remove-line"),
                      }
                    : undefined
                }
              >
                <InlineGrid columns={{ xs: 1, md: 4 }} gap="300">
                  <BlockStack gap="200">
                    <TextInput
                      field={field.product_code}
                      label={t("field.product-code")}
                      autoComplete="off"
                      helpText={t("help.product-code")}
                    />
                    {variants ? (
                      <SelectInput
                        field={field.variant_id}
                        label={t("field.variant")}
                        choices={variants}
                        placeholder={t("choose-variant")}
                      />
                    ) : (
                      // A variant asked for before the page knew the product's variants: said beside the code.
                      <LinesError field={field.variant_id} />
                    )}
                  </BlockStack>
                  <TextInput
                    field={field.name}
                    label={t("field.line-name")}
                    autoComplete="off"
                    helpText={t("help.line-name")}
                  />
                  <TextInput field={field.quantity} label={t("field.quantity")} type="number" autoComplete="off" />
                  <TextInput
                    field={field.unit_price_cents}
                    label={t("field.unit-price")}
                    autoComplete="off"
                    helpText={t("help.unit-price")}
                  />
                </InlineGrid>
              </FormLine>
            );
          })}
          <LinesError field={fields.lines} />
          {lines.length < MAX_QUOTATION_LINES && (
            <AddLineButton
              buttonProps={form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })}
            >
              {t("add-line")}
            </AddLineButton>
          )}
        </BlockStack>
      </FormSection>
      <FormSection title={t("section.terms")}>
        <FormLayout>
          <FormLayout.Group>
            <TextInput field={fields.discount_cents} label={t("field.discount")} autoComplete="off" prefix="HK$" />
            <TextInput field={fields.delivery_cents} label={t("field.delivery")} autoComplete="off" prefix="HK$" />
            <TextInput field={fields.valid_until} label={t("field.valid-until")} type="date" autoComplete="off" />
          </FormLayout.Group>
          <TextInput field={fields.terms} label={t("field.terms")} autoComplete="off" multiline={3} />
          <TextInput
            field={fields.note}
            label={t("field.note")}
            autoComplete="off"
            multiline={2}
            helpText={t("help.note")}
          />
        </FormLayout>
      </FormSection>
    </>
  );
}
