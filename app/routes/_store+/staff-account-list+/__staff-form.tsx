import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { DataTable } from "@shopify/polaris/build/esm/components/DataTable/DataTable.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import type { ModuleId } from "#contract/modules";
import { crossFieldCheck } from "#contract/field-rules";
import { version } from "#contract/parts";
import { roleDefaults } from "#contract/permissions";
import { STORE_STAFF_ROLES } from "#contract/options";
import {
  LOCATION_ACCESS,
  PASSWORD_SETUPS,
  passwordSetupFields,
  PERMISSION_LEVELS,
  refineLocations,
  refinePasswordSetup,
  storeStaffFields,
} from "#modules/staff-account/contract";
import type { StoreStaffData } from "#modules/store/contract";
import { CheckboxGroup, CheckboxInput, type Choice, SelectInput } from "~/components/choice-inputs";
import type { FieldLike, FormFields } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { IntentButton } from "~/components/intent-button";
import { PasswordPair } from "~/components/password-pair";
import { TextInputPair } from "~/components/text-input";
import { translateErrors } from "~/utils/messages";
import { useHydrated } from "~/utils/use-hydrated";

export const LIST_URL = "/staff-account-list";

/** The add form: the account's fields and how it gets its password. */
export const addStaffFormSchema = z
  .object({ ...storeStaffFields, ...passwordSetupFields })
  .check(crossFieldCheck(refinePasswordSetup), crossFieldCheck(refineLocations));
/** The edit form: the fields, the disabled flag and the version the page was loaded with. */
export const editStaffFormSchema = z
  .object({ ...storeStaffFields, disabled: z.boolean().default(false), version })
  .check(crossFieldCheck(refineLocations));
/** The password card of the edit page: a typed password or a new invitation. */
export const passwordFormSchema = z.object(passwordSetupFields).check(crossFieldCheck(refinePasswordSetup));

export const NEW_STAFF_VALUES = {
  role: "sales",
  permissions: roleDefaults("sales"),
  sells_offline: false,
  location_access: "all",
  location_ids: [],
  password_setup: "invite",
};

export function staffFormValues(staff: StoreStaffData) {
  return {
    name: staff.name,
    email: staff.email,
    role: staff.role,
    permissions: staff.permissions,
    sells_offline: staff.sells_offline,
    location_access: staff.locations ? "chosen" : "all",
    location_ids: (staff.locations ?? []).map(String),
    disabled: staff.disabled,
    version: staff.version,
  };
}

