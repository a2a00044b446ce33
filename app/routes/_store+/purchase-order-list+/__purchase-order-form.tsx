import type { SubmissionResult } from "@conform-to/react";
import { withVariant } from "#contract/localized";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { crossFieldCheck, hkdAsCents, optional, text } from "#contract/field-rules";
import { centsToDollars, formatHkd } from "#contract/money";
import { version } from "#contract/parts";
import {
  MAX_PURCHASE_ORDER_LINES,
  offerKey,
  parseOfferKey,
  purchaseOrderFields,
  purchaseOrderLineFields,
  refusedLines,
  type PurchaseOrderDetail,
} from "#modules/purchase-order/contract";
import { refineUniqueProducts } from "#modules/supplier/contract";
import { SelectInput } from "~/components/choice-inputs";
import { FormSection } from "~/components/form-section";
import { AddLineButton, FormLine, LinesError } from "~/components/form-lines";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/utils/forms";

export const LIST_URL = "/purchase-order-list";

/**
 * A line chooses one of the supplier's offers, a variant, by its key (`offerKey`: the product code and
 * the variant's id) in the product select; the page posts it as the line's `product_code` and `variant_id`.
 */
const formFields = {
  ...purchaseOrderFields,
  lines: z
    .array(
      z.object({
        product_code: text({ max: 100 }),
        quantity: purchaseOrderLineFields.quantity,
        unit_cost_cents: optional(hkdAsCents()),
      }),
    )
    .min(1, { error: "force-input" })
    .max(MAX_PURCHASE_ORDER_LINES, { error: "format-not-match" }),
};
/** One of the supplier's offers (a product's variant) as a line offers it. */
export interface OfferedProduct {
  /** The offer's key (`offerKey`), the select's value. */
  key: string;
  name: string;
  cost: string;
  minimum: number;
}

/** What the line rules need of a supplier's offer. */
export type LineOffer = Pick<OfferedProduct, "key" | "minimum">;

/** A saved form's lines as the backend takes them: each offer's key as its product code and variant. */
export function payloadLines<Line extends { product_code: string }>(lines: Line[]) {
  return lines.map(({ product_code, ...line }) => ({ ...line, ...parseOfferKey(product_code) }));
}

type LinesValue = { lines: { product_code: string; quantity: number }[] };

const refineLines = (value: LinesValue, ctx: z.RefinementCtx) =>
  refineUniqueProducts({ products: value.lines }, ctx, "lines");

/** The backend's line rules (the supplier's products and minimums), on fields that passed their own. */
const refineOffer = (offered: readonly LineOffer[]) => {
  const minimums = new Map(offered.map((product) => [product.key, product.minimum]));
  return (value: LinesValue, ctx: z.RefinementCtx) => {
    if (!Array.isArray(value.lines)) return;
    const failed = new Set(ctx.issues.map((issue) => issue.path?.join(".")));
    for (const [name, [message]] of Object.entries(refusedLines(value.lines, minimums))) {
      if (failed.has(name)) continue;
      const path = name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      ctx.addIssue({ code: "custom", message, path });
    }
  };
};

const lineChecks = (offered?: readonly LineOffer[]) => [
  crossFieldCheck(refineLines),
  ...(offered ? [crossFieldCheck(refineOffer(offered))] : []),
];

/**
 * The contract's purchase order fields, unit costs typed in HK$ (blank: the supplier's cost); given the
 * supplier's products, also their rules, so a form shows those errors with the rest.
 */
export const purchaseOrderFormSchema = (offered?: readonly LineOffer[]) =>
  z.object(formFields).check(...lineChecks(offered));
/** Editing a draft also posts back the version it was loaded with. */
export const editPurchaseOrderFormSchema = (offered?: readonly LineOffer[]) =>
  z.object({ ...formFields, version }).check(...lineChecks(offered));

const EMPTY_LINE = { product_code: "", quantity: "", unit_cost_cents: "" };

