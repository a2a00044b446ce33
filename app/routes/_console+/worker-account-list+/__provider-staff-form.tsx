import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { payloads } from "#contract/actions";
import type { InternalAccountData } from "#modules/console/contract";
import { refinePasswordRepeat } from "#contract/field-rules";
import { CheckboxInput } from "~/components/choice-inputs";
import type { FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { PasswordPair } from "~/components/password-pair";
import { TextInput } from "~/components/text-input";

export const LIST_URL = "/worker-account-list";
/** Passwords never come back to the browser with a refused form. */
export const SECRET_FIELDS = ["password", "repeat_password"];

/** A new provider staff account: the contract's fields, the password typed twice. */
export const providerStaffFormSchema = payloads.add_internal_account_data
  .extend({ repeat_password: z.string({ error: "force-input" }) })
  .check(refinePasswordRepeat());

/** Editing one: a blank password keeps the current one (conform reads a blank field as undefined). */
export const editProviderStaffFormSchema = payloads.update_internal_account_data_by_id
  .omit({ id: true })
  .extend({ repeat_password: z.string().optional() })
  .check(refinePasswordRepeat());

export function providerStaffFormValues(account: InternalAccountData) {
  return { name: account.name, email: account.email, disabled: account.disabled, version: account.version };
}

/**
 * Every field of a provider staff account. Editing offers a new password instead of the first one,
 * and the disabled switch unless it is your own account (the backend refuses that too).
 */
export function ProviderStaffFields({
  fields,
  editing,
  canDisable = false,
}: {
  fields: FormFields<typeof providerStaffFormSchema> & Partial<FormFields<typeof editProviderStaffFormSchema>>;
  editing: boolean;
  canDisable?: boolean;
}) {
  const { t } = useTranslation(["provider-staff", "common"]);
  const identity = (
    <>
      <TextInput field={fields.name} label={t("field.name")} autoComplete="off" />
      <TextInput field={fields.email} label={t("field.email")} type="email" autoComplete="off" />
    </>
  );
  if (!editing) {
    return (
      <Card>
        <FormLayout>
          {identity}
          <PasswordPair
            fields={fields}
            label={t("field.password")}
            repeatLabel={t("field.repeat-password")}
            helpText={t("help.password")}
          />
        </FormLayout>
      </Card>
    );
  }
  return (
    <>
      <Card>
        <FormLayout>
          {identity}
          {canDisable && fields.disabled && (
            <CheckboxInput field={fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
          )}
        </FormLayout>
      </Card>
      <FormSection title={t("section.new-password")}>
        <FormLayout>
          <PasswordPair
            fields={fields}
            label={t("field.new-password")}
            repeatLabel={t("field.repeat-password")}
            helpText={t("help.new-password")}
          />
        </FormLayout>
      </FormSection>
    </>
  );
}
