import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { InlineGrid } from "@shopify/polaris/build/esm/components/InlineGrid/InlineGrid.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { crossFieldCheck, hkdAsCents, isSingleLineText, optional, text } from "#contract/field-rules";
import { localizedName } from "#contract/localized";
import { withValue } from "#contract/messages";
import { flag } from "#contract/parts";
import {
  productVariantFields,
  refineOptionNames,
  refineSingleVariantPrice,
  refineVariants,
} from "#modules/product/contract";
import {
  MAX_OPTION_TEXT_LENGTH,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
} from "#modules/product/options";
import { CheckboxInput, SelectInput } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { LinesError } from "~/components/form-lines";
import { IntentButton } from "~/components/intent-button";
import { TextInput } from "~/components/text-input";
import { translateErrors } from "~/utils/messages";
import {
  hasRoomForOption,
  indexesOf,
  isSaved,
  parseValueList,
  STEP_FIELD,
  stepIntent,
  variantLabel,
  type OptionRow,
  type ProductStep,
  type VariantRow,
} from "./__product-variants";

/** The first value typed twice in a box, whatever its letters' case. */
function repeatedValue(values: string[]): string | undefined {
  const seen = new Set<string>();
  return values.find((value) => {
    const read = value.toLocaleLowerCase("en");
    if (value === "" || !seen.has(read)) {
      seen.add(read);
      return false;
    }
    return true;
  });
}

/**
 * An option's values typed in one box (parseValueList): each value one line of at most 20 characters, at
 * most 20 values, each once. Every error shows on the box itself.
 */
const typedValues = ({ keepGaps = false } = {}) =>
  z
    .string({ error: "force-input" })
    .transform((typed) => parseValueList(typed, { keepGaps }))
    .superRefine((values, ctx) => {
      const issue = (message: string) => ctx.addIssue({ code: "custom", message });
      if (!keepGaps && values.length === 0) issue("force-input");
      if (!values.every(isSingleLineText)) issue("invalid-characters");
      if (values.some((value) => [...value].length > MAX_OPTION_TEXT_LENGTH)) {
        issue(withValue("max-length", MAX_OPTION_TEXT_LENGTH));
      }
      if (values.length > MAX_OPTION_VALUES) issue(withValue("too-many-option-values", MAX_OPTION_VALUES));
      const repeated = repeatedValue(values);
      if (repeated !== undefined) issue(withValue("option-value-repeated", repeated));
    });

type TypedOption = { values_zh_hk?: unknown; values_en?: unknown };

/** English values, when given, pair with the Chinese ones: as many of them, in order. */
function refineValueCounts(option: TypedOption, ctx: z.RefinementCtx) {
  const { values_zh_hk: chinese, values_en: english } = option;
  if (Array.isArray(chinese) && Array.isArray(english) && english.length > 0 && english.length !== chinese.length) {
    ctx.addIssue({
      code: "custom",
      message: withValue("option-value-counts-differ", chinese.length),
      path: ["values_en"],
    });
  }
}

/** An option as the form types it, carried on as the contract's option (its values paired by position). */
export const optionFormSchema = z
  .object({
    name_zh_hk: text({ max: MAX_OPTION_TEXT_LENGTH }),
    name_en: optional(text({ max: MAX_OPTION_TEXT_LENGTH })),
    values_zh_hk: typedValues(),
    values_en: typedValues({ keepGaps: true }).optional(),
  })
  .check(crossFieldCheck(refineValueCounts))
  .transform(({ values_zh_hk, values_en = [], ...option }) => ({
    ...option,
    values: values_zh_hk.map((value_zh_hk, at) => ({ value_zh_hk, value_en: values_en[at] || undefined })),
  }));

/** A variant's row: prices typed in HK$, its tick for the bulk bar dropped on the way. */
const variantFormSchema = z
  .object({
    ...productVariantFields,
    price_cents: hkdAsCents(),
    original_price_cents: optional(hkdAsCents()),
    discount_price_cents: optional(hkdAsCents()),
    vip_price_cents: optional(hkdAsCents()),
    cost_cents: optional(hkdAsCents()),
    // An unticked box posts nothing, which here means not sellable.
    sellable: flag,
    selected: flag,
  })
  .transform(({ selected: _selected, ...variant }) => variant);

/**
 * The product form's options and variants, and the inputs its steps read (the bulk bar's price and stock,
 * the values of a variant to add), which are never saved. The product's own price is needed only
 * without options.
 */
