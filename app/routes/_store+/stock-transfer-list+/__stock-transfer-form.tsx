import type { SubmissionResult } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { version } from "#contract/parts";
import { stockTransferChecks, stockTransferFields, type StockTransferDetail } from "#modules/stock-transfer/contract";
import { MAX_STOCK_TRANSFER_LINES } from "#modules/stock-transfer/options";
import { SelectInput, type Choice } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import { AddLineButton, FormLine, LinesError } from "~/components/form-lines";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";

/** The contract's fields: the form posts them as they are. */
export const stockTransferFormSchema = z.object(stockTransferFields).check(stockTransferChecks);
/** Editing a draft also posts back the version it was loaded with. */
export const editStockTransferFormSchema = z.object({ ...stockTransferFields, version }).check(stockTransferChecks);

const EMPTY_LINE = { product_code: "", variant_id: "", quantity: "" };

/** A new transfer leaves the first location for the second, as a store usually restocks a shop from its store room. */
export const newStockTransferValues = (locations: Choice[]) => ({
  from_location_id: locations[0]?.value ?? "",
  to_location_id: locations[1]?.value ?? "",
  lines: [EMPTY_LINE],
});

export function stockTransferFormValues(transfer: StockTransferDetail) {
  return {
    from_location_id: String(transfer.from_location_id ?? ""),
    to_location_id: String(transfer.to_location_id ?? ""),
    note: transfer.note ?? "",
    lines: transfer.lines.map((line) => ({
      product_code: line.product_code,
      variant_id: line.variant_id === null ? "" : String(line.variant_id),
      quantity: String(line.quantity),
    })),
    version: transfer.version,
  };
}

export function useStockTransferForm(
  schema: typeof stockTransferFormSchema | typeof editStockTransferFormSchema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown>,
) {
  return useZodForm(schema, lastResult, defaultValue);
}

type StockTransferForm = ReturnType<typeof useStockTransferForm>;

/**
 * A transfer's fields: both locations, the lines ("add product" and "remove" post the form back with a line more or
 * less, with or without JavaScript; a product with several variants offers them once the page has read them, by
 * product code in `variantChoices`) and the note.
 */
export function StockTransferFields({
  form,
  fields,
  locations,
  variantChoices,
}: {
  form: StockTransferForm[0];
  fields: StockTransferForm[1];
  locations: Choice[];
  variantChoices: Record<string, Choice[]>;
}) {
  const { t } = useTranslation("stock-transfer");
  const lines = fields.lines.getFieldList();
  return (
    <>
      <FormSection title={t("section.route")}>
        <FormLayout>
          <FormLayout.Group>
            <SelectInput
              field={fields.from_location_id}
              label={t("field.from")}
              choices={locations}
              placeholder={t("choose-location")}
            />
            <SelectInput
              field={fields.to_location_id}
              label={t("field.to")}
              choices={locations}
              placeholder={t("choose-location")}
            />
          </FormLayout.Group>
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.lines")}>
        <BlockStack gap="400">
          <Text as="p" tone="subdued">
            {t("help.lines")}
          </Text>
          {lines.map((line, index) => {
            const field = line.getFieldset();
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
                <InlineGrid columns={{ xs: 1, md: ["twoThirds", "oneThird"] }} gap="300">
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
                  <TextInput field={field.quantity} label={t("field.quantity")} type="number" autoComplete="off" />
                </InlineGrid>
              </FormLine>
            );
          })}
          <LinesError field={fields.lines} />
          {lines.length < MAX_STOCK_TRANSFER_LINES && (
            <AddLineButton
              buttonProps={form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })}
            >
              {t("add-line")}
            </AddLineButton>
          )}
        </BlockStack>
      </FormSection>
      <FormSection title={t("section.details")}>
        <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={3} />
      </FormSection>
    </>
  );
}
