import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import { MODULE_GROUPS, type ModuleId } from "#contract/modules";
import { CheckboxGroup } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { TextInput, TextInputPair } from "~/components/text-input";

/** The module groups with their names typed, for the "module-group.<name>" keys. */
const moduleGroups = Object.entries(MODULE_GROUPS) as [keyof typeof MODULE_GROUPS, readonly ModuleId[]][];

type Fields = Record<"store_payment_id" | "start_date" | "expiry_date" | "module_list", FieldLike>;

/** The dates, payment reference and modules of a purchased plan (ordering and editing it). */
export function PurchasedPlanFields({ fields, isTrial }: { fields: Fields; isTrial: boolean }) {
  const { t } = useTranslation(["stores", "common"]);
  return (
    <BlockStack gap="400">
      <Card>
        <FormLayout>
          {!isTrial && (
            <TextInput
              field={fields.store_payment_id}
              label={t("field.store-payment-id")}
              autoComplete="off"
              helpText={t("help.store-payment-id")}
            />
          )}
          <TextInputPair
            type="date"
            fields={[
              { field: fields.start_date, label: t("field.start-date") },
              { field: fields.expiry_date, label: t("field.expiry-date") },
            ]}
          />
        </FormLayout>
      </Card>
      <Card>
        <BlockStack gap="400">
          {moduleGroups.map(([group, modules]) => (
            <CheckboxGroup
              key={group}
              field={fields.module_list}
              label={t(`module-group.${group}`)}
              choices={modules.map((module) => ({ value: module, label: t(`common:module.${module}`) }))}
              columns={3}
            />
          ))}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