export const variantsFormFields = {
  price_cents: optional(hkdAsCents()),
  options: z
    .array(optionFormSchema)
    .max(MAX_PRODUCT_OPTIONS, { error: withValue("too-many-options", MAX_PRODUCT_OPTIONS) })
    .default([]),
  variants: z
    .array(variantFormSchema)
    .max(MAX_PRODUCT_VARIANTS, { error: withValue("too-many-variants", MAX_PRODUCT_VARIANTS) })
    .default([]),
  bulk_price: z.string().optional(),
  bulk_stock: z.string().optional(),
  new_variant: z.array(z.string()).optional(),
};

/** The contract's rules between the fields; values repeated in an option are the typed boxes' own rule. */
export const variantsFormChecks = [
  crossFieldCheck(refineSingleVariantPrice),
  crossFieldCheck(refineOptionNames),
  crossFieldCheck(refineVariants),
];

/** A form's value without the inputs only its steps read. */
export function withoutStepInputs<Value extends { bulk_price?: string; bulk_stock?: string; new_variant?: string[] }>({
  bulk_price: _price,
  bulk_stock: _stock,
  new_variant: _values,
  ...value
}: Value) {
  return value;
}

/** What the editor reads of conform's field metadata: a list's items, a row's own fields. */
interface ItemField extends FieldLike {
  key?: string;
}
interface ListOf<Item> extends FieldLike {
  getFieldList(): Item[];
}
interface RowOf<Fields> extends ItemField {
  getFieldset(): Fields;
}
type OptionLine = RowOf<Record<"name_zh_hk" | "name_en" | "values_zh_hk" | "values_en", FieldLike>>;
type VariantColumn = (typeof TEXT_COLUMNS)[number] | (typeof PRICE_COLUMNS)[number] | (typeof FLAG_COLUMNS)[number];
type VariantLine = RowOf<
  Record<VariantColumn | "id" | "selected" | "stock" | "image_url", FieldLike> & { option_values: ListOf<ItemField> }
>;

/** conform's fields of the product's options and variants, and of the inputs only the steps read. */
export interface VariantFields {
  options: ListOf<OptionLine>;
  variants: ListOf<VariantLine>;
  bulk_price: FieldLike;
  bulk_stock: FieldLike;
  new_variant: ListOf<ItemField>;
}

const TEXT_COLUMNS = ["sku", "barcode"] as const;
const PRICE_COLUMNS = [
  "price_cents",
  "original_price_cents",
  "discount_price_cents",
  "vip_price_cents",
  "cost_cents",
] as const;
const FLAG_COLUMNS = ["unlimited_inventory", "heavy", "sellable"] as const;

/** A step's button: it posts the form, which comes back changed and unsaved. */
function StepButton({
  step,
  formId,
  plain,
  children,
}: {
  step: ProductStep;
  formId: string;
  plain?: boolean;
  children: ReactNode;
}) {
  return (
    <IntentButton buttonProps={{ name: STEP_FIELD, value: stepIntent(step), form: formId }} plain={plain}>
      {children}
    </IntentButton>
  );
}

/** A hidden input per value of a list field (a variant's combination). */
function HiddenList({ field }: { field: ListOf<ItemField> }) {
  return (
    <>
      {field.getFieldList().map((item) => (
        <input key={item.key} type="hidden" name={item.name} value={String(item.initialValue ?? "")} />
      ))}
    </>
  );
}

/**
 * The product page's options and variants: up to three options, each a name and its values in both
 * languages; the variants, one row per combination kept, with what is sold and counted of each; a bulk
 * bar setting a price or an opening stock for the ticked rows. Every button is a step (productStepOf)
 * the server answers with the form changed and nothing saved, with or without JavaScript. Below 48em
 * each variant is a card (app.css).
 */
