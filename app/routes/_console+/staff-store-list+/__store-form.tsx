import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { forms, payloads } from "#contract/actions";
import { refinePasswordRepeat } from "#contract/field-rules";
import { CURRENCIES, LANGUAGES } from "#contract/options";
import { MODULE_GROUPS, type ModuleId } from "#contract/modules";
import { CheckboxGroup, CheckboxInput } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { PasswordPair } from "~/components/password-pair";
import { TextInput } from "~/components/text-input";

/** A new store: the contract's fields, its first password typed twice. */
export const newStoreFormSchema = payloads.add_store_account_data
  .extend({ repeat_password: z.string() })
  .check(refinePasswordRepeat());
/** A store's settings: the contract's fields but the key, which the URL names. */
export const storeFormSchema = payloads.update_store_account_data_by_application_key.omit({ application_key: true });
/** The store's password, set anew by provider staff. */
export const storePasswordFormSchema = forms.new_password;

/** The module groups with their names typed, for the "module-group.<name>" keys. */
const moduleGroups = Object.entries(MODULE_GROUPS) as [keyof typeof MODULE_GROUPS, readonly ModuleId[]][];

type StoreFieldName =
  "store_name" | "sub_domain" | "email" | "cms_side_menu" | "accept_language" | "accept_currency" | "enquiry_only";

/** The add page also has the initial password; the edit page has the disabled switch. */
type StoreFieldsProps =
  | { variant: "add"; fields: Record<StoreFieldName | "password" | "repeat_password", FieldLike> }
  | { variant: "edit"; fields: Record<StoreFieldName | "disabled", FieldLike> };

/** The store's settings, shared by the add and edit pages. */
export function StoreFields(props: StoreFieldsProps) {
  const { t } = useTranslation(["stores", "common", "auth"]);
  const { fields } = props;
  const labelled = <const V extends string>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <BlockStack gap="400">
      <Card>
        <FormLayout>
          <TextInput
            field={fields.store_name}
            label={t("field.store-name")}
            autoComplete="off"
            helpText={t("help.store-name")}
          />
          <TextInput
            field={fields.sub_domain}
            label={t("field.sub-domain")}
            autoComplete="off"
            helpText={t("help.sub-domain")}
          />
          <TextInput field={fields.email} label={t("field.login-email")} type="email" autoComplete="off" />
          {props.variant === "add" && (
            <FormLayout.Group>
              <PasswordPair
                fields={props.fields}
                label={t("field.initial-password")}
                repeatLabel={t("auth:repeat-password")}
                helpText={t("auth:password-rule-help")}
              />
            </FormLayout.Group>
          )}
          <CheckboxInput
            field={fields.enquiry_only}
            label={t("field.enquiry-only")}
            helpText={t("help.enquiry-only")}
          />
          {props.variant === "edit" && (
            <CheckboxInput field={props.fields.disabled} label={t("field.disabled")} helpText={t("help.disabled")} />
          )}
        </FormLayout>
      </Card>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("field.cms-side-menu")}
          </Text>
          {moduleGroups.map(([group, modules]) => (
            <CheckboxGroup
              key={group}
              field={fields.cms_side_menu}
              label={t(`module-group.${group}`)}
              choices={labelled(modules, (module) => t(`common:module.${module}`))}
              columns={3}
            />
          ))}
        </BlockStack>
      </Card>
      <Card>
        <FormLayout>
          <CheckboxGroup
            field={fields.accept_language}
            label={t("field.accept-language")}
            choices={labelled(LANGUAGES, (value) => t(`language.${value}`))}
          />
          <CheckboxGroup
            field={fields.accept_currency}
            label={t("field.accept-currency")}
            choices={labelled(CURRENCIES, (value) => t(`currency.${value}`))}
          />
        </FormLayout>
      </Card>
    </BlockStack>
  );
}
