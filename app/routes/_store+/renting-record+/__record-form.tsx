import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hkdAsCents, optional, text } from "#contract/field-rules";
import { id, version, wholeNumber } from "#contract/parts";
import { confirmOutsideRules } from "#modules/appointment-booking/contract";
import {
  MAX_DEDUCTION_NOTE_LENGTH,
  MAX_RENTING_UNITS,
  refineRentalRange,
  refineRentingRecord,
  rentingRecordFields,
} from "#modules/renting/contract";
import { hongKongDateTime } from "#modules/promotion/contract";
import type { FieldLike, FormFields } from "~/components/field";
import { QueryInput } from "~/components/query-input";
import { TextInput } from "~/components/text-input";
import { translateErrors } from "~/utils/messages";

/** The range as typed: Hong Kong times (datetime-local), sent on as UTC instants. */
const hongKongRange = { starts_at: hongKongDateTime(), ends_at: hongKongDateTime() };

/** The rental the add page prices: product, units and range from its GET form. */
export const priceQuerySchema = z
  .object({ product_id: id, units: wholeNumber(1, MAX_RENTING_UNITS), ...hongKongRange })
  .superRefine(refineRentalRange);

/** A new rental: the product, units and range chosen above (posted along), who rents, and a past start confirmed. */
export const rentFormSchema = z
  .object({ product_id: id, ...rentingRecordFields, ...hongKongRange, ...confirmOutsideRules })
  .superRefine(refineRentingRecord);

/** A booked rental's customer, units, range and note, over the version the page was loaded with. */
export const editRecordFormSchema = z
  .object({ ...rentingRecordFields, ...hongKongRange, version })
  .superRefine(refineRentingRecord);

/** The return at a Hong Kong time (now when left empty), over the version shown. */
export const returnFormSchema = z.object({ returned_at: optional(hongKongDateTime()), version });

/** The deposit's settlement: the refund in HK$ (all of it when left empty) and why any was kept. */
export const settleFormSchema = z.object({
  deposit_refunded_cents: optional(hkdAsCents()),
  deposit_deduction_note: optional(text({ max: MAX_DEDUCTION_NOTE_LENGTH })),
  version,
});

export interface Choice {
  value: string;
  label: string;
}

/** Errors of fields the form posts as hidden values (the chosen product, units and range), shown together. */
export function HiddenFieldErrors({ fields }: { fields: FieldLike[] }) {
  const { t } = useTranslation();
  const errors = fields.map((field) => translateErrors(t, field.errors)).filter(Boolean);
  if (errors.length === 0) return null;
  return (
    <Text as="p" tone="critical">
      {errors.join(" ")}
    </Text>
  );
}

/** Native radio buttons under a legend (they post with JS off and keep the choice sent back), with the field's errors. */
function RadioList({ field, legend, choices }: { field: FieldLike; legend: string; choices: Choice[] }) {
  const { t } = useTranslation();
  const errors = translateErrors(t, field.errors);
  const chosen = String(field.initialValue ?? "");
  return (
    <fieldset className="radio-list" aria-describedby={errors ? `${field.id}-error` : undefined}>
      <legend>
        <Text as="span" variant="bodyMd">
          {legend}
        </Text>
      </legend>
      <BlockStack gap="100">
        {choices.map((choice) => (
          <label key={choice.value} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
            <input type="radio" name={field.name} value={choice.value} defaultChecked={chosen === choice.value} />
            <Text as="span">{choice.label}</Text>
          </label>
        ))}
        {errors && (
          <Text as="p" tone="critical" id={`${field.id}-error`}>
            {errors}
          </Text>
        )}
      </BlockStack>
    </fieldset>
  );
}

/** Who rents: a member found by the search, or a guest with a name and a phone. */
export function CustomerFields({
  fields,
  members,
}: {
  fields: Pick<FormFields<typeof rentFormSchema>, "member_id" | "customer_name" | "customer_phone" | "customer_email">;
  members: Choice[] | null;
}) {
  const { t } = useTranslation("renting");
  return (
    <BlockStack gap="300">
      <RadioList
        field={fields.member_id}
        legend={t("field.customer-kind")}
        choices={[{ value: "", label: t("guest") }, ...(members ?? [])]}
      />
      {members?.length === 0 && (
        <Text as="p" tone="subdued">
          {t("no-members")}
        </Text>
      )}
      <TextInput field={fields.customer_name} label={t("field.customer-name")} autoComplete="off" />
      <TextInput field={fields.customer_phone} label={t("field.customer-phone")} type="tel" autoComplete="off" />
      <TextInput field={fields.customer_email} label={t("field.customer-email")} type="email" autoComplete="off" />
    </BlockStack>
  );
}

/** The member search of a rental form: a GET form keeping the rest of the page's query. */
export function MemberSearch({ keyword, keep }: { keyword: string; keep: Record<string, string> }) {
  const { t } = useTranslation("renting");
  return (
    <Form method="get" replace preventScrollReset noValidate>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <InlineStack gap="200" blockAlign="end" wrap>
        <div style={{ flex: "1 1 16rem" }}>
          <QueryInput
            name="member"
            label={t("field.member-search")}
            value={keyword}
            helpText={t("help.member-search")}
          />
        </div>
        <Button submit>{t("search")}</Button>
      </InlineStack>
    </Form>
  );
}