export function ProductVariantsSection({
  formId,
  fields,
  images,
  hasVip,
  savedStock,
}: {
  formId: string;
  fields: VariantFields;
  /** The product's images, a variant's image is one of them. */
  images: string[];
  hasVip: boolean;
  /** A saved variant's stock by its id (null: unlimited); it changes only through stock adjustments. */
  savedStock: Record<string, number | null>;
}) {
  const { t } = useTranslation("product");
  const optionLines = fields.options.getFieldList();
  const variantLines = fields.variants.getFieldList();
  const options = optionLines.map((line) => (line.initialValue ?? {}) as OptionRow);
  return (
    <FormSection title={t("variants.title")}>
      <Text as="p" tone="subdued">
        {optionLines.length ? t("variants.help", { count: MAX_PRODUCT_OPTIONS }) : t("variants.none")}
      </Text>
      {optionLines.map((line, index) => (
        <OptionFields key={line.key} line={line} number={index + 1} formId={formId} />
      ))}
      <InlineStack gap="200">
        {hasRoomForOption(options) && (
          <StepButton step={{ kind: "add-option" }} formId={formId}>
            {t("variants.add-option")}
          </StepButton>
        )}
        {optionLines.length > 0 && (
          <StepButton step={{ kind: "generate" }} formId={formId}>
            {t("variants.generate")}
          </StepButton>
        )}
      </InlineStack>
      {variantLines.length > 0 && (
        <>
          <BulkBar
            formId={formId}
            price={fields.bulk_price}
            stock={fields.bulk_stock}
            hasSavedRows={Object.keys(savedStock).length > 0}
          />
          <VariantTable
            formId={formId}
            options={options}
            lines={variantLines}
            images={images}
            hasVip={hasVip}
            savedStock={savedStock}
          />
          <AddVariant formId={formId} options={options} field={fields.new_variant} />
        </>
      )}
      <LinesError field={fields.variants} />
    </FormSection>
  );
}

function OptionFields({ line, number, formId }: { line: OptionLine; number: number; formId: string }) {
  const { t } = useTranslation("product");
  const field = line.getFieldset();
  return (
    <fieldset className="variant-option">
      <BlockStack gap="200">
        <legend>
          <Text as="span" variant="headingSm">
            {t("variants.option-number", { number })}
          </Text>
        </legend>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextInput field={field.name_zh_hk} label={t("variants.option-name-zh-hk")} autoComplete="off" />
          <TextInput field={field.name_en} label={t("variants.option-name-en")} autoComplete="off" />
          <TextInput
            field={field.values_zh_hk}
            label={t("variants.values-zh-hk")}
            autoComplete="off"
            multiline={2}
            helpText={t("variants.values-help")}
          />
          <TextInput
            field={field.values_en}
            label={t("variants.values-en")}
            autoComplete="off"
            multiline={2}
            helpText={t("variants.values-en-help")}
          />
        </InlineGrid>
        <InlineStack align="end">
          <StepButton step={{ kind: "remove-option", index: number - 1 }} formId={formId} plain>
            {t("variants.remove-option", { number })}
          </StepButton>
        </InlineStack>
      </BlockStack>
    </fieldset>
  );
}

/** A price or an opening stock for the ticked variants: each field with its step's button. */
function BulkBar({
  formId,
  price,
  stock,
  hasSavedRows,
}: {
  formId: string;
  price: FieldLike;
  stock: FieldLike;
  hasSavedRows: boolean;
}) {
  const { t } = useTranslation("product");
  return (
    <div className="variant-bulk" role="group" aria-label={t("variants.bulk")}>
      <div className="variant-bulk__step">
        <TextInput field={price} label={t("variants.bulk-price")} autoComplete="off" prefix="HK$" />
        <StepButton step={{ kind: "set-price" }} formId={formId}>
          {t("variants.set-price")}
        </StepButton>
      </div>
      <div className="variant-bulk__step">
        <TextInput
          field={stock}
          label={t("variants.bulk-stock")}
          autoComplete="off"
          helpText={hasSavedRows ? t("variants.bulk-stock-help") : undefined}
        />
        <StepButton step={{ kind: "set-stock" }} formId={formId}>
          {t("variants.set-stock")}
        </StepButton>
      </div>
    </div>
  );
}