/** The account's name, e-mail and role. */
export function StaffDetails({
  fields,
  disabled,
}: {
  fields: Pick<FormFields<typeof editStaffFormSchema>, "name" | "email" | "role">;
  /** The edit form's disabled flag; nobody disables their own account, so it is left out there. */
  disabled?: FieldLike;
}) {
  const { t } = useTranslation("staff-account");
  return (
    <FormSection title={t("section.details")}>
      <FormLayout>
        <TextInputPair
          fields={[
            { field: fields.name, label: t("field.name") },
            { field: fields.email, label: t("field.email"), type: "email" },
          ]}
        />
        <SelectInput
          field={fields.role}
          label={t("field.role")}
          choices={STORE_STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
        />
        {disabled && <CheckboxInput field={disabled} label={t("field.disabled")} helpText={t("help.disabled")} />}
      </FormLayout>
    </FormSection>
  );
}

/**
 * The permission setting: one row per module the store has switched on, none / read / write. "Reset"
 * is conform's update intent, so it works as a post with JavaScript off and at once with it on.
 */
export function PermissionMatrix<Schema extends Record<string, unknown>>({
  form,
  field,
  role,
  modules,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  field: FieldMetadata<Partial<Record<ModuleId, string>> | undefined, Schema, string[]>;
  role: string;
  modules: ModuleId[];
  /** More of the account's permissions, below the modules' (offline selling). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(["staff-account", "common"]);
  const levels = field.getFieldset();
  const defaultsRole = STORE_STAFF_ROLES.find((known) => known === role) ?? "sales";
  const rows = modules.map((module) => {
    const level = levels[module];
    const moduleName = t(`common:module.${module}`);
    return [
      <BlockStack key="name" gap="100">
        <Text as="span">{moduleName}</Text>
        {translateErrors(t, level.errors) && (
          <Text as="span" tone="critical">
            {translateErrors(t, level.errors)}
          </Text>
        )}
      </BlockStack>,
      ...PERMISSION_LEVELS.map((permission) => (
        <input
          key={`${permission}-${field.key ?? ""}`}
          type="radio"
          name={level.name}
          value={permission}
          defaultChecked={(level.initialValue ?? "none") === permission}
          aria-label={t("permission.cell", { module: moduleName, level: t(`permission.${permission}`) })}
        />
      )),
    ];
  });
  return (
    <FormSection title={t("section.permissions")}>
      <BlockStack gap="300">
        <Text as="p" tone="subdued">
          {t("help.permissions")}
        </Text>
        <DataTable
          columnContentTypes={["text", "text", "text", "text"]}
          headings={PERMISSION_LEVELS.reduce<string[]>(
            (headings, permission) => [...headings, t(`permission.${permission}`)],
            [t("column.module")],
          )}
          rows={rows}
        />
        {children}
        <InlineStack>
          <IntentButton
            buttonProps={form.update.getButtonProps({ name: field.name, value: roleDefaults(defaultsRole) })}
          >
            {t("reset-defaults", { role: t(`role.${defaultsRole}`) })}
          </IntentButton>
        </InlineStack>
      </BlockStack>
    </FormSection>
  );
}

/**
 * Whether the account may keep selling at the POS while the device is offline. A new account's box starts as its
 * role's (admin ticked, sales not) and follows a change of role until saved; the merchant ticks or unticks it.
 * Without the POS in the store's modules the box is not shown and the account keeps its setting.
 */
export function SellsOfflineInput({
  field,
  modules,
  roleDefault,
}: {
  field: FieldLike;
  modules: ModuleId[];
  /** The add form's chosen role, when it differs from the one the form was loaded or posted with. */
  roleDefault?: string;
}) {
  const { t } = useTranslation("staff-account");
  const ticked = field.initialValue === "on" || String(field.initialValue) === "true";
  if (!modules.includes("pos")) {
    return ticked ? <input type="hidden" name={field.name} value="on" /> : null;
  }
  const shown = roleDefault === undefined ? field : { ...field, initialValue: roleDefault === "admin" };
  return (
    <CheckboxInput
      key={roleDefault ?? "posted"}
      field={shown}
      label={t("field.sells-offline")}
      helpText={t("help.sells-offline")}
    />
  );
}

/**
 * Where the account works: every location (later ones too) or the ones ticked. With JavaScript on the boxes show
 * only for "chosen"; without it they stay, and are ignored for "every location". Someone who may not read the
 * locations sees none of it, and the account keeps what it had.
 */
export function LocationsInput({
  fields,
  locations,
}: {
  fields: { location_access: FieldLike & { value?: unknown }; location_ids: FieldLike };
  locations: Choice[];
}) {
  const { t } = useTranslation("staff-account");
  const every = useHydrated() && fields.location_access.value === "all";
  if (locations.length === 0) {
    const kept = [fields.location_ids.initialValue].flat().filter(Boolean).map(String);
    return (
      <>
        <input type="hidden" name={fields.location_access.name} value={String(fields.location_access.initialValue)} />
        {kept.map((id) => (
          <input key={id} type="hidden" name={fields.location_ids.name} value={id} />
        ))}
      </>
    );
  }
  return (
    <FormSection title={t("section.locations")}>
      <FormLayout>
        <SelectInput
          field={fields.location_access}
          label={t("field.location-access")}
          helpText={t("help.locations")}
          choices={LOCATION_ACCESS.map((access) => ({ value: access, label: t(`location-access.${access}`) }))}
        />
        {!every && <CheckboxGroup field={fields.location_ids} label={t("field.locations")} choices={locations} />}
      </FormLayout>
    </FormSection>
  );
}

/** How the account gets its password: an invitation e-mail, or one typed here now. */
export function PasswordSetup({
  fields,
}: {
  fields: { password_setup: FieldLike & { value?: unknown }; password: FieldLike; repeat_password: FieldLike };
}) {
  const { t } = useTranslation("staff-account");
  // With JS off the choice cannot show or hide them, so they stay, and the server refuses a password sent with an invitation.
  const invites = useHydrated() && fields.password_setup.value === "invite";
  return (
    <FormLayout>
      <SelectInput
        field={fields.password_setup}
        label={t("field.password-setup")}
        choices={PASSWORD_SETUPS.map((setup) => ({ value: setup, label: t(`password-setup.${setup}`) }))}
      />
      {!invites && (
        <PasswordPair
          fields={fields}
          label={t("field.password")}
          repeatLabel={t("field.repeat-password")}
          helpText={t("help.password")}
        />
      )}
    </FormLayout>
  );
}
