import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  giftCardAmountAsCents,
  giftCardChangeAsCents,
  giftCardDetailFields,
  giftCardFields,
} from "#modules/gift-card/contract";
import { GIFT_CARD_LANGUAGES } from "#modules/gift-card/options";
import { text } from "#contract/field-rules";
import { version } from "#contract/parts";
import { SelectInput } from "~/components/choice-inputs";
import type { FieldLike, FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

/** The contract's fields, the amount typed in dollars. */
export const issueFormSchema = z.object({ ...giftCardFields, amount_cents: giftCardAmountAsCents() });

/** An adjustment: a signed amount in dollars and the reason. */
export const adjustFormSchema = z.object({ amount_cents: giftCardChangeAsCents(), reason: text({ max: 200 }) });

/** Disabling or reissuing: the reason, over the version the page was loaded with. */
export const reasonFormSchema = z.object({ reason: text({ max: 200 }), version });

/** An issued card's expiry, recipient and note, over the version the page was loaded with. */
export const detailsFormSchema = z.object({ ...giftCardDetailFields, version });

/** The last day the card can be used, blank for none. */
export function ExpiryField({ fields }: { fields: { expiry_date: FieldLike } }) {
  const { t } = useTranslation("gift-card");
  return (
    <TextInput
      field={fields.expiry_date}
      type="date"
      label={t("field.expiry-date")}
      helpText={t("help.expiry-date")}
      autoComplete="off"
    />
  );
}

/** Who gets the card, and the language of the e-mail with its code. */
export function RecipientFields({
  fields,
}: {
  fields: Record<"recipient_name" | "recipient_email" | "recipient_language", FieldLike>;
}) {
  const { t } = useTranslation("gift-card");
  return (
    <>
      <TextInputPair
        fields={[
          { field: fields.recipient_name, label: t("field.recipient-name") },
          { field: fields.recipient_email, label: t("field.recipient-email"), type: "email" },
        ]}
      />
      <SelectInput
        field={fields.recipient_language}
        label={t("field.recipient-language")}
        choices={GIFT_CARD_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      />
    </>
  );
}

/** Every field of a new card. */
export function IssueFields({ fields }: { fields: FormFields<typeof issueFormSchema> }) {
  const { t } = useTranslation("gift-card");
  return (
    <>
      <FormSection title={t("section.card-details")}>
        <FormLayout>
          <TextInput
            field={fields.amount_cents}
            label={t("field.amount")}
            helpText={t("help.amount")}
            prefix="HK$"
            autoComplete="off"
          />
          <TextInput field={fields.reason} label={t("field.reason")} autoComplete="off" />
          <ExpiryField fields={fields} />
          <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={2} />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.recipient")}>
        <FormLayout>
          <RecipientFields fields={fields} />
        </FormLayout>
      </FormSection>
    </>
  );
}