function VariantTable({
  formId,
  options,
  lines,
  images,
  hasVip,
  savedStock,
}: {
  formId: string;
  options: OptionRow[];
  lines: VariantLine[];
  images: string[];
  hasVip: boolean;
  savedStock: Record<string, number | null>;
}) {
  const { t, i18n } = useTranslation("product");
  const headings = {
    sku: t("variants.column.sku"),
    barcode: t("variants.column.barcode"),
    price_cents: t("variants.column.price"),
    original_price_cents: t("variants.column.original-price"),
    discount_price_cents: t("variants.column.discount-price"),
    vip_price_cents: t("variants.column.vip-price"),
    cost_cents: t("variants.column.cost"),
    stock: t("variants.column.stock"),
    unlimited_inventory: t("variants.column.unlimited"),
    heavy: t("variants.column.heavy"),
    image_url: t("variants.column.image"),
    sellable: t("variants.column.sellable"),
  };
  const priceColumns = PRICE_COLUMNS.filter((column) => hasVip || column !== "vip_price_cents");
  const columns = [
    ...TEXT_COLUMNS,
    ...priceColumns,
    "stock",
    "unlimited_inventory",
    "heavy",
    "image_url",
    "sellable",
  ] as const;
  const imageChoices = [
    { value: "", label: t("variants.no-image") },
    ...images.map((url, index) => ({ value: url, label: t("variants.image-number", { number: index + 1 }) })),
  ];
  return (
    <div className="variant-table" role="region" aria-label={t("variants.table")} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col" className="variant-table__pick">
              <span className="visually-hidden">{t("variants.column.select")}</span>
            </th>
            <th scope="col" className="variant-table__name">
              {t("variants.column.variant")}
            </th>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {headings[column]}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t("variants.column.remove")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const field = line.getFieldset();
            const row = (line.initialValue ?? {}) as VariantRow;
            const label = variantLabel(options, indexesOf(row), i18n.language);
            const labelled = (column: keyof typeof headings) =>
              t("variants.cell-label", { column: headings[column], variant: label });
            const combinationErrors = translateErrors(t, field.option_values.errors);
            const saved = isSaved(row);
            const cell = (column: (typeof columns)[number]) => {
              const own = { field: field[column], label: labelled(column), labelHidden: true };
              if (column === "stock" && saved) {
                const stock = savedStock[row.id ?? ""];
                return <Text as="span">{stock === null ? t("unlimited") : String(stock ?? "")}</Text>;
              }
              if (column === "image_url") return <SelectInput {...own} choices={imageChoices} />;
              if ((FLAG_COLUMNS as readonly string[]).includes(column)) return <CheckboxInput {...own} />;
              const isPrice = (PRICE_COLUMNS as readonly string[]).includes(column);
              return <TextInput {...own} autoComplete="off" prefix={isPrice ? "HK$" : undefined} />;
            };
            return (
              <tr key={line.key}>
                <td className="variant-table__pick">
                  {saved && <input type="hidden" name={field.id.name} value={row.id} />}
                  <HiddenList field={field.option_values} />
                  <CheckboxInput field={field.selected} label={t("variants.select", { variant: label })} labelHidden />
                </td>
                <th scope="row" className="variant-table__name">
                  <Text as="span" fontWeight="medium">
                    {label}
                  </Text>
                  {combinationErrors && <InlineError message={combinationErrors} fieldID={field.option_values.id} />}
                </th>
                {columns.map((column) => (
                  <td key={column}>
                    <span className="variant-table__heading" aria-hidden>
                      {headings[column]}
                    </span>
                    {cell(column)}
                  </td>
                ))}
                <td className="variant-table__remove">
                  <StepButton step={{ kind: "remove-variant", index }} formId={formId} plain>
                    {t("variants.remove")}
                    <span className="visually-hidden"> {label}</span>
                  </StepButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A combination removed earlier, added back: a value of each option, then its step's button. */
function AddVariant({ formId, options, field }: { formId: string; options: OptionRow[]; field: ListOf<ItemField> }) {
  const { t, i18n } = useTranslation("product");
  const chosen = field.getFieldList();
  const errors = translateErrors(t, field.errors);
  return (
    <BlockStack gap="200">
      <div className="variant-bulk">
        {options.map((option, at) => {
          const english = parseValueList(option.values_en, { keepGaps: true });
          const choices = parseValueList(option.values_zh_hk).map((value_zh_hk, index) => ({
            value: String(index),
            label: localizedName({ value_zh_hk, value_en: english[index] ?? "" }, i18n.language, "value"),
          }));
          const name = localizedName(
            { name_zh_hk: option.name_zh_hk ?? "", name_en: option.name_en ?? "" },
            i18n.language,
            "name",
          );
          const slot = {
            id: `${field.id}-${at}`,
            name: `${field.name}[${at}]`,
            initialValue: chosen[at]?.initialValue ?? "0",
          };
          return (
            <div key={at} className="variant-bulk__value">
              <SelectInput
                field={slot}
                label={t("variants.new-variant-value", { option: name || at + 1 })}
                choices={choices}
              />
            </div>
          );
        })}
        <StepButton step={{ kind: "add-variant" }} formId={formId}>
          {t("variants.add-variant")}
        </StepButton>
      </div>
      {errors && <InlineError message={errors} fieldID={field.id} />}
    </BlockStack>
  );
}