export const newPurchaseOrderValues = (supplierId: number) => ({
  supplier_id: String(supplierId),
  lines: [EMPTY_LINE],
});

export function purchaseOrderFormValues(order: PurchaseOrderDetail) {
  return {
    supplier_id: String(order.supplier_id ?? ""),
    expected_date: order.expected_date ?? "",
    note: order.note ?? "",
    lines: order.lines.map((line) => ({
      product_code: offerKey(line.product_code, line.variant_id),
      quantity: String(line.quantity),
      unit_cost_cents: centsToDollars(line.unit_cost_cents),
    })),
    version: order.version,
  };
}

export function usePurchaseOrderForm(
  schema: ReturnType<typeof purchaseOrderFormSchema | typeof editPurchaseOrderFormSchema>,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown>,
) {
  return useZodForm(schema, lastResult, defaultValue);
}

type PurchaseOrderForm = ReturnType<typeof usePurchaseOrderForm>;

/**
 * A draft's fields: its lines choose among the supplier's products ("add product" and "remove" post the
 * form back with a line more or less, with or without JavaScript); the supplier is fixed by the page.
 */
export function PurchaseOrderFields({
  form,
  fields,
  offered,
}: {
  form: PurchaseOrderForm[0];
  fields: PurchaseOrderForm[1];
  offered: OfferedProduct[];
}) {
  const { t } = useTranslation("purchase-order");
  const lines = fields.lines.getFieldList();
  const byKey = new Map(offered.map((product) => [product.key, product]));
  const choices = offered.map((product) => ({ value: product.key, label: product.name }));
  return (
    <>
      <input type="hidden" name={fields.supplier_id.name} value={String(fields.supplier_id.initialValue ?? "")} />
      <FormSection title={t("section.lines")}>
        <BlockStack gap="400">
          {lines.map((line, index) => {
            const field = line.getFieldset();
            const chosen = byKey.get(String(field.product_code.initialValue ?? ""));
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
                <InlineGrid columns={{ xs: 1, md: ["twoThirds", "oneThird", "oneThird"] }} gap="300">
                  <SelectInput
                    field={field.product_code}
                    label={t("field.product")}
                    choices={choices}
                    placeholder={t("choose-product")}
                  />
                  <TextInput
                    field={field.quantity}
                    label={t("field.quantity")}
                    type="number"
                    autoComplete="off"
                    helpText={chosen ? t("minimum", { value: chosen.minimum }) : t("help.quantity")}
                  />
                  <TextInput
                    field={field.unit_cost_cents}
                    label={t("field.unit-cost")}
                    autoComplete="off"
                    helpText={chosen ? chosen.cost : t("help.unit-cost")}
                  />
                </InlineGrid>
              </FormLine>
            );
          })}
          <LinesError field={fields.lines} />
          {lines.length < Math.min(MAX_PURCHASE_ORDER_LINES, offered.length) && (
            <AddLineButton
              buttonProps={form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })}
            >
              {t("add-line")}
            </AddLineButton>
          )}
        </BlockStack>
      </FormSection>
      <FormSection title={t("section.details")}>
        <FormLayout>
          <TextInput field={fields.expected_date} label={t("field.expected-date")} type="date" autoComplete="off" />
          <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={3} />
        </FormLayout>
      </FormSection>
    </>
  );
}

/**
 * The supplier's offers as the lines offer them, in the page's language: each variant it sells, named by
 * its product, its option values and its product code (one that names no variant yet cannot be ordered).
 */
export function offeredProducts(
  products: {
    product_code: string;
    variant_id: number | null;
    name: string;
    label: string;
    cost_cents: number;
    minimum_order_quantity: number;
  }[],
): OfferedProduct[] {
  return products.flatMap((product) =>
    product.variant_id === null
      ? []
      : [
          {
            key: offerKey(product.product_code, product.variant_id),
            name: `${withVariant(product.name, product.label)} (${product.product_code})`,
            cost: formatHkd(product.cost_cents),
            minimum: product.minimum_order_quantity,
          },
        ],
  );
}
